"""The fake lives in the product (`hub.softseat.pn532`, used by `citadels-hub soft-seat`);
this name keeps the tests' imports: it is that same module, not a copy."""

import sys

from hub.softseat import pn532 as _pn532

sys.modules[__name__] = _pn532
