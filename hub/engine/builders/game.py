"""The rules of The Builders: Middle Ages: one mutable game state, its legal options and
its log.

The state always says who must decide (``pending``: the seat whose turn it is) and lists
the legal actions; ``apply`` accepts an action only if it is one of them, so legality has
one source. A refused action raises ``IllegalAction`` (``refusals.explain`` names why)
before anything changes. The engine owns both decks and draws from the RNG in its state;
nothing else is hidden, so every event is public.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import chain
from typing import Any

from hub.engine.rng import SplitMix64
from hub.engine.replay import Replayable

from .actions import Action, IllegalAction
from .cards import APPRENTICES, BUILDINGS, CREW, WORKERS
from .events import Event, EventKind
from .refusals import check_correction, explain
from .scoring import score_game
from .setup import MAX_PLAYERS, Setup
from .state import END_POINTS, Decision, Player, missing, output, points_of
from .views import public_view, seat_view

ACTIONS_PER_TURN = 3
ACTION_PRICE = 5  # coins for one more action
START_COINS = 10
ROW_SIZE = 5
COIN_ACTIONS = {"1": 1, "3": 2, "6": 3}  # coins taken -> actions spent
COIN_AMOUNTS = {c: int(c) for c in COIN_ACTIONS}
WAGES = {w: c.wage for w, c in CREW.items()}
OUTPUT = {w: c.output for w, c in CREW.items()}
_NOTHING = (0, 0, 0, 0)
NEEDS = {b: c.needs for b, c in BUILDINGS.items()}
_event: Any = partial(tuple.__new__, Event)  # an Event from (kind, data, None), in C: no Python-level __new__


class Game(Replayable):
    """A game in progress, dealt and at its first turn. Build with ``Game.new(setup)`` or
    ``Game.replay(setup, log)``.
    Everything outside the engine changes a game only through ``apply``."""

    # every action reads and writes a dozen of these: slots are cheaper than a dict's look-ups
    __slots__ = ("setup", "n", "rng", "players", "building_deck", "worker_deck", "building_row", "worker_row",
                 "first", "round", "turn_seat", "actions", "bought", "sent", "last_round", "ended_by", "log",
                 "pending", "result_cache", "options_made", "_events", "start_events", "pool", "moved")
    action_type = Action  # what `apply` does with a text, a correction or a refusal: `Replayable.unlisted`
    refusal = explain

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
        self.pool = (0, 0, 0, 0)  # what the workers not yet recruited (row and deck) produce: see blocked()
        self.moved = True  # whether a card moved (open, recruit, send) since blocked() was last asked at a turn's end
        self._deal()
        self._begin_turn(self.first)
        self.start_events: list[Event] = self._events  # what the start announced (its first turn)
        self._events = []


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
                p.points = points_of(p)
                p.lacking = {site: missing(output(ws), NEEDS[site]) for site, ws in p.sites.items()}
        self.worker_deck = [w for w in WORKERS if w not in named and w not in dealt]
        rng.shuffle(self.worker_deck)
        self.building_row = list(rows[0])
        self.worker_row = list(rows[1])
        while len(self.building_row) < ROW_SIZE and self.building_deck:
            self.building_row.append(self.building_deck.pop())
        while len(self.worker_row) < ROW_SIZE and self.worker_deck:
            self.worker_row.append(self.worker_deck.pop())
        self.pool = output([*self.worker_row, *self.worker_deck])
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

    def cost_of(self, action: Action) -> dict[str, int]:
        """What an action costs now, for a seat's buttons: ``actions`` spent, ``coins`` paid,
        ``gains`` actions bought ({} for ending the turn)."""
        if action.verb == "coins":
            return {"actions": COIN_ACTIONS[action.args[0]]}
        if action.verb == "buy":
            return {"coins": ACTION_PRICE, "gains": 1}
        if action.verb == "send":
            return {"actions": self.send_cost(action.args[1]), "coins": CREW[action.args[0]].wage}
        return {"actions": 1} if action.verb in ("open", "recruit") else {}

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
        coins is always possible), so nothing but a finish could unblock the game.
        What the workers not yet recruited produce (``pool``) is kept up to date by a
        recruit, and each site's lack by a send, not summed again at every turn's end."""
        p0, p1, p2, p3 = self.pool
        unopened = list(map(NEEDS.__getitem__, chain(self.building_row, self.building_deck)))
        for p in self.players:
            idle = output(p.crew)
            a0, a1, a2, a3 = p0 + idle[0], p1 + idle[1], p2 + idle[2], p3 + idle[3]
            for n in unopened:  # first: while the pool is large, the first building meets it
                if a0 >= n[0] and a1 >= n[1] and a2 >= n[2] and a3 >= n[3]:
                    return False
            for n in p.lacking.values():  # a site: what its workers have, plus avail, meets its needs
                if a0 >= n[0] and a1 >= n[1] and a2 >= n[2] and a3 >= n[3]:
                    return False
        return True

    # ------------------------------------------------------------------ legal options
    def _options(self) -> list[Action]:
        """In order: open each face-up building, recruit each face-up worker, send each
        idle worker whose wage is paid to each site that can take one more, take coins,
        buy an action, end. The actions are the seat's, made once (``_SeatOptions``) and
        looked up by ``map`` in C."""
        pending = self.pending
        if pending is None:
            return []
        seat = pending[0]
        p = self.players[seat - 1]
        left = self.actions
        made = _MADE[seat]
        if left >= 1:
            out = [*map(made.open.__getitem__, self.building_row), *map(made.recruit.__getitem__, self.worker_row)]
            sites, crew, coins = p.sites, p.crew, p.coins
            if sites and crew:
                paid = []  # a loop, not a comprehension: no function call for a crew of three or four
                for w in crew:
                    if WAGES[w] <= coins:
                        paid.append(w)
                if paid:
                    sent, send = self.sent, made.send
                    for site in sites:
                        if sent.get(site, 0) < left:  # the next worker there costs sent + 1 actions
                            out += map(send[site].__getitem__, paid)
            out += made.tail[left if left < 3 else 3][coins >= ACTION_PRICE]
            return out
        return [*made.tail[0][p.coins >= ACTION_PRICE]]  # no action left: buy one, or end

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action | str) -> list[Event]:
        """Apply one action and return its events; refuse (state untouched) if illegal."""
        if action not in (self.options_made or self.legal_actions()):  # a text is never an option (a tuple)
            return self.unlisted(action)  # type: ignore[no-any-return]  # the game's own events, from its own apply
        events: list[Event] = []
        self._events = events
        _HANDLERS[action[1]](self, action)
        self.log.append(action)
        # the next decision's options made now (a bot reads them in ``options_made``, a
        # replay's next ``apply`` checks against them): no call to ask for them
        self.options_made = self._options()
        return events

    def emit(self, kind: EventKind, **data: Any) -> None:
        self._events.append(_event((kind, data, None)))

    def _refill(self, row: list[str], deck: list[str], card: str) -> str | None:
        """Take ``card`` from ``row``; the deck's top card takes its place (none when empty)."""
        i = row.index(card)
        if deck:
            row[i] = deck.pop()
            return row[i]
        del row[i]
        return None

    # The handlers append their events inline (no ``emit`` call and keyword dict per event).
    def _on_open(self, a: Action) -> None:
        self.moved = True
        seat, b = a[0], a[2][0]
        p = self.players[seat - 1]
        p.sites[b] = []
        p.lacking[b] = NEEDS[b]
        left = self.actions = self.actions - 1
        turned = self._refill(self.building_row, self.building_deck, b)
        self._events.append(_event(("opened", {"seat": seat, "building": b, "turned": turned, "actions_left": left},
                                    None)))

    def _on_recruit(self, a: Action) -> None:
        self.moved = True
        seat, w = a[0], a[2][0]
        self.players[seat - 1].crew.append(w)
        left = self.actions = self.actions - 1
        turned = self._refill(self.worker_row, self.worker_deck, w)
        s, wd, k, t = self.pool
        ps, pw, pk, pt = CREW[w].output
        self.pool = (s - ps, wd - pw, k - pk, t - pt)  # the worker leaves the pool (the deck's top only moves)
        self._events.append(_event(("recruited", {"seat": seat, "worker": w, "turned": turned, "actions_left": left},
                                    None)))

    def _on_send(self, a: Action) -> None:
        self.moved = True
        seat = a[0]
        w, site = a[2]
        p = self.players[seat - 1]
        sent = self.sent
        cost = sent[site] + 1 if site in sent else 1  # send_cost
        sent[site] = cost
        wage = WAGES[w]
        left = self.actions = self.actions - cost
        p.coins -= wage
        p.crew.remove(w)
        workers = p.sites[site]
        workers.append(w)
        events = self._events
        events.append(_event(("sent", {"seat": seat, "worker": w, "site": site, "wage": wage, "cost": cost,
                                       "actions_left": left, "balance": p.coins}, None)))
        s, wd, k, t = p.lacking[site]
        o = OUTPUT[w]
        lacking = (s - o[0] if s > o[0] else 0, wd - o[1] if wd > o[1] else 0, k - o[2] if k > o[2] else 0,
                   t - o[3] if t > o[3] else 0)
        if lacking != _NOTHING:
            p.lacking[site] = lacking
        else:  # the site's workers meet its needs: finished
            building = BUILDINGS[site]
            del p.sites[site], p.lacking[site]
            del sent[site]
            p.crew += workers  # back, and sendable again this turn
            p.coins += building.coins
            if building.machine:
                p.machines.append(site)
                p.crew.append(site)  # a finished machine joins the crew at once
            else:
                p.finished.append(site)
            p.points += building.points
            events.append(_event(("finished", {"seat": seat, "building": site, "coins": building.coins,
                                               "points": building.points, "machine": building.machine,
                                               "returned": list(workers), "total_points": p.points,
                                               "balance": p.coins}, None)))

    def _on_coins(self, a: Action) -> None:
        seat, amount = a[0], a[2][0]
        cost = COIN_ACTIONS[amount]
        left = self.actions = self.actions - cost
        p = self.players[seat - 1]
        coins = COIN_AMOUNTS[amount]
        p.coins += coins
        self._events.append(_event(("coins", {"seat": seat, "coins": coins, "cost": cost, "actions_left": left,
                                              "balance": p.coins}, None)))

    def _on_buy(self, a: Action) -> None:
        seat = a[0]
        p = self.players[seat - 1]
        p.coins -= ACTION_PRICE
        self.actions += 1
        self.bought += 1
        self._events.append(_event(("bought", {"seat": seat, "price": ACTION_PRICE, "actions_left": self.actions,
                                               "balance": p.coins}, None)))

    def _on_end(self, a: Action) -> None:
        seat = a[0]
        p = self.players[seat - 1]
        p.turns += 1
        points = p.points
        self._events.append(_event(("turn_ended", {"seat": seat, "points": points, "unused": self.actions}, None)))
        if self.last_round is None:
            if points >= END_POINTS:
                self.last_round, self.ended_by = "points", a.seat
            elif self.moved and self.blocked():  # nothing moved since it was False: still False
                self.last_round, self.ended_by = "blocked", a.seat
            self.moved = False
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
        self.pending = _DECISIONS[seat]
        self._events.append(_event(("turn_started", {"seat": seat, "round": self.round, "actions": ACTIONS_PER_TURN,
                                                     "last_round": self.last_round is not None}, None)))

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
            self.rebuild_voiding(action)
            return [Event("voided", {"log_length": len(self.log)})]
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

    def public_view(self) -> dict[str, Any]:
        return public_view(self)

    def seat_view(self, seat: int) -> dict[str, Any]:
        return seat_view(self, seat)


