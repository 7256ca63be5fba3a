"""The rules of The Builders: Middle Ages: one mutable game state, its legal options and
its log.

The state always says who must decide (``pending``: the seat whose turn it is) and lists
the legal actions; ``apply`` accepts an action only if it is one of them, so legality has
one source. A refused action raises ``IllegalAction`` (``refusals.explain`` names why)
before anything changes. The engine owns both decks and draws from the RNG in its state;
nothing else is hidden, so every event is public.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hub.engine.rng import SplitMix64
from hub.engine.snapshot import snapshot_hash

from .actions import Action, IllegalAction, effective_log
from .cards import APPRENTICES, BUILDINGS, CREW, WORKERS
from .events import Event, EventKind
from .refusals import check_correction, explain
from .scoring import score_game
from .setup import MAX_PLAYERS, Setup
from .state import Decision, Player, meets, output
from .views import public_view, seat_view

ACTIONS_PER_TURN = 3
ACTION_PRICE = 5  # coins for one more action
START_COINS = 10
END_POINTS = 17
ROW_SIZE = 5
COIN_ACTIONS = {"1": 1, "3": 2, "6": 3}  # coins taken -> actions spent


class Game:
    """A game in progress, dealt and at its first turn. Build with ``Game.new(setup)`` or
    ``Game.replay(setup, log)``.
    Everything outside the engine changes a game only through ``apply``."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.n = setup.players
        self.rng = SplitMix64(setup.seed)
        self.players = [Player(s, START_COINS) for s in range(1, self.n + 1)]
        self.building_deck: list[str] = []  # the end is the top
        self.worker_deck: list[str] = []
        self.building_row: list[str] = []  # face up, in their places on the table
        self.worker_row: list[str] = []
        self.first = 1
        self.round = 0
        self.turn_seat = 0
        self.actions = 0  # left in this turn
        self.bought = 0  # actions bought this turn
        self.sent: dict[str, int] = {}  # site -> workers sent to it this turn
        self.last_round: str | None = None  # why the game ends with this round: "points" or "blocked"
        self.ended_by = 0  # the seat whose turn end started the last round
        self.log: list[Action] = []
        self.pending: Decision | None = None
        self.result_cache: dict[str, Any] | None = None
        self.options_made: list[Action] | None = None
        self._events: list[Event] = []
        self._deal()
        self._begin_turn(self.first)
        self.start_events: list[Event] = self._events  # what the start announced (its first turn)
        self._events = []

    # ------------------------------------------------------------------ building
    @classmethod
    def new(cls, setup: Setup) -> Game:
        return cls(setup)

    @classmethod
    def replay(cls, setup: Setup, log: Sequence[Action] | Sequence[str]) -> Game:
        """Rebuild a game from its setup and log (``0 void`` cancels the action before it)."""
        game = cls.new(setup)
        for action in log:
            game.apply(action)
        return game

    def _deal(self) -> None:
        setup, rng = self.setup, self.rng
        start = setup.start
        rows = setup.rows or ((), ())
        named = {c for pos in start or () for c in pos.cards()} | set(rows[0]) | set(rows[1])
        self.building_deck = [b for b in BUILDINGS if b not in named]
        rng.shuffle(self.building_deck)
        dealt: set[str] = set()
        if start is None:
            apprentices = [w for w in APPRENTICES if w not in named]
            rng.shuffle(apprentices)
            for p, w in zip(self.players, apprentices):
                p.crew.append(w)
                dealt.add(w)
        else:
            for p, pos in zip(self.players, start):
                p.coins = pos.coins
                p.crew = list(pos.crew)
                p.sites = {site[0]: list(site[1:]) for site in pos.sites}
                p.finished = [b for b in pos.finished if not BUILDINGS[b].machine]
                p.machines = [c for c in (*pos.crew, *(w for s in pos.sites for w in s[1:]), *pos.finished)
                              if c in BUILDINGS and BUILDINGS[c].machine]
                p.crew += [m for m in pos.finished if BUILDINGS[m].machine]  # a finished machine works
        self.worker_deck = [w for w in WORKERS if w not in named and w not in dealt]
        rng.shuffle(self.worker_deck)
        self.building_row = list(rows[0])
        self.worker_row = list(rows[1])
        while len(self.building_row) < ROW_SIZE and self.building_deck:
            self.building_row.append(self.building_deck.pop())
        while len(self.worker_row) < ROW_SIZE and self.worker_deck:
            self.worker_row.append(self.worker_deck.pop())
        self.first = setup.first or rng.below(self.n) + 1

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.result_cache is not None

    def player(self, seat: int) -> Player:
        return self.players[seat - 1]

    @property
    def last_seat(self) -> int:
        """The seat that plays last in a round: the first player's right-hand neighbour."""
        return (self.first - 2) % self.n + 1

    def send_cost(self, site: str) -> int:
        """Actions to send one more worker to ``site`` now: 1, then 2, 3... in the same turn."""
        return self.sent.get(site, 0) + 1

    def legal_actions(self) -> list[Action]:
        """Every action the rules allow now; ``apply`` accepts exactly these."""
        if self.options_made is None:
            self.options_made = self._options()
        return self.options_made

    def result(self) -> dict[str, Any] | None:
        return self.result_cache

    def opening_events(self) -> list[Event]:
        """The events of the game's start (its first turn) while nothing has been applied."""
        return [] if self.log else list(self.start_events)

    def blocked(self) -> bool:
        """True when no player can ever finish another building: no site of theirs, nor
        any building still to open, can be met by the workers they could still have (their
        idle crew and every worker not yet recruited). Coins are never the limit (taking
        coins is always possible), so nothing but a finish could unblock the game."""
        pool = output([*self.worker_row, *self.worker_deck])
        unopened = [BUILDINGS[b].needs for b in (*self.building_row, *self.building_deck)]
        for p in self.players:
            idle = output(p.crew)
            avail = (pool[0] + idle[0], pool[1] + idle[1], pool[2] + idle[2], pool[3] + idle[3])
            for site, workers in p.sites.items():
                have = output(workers)
                if meets((have[0] + avail[0], have[1] + avail[1], have[2] + avail[2], have[3] + avail[3]),
                         BUILDINGS[site].needs):
                    return False
            if any(meets(avail, needs) for needs in unopened):
                return False
        return True

    # ------------------------------------------------------------------ legal options
    def _options(self) -> list[Action]:
        if self.pending is None:
            return []
        seat = self.pending.seat
        p = self.players[seat - 1]
        left = self.actions
        made = _MADE[seat]
        out: list[Action] = []
        if left >= 1:
            out += [made[("open", b)] for b in self.building_row]
            out += [made[("recruit", w)] for w in self.worker_row]
        if p.sites and p.crew:
            coins, sent = p.coins, self.sent
            paid = [w for w in p.crew if CREW[w].wage <= coins]
            for site in p.sites:
                if sent.get(site, 0) < left:  # the next worker there costs sent + 1 actions
                    out += [made[(w, site)] for w in paid]
        out += [made[("coins", c)] for c, cost in COIN_ACTIONS.items() if cost <= left]
        if p.coins >= ACTION_PRICE:
            out.append(made[("buy",)])
        out.append(made[("end",)])
        return out

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action | str) -> list[Event]:
        """Apply one action and return its events; refuse (state untouched) if illegal."""
        if isinstance(action, str):
            action = Action.parse(action)
        if action.seat == 0 and action.verb in ("void", "adjust"):
            return self._correction(action)
        if action not in self.legal_actions():
            raise explain(self, action)
        events: list[Event] = []
        self._events = events
        _HANDLERS[action.verb](self, action)
        self.log.append(action)
        self.options_made = None
        return events

    def emit(self, kind: EventKind, **data: Any) -> None:
        self._events.append(Event(kind, data))

    def _refill(self, row: list[str], deck: list[str], card: str) -> str | None:
        """Take ``card`` from ``row``; the deck's top card takes its place (none when empty)."""
        i = row.index(card)
        if deck:
            row[i] = deck.pop()
            return row[i]
        del row[i]
        return None

    def _on_open(self, a: Action) -> None:
        b = a.args[0]
        self.player(a.seat).sites[b] = []
        self.actions -= 1
        turned = self._refill(self.building_row, self.building_deck, b)
        self.emit("opened", seat=a.seat, building=b, turned=turned, actions_left=self.actions)

    def _on_recruit(self, a: Action) -> None:
        w = a.args[0]
        self.player(a.seat).crew.append(w)
        self.actions -= 1
        turned = self._refill(self.worker_row, self.worker_deck, w)
        self.emit("recruited", seat=a.seat, worker=w, turned=turned, actions_left=self.actions)

    def _on_send(self, a: Action) -> None:
        w, site = a.args
        p = self.player(a.seat)
        cost = self.send_cost(site)
        wage = CREW[w].wage
        self.actions -= cost
        p.coins -= wage
        p.crew.remove(w)
        workers = p.sites[site]
        workers.append(w)
        self.sent[site] = self.sent.get(site, 0) + 1
        self.emit("sent", seat=a.seat, worker=w, site=site, wage=wage, cost=cost, actions_left=self.actions,
                  balance=p.coins)
        building = BUILDINGS[site]
        if meets(output(workers), building.needs):
            del p.sites[site]
            self.sent.pop(site, None)
            p.crew += workers  # back, and sendable again this turn
            p.coins += building.coins
            if building.machine:
                p.machines.append(site)
                p.crew.append(site)  # a finished machine joins the crew at once
            else:
                p.finished.append(site)
            self.emit("finished", seat=a.seat, building=site, coins=building.coins, points=building.points,
                      machine=building.machine, returned=list(workers), total_points=p.points, balance=p.coins)

    def _on_coins(self, a: Action) -> None:
        amount = a.args[0]
        cost = COIN_ACTIONS[amount]
        self.actions -= cost
        p = self.player(a.seat)
        p.coins += int(amount)
        self.emit("coins", seat=a.seat, coins=int(amount), cost=cost, actions_left=self.actions, balance=p.coins)

    def _on_buy(self, a: Action) -> None:
        p = self.player(a.seat)
        p.coins -= ACTION_PRICE
        self.actions += 1
        self.bought += 1
        self.emit("bought", seat=a.seat, price=ACTION_PRICE, actions_left=self.actions, balance=p.coins)

    def _on_end(self, a: Action) -> None:
        p = self.player(a.seat)
        p.turns += 1
        self.emit("turn_ended", seat=a.seat, points=p.points, unused=self.actions)
        if self.last_round is None:
            if p.points >= END_POINTS:
                self.last_round, self.ended_by = "points", a.seat
            elif self.blocked():
                self.last_round, self.ended_by = "blocked", a.seat
            if self.last_round is not None:
                self.emit("last_round", seat=a.seat, reason=self.last_round, points=p.points,
                          last_seat=self.last_seat, players=self.n)
        if self.last_round is not None and a.seat == self.last_seat:
            self._finish()
        else:
            self._begin_turn(a.seat % self.n + 1)

    def _begin_turn(self, seat: int) -> None:
        if seat == self.first:
            self.round += 1
        self.turn_seat = seat
        self.actions = ACTIONS_PER_TURN
        self.bought = 0
        self.sent = {}
        self.pending = Decision(seat, "turn")
        self.emit("turn_started", seat=seat, round=self.round, actions=self.actions,
                  last_round=self.last_round is not None)

    def _finish(self) -> None:
        self.pending = None
        self.turn_seat = 0
        self.actions = 0
        self.result_cache = score_game(self.players)
        self.emit("game_over", **self.result_cache)

    # ------------------------------------------------------------------ corrections
    def _correction(self, action: Action) -> list[Event]:
        """``0 void`` cancels the last action that stands (the state is rebuilt from the
        log without it); ``0 adjust <seat> <delta> <reason...>`` corrects a seat's coins.
        Both are logged like any action."""
        check_correction(self, action)
        if action.verb == "void":
            log = [*self.log, action]
            rebuilt = Game.replay(self.setup, effective_log(log))
            self.__dict__.update(rebuilt.__dict__)
            self.log = log
            self.options_made = None
            return [Event("voided", {"log_length": len(log)})]
        seat, delta = int(action.args[0]), int(action.args[1])
        self.player(seat).coins += delta
        if self.result_cache is not None:  # a correction after the end changes the final score
            self.result_cache = score_game(self.players)
        self.log.append(action)
        self.options_made = None
        return [Event("adjusted", {"seat": seat, "delta": delta, "note": " ".join(action.args[2:])})]

    # ------------------------------------------------------------------ views and hashing
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (the decks' order included): hashing, debugging."""
        return {
            "setup": self.setup.to_json(), "rng": [self.rng.seed, self.rng.counter],
            "players": [p.snapshot() for p in self.players],
            "building_deck": list(self.building_deck), "worker_deck": list(self.worker_deck),
            "building_row": list(self.building_row), "worker_row": list(self.worker_row),
            "first": self.first, "round": self.round, "turn": self.turn_seat, "actions": self.actions,
            "bought": self.bought, "sent": dict(self.sent), "last_round": self.last_round,
            "ended_by": self.ended_by, "pending": list(self.pending) if self.pending else None,
            "result": self.result_cache, "log": [str(a) for a in self.log],
        }

    def state_hash(self) -> str:
        return snapshot_hash(self.snapshot())

    def public_view(self) -> dict[str, Any]:
        return public_view(self)

    def seat_view(self, seat: int) -> dict[str, Any]:
        return seat_view(self, seat)


def _made_actions(seat: int) -> dict[tuple[str, ...], Action]:
    """Every option a seat can ever be offered, made once and shared by every game (actions
    are immutable values; a turn's options are listed again after every action). Keys:
    ("open", b), ("recruit", w), (worker, site) for a send, ("coins", n), ("buy",), ("end",)."""
    made: dict[tuple[str, ...], Action] = {("buy",): Action(seat, "buy"), ("end",): Action(seat, "end")}
    made.update({("open", b): Action(seat, "open", (b,)) for b in BUILDINGS})
    made.update({("recruit", w): Action(seat, "recruit", (w,)) for w in WORKERS})
    made.update({(w, b): Action(seat, "send", (w, b)) for w in CREW for b in BUILDINGS})
    made.update({("coins", c): Action(seat, "coins", (c,)) for c in COIN_ACTIONS})
    return made


_MADE = [_made_actions(seat) for seat in range(MAX_PLAYERS + 1)]

_HANDLERS: dict[str, Callable[[Game, Action], None]] = {
    "open": Game._on_open, "recruit": Game._on_recruit, "send": Game._on_send, "coins": Game._on_coins,
    "buy": Game._on_buy, "end": Game._on_end,
}

__all__ = ["ACTIONS_PER_TURN", "ACTION_PRICE", "END_POINTS", "Game", "IllegalAction"]
