"""The Builders' simulated people: each decides like the engine's bots among what it can
really do with the cards in front of it (a row's card, one of its own workers), then acts
as a person does: lays the card on its reader (a site, then the worker, to send one) or
walks the buttons (coins, buy an action, end the turn).

What it sees is what a person at the table sees: the cards on the table top
(`world.TableTop`), the coins and actions on the scoreboard, its own display's answers.
Nothing else is secret in this game but the decks' order, which no bot reads.
"""

from __future__ import annotations

from typing import Any

from hub.engine.builders import Action, Game
from hub.engine.builders.bots import Bot, make_bot
from hub.games.kit import BotPlayer, BotTablePeople
from hub.games.people import Lay, Plan, Press, Sight
from hub.protocol import SeatCommand

from . import texts
from .tags import BuildersTags
from .world import TableTop


class SimPlayer(BotPlayer):
    """A bot at one seat acting with cards and buttons (the kit's `BotPlayer`)."""

    def __init__(self, seat: int, device: Any, bot: Bot, table: Any, world: TableTop,
                 hub_elsewhere: bool = True) -> None:
        super().__init__(seat, device, bot, table, hub_elsewhere)
        self.world = world
        self.chosen: tuple[tuple[int, int], str] | None = None  # (the turn, the site) last laid: a person remembers it

    def options(self, game: Game) -> list[Action]:
        """The legal options whose cards lie where this person can take them."""
        return [a for a in game.legal_actions() if self.world.can_take(a)]

    def do(self, choice: Action) -> None:
        game = self.table.game
        if choice.verb in ("open", "recruit"):
            self.hands.lay(self.world.uid(choice.args[0]))
        elif choice.verb == "send":
            self._send(game, *choice.args)
        else:
            self.hands.press_to(choice)

    def _send(self, game: Game, worker: str, site: str) -> None:
        """The site, then the worker; the site alone is enough once chosen this turn, or
        when it is the seat's only site (and again if the hub forgot it: a restart)."""
        turn = (game.round, self.seat)
        if len(self.world.sites[self.seat]) > 1 and self.chosen != (turn, site):
            self._lay(site)
            self.chosen = (turn, site)
        answer = self._lay(worker)
        if answer is not None and answer.code == "choose_site":
            self._lay(site)
            self.chosen = (turn, site)
            self._lay(worker)

    def _lay(self, card: str) -> SeatCommand | None:
        uid = self.world.uid(card)
        device = self.hands.device
        _accepted, answer = self.hands.exchange(device.place, uid, device.lift)
        return answer


def sim_player(seat: int, device: Any, bot: str, setup: Any, table: Any, world: TableTop,
               hub_elsewhere: bool) -> SimPlayer:
    return SimPlayer(seat, device, make_bot(bot, setup.seed * 31 + seat), table, world, hub_elsewhere=hub_elsewhere)


class BuildersTablePeople(BotTablePeople):
    """The Builders' people at a table of real seats: each decides like the heuristic bot,
    then lays the row's card (open, recruit), its site and
    then its worker (send; the site alone is no move, and is skipped when the seat has one
    site), or walks the buttons to the option (coins, buy, end). The rows lie face up as
    the scoreboard shows them: the hub names each card turned, so nobody tracks a deck."""

    bot_kind = "heuristic"
    make_bot = staticmethod(make_bot)

    def __init__(self, setup: Any, cards: BuildersTags, seed: int) -> None:
        super().__init__(setup, cards, seed)
        self.uids: dict[str, str] = {}  # card -> the tag glued to it (the first enrolled)
        for tag, card in cards.tags.items():
            self.uids.setdefault(card, tag)

    def plan(self, sight: Sight, game: Game) -> Plan:
        choice = self.bots[sight.seat].choose(game)
        uid = self.uids
        if choice.verb in ("open", "recruit"):
            return Plan(str(choice), (Lay(uid[choice.args[0]]),))
        if choice.verb == "send":
            worker, site = choice.args
            lay_worker = Lay(uid[worker])
            if len(game.player(sight.seat).sites) > 1:
                return Plan(str(choice), (Lay(uid[site], move=False), lay_worker))
            return Plan(str(choice), (lay_worker,))
        return Plan(str(choice), (Press(texts.describe(choice)),))


def table_people(setup: Any, cards: BuildersTags, seed: int) -> BuildersTablePeople:
    return BuildersTablePeople(setup, cards, seed)