class _SeatOptions:
    """Every option a seat can ever be offered, made once and shared by every game (actions
    are immutable values; a turn's options are listed again after every action): ``open``
    and ``recruit`` by card, ``send`` by site then worker, and ``tail[left][can_buy]``, the
    options that end a turn's list (take coins, buy, end) by the actions left (3 or more
    counts as 3) and whether the seat can pay for one more."""

    __slots__ = ("open", "recruit", "send", "tail")

    def __init__(self, seat: int) -> None:
        self.open = {b: Action(seat, "open", (b,)) for b in BUILDINGS}
        self.recruit = {w: Action(seat, "recruit", (w,)) for w in WORKERS}
        self.send = {b: {w: Action(seat, "send", (w, b)) for w in CREW} for b in BUILDINGS}
        coins = {c: Action(seat, "coins", (c,)) for c in COIN_ACTIONS}
        buy, end = Action(seat, "buy"), Action(seat, "end")
        self.tail = [(tuple(coins[c] for c, cost in COIN_ACTIONS.items() if cost <= left) + (end,),
                      tuple(coins[c] for c, cost in COIN_ACTIONS.items() if cost <= left) + (buy, end))
                     for left in range(4)]


_MADE = [_SeatOptions(seat) for seat in range(MAX_PLAYERS + 1)]
_DECISIONS = [Decision(seat, "turn") for seat in range(MAX_PLAYERS + 1)]  # shared: a Decision is a value

_HANDLERS: dict[str, Callable[[Game, Action], None]] = {
    "open": Game._on_open, "recruit": Game._on_recruit, "send": Game._on_send, "coins": Game._on_coins,
    "buy": Game._on_buy, "end": Game._on_end,
}

__all__ = ["ACTIONS_PER_TURN", "ACTION_PRICE", "END_POINTS", "Game", "IllegalAction"]
