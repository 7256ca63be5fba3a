"""Fake `ssd1306` driver (micropython-lib's SSD1306_I2C): keeps the text the firmware
draws, line by line, so a soft seat can show its display in a terminal."""

from __future__ import annotations

from typing import Any

displays: list[SSD1306_I2C] = []


class SSD1306_I2C:  # noqa: N801 - the MicroPython driver's own name
    def __init__(self, width: int, height: int, i2c: Any, addr: int = 0x3C, external_vcc: bool = False) -> None:
        self.width = width
        self.height = height
        self.i2c = i2c
        self._drawn: dict[tuple[int, int], str] = {}
        self.lines: list[str] = []   # what the panel shows since the last show()
        self.shows = 0
        displays.append(self)

    def fill(self, colour: int) -> None:
        self._drawn = {}

    def text(self, text: str, x: int, y: int, colour: int = 1) -> None:
        self._drawn[(y, x)] = text

    def show(self) -> None:
        self.lines = [text for _, text in sorted(self._drawn.items())]
        self.shows += 1

    def poweroff(self) -> None:
        self.lines = []

    def poweron(self) -> None:
        pass

    def contrast(self, value: int) -> None:
        pass
