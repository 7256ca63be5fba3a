"""Nim's people at a table of real seats (`hub.games.people`): each takes what its bot
says (seeded, random: the game is short either way), one stone by laying its own stone
card, two by walking the buttons to "take 2". The pile lies in the middle: nobody moves a
card for it."""

from __future__ import annotations

from typing import Any

from hub.engine.nim import NimSetup, make_bot
from hub.games.kit import BotTablePeople
from hub.games.people import Lay, Plan, Press, Sight

from .cards import StoneTags
from .words import say


class NimTablePeople(BotTablePeople):
    """One random bot per seat (the kit's `BotTablePeople`)."""

    make_bot = staticmethod(make_bot)

    def plan(self, sight: Sight, game: Any) -> Plan:
        choice = self.bots[sight.seat].choose(game)
        if choice.n == 1:
            return Plan(str(choice), (Lay(self.cards.stone_of(sight.seat)),))
        return Plan(str(choice), (Press(say("take", n=choice.n)),))


def table_people(setup: NimSetup, cards: StoneTags, seed: int) -> NimTablePeople:
    return NimTablePeople(setup, cards, seed)
