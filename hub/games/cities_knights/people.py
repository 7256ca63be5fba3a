"""Cities & Knights' people at a table of real seats (`hub.games.people`): each decides
like the engine's table bot among the options its phone page offers, then lays the
progress card the move names (the card drawn from the deck of the colour the display
names, one discarded or taken, a card played that needs no target) or walks the buttons
to the option as the display words it (the roll, reports of the board, a card with a
target or dice). The hex board is the players' own: no card moves on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hub.engine.cities_knights import Action, Game, Setup, make_bot
from hub.games.people import Lay, Plan, Press, Sight

from .adapter import describe
from .tags import ProgressTags


def by_card(action: Action) -> bool:
    """Is `action` made by laying its card (the adapter's `card_action` takes it so)?"""
    return action.verb in ("draw", "discard", "take") or (action.verb == "play" and len(action.args) == 1)


class CitiesKnightsTablePeople:
    def __init__(self, setup: Setup, cards: ProgressTags, seed: int) -> None:
        self.uids: dict[str, str] = {}  # each copy's id -> the tag glued to it
        for uid, card in sorted(cards.tags.items()):
            self.uids.setdefault(card, uid)
        self.bots = {seat: make_bot("table", seed * 31 + seat) for seat in range(1, setup.players + 1)}

    def follow(self, events: Sequence[Mapping[str, Any]], public: Mapping[str, Any]) -> None:
        pass

    def plan(self, sight: Sight, game: Game) -> Plan:
        offered = set(sight.options)
        options = [a for a in game.legal_actions() if str(a) in offered] or game.legal_actions()
        choice = self.bots[sight.seat].choose(game, options)
        if by_card(choice):
            return Plan(str(choice), (Lay(self.uids[choice.args[0]]),))
        return Plan(str(choice), (Press(describe(choice)),))

    def made(self, seat: int, plan: Plan, game: Game) -> None:
        pass


def table_people(setup: Setup, cards: ProgressTags, seed: int) -> CitiesKnightsTablePeople:
    return CitiesKnightsTablePeople(setup, cards, seed)
