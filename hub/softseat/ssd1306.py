"""Fake `ssd1306` driver (micropython-lib's SSD1306_I2C): a MONO_VLSB FrameBuffer as the
real one is. show() keeps a copy of the pixels the panel shows; `read_lines` reads them
back as text through a glyph table (the firmware's own font), so a soft seat shows in a
terminal what a real panel would show, cut or garbled alike."""

from __future__ import annotations

from typing import Any

from hub.softseat.framebuf import MONO_VLSB, FrameBuffer

displays: list[SSD1306_I2C] = []
UNREADABLE = "?"


class SSD1306_I2C(FrameBuffer):  # noqa: N801 - the MicroPython driver's own name
    def __init__(self, width: int, height: int, i2c: Any, addr: int = 0x3C, external_vcc: bool = False) -> None:
        self.width = width
        self.height = height
        self.i2c = i2c
        self.buffer = bytearray(height // 8 * width)
        super().__init__(self.buffer, width, height, MONO_VLSB)
        self.shown = bytes(self.buffer)   # what the panel shows since the last show()
        self.shows = 0
        self._read: tuple[bytes, list[str]] | None = None   # the last pixels read and their lines
        displays.append(self)

    def show(self) -> None:
        self.shown = bytes(self.buffer)
        self.shows += 1

    def poweroff(self) -> None:
        self.shown = bytes(len(self.buffer))

    def poweron(self) -> None:
        pass

    def contrast(self, value: int) -> None:
        pass

    def shown_pixel(self, x: int, y: int) -> int:
        return 1 if self.shown[(y >> 3) * self.width + x] & (1 << (y & 7)) else 0

    def read_lines(self, glyphs: dict[bytes, str], cell: int, glyph_width: int, pitch: int) -> list[str]:
        """The shown text: rows `pitch` px apart, characters `cell` px apart, each cell's
        `glyph_width` 8-px columns looked up in `glyphs` (unknown: '?'); trailing blanks
        and blank rows at the end are dropped. Read again only when the pixels changed
        (a soft seat's terminal asks every 50 ms)."""
        if self._read is not None and self._read[0] == self.shown:
            return list(self._read[1])
        lines = []
        for top in range(0, self.height - 7, pitch):
            chars = []
            for left in range(0, self.width - glyph_width + 1, cell):
                columns = bytes(sum(self.shown_pixel(left + c, top + r) << r for r in range(8))
                                for c in range(glyph_width))
                chars.append(glyphs.get(columns, UNREADABLE))
            lines.append("".join(chars).rstrip())
        while lines and not lines[-1]:
            lines.pop()
        self._read = (self.shown, lines)
        return list(lines)
