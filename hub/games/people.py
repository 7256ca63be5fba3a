"""People at a real table: what a simulated person does with the cards and buttons in front
of it, given only what a person there can know.

The simulator's players (`hub.games.simulated`) talk to virtual seats; these people are
for a table of real seat firmware (``citadels-hub soft-seat``), where the only ways in are
a card laid on a reader and a button pressed, and the only ways out the seat's display,
LED and beeps, the public scoreboard and the seat's own phone page. Each game says, in its
plug-in (``GamePlugin.table_people``), how its people carry out a move: which card they
lay, or which option they walk the buttons to. A game that declares nothing is played on
the buttons alone (`ButtonPeople`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from hub.kernel.cursor import Menu, path_to


@dataclass(frozen=True)
class Lay:
    """Lay the card with tag `uid` on the seat's reader, wait for the hub's answer, lift it.
    `move`: this card says the move (False: a step before it, e.g. a site chosen)."""

    uid: str
    move: bool = True


@dataclass(frozen=True)
class Press:
    """Press A until the display shows `label` (the option as the game's display words it),
    then OK. `move`: this OK makes the move (False: a step before it, a menu opened, e.g.
    a die's face entered: `hub.kernel.Menu`)."""

    label: str
    move: bool = True


Gesture = Lay | Press


@dataclass
class Sight:
    """What the person at `seat` sees now: its phone's seat page (`options`, the moves the
    hub offers it, as their texts), the public scoreboard's view, its display's lines."""

    seat: int
    options: Sequence[str]
    public: Mapping[str, Any]
    display: Sequence[str] = field(default_factory=list)


@dataclass(frozen=True)
class Plan:
    """A move the person means to make (its text, as the log writes it), and how."""

    move: str
    gestures: tuple[Gesture, ...]


def presses_to(options: Sequence[Any], choice: Any, describe: Callable[[Any], str]) -> tuple[Press, ...]:
    """How a person makes `choice` on the buttons whose options are `options` (the
    adapter's ``button_options``): OK on each menu that holds it, by the label the display
    shows it with (nothing applied yet), then OK on `choice`, as `describe` words it."""
    path = path_to(list(options), choice) or []
    presses: list[Press] = []
    for at in path[:-1]:
        menu = options[at]
        assert isinstance(menu, Menu)
        presses.append(Press(menu.label, move=False))
        options = menu.options()
    return (*presses, Press(describe(choice)))


class TablePeople(Protocol):
    """Everyone at one table: they share the table top (cards lying between them)."""

    def follow(self, events: Sequence[Mapping[str, Any]], public: Mapping[str, Any]) -> None:
        """The scoreboard's new public events (in order) and its view now: cards move as
        the people move them when the hub says so."""

    def plan(self, sight: Sight, game: Any) -> Plan:
        """The deciding person's next move and how to make it. `game`: the game as the
        person's bot reasons about it (the engine's bots take a game)."""

    def made(self, seat: int, plan: Plan, game: Any) -> None:
        """`plan` was accepted (the hub moved on): the person moves its cards accordingly."""


class ButtonPeople:
    """The default people: every move on the buttons, chosen at random (seeded) among
    the options on their phone; the display words an option as its text."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def follow(self, events: Sequence[Mapping[str, Any]], public: Mapping[str, Any]) -> None:
        pass

    def plan(self, sight: Sight, game: Any) -> Plan:
        move = self.random.choice(list(sight.options))
        return Plan(move, (Press(move),))

    def made(self, seat: int, plan: Plan, game: Any) -> None:
        pass


def button_people(setup: Any, cards: Any, seed: int) -> ButtonPeople:
    """(setup, the physical cards' tags, seed) -> the people: `GamePlugin.table_people`'s form."""
    return ButtonPeople(seed)
