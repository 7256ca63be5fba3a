"""Citadels' simulated people: they decide like the engine's bots, but only among what
they can really do with the cards in front of them, and act with cards and buttons.

How they keep drawn cards and give cards up (`keep_best`, `give_up_worst`) is what the
simulated table top (`world.TableTop`) asks of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hub.engine.citadels import Action, Game
from hub.engine.citadels.bots import Bot, make_bot
from hub.games.kit import BotPlayer
from hub.games.people import Lay, Plan, Press, Sight

from . import texts
from .world import TableTop


class SimPlayer(BotPlayer):
    """A bot at one seat: decides like the engine bots, acts with cards and buttons (the
    kit's `BotPlayer`); it sees its own hand and the table, as a person there does."""

    def __init__(self, seat: int, device: Any, bot: Bot, service: Any, world: TableTop,
                 hub_elsewhere: bool = True) -> None:
        super().__init__(seat, device, bot, service, hub_elsewhere)
        self.world = world

    @property
    def service(self) -> Any:
        """The hub's table this person plays at (the kit's `table`)."""
        return self.table

    @service.setter
    def service(self, table: Any) -> None:  # a restarted hub (tests/system/test_faults.py)
        self.table = table

    def options(self, game: Game, hand: list[str] | None = None) -> list[Action]:
        """The legal options this player can really carry out with the cards in front of it
        (`hand`: its hand's card ids, if already at hand)."""
        if hand is None:
            hand = self.world.hand_ids(self.seat)
        offered = set(self.world.offered(self.seat))
        return [a for a in game.legal_actions()
                if not ((a.verb == "build" and a.args[0] not in hand)
                        or (a.verb == "pick" and a.args[0] not in offered)
                        or (not hand and a.verb in ("lab", "museum")))]

    def act(self) -> None:
        game = self.hands.service.game
        assert game.pending is not None
        if game.pending.kind == "faceup":
            character = self.world.faceup[len(game.faceup)]
            self.hands.lay(self.world.character_uid(character))
            return
        hand = self.world.hand_ids(self.seat)
        choice = self.bot.choose(game, self.options(game, hand), hand)
        if choice.verb == "pick":
            if self.hands.lay(self.world.character_uid(choice.args[0])):
                self.world.picked(self.seat, choice.args[0], self._discard_choice)
        elif choice.verb == "build":
            uid = self.world.uid_in(self.world.hands[self.seat], choice.args[0])
            self.world.last_placed[self.seat] = uid
            self.hands.lay(uid)
        elif choice.verb == "destroy":
            uid = self.world.uid_in(self.world.cities[int(choice.args[0])], choice.args[1])
            self.world.last_placed[self.seat] = uid
            if int(choice.args[0]) == self.seat:
                self.hands.press_to(choice)  # one's own district: buttons (a card of one's city is never a move)
            else:
                self.hands.lay(uid)
        else:
            self.hands.press_to(choice)

    def _discard_choice(self, pile: list[str]) -> str:
        return sorted(pile)[len(self.hands.service.game.log) % len(pile)]


def keep_best(world: TableTop, game_of: Any) -> Any:
    """How simulated people keep drawn cards: the dearest ones not already in their city."""
    def choose(seat: int, uids: list[str], keep: int) -> list[str]:
        game = game_of()
        city = set(game.player(seat).city)
        districts = game.cards.districts
        ranked = sorted(uids, key=lambda u: (world.card_id(u) not in city, districts[world.card_id(u)].cost, u),
                        reverse=True)
        return ranked[:keep]
    return choose


def give_up_worst(world: TableTop, game_of: Any) -> Any:
    """Cards people give back first: those already built, then the cheapest."""
    def choose(seat: int, n: int) -> list[str]:
        game = game_of()
        city = set(game.player(seat).city)
        districts = game.cards.districts
        ranked = sorted(world.hands[seat], key=lambda u: (world.card_id(u) not in city, districts[world.card_id(u)].cost, u))
        return ranked[:n]
    return choose


class CitadelsTablePeople:
    """Citadels' people at a table of real seats. They share one table top (`TableTop`:
    the deck, each hand, each city, the character pile passed round), moved as people move
    cards when the scoreboard tells them to (draw 2 keep 1, swap hands...). Each decides
    like the heuristic bot among the moves it can carry out with the cards in front of it,
    then lays the card that says the move (a character picked, a
    district built or another's destroyed) or walks the buttons to it."""

    def __init__(self, setup: Any, cards: Any, seed: int) -> None:
        self.game: Game | None = None  # the game the people last reasoned about
        self.world = TableTop(cards, setup.players, setup.seed, setup.rules)
        self.world.shuffle_characters()
        self.world.choose_keep = keep_best(self.world, lambda: self.game)
        self.world.choose_give_up = give_up_worst(self.world, lambda: self.game)
        self.bots = {seat: make_bot("heuristic", seed * 31 + seat) for seat in range(1, setup.players + 1)}

    def follow(self, events: Sequence[Mapping[str, Any]], public: Mapping[str, Any]) -> None:
        graveyard = (public.get("pending") or {}).get("kind") == "graveyard"
        for event in events:
            self.world.on_event(dict(event), graveyard)

    def plan(self, sight: Sight, game: Game) -> Plan:
        self.game = game
        seat, world = sight.seat, self.world
        assert game.pending is not None
        if game.pending.kind == "faceup":
            character = world.faceup[len(game.faceup)]
            return Plan(f"{seat} faceup {character}", (Lay(world.character_uid(character)),))
        hand = world.hand_ids(seat)
        offered = set(world.offered(seat))
        options = [a for a in game.legal_actions()
                   if not ((a.verb == "build" and a.args[0] not in hand)
                            or (a.verb == "pick" and a.args[0] not in offered)
                            or (not hand and a.verb in ("lab", "museum")))]
        choice = self.bots[seat].choose(game, options, hand)
        if choice.verb == "pick":
            return Plan(str(choice), (Lay(world.character_uid(choice.args[0])),))
        if choice.verb == "build":
            uid = world.uid_in(world.hands[seat], choice.args[0])
            world.last_placed[seat] = uid
            return Plan(str(choice), (Lay(uid),))
        if choice.verb == "destroy":
            uid = world.uid_in(world.cities[int(choice.args[0])], choice.args[1])
            world.last_placed[seat] = uid
            if int(choice.args[0]) != seat:  # one's own district: buttons (a card of one's city is never a move)
                return Plan(str(choice), (Lay(uid),))
        return Plan(str(choice), (Press(texts.describe(choice)),))

    def made(self, seat: int, plan: Plan, game: Game) -> None:
        self.game = game
        action = Action.parse(plan.move)
        if action.verb == "pick":
            self.world.picked(seat, action.args[0], lambda pile: sorted(pile)[len(game.log) % len(pile)])


def table_people(setup: Any, cards: Any, seed: int) -> CitadelsTablePeople:
    return CitadelsTablePeople(setup, cards, seed)
