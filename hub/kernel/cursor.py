"""Each seat's button cursor: the option its A and B buttons have moved to, and OK applies.

A cursor belongs to one decision: the game object, the length of its log and what is
pending. A new decision (an action applied, a correction, a new game) starts every cursor
on its first option again. A game's state is its log (`replay`), so a seat's button
options are asked of the adapter once per decision: the prompt shows the first, and a
seat pressing A, B, A, OK asks for the same list four times. That list is shared: not to
be changed.

An option may be a `Menu`: a value entered in parts (three dice, one at a time) instead of
hundreds of options on one ring. OK on a menu opens it: the buttons then cycle through its
options, with `GO_BACK` last (OK on it goes back up); OK on an option that is not a menu
applies it. Nothing is applied while menus open, so a decision is still one action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, eq=False)
class Menu:
    """A button option that opens more options (a die's face taken, the next die's to
    come): `label` is its words on the display, `options()` what the buttons cycle through
    once OK opened it (actions, or menus again)."""

    label: str
    options: Callable[[], list[Any]]


class _Back:
    """The last option of an opened menu: OK on it goes back to the options it opened from."""

    def __repr__(self) -> str:
        return "GO_BACK"


GO_BACK = _Back()


def path_to(options: list[Any], choice: Any) -> list[int] | None:
    """Where `choice` lies among `options` and the menus in them: the option to take at
    each level (the menus to open, then `choice`), or None if it is nowhere."""
    if choice in options:
        return [options.index(choice)]
    for at, option in enumerate(options):
        if isinstance(option, Menu):
            below = path_to(option.options(), choice)
            if below is not None:
                return [at, *below]
    return None


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
        self._opened: dict[int, list[tuple[Menu, list[Any], int]]] = {}  # seat -> (menu, its options, where it was)

    def options(self, game: Any, seat: int) -> list[Any]:
        """The seat's button options at the decision now (shared): those of the menu it
        opened last, if any, else the adapter's."""
        top = self.top(game, seat)
        opened = self._opened.get(seat)
        return opened[-1][1] if opened else top

    def top(self, game: Any, seat: int) -> list[Any]:
        """The seat's button options at the decision now, whatever menu it opened (shared)."""
        known = self._decision  # compared part by part: no tuple made at every look-up
        if known is None or known[0] is not game or known[1] != len(game.log) or (
                known[2] is not game.pending and known[2] != game.pending):
            # a new decision: new options, every cursor on the first, no menu open
            self._decision = decision_of(game)
            self._options.clear()
            self._at.clear()
            self._opened.clear()
        options = self._options.get(seat)
        if options is None:
            options = self._options[seat] = self._options_of(game, seat)
        return options

    def cursor(self, game: Any, seat: int) -> tuple[list[Any], int, list[Menu]]:
        """(`options`, `position`, `opened`) in one look-up: what a seat's display shows."""
        self.top(game, seat)
        opened = self._opened.get(seat)
        options = opened[-1][1] if opened else self._options[seat]
        at = self._at.get(seat, 0) % len(options) if options else 0
        return options, at, [menu for menu, _options, _at in opened] if opened else []

    def position(self, game: Any, seat: int) -> int:
        """Where the seat's cursor is among its options (0 when it has none)."""
        return self._at_in(seat, self.options(game, seat))

    def move(self, game: Any, seat: int, step: int) -> int:
        """Move the seat's cursor `step` options on (back if negative), round the end; its
        new position. The seat must have options."""
        options = self.options(game, seat)
        at = self._at[seat] = (self._at.get(seat, 0) + step) % len(options)
        return at

    def opened(self, game: Any, seat: int) -> list[Menu]:
        """The menus the seat opened, outermost first."""
        self.top(game, seat)
        return [menu for menu, _options, _at in self._opened.get(seat, [])]

    def open(self, game: Any, seat: int) -> None:
        """OK on a menu: its options (`GO_BACK` last) on the buttons, the cursor on the first."""
        options = self.options(game, seat)
        at = self._at_in(seat, options)
        menu = options[at]
        assert isinstance(menu, Menu), "only a menu opens"
        self._opened.setdefault(seat, []).append((menu, [*menu.options(), GO_BACK], at))
        self._at[seat] = 0

    def back(self, game: Any, seat: int) -> None:
        """OK on `GO_BACK`: the options the menu opened from, the cursor on that menu."""
        self.top(game, seat)
        _menu, _options, at = self._opened[seat].pop()
        self._at[seat] = at

    def from_cursor(self, game: Any, seat: int) -> list[Any]:
        """The seat's options from the one its cursor is on: a prompt shown again (a seat
        that reconnects mid-decision, a pause ending) names the option OK would apply.
        Shared when the cursor is on the first (a new decision's prompt)."""
        options = self.options(game, seat)
        at = self._at_in(seat, options)
        return options[at:] + options[:at] if at else options

    def _at_in(self, seat: int, options: list[Any]) -> int:
        return self._at.get(seat, 0) % len(options) if options else 0
