"""What each seat's LED and display show, so that a seat that lost them can get them back.

A seat that reboots, reconnects or had its reader fixed shows a blank display, and the
table sends it what it should show. For most seats that is the last command sent. The
seat that decides gets its prompt again, from where its cursor is, and with it the notes
it was told when that decision began ("Take the crown", "Take 2 gold from the bank"): a
note is said once, and a player whose seat rebooted before reading it would never see it.
"""

from __future__ import annotations

from typing import Any


class SeatDisplays:
    """Each seat's last LED and text, and the notes told with the prompt of the decision now."""

    __slots__ = ("_shown", "_prompt_notes", "_waiting")

    def __init__(self) -> None:
        self._shown: dict[int, dict[str, Any]] = {}  # seat -> {"led", "text"}
        self._prompt_notes: tuple[Any, list[list[str]]] | None = None  # (decision, each note's lines)
        self._waiting: set[int] = set()  # seats showing the game's waiting display ("Seat 3 decides")

    def sent(self, seat: int, led: str | None, text: list[str] | None, waiting: bool = False) -> None:
        """A command went to `seat`: what it sets (None: unchanged) is what the seat shows now;
        `waiting`: it is the game's waiting display, which names who decides and so must
        follow the game (see `waiting_seats`)."""
        if waiting:
            self._waiting.add(seat)
        elif text is not None:
            self._waiting.discard(seat)
        shown = self._shown.get(seat)
        if shown is None:
            shown = self._shown[seat] = {"led": "off", "text": []}
        if led is not None:
            shown["led"] = led
        if text is not None:
            shown["text"] = list(text)

    def shown(self, seat: int) -> dict[str, Any] | None:
        """``{"led", "text"}`` of the last command sent to `seat` (None: nothing sent yet)."""
        return self._shown.get(seat)

    def waiting_seats(self) -> list[int]:
        """The seats whose display is the waiting display: told again when it changes."""
        return sorted(self._waiting)

    def prompted(self, decision: Any, notes: list[list[str]]) -> None:
        """A decision's prompt went out with these notes to the seat that decides."""
        self._prompt_notes = (decision, notes) if notes else None

    def prompt_notes(self, decision: Any) -> list[list[str]]:
        """The notes told with `decision`'s prompt ([] for another decision)."""
        saved = self._prompt_notes
        return saved[1] if saved is not None and saved[0] == decision else []

    def clear(self) -> None:
        self._shown.clear()
        self._prompt_notes = None
        self._waiting.clear()
