"""The fake lives in the product (`hub.softseat.mpytime`, used by `citadels-hub soft-seat`);
this name keeps the tests' imports: it is that same module, not a copy."""

import sys

from hub.softseat import mpytime as _mpytime

sys.modules[__name__] = _mpytime
