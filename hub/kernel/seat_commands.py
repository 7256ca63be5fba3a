"""What each seat is told after one input: at most one command per seat.

A seat's display shows the last command's text and its buzzer plays the last tune, so
three commands sent one after the other for one input ("Build Manor / Accepted", then
"Pay 3 gold to the bank", then the seat's next prompt) show only the last: the coin
instruction was never seen. Here the parts of one input are merged into one command per
seat, in the order the seats were first told something:

- the **answer** to the seat's own input (``ref``, ``code``, its beep: the seat hears its
  move went through); its text ("Accepted") shows only if nothing else is said to that seat,
  so it is worded only then;
- **notes** (what to do with coins and cards): their lines, in order;
- the **prompt** (the seat decides next): its lines last, its LED.

LED and beep: the later part's, except that an answer keeps its beep. Text: at most
four lines, placed by the one display composer (`hub.kernel.compose`): the option OK
applies is never pushed off by notes.
"""

from __future__ import annotations

from collections.abc import Callable
from .compose import MAX_LINES, Composed, compose_plain

__all__ = ["MAX_LINES", "SeatCommands"]

Display = Callable[[int, list[list[str]]], Composed]
"""The deciding seat's display composed below the notes it is told with it: (seat, notes) -> lines."""

Command = tuple[int, str | None, str | None, int | None, list[str] | None, bool, bool]
"""One seat's merged command: (seat, led, beep, ref, text, shows_option, hides_option)."""


class _Told:
    """What one seat is told by one input, part by part."""

    __slots__ = ("led", "beep", "ref", "passing", "notes", "prompted", "answered")

    def __init__(self, led: str | None = None, beep: str | None = None, ref: int | None = None,
                 passing: Callable[[], list[str]] | None = None, answered: bool = False) -> None:
        self.led = led
        self.beep = beep
        self.ref = ref
        self.passing = passing  # the answer's own text, worded only if nothing else is said
        self.notes: list[list[str]] = []  # each note's lines
        self.prompted = False  # the seat decides next: its prompt goes below the notes
        self.answered = answered  # an answer keeps its beep

    def light(self, led: str | None, beep: str | None) -> None:
        if led is not None:
            self.led = led
        if beep is not None and not self.answered:
            self.beep = beep


class SeatCommands:
    """The commands of one input, merged per seat (see the module doc); `items()` gives
    them in the order the seats were first told something (`Command`)."""

    __slots__ = ("_told", "_wrap", "_display")

    def __init__(self, wrap: Callable[[str], list[str]], display: Display | None = None) -> None:
        self._wrap = wrap  # free text -> display lines (the game adapter's `lines`)
        self._display = display  # the deciding seat's display (needed once a seat is prompted)
        self._told: dict[int, _Told] = {}

    def answer(self, seat: int, *, led: str, beep: str, text: Callable[[], list[str]], ref: int | None) -> None:
        """The answer to `seat`'s own input (always the seat's first part); `text()` words it
        if nothing else is said to the seat (most answers are followed by a prompt or a note)."""
        self._told[seat] = _Told(led, beep, ref, text, answered=True)

    def note(self, seat: int, led: str | None = None, beep: str | None = None,
             text: list[str] | None = None) -> None:
        told = self._of(seat)
        told.light(led, beep)
        if text:
            told.notes.append(text)

    def prompt(self, seat: int, *, led: str, beep: str) -> None:
        """`seat` decides next: its display (the `display` given) composes its prompt below
        the notes it is told."""
        told = self._of(seat)
        told.light(led, beep)
        told.prompted = True

    def notes_of(self, seat: int) -> list[list[str]]:
        """The notes told to `seat` so far, each its lines (not to be changed)."""
        told = self._told.get(seat)
        return told.notes if told is not None else []

    def only_answered(self, seat: int) -> bool:
        """Whether `seat` is told only the answer to its own input ("End turn / Accepted"):
        nothing to do with coins or cards, no decision of its own."""
        told = self._told.get(seat)
        return told is not None and told.answered and not told.notes and not told.prompted

    def items(self) -> list[Command]:
        """Each seat's command; ``shows_option`` where the composer placed the deciding
        seat's option, ``hides_option`` where notes took its screen all the same (its next
        OK shows the prompt)."""
        out: list[Command] = []
        for seat, t in self._told.items():
            if t.prompted:
                assert self._display is not None, "a prompt needs the display that composes it"
                lines, hides = self._display(seat, t.notes)
                out.append((seat, t.led, t.beep, t.ref, lines, True, hides))
                continue
            if t.notes:
                text: list[str] | None = compose_plain(t.notes, self._wrap)
            else:
                text = t.passing() if t.passing is not None else None
            out.append((seat, t.led, t.beep, t.ref, text, False, False))
        return out

    def _of(self, seat: int) -> _Told:
        told = self._told.get(seat)
        if told is None:
            told = self._told[seat] = _Told()
        return told

