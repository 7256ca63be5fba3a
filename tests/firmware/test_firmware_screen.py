"""The seat's display under CPython, read back from pixels: the board's display as
hw.display() wires it, through Feedback, onto the fake SSD1306 (a MONO_VLSB FrameBuffer
as the real driver is). The same drawing is checked under real MicroPython in
tests/wasm/pure_checks.py; here the fake framebuf is checked against modframebuf.c's rules."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from hub.softseat import framebuf, ssd1306
from tests.fakes.mpy import firmware_modules

DISPLAY = {"type": "ssd1306", "i2c": 0, "sda": 21, "scl": 22, "width": 128, "height": 64}


@pytest.fixture
def fw() -> Iterator[Any]:
    with firmware_modules() as modules:
        yield modules


def glyph_names(font: Any) -> dict[bytes, str]:
    names = {bytes(font.GLYPHS[i:i + font.WIDTH]): chr(font.FIRST + i // font.WIDTH)
             for i in range(0, len(font.GLYPHS), font.WIDTH)}
    names[bytes(font.BOX)] = "#box"
    return names


def test_the_boards_display_shows_every_character_of_four_21_character_lines(fw: Any) -> None:
    screen = fw.hw.display({"display": DISPLAY}, print)
    out = fw.feedback.Feedback(lambda rgb: None, None, screen, print)
    lines = ["Take 2 gold from the", "bank, or draw 2 cards", "> 2/3 Take 2 gold", "OK: go on  B: back"]
    assert max(len(line) for line in lines) == 21
    out.apply(json.dumps({"v": 1, "id": 1, "text": lines}).encode(), 0)
    panel = ssd1306.displays[-1]
    assert panel.shows == 1
    assert panel.read_lines(glyph_names(fw.font), fw.font.CELL, fw.font.WIDTH, 12) == lines
    assert all(not panel.shown_pixel(x, y) for x in range(126, 128) for y in range(64))


def test_a_seat_without_a_display_still_gets_none(fw: Any) -> None:
    assert fw.hw.display({"display": None}, print) is None
    out = fw.feedback.Feedback(lambda rgb: None, None, None, print)
    assert out.apply(b'{"v":1,"id":1,"text":["no panel"]}', 0)


def test_the_fake_framebuf_keeps_modframebufs_bit_order_and_clipping() -> None:
    buffer = bytearray(2 * 16)
    fb = framebuf.FrameBuffer(buffer, 16, 16, framebuf.MONO_VLSB)
    fb.pixel(3, 10, 1)                       # page 1, bit 2
    assert buffer[16 + 3] == 0b100 and fb.pixel(3, 10) == 1 and fb.pixel(3, 9) == 0
    assert fb.pixel(16, 0) is None and fb.pixel(0, -1) is None
    fb.pixel(99, 99, 1)                      # outside: nothing, no error
    assert sum(buffer) == 0b100
    glyph = framebuf.FrameBuffer(bytearray(b"\x81\x00"), 2, 8, framebuf.MONO_VLSB)
    fb.blit(glyph, 15, 9, 0)                 # key 0: dark source pixels leave the target as is
    assert fb.pixel(15, 9) == 1 and fb.pixel(3, 10) == 1 and fb.pixel(15, 16) is None
    fb.blit(glyph, 3, 9)                     # no key: the dark pixels are drawn too
    assert fb.pixel(3, 10) == 0
    assert not hasattr(fb, "width")          # as the real one: only the driver has a width
    fb.fill(1)
    assert set(buffer) == {0xFF}


def test_the_fake_builtin_text_is_8_px_a_character_as_the_real_font() -> None:
    buffer = bytearray(128)
    fb = framebuf.FrameBuffer(buffer, 128, 8, framebuf.MONO_VLSB)
    fb.text("x" * 21, 0, 0)
    assert all(buffer[8 * i] for i in range(16))   # 16 characters fill 128 px; 5 are lost
