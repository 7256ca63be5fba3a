"""Each seat's button cursor: the option its A and B buttons have moved to, and OK applies.

A cursor belongs to one decision: the game object, the length of its log and what is
pending. A new decision (an action applied, a correction, a new game) starts every cursor
on its first option again. A game's state is its log (`replay`), so a seat's button
options are asked of the adapter once per decision: the prompt shows the first, and a
seat pressing A, B, A, OK asks for the same list four times. That list is shared: not to
be changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def decision_of(game: Any) -> tuple[Any, int, Any]:
    """What identifies the decision now: the game object, its log's length, what is pending."""
    return (game, len(game.log), game.pending)


class ButtonCursors:
    """The cursors of every seat at the decision now; `options_of(game, seat)` says a
    seat's button options (the adapter's `button_options`)."""

    def __init__(self, options_of: Callable[[Any, int], list[Any]]) -> None:
        self._options_of = options_of
        self._decision: tuple[Any, int, Any] | None = None
        self._options: dict[int, list[Any]] = {}
        self._at: dict[int, int] = {}

    def options(self, game: Any, seat: int) -> list[Any]:
        """The seat's button options at the decision now (shared)."""
        decision = decision_of(game)
        if decision != self._decision:  # a new decision: new options, every cursor on the first
            self._decision = decision
            self._options.clear()
            self._at.clear()
        options = self._options.get(seat)
        if options is None:
            options = self._options[seat] = self._options_of(game, seat)
        return options

    def position(self, game: Any, seat: int) -> int:
        """Where the seat's cursor is among its options (0 when it has none)."""
        return self._at_in(seat, self.options(game, seat))

    def move(self, game: Any, seat: int, step: int) -> int:
        """Move the seat's cursor `step` options on (back if negative), round the end; its
        new position. The seat must have options."""
        options = self.options(game, seat)
        at = self._at[seat] = (self._at.get(seat, 0) + step) % len(options)
        return at

    def from_cursor(self, game: Any, seat: int) -> list[Any]:
        """The seat's options from the one its cursor is on: a prompt shown again (a seat
        that reconnects mid-decision, a pause ending) names the option OK would apply.
        Shared when the cursor is on the first (a new decision's prompt)."""
        options = self.options(game, seat)
        at = self._at_in(seat, options)
        return options[at:] + options[:at] if at else options

    def _at_in(self, seat: int, options: list[Any]) -> int:
        return self._at.get(seat, 0) % len(options) if options else 0
