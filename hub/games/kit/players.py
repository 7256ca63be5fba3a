"""A simulated person's skeleton: decides with the game's bot, among what it can do with
what lies before it, then acts with the seat's cards and buttons (`SeatHands`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hub.games.simulated import SeatHands


class BotPlayer:
    """A bot at one seat. `act` asks the bot (over `options`, by default every legal
    action) and does the choice (`do`, by default: walk the buttons to it and press OK).
    A game whose people lay cards overrides `do` (and `options`: what its cards allow)."""

    def __init__(self, seat: int, device: Any, bot: Any, table: Any, hub_elsewhere: bool = True) -> None:
        self.seat = seat
        self.device = device
        self.bot = bot
        self.hands = SeatHands(seat, device, table, hub_elsewhere)

    @property
    def table(self) -> Any:
        """The hub's table this person plays at (its hands' table)."""
        return self.hands.service

    @table.setter
    def table(self, table: Any) -> None:  # a restarted hub (tests/system/test_faults.py): the hands follow
        self.hands.service = table

    def options(self, game: Any) -> list[Any] | None:
        """The options this person can really take now (None or none: every legal action)."""
        return None

    def act(self) -> None:
        game = self.table.game
        options = self.options(game)
        self.do(self.bot.choose(game, options) if options else self.bot.choose(game))

    def do(self, choice: Any) -> None:
        self.hands.press_to(choice)


def bot_seed(setup: Any, seat: int) -> int:
    """Each seat's bot seed: the game's seed and the seat (every game's simulated people)."""
    return int(setup.seed) * 31 + seat


def bot_players(make_bot: Callable[[str, int], Any],
                player: Callable[..., BotPlayer] = BotPlayer) -> Callable[..., BotPlayer]:
    """A plug-in's ``sim_player``: (seat, device, bot, setup, table, world, hub_elsewhere)
    -> `player` at that seat with its own bot (`make_bot(kind, seed)`)."""

    def sim_player(seat: int, device: Any, bot: str, setup: Any, table: Any, world: Any,
                   hub_elsewhere: bool) -> BotPlayer:
        return player(seat, device, make_bot(bot, bot_seed(setup, seat)), table, hub_elsewhere=hub_elsewhere)
    return sim_player
