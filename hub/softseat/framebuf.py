"""Fake `framebuf` (MicroPython's built-in module), MONO_VLSB only: what the seat firmware
and the SSD1306 driver use. Pixels, fill and blit behave as modframebuf.c does: bit 0 of
a byte is the top row of its 8-row page, everything outside the buffer is clipped (a
pixel read there is None), blit skips the source's `key` colour.

text() stands in for the built-in 8x8 font without its glyph shapes: each character but
a space lights a 7x7 block in its 8-px cell, so a test sees where the real font would
draw (16 characters across 128 px), never a readable glyph.
"""

from __future__ import annotations

MONO_VLSB = 0
MVLSB = MONO_VLSB


class FrameBuffer:
    def __init__(self, buffer: bytearray, width: int, height: int, format: int, stride: int | None = None) -> None:
        if format != MONO_VLSB:
            raise ValueError("fake framebuf: only MONO_VLSB")
        if len(buffer) < ((height + 7) // 8) * (stride or width):
            raise ValueError("buffer too small")
        self._buffer = buffer
        self.extent = (width, height)   # the fake's own: the real FrameBuffer shows no size
        self._width = width
        self._height = height
        self._stride = stride or width

    def _inside(self, x: int, y: int) -> bool:
        return 0 <= x < self._width and 0 <= y < self._height

    def pixel(self, x: int, y: int, colour: int | None = None) -> int | None:
        if not self._inside(x, y):
            return None
        index = (y >> 3) * self._stride + x
        bit = 1 << (y & 7)
        if colour is None:
            return 1 if self._buffer[index] & bit else 0
        if colour:
            self._buffer[index] |= bit
        else:
            self._buffer[index] &= ~bit & 0xFF
        return None

    def fill(self, colour: int) -> None:
        value = 0xFF if colour else 0x00
        for page in range((self._height + 7) // 8):
            for x in range(self._width):
                self._buffer[page * self._stride + x] = value

    def fill_rect(self, x: int, y: int, w: int, h: int, colour: int) -> None:
        for yy in range(max(0, y), min(self._height, y + h)):
            for xx in range(max(0, x), min(self._width, x + w)):
                self.pixel(xx, yy, colour)

    def blit(self, source: FrameBuffer, x: int, y: int, key: int = -1, palette: FrameBuffer | None = None) -> None:
        if palette is not None:
            raise ValueError("fake framebuf: no palette")
        source_width, source_height = source.extent
        if x >= self._width or y >= self._height or -x >= source_width or -y >= source_height:
            return
        for sy in range(max(0, -y), min(source_height, self._height - y)):
            for sx in range(max(0, -x), min(source_width, self._width - x)):
                colour = source.pixel(sx, sy)
                if colour != key:
                    self.pixel(x + sx, y + sy, colour)

    def text(self, text: str, x: int, y: int, colour: int = 1) -> None:
        for index, char in enumerate(text):
            if char != " ":
                self.fill_rect(x + 8 * index, y, 7, 7, colour)
