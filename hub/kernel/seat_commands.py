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
four lines, placed by the one display composer (`hub.kernel.compose`): the option OK
applies is never pushed off by notes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .compose import MAX_LINES, Composed, compose_plain

__all__ = ["MAX_LINES", "SeatCommands"]

Display = Callable[[list[list[str]]], Composed]
"""The deciding seat's display composed below the notes it is told with it."""


class _Told:
    """What one seat is told by one input, part by part."""

    __slots__ = ("led", "beep", "ref", "passing", "notes", "prompt", "answered")

    def __init__(self, led: str | None = None, beep: str | None = None, ref: int | None = None,
                 passing: list[str] | None = None, answered: bool = False) -> None:
        self.led = led
        self.beep = beep
        self.ref = ref
        self.passing = passing  # the answer's own text, shown only if nothing else is said
        self.notes: list[list[str]] = []  # each note's lines
        self.prompt: Display | None = None
        self.answered = answered  # an answer keeps its beep

    def light(self, led: str | None, beep: str | None) -> None:
        if led is not None:
            self.led = led
        if beep is not None and not self.answered:
            self.beep = beep


class SeatCommands:
    """The commands of one input, merged per seat (see the module doc); `items()` gives
    them in the order the seats were first told something, as keyword arguments for
    ``Table._send``."""

    __slots__ = ("_told", "_wrap")

    def __init__(self, wrap: Callable[[str], list[str]]) -> None:
        self._wrap = wrap  # free text -> display lines (the game adapter's `lines`)
        self._told: dict[int, _Told] = {}

    def answer(self, seat: int, *, led: str, beep: str, text: list[str], ref: int | None) -> None:
        """The answer to `seat`'s own input (always the seat's first part)."""
        self._told[seat] = _Told(led, beep, ref, text, answered=True)

    def note(self, seat: int, led: str | None = None, beep: str | None = None,
             text: list[str] | None = None) -> None:
        told = self._of(seat)
        told.light(led, beep)
        if text:
            told.notes.append(text)

    def prompt(self, seat: int, *, led: str, beep: str, display: Display) -> None:
        """`seat` decides next: `display` composes its prompt below the notes it is told."""
        told = self._of(seat)
        told.light(led, beep)
        told.prompt = display

    def notes_of(self, seat: int) -> list[list[str]]:
        """The notes told to `seat` so far, each its lines (not to be changed)."""
        told = self._told.get(seat)
        return told.notes if told is not None else []

    def items(self) -> list[tuple[int, dict[str, Any]]]:
        """Each seat's command; ``shows_option`` where the composer placed the deciding
        seat's option, ``hides_option`` where notes took its screen all the same (its next
        OK shows the prompt)."""
        out = []
        for seat, t in self._told.items():
            hides = False
            if t.prompt is not None:
                composed = t.prompt(t.notes)
                text: list[str] | None = composed.lines
                hides = composed.hides_option
            else:
                text = compose_plain(t.notes, self._wrap) if t.notes else t.passing
            out.append((seat, {"led": t.led, "beep": t.beep, "ref": t.ref, "text": text,
                               "shows_option": t.prompt is not None, "hides_option": hides}))
        return out

    def _of(self, seat: int) -> _Told:
        told = self._told.get(seat)
        if told is None:
            told = self._told[seat] = _Told()
        return told

