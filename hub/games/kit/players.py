"""A simulated person's skeleton: decides with the game's bot, among what it can do with
what lies before it, then acts with the seat's cards and buttons (`SeatHands`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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


class BotTablePeople:
    """Everyone at a table of real seats deciding with the game's bot (`hub.games.people`'s
    `TablePeople`): one bot per seat (`bot_seed`), the cards' tags at hand, nothing to follow
    or move after a move. A game says how a choice is made (`plan`) and its bots
    (`make_bot`, `bot_kind`)."""

    bot_kind = "random"

    def __init__(self, setup: Any, cards: Any, seed: int) -> None:
        self.cards = cards
        self.bots = {seat: self.make_bot(self.bot_kind, int(seed) * 31 + seat) for seat in range(1, setup.players + 1)}

    @staticmethod
    def make_bot(kind: str, seed: int) -> Any:
        raise NotImplementedError("a game's people say which bots decide for them")

    def follow(self, events: Sequence[Mapping[str, Any]], public: Mapping[str, Any]) -> None:
        pass

    def made(self, seat: int, plan: Any, game: Any) -> None:
        pass
