"""The fake lives in the product (`hub.softseat.machine`, used by `citadels-hub soft-seat`);
this name keeps the tests' imports: it is that same module, not a copy."""

import sys

from hub.softseat import machine as _machine

sys.modules[__name__] = _machine
