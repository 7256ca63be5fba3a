"""A seat without its board: the real seat firmware (firmware/main.py) run under CPython on
fake MicroPython modules (`machine`, `network`, `neopixel`, `ssd1306`, a PN532 reader).

`citadels-hub soft-seat` (hub.softseat.terminal) drives one from a terminal; the tests boot
the firmware with the same loader (hub.softseat.firmware) and the same fakes.
"""
