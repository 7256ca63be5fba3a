"""The firmware loader lives in the product (`hub.softseat.firmware`, used by
`citadels-hub soft-seat`); the tests load the firmware with that same code."""

from hub.softseat.firmware import FIRMWARE_DIR, FAKES, firmware_module_names, firmware_modules

__all__ = ["FAKES", "FIRMWARE_DIR", "firmware_module_names", "firmware_modules"]
