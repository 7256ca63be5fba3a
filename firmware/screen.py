"""The seat's display as Feedback sees it (fill/text/show), with text drawn in the
firmware's own 6-px font (font.py) so a 21-character line fits the 128-px panel.

Why a wrapper: the SSD1306 driver is a framebuf.FrameBuffer whose built-in text() is
8 px a character (16 a line). Screen keeps Feedback's seam as it was and draws every
glyph through one 5x8 FrameBuffer over one 5-byte buffer, made once: no allocation
per character or per frame.
"""

import framebuf

import font


class Screen:
    def __init__(self, panel):
        self.panel = panel        # the SSD1306 driver (a framebuf.FrameBuffer with show())
        self.width = panel.width
        self._cell = bytearray(font.WIDTH)
        self._glyph = framebuf.FrameBuffer(self._cell, font.WIDTH, font.HEIGHT, framebuf.MONO_VLSB)

    def fill(self, colour):
        self.panel.fill(colour)

    def text(self, text, x, y):
        """Draw `text` lit from (x, y), font.CELL px a character; what passes the right
        edge is clipped. Only lit pixels are drawn (as framebuf's text() does)."""
        cell = self._cell
        for char in text:
            if x >= self.width:
                break
            table, start = font.glyph(char)
            for column in range(font.WIDTH):
                cell[column] = table[start + column]
            self.panel.blit(self._glyph, x, y, 0)
            x += font.CELL

    def show(self):
        self.panel.show()
