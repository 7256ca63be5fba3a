"""What each seat is told after one input: at most one command per seat.

A seat's display shows the last command's text and its buzzer plays the last tune, so
three commands sent one after the other for one input ("Build Manor / Accepted", then
"Pay 3 gold to the bank", then the seat's next prompt) show only the last: the coin
instruction was never seen. Here the parts of one input are merged into one command per
seat, in the order the seats were first told something:

- the **answer** to the seat's own input (``ref``, ``code``, its beep: the seat hears its
  move went through); its text ("Accepted") shows only if nothing else is said to that seat;
- **notes** (what to do with coins and cards): their lines, in order;
- the **prompt** (the seat decides next): its lines last, its LED.

LED and beep: the later part's, except that an answer keeps its beep. Text: at most
`MAX_LINES` lines; when the parts say more, the notes are wrapped again as one paragraph
of sentences (two short ones share a line), then the prompt keeps only its first line
(what the seat decides), then the notes keep as many of their first lines as fit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MAX_LINES = 4  # docs/protocol.md: a command's text is up to 4 lines


class SeatCommands:
    """The commands of one input, merged per seat (see the module doc); `items()` gives
    them in the order the seats were first told something, as keyword arguments for
    ``Table._send``."""

    __slots__ = ("_parts", "_wrap")

    def __init__(self, wrap: Callable[[str], list[str]]) -> None:
        self._wrap = wrap  # free text -> display lines (the game adapter's `lines`)
        # seat -> [led, beep, ref, code, passing text, notes (each its lines), prompt lines, beep kept]
        self._parts: dict[int, list[Any]] = {}

    def answer(self, seat: int, *, led: str, beep: str, text: list[str], ref: int | None) -> None:
        """The answer to `seat`'s own input (always the seat's first part)."""
        self._parts[seat] = [led, beep, ref, None, text, [], None, True]

    def note(self, seat: int, led: str | None = None, beep: str | None = None,
             text: list[str] | None = None) -> None:
        parts = self._parts_of(seat)
        self._light(parts, led, beep)
        if text:
            parts[5].append(text)

    def prompt(self, seat: int, *, led: str, beep: str, text: list[str]) -> None:
        parts = self._parts_of(seat)
        self._light(parts, led, beep)
        parts[6] = text

    def items(self) -> list[tuple[int, dict[str, Any]]]:
        out = []
        for seat, (led, beep, ref, code, passing, notes, prompt, _) in self._parts.items():
            out.append((seat, {"led": led, "beep": beep, "ref": ref, "code": code,
                               "text": fit(notes, prompt, self._wrap) if notes or prompt else passing}))
        return out

    def _parts_of(self, seat: int) -> list[Any]:
        parts = self._parts.get(seat)
        if parts is None:
            parts = self._parts[seat] = [None, None, None, None, None, [], None, False]
        return parts

    @staticmethod
    def _light(parts: list[Any], led: str | None, beep: str | None) -> None:
        if led is not None:
            parts[0] = led
        if beep is not None and not parts[7]:
            parts[1] = beep


def fit(notes: list[list[str]], prompt: list[str] | None, wrap: Callable[[str], list[str]]) -> list[str]:
    """The notes (each its lines) then the prompt, in at most `MAX_LINES` lines (see the module doc)."""
    prompt = prompt or []
    lines = [line for note in notes for line in note]
    if len(lines) + len(prompt) <= MAX_LINES:
        return lines + prompt
    if len(notes) > 1:
        lines = wrap(" ".join(_sentence(" ".join(note)) for note in notes))
        if len(lines) + len(prompt) <= MAX_LINES:
            return lines + prompt
    head = prompt[:1]
    return lines[:MAX_LINES - len(head)] + head


def _sentence(text: str) -> str:
    """A note as a sentence of a paragraph (the display's lines have no full stop)."""
    return text if text.endswith((".", "!", "?", ":")) else text + "."
