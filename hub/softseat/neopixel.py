"""Fake MicroPython `neopixel` module: remembers every colour written, for assertions."""

from __future__ import annotations

from typing import Any

strips: list[NeoPixel] = []


class NeoPixel:
    def __init__(self, pin: Any, n: int, bpp: int = 3, timing: int = 1) -> None:
        self.pin = pin
        self.n = n
        self.pixels: list[tuple[int, ...]] = [(0, 0, 0)] * n
        self.written: list[tuple[int, ...]] = []   # pixel 0 at each write()
        strips.append(self)

    def __setitem__(self, index: int, colour: tuple[int, ...]) -> None:
        self.pixels[index] = tuple(colour)

    def __getitem__(self, index: int) -> tuple[int, ...]:
        return self.pixels[index]

    def __len__(self) -> int:
        return self.n

    def fill(self, colour: tuple[int, ...]) -> None:
        self.pixels = [tuple(colour)] * self.n

    def write(self) -> None:
        self.written.append(self.pixels[0])
