"""Nim's people at a table of real seats (`hub.games.people`): each takes what its bot
says (seeded, random: the game is short either way), one stone by laying its own stone
card, two by walking the buttons to "take 2". The pile lies in the middle: nobody moves a
card for it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hub.engine.nim import NimSetup, make_bot
from hub.games.people import Lay, Plan, Press, Sight

from .cards import StoneTags
from .words import say


class NimTablePeople:
    def __init__(self, setup: NimSetup, cards: StoneTags, seed: int) -> None:
        self.cards = cards
        self.bots = {seat: make_bot("random", seed * 31 + seat) for seat in range(1, setup.players + 1)}

    def follow(self, events: Sequence[Mapping[str, Any]], public: Mapping[str, Any]) -> None:
        pass

    def plan(self, sight: Sight, game: Any) -> Plan:
        choice = self.bots[sight.seat].choose(game)
        if choice.n == 1:
            return Plan(str(choice), (Lay(self.cards.stone_of(sight.seat)),))
        return Plan(str(choice), (Press(say("take", n=choice.n)),))

    def made(self, seat: int, plan: Plan, game: Any) -> None:
        pass


def table_people(setup: NimSetup, cards: StoneTags, seed: int) -> NimTablePeople:
    return NimTablePeople(setup, cards, seed)
