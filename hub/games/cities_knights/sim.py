"""Cities & Knights' simulated people: each decides with the engine's bot, then taps the
progress card a decision names on its reader (a card drawn, discarded, taken, or played
without a target) or walks the buttons to the option (the roll, reports of the board, a
card with a target or dice). The cards they hold are on their own seat page (``you``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hub.engine.cities_knights import Game, Setup, make_bot
from hub.engine.cities_knights.bots import Bot
from hub.games.simulated import SeatHands

from .tags import ProgressTags


class Board:
    """The simulated table top: the hex board is the players' own; no card moves on it."""

    def follow(self, message: Mapping[str, Any], game: Any) -> None:
        pass


class CitiesKnightsPlayer:
    def __init__(self, seat: int, device: Any, bot: Bot, table: Any, registry: ProgressTags,
                 hub_elsewhere: bool = True) -> None:
        self.seat = seat
        self.bot = bot
        self.table = table
        self.registry = registry
        self.uids: dict[str, str] = {}
        for uid, card in registry.tags.items():
            self.uids.setdefault(card, uid)
        self.hands = SeatHands(seat, device, table, hub_elsewhere)

    def act(self) -> None:
        game: Game = self.table.game
        choice = self.bot.choose(game)
        one_card = choice.verb in ("draw", "discard", "take") or (choice.verb == "play" and len(choice.args) == 1)
        if one_card:
            self.hands.lay(self.uids[choice.args[0]])
        else:
            self.hands.press_to(choice)


def sim_world(registry: ProgressTags, setup: Setup, game_of: Any) -> Board:
    return Board()


def sim_player(seat: int, device: Any, bot: str, setup: Setup, table: Any, world: Board,
               hub_elsewhere: bool) -> CitiesKnightsPlayer:
    return CitiesKnightsPlayer(seat, device, make_bot(bot, setup.seed * 31 + seat), table, table.adapter.registry,
                               hub_elsewhere=hub_elsewhere)
