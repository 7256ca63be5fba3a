"""Citadels' simulated people: they decide like the engine's bots, but only among what
they can really do with the cards in front of them, and act with cards and buttons.

How they keep drawn cards and give cards up (`keep_best`, `give_up_worst`) is what the
simulated table top (`world.TableTop`) asks of them.
"""

from __future__ import annotations

from typing import Any

from hub.engine.citadels import Action, Game
from hub.engine.citadels.bots import Bot
from hub.games.kit import BotPlayer

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
        game = self.service.game
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
        return sorted(pile)[len(self.service.game.log) % len(pile)]


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
