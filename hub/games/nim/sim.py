"""Nim's simulated people: each decides with a bot, then lays one of its stone cards to
take one stone, or walks the buttons to "take 2". They need no table top: the pile is
in the public view, which is all a person at the table sees."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hub.engine.nim import Bot, NimSetup
from hub.games.simulated import SeatHands

from .cards import StoneTags


class Pile:
    """The simulated table top: the pile lies in the middle, nobody moves a card for it."""

    def follow(self, message: Mapping[str, Any], game: Any) -> None:
        pass


class NimPlayer:
    def __init__(self, seat: int, device: Any, bot: Bot, table: Any, registry: StoneTags,
                 hub_elsewhere: bool = True) -> None:
        self.seat = seat
        self.bot = bot
        self.table = table
        self.stone = registry.stone_of(seat)
        self.hands = SeatHands(seat, device, table, hub_elsewhere)

    def act(self) -> None:
        choice = self.bot.choose(self.table.game)
        if choice.n == 1:
            self.hands.lay(self.stone)
        else:
            self.hands.press_to(choice)


def sim_world(registry: StoneTags, setup: NimSetup, game_of: Any) -> Pile | None:
    return None if setup.mode == "digital" else Pile()  # None: the hub deals, the people press buttons


def sim_player(seat: int, device: Any, bot: str, setup: NimSetup, table: Any, world: Pile,
               hub_elsewhere: bool) -> NimPlayer:
    return NimPlayer(seat, device, Bot(bot, setup.seed * 31 + seat), table, table.adapter.registry,
                     hub_elsewhere=hub_elsewhere)
