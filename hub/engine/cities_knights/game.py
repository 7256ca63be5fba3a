"""The rules of Catan: Cities & Knights as far as a companion referees them: the dice and
the event die, the barbarian ship and its attacks, progress cards (draws, hand limit,
effects the hub tracks), city improvements and metropolises, and the points. The board
stays with the players: what happens on it is reported through the seat and checked
against the components' limits.

The state always says who must decide (``pending``) and lists the legal actions; ``apply``
accepts an action only if it is one of them, so legality has one source, and a refusal
(``refusals.explain``) says why before anything changes. Decisions that interrupt a turn
(draws, discards, knight confirmations, pillages, rewards, a Spy's pick) wait in ``queue``;
steps that follow them (the attack, production, the next turn) wait in ``after``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hub.engine.actions import standing
from hub.engine.replay import Replayable
from hub.engine.rng import SplitMix64

from .actions import Action, IllegalAction, effective_log
from .cards import BY_COLOUR, CARDS, COLOURS, TRACKS
from .events import Event
from .setup import MAX_PLAYERS, Setup
from .refusals import check_correction, explain
from .state import KNIGHTS_PER_LEVEL, PIECES, Decision, Knight, Player
from .views import public_view, result, seat_view

SHIP_STEPS = 7  # the 7th ship face brings the barbarians to Catan (digest §1)
WIN_POINTS = 13
HAND_LIMIT = 4  # progress cards, VP cards excluded; 5 allowed during one's own turn
FACES = ("ship", "green", "yellow", "blue")
DIE_FACE = {1: "ship", 2: "ship", 3: "ship", 4: "blue", 5: "green", 6: "yellow"}  # JP2 DiceEvent
ABILITIES = {"green": "aqueduct", "yellow": "trading_house", "blue": "fortress"}
TARGETED = {"spy", "master_merchant", "deserter"}


class Game(Replayable):
    """A game in progress at its first turn. ``Game.new(setup)`` or ``Game.replay(setup, log)``;
    everything outside the engine changes a game only through ``apply``."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.n = setup.players
        self.rng = SplitMix64(setup.seed)
        self.players = [Player(s) for s in range(1, self.n + 1)]
        self.deck = {c: list(BY_COLOUR[c]) for c in COLOURS}  # face down, never drawn: any may come up
        self.under: dict[str, list[str]] = {c: [] for c in COLOURS}  # played or discarded, in order
        self.discards: set[str] = set()  # the cards of ``under`` that were discarded, not played
        self.round = 0
        self.turn_seat = 0
        self.stage = "roll"  # roll, turn (after the roll) or over
        self.queue: list[Decision] = []
        self.after: list[str] = []
        self.dice: tuple[int, int, str] | None = None
        self.alchemist: tuple[int, int] | None = None
        self.ship = 0
        self.attacks = 0
        self.metropolis = dict.fromkeys(COLOURS, 0)
        self.road = 0
        self.merchant = 0
        self.cranes = 0  # improvement discounts left this turn
        self.ending = False
        self.deserted: tuple[int, bool] = (0, False)
        self.turn_actions = 0
        self.winner = 0
        self.log: list[Action] = []
        self.options_made: list[Action] | None = None
        self._events: list[Event] = []
        self._begin_turn(setup.first)
        self.start_events = self._events
        self._events = []


    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.stage == "over"

    @property
    def pending(self) -> Decision | None:
        if self.stage == "over":
            return None
        return self.queue[0] if self.queue else Decision(self.turn_seat, self.stage)

    @property
    def first_attack_done(self) -> bool:
        return self.attacks > 0

    def player(self, seat: int) -> Player:
        return self.players[seat - 1]

    def order(self, start: int | None = None) -> list[int]:
        """The seats clockwise from ``start`` (the seat on turn)."""
        start = start or self.turn_seat
        return [(start - 1 + k) % self.n + 1 for k in range(self.n)]

    def metropolises(self, seat: int) -> list[str]:
        return [c for c in COLOURS if self.metropolis[c] == seat]

    def sources(self, seat: int) -> dict[str, int]:
        """A seat's points by source (digest §6)."""
        p = self.player(seat)
        return {"settlements": p.settlements + p.sided, "cities": 2 * p.cities,
                "metropolises": 2 * len(self.metropolises(seat)), "longest_road": 2 if self.road == seat else 0,
                "defender": p.defender, "merchant": 1 if self.merchant == seat else 0, "progress": len(p.vp_cards)}

    def vp(self, seat: int) -> int:
        return sum(self.sources(seat).values())

    def barbarian_strength(self) -> int:
        """Every city on the board, metropolises included, counts 1 (digest §4, §7.2)."""
        return sum(p.cities for p in self.players)

    def knights_strength(self) -> int:
        return sum(p.strength for p in self.players)

    def hand_limit(self, seat: int) -> int:
        """4, or 5 during one's own turn until it ends (digest §5)."""
        return HAND_LIMIT + 1 if seat == self.turn_seat and not self.ending else HAND_LIMIT

    def seven_limit(self, seat: int) -> int:
        return 7 + 2 * self.player(seat).walls

    def drawable(self, colour: str) -> list[str]:
        """The cards that may come up from a colour's deck: any never drawn; once those are
        gone, the first card laid under it (played or discarded)."""
        if self.deck[colour]:
            return self.deck[colour]
        return self.under[colour][:1]

    def drawers(self, colour: str, red: int) -> list[int]:
        """Who draws on a gate of ``colour``: level >= 1 and >= red - 1, in turn order (§3)."""
        return [s for s in self.order() if self.player(s).levels[colour] >= max(1, red - 1)]

    def free_city_for(self, seat: int) -> bool:
        """A city that is not a metropolis (one to turn into a metropolis, or to lose)."""
        return self.player(seat).cities > len(self.metropolises(seat))

    def can_improve(self, seat: int, colour: str) -> bool:
        p = self.player(seat)
        level = p.levels[colour] + 1
        if level > 5 or p.cities == 0:
            return False
        if level == 4:
            return self.free_city_for(seat)
        if level == 5 and self.takes_metropolis(seat, colour):
            return self.free_city_for(seat)
        return True

    def takes_metropolis(self, seat: int, colour: str) -> bool:
        """Would reaching level 5 now take ``colour``'s metropolis from its holder?"""
        holder = self.metropolis[colour]
        return holder not in (0, seat) and self.player(holder).levels[colour] < 5

    def can_build_city(self, p: Player) -> bool:
        return p.sided > 0 or (p.settlements > 0 and p.cities + p.sided < PIECES["city"])

    def can_wall(self, p: Player) -> bool:
        return p.walls < min(PIECES["wall"], p.cities)

    def can_promote(self, p: Player, k: Knight) -> bool:
        up = k.level + 1
        return (not k.promoted and up <= 3 and p.on_board(up) < KNIGHTS_PER_LEVEL
                and (up < 3 or p.levels["blue"] >= 3))

    def legal_actions(self) -> list[Action]:
        if self.options_made is None:
            self.options_made = self._options()
        return self.options_made

    def opening_events(self) -> list[Event]:
        return [] if self.log else list(self.start_events)

    # ------------------------------------------------------------------ options
    def _options(self) -> list[Action]:
        d = self.pending
        if d is None:
            return []
        s, kind = d.seat, d.kind
        p = self.player(s)
        if kind == "roll":
            return self._roll_options(s, p)
        if kind == "turn":
            return self._turn_options(s, p)
        if kind == "draw":
            return [Action(s, "draw", (c,)) for c in self.drawable(d.about)]
        if kind == "discard":
            return [Action(s, "discard", (c,)) for c in p.hand]
        if kind == "take":
            return [Action(s, "take", (c,)) for c in self.player(int(d.about)).hand]
        if kind == "reward":
            return [Action(s, "reward", (c,)) for c in COLOURS if self.drawable(c)]
        if kind == "confirm":
            return [Action(s, "confirm")]
        if kind == "pillage":
            return [Action(s, "pillage", (w,)) for w, ok in (("wall", p.walls > 0), ("plain", p.walls < p.cities)) if ok]
        if kind == "desert":
            return [Action(s, "desert", (t,)) for t in _tokens(p)]
        if kind == "deserter":
            level = self.deserted[0]
            free = p.on_board(level) < KNIGHTS_PER_LEVEL or p.on_board(1) < KNIGHTS_PER_LEVEL
            return ([Action(s, "place")] if free else []) + [Action(s, "pass")]
        raise AssertionError(kind)

    def _roll_options(self, s: int, p: Player) -> list[Action]:
        if self.setup.dice == "hub":
            out = [Action(s, "roll")]
        elif self.alchemist is not None:
            out = [Action(s, "roll", (e,)) for e in FACES]
        else:
            out = [Action(s, "roll", (str(r), str(y), e)) for r in range(1, 7) for y in range(1, 7) for e in FACES]
        if self.alchemist is None:
            for c in p.hand:
                if CARDS[c].slug == "alchemist":
                    out += [Action(s, "play", (c, str(r), str(y))) for r in range(1, 7) for y in range(1, 7)]
        return out

    def _turn_options(self, s: int, p: Player) -> list[Action]:
        out = [Action(s, "end")]
        if p.settlements < PIECES["settlement"]:
            out.append(Action(s, "build", ("settlement",)))
        if self.can_build_city(p):
            out.append(Action(s, "build", ("city",)))
        if self.can_wall(p):
            out.append(Action(s, "build", ("wall",)))
        if p.on_board(1) < KNIGHTS_PER_LEVEL:
            out.append(Action(s, "knight", ("build",)))
        out += [Action(s, "knight", ("activate", str(lv)))
                for lv in sorted({k.level for k in p.knights if not k.active})]
        out += [Action(s, "knight", ("promote", t))
                for t in sorted({k.token for k in p.knights if self.can_promote(p, k)})]
        ready = sorted({k.level for k in p.knights if k.active and not k.fresh})
        out += [Action(s, "knight", ("act", str(lv))) for lv in ready]
        if self.first_attack_done:
            out += [Action(s, "knight", ("chase", str(lv))) for lv in ready]
        for q in self.players:
            if q.seat != s:
                out += [Action(s, "oust", (str(q.seat), t)) for t in _tokens(q)]
        out += [Action(s, "improve", (c,)) for c in COLOURS if self.can_improve(s, c)]
        out += [Action(s, "road", (str(q),)) for q in range(self.n + 1) if q != self.road]
        for c in p.hand:
            out += self._play_options(s, p, c)
        return out

    def _play_options(self, s: int, p: Player, c: str) -> list[Action]:
        slug = CARDS[c].slug
        if slug == "alchemist" or (slug == "bishop" and not self.first_attack_done):
            return []
        if slug == "engineer" and not self.can_wall(p):
            return []
        if slug == "medicine" and not self.can_build_city(p):
            return []
        if slug in TARGETED:
            mine = self.vp(s)
            ok: Callable[[Player], bool] = {
                "spy": lambda q: bool(q.hand), "deserter": lambda q: bool(q.knights),
                "master_merchant": lambda q: self.vp(q.seat) > mine}[slug]
            return [Action(s, "play", (c, str(q.seat))) for q in self.players if q.seat != s and ok(q)]
        return [Action(s, "play", (c,))]

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action | str) -> list[Event]:
        """Apply one action and return its events; refuse (state untouched) if illegal."""
        if isinstance(action, str):
            action = Action.parse(action)
        if action.seat == 0 and action.verb == "void":
            return self._void(action)
        if action.seat == 0 and action.verb == "set":
            return self._correct(action)
        if action not in self.legal_actions():
            raise explain(self, action)
        events: list[Event] = []
        self._events = events
        _HANDLERS[action.verb](self, action)
        self.log.append(action)
        self.turn_actions += 1
        self._run()
        self._check_winner()
        self.options_made = None
        return events

    def emit(self, kind: str, to: int | None = None, **data: Any) -> None:
        self._events.append(Event(kind, data, to))

    def _run(self) -> None:
        """Settle what follows automatically: skip draws from an empty deck, then run the
        next step waiting in ``after`` until someone must decide."""
        while True:
            if self.queue:
                head = self.queue[0]
                if head.kind == "draw" and not self.drawable(head.about):
                    self.queue.pop(0)
                    self.emit("deck_empty", seat=head.seat, colour=head.about)
                    continue
                if head.kind == "reward" and not any(self.drawable(c) for c in COLOURS):
                    self.queue.pop(0)
                    self.emit("deck_empty", seat=head.seat, colour="")
                    continue
                return
            if not self.after:
                return
            _STEPS[self.after.pop(0)](self)

    def _check_winner(self) -> None:
        """13 points win, on one's own turn only (digest §6)."""
        if self.stage != "over" and self.vp(self.turn_seat) >= WIN_POINTS:
            self.winner = self.turn_seat
            self.stage = "over"
            self.queue.clear()
            self.after.clear()
            self.emit("game_over", winner=self.winner, round=self.round,
                      points={s: self.vp(s) for s in range(1, self.n + 1)})

    # ------------------------------------------------------------------ the roll
    def _on_roll(self, a: Action) -> None:
        if self.setup.dice == "hub":
            if self.alchemist is not None:
                red, yellow = self.alchemist
            else:
                red, yellow = self.rng.below(6) + 1, self.rng.below(6) + 1
            event = DIE_FACE[self.rng.below(6) + 1]
        elif self.alchemist is not None:
            (red, yellow), event = self.alchemist, a.args[0]
        else:
            red, yellow, event = int(a.args[0]), int(a.args[1]), a.args[2]
        self.dice = (red, yellow, event)
        self.stage = "turn"
        self.emit("rolled", seat=a.seat, red=red, yellow=yellow, event=event, total=red + yellow,
                  alchemist=self.alchemist is not None)
        if event == "ship":
            self.ship += 1
            arrived = self.ship >= SHIP_STEPS
            confirming = self.order() if arrived else []  # who confirms their knights, in turn
            self.emit("ship", position=self.ship, steps=SHIP_STEPS, arrived=arrived,
                      barbarians=self.barbarian_strength(), knights=self.knights_strength(), confirming=confirming)
            if arrived:
                self.queue += [Decision(s, "confirm") for s in confirming]
                self.after.append("attack")
        else:
            drawers = self.drawers(event, red)
            self.emit("gate", colour=event, red=red, drawers=drawers)
            self.queue += [Decision(s, "draw", event) for s in drawers]
        self.after.append("production")

    def _step_attack(self) -> None:
        """The barbarians against the active knights (digest §4), then every knight
        inactive and the ship back at the start."""
        barbarians, knights = self.barbarian_strength(), self.knights_strength()
        strength = {s: self.player(s).strength for s in self.order()}
        self.attacks += 1
        won = knights >= barbarians
        result: dict[str, Any] = {"barbarians": barbarians, "knights": knights, "won": won, "strength": strength,
                                  "attack": self.attacks}
        if won:
            top = max(strength.values())
            tied = [s for s, v in strength.items() if v == top] if top > 0 else []
            if len(tied) == 1:
                self.player(tied[0]).defender += 1
            else:
                self.queue += [Decision(s, "reward") for s in tied]
            result.update(defender=tied[0] if len(tied) == 1 else 0, tied=tied if len(tied) > 1 else [])
        else:
            eligible = {s: v for s, v in strength.items() if self.free_city_for(s)}
            low = min(eligible.values(), default=0)
            losers = [s for s, v in eligible.items() if v == low]
            self.queue += [Decision(s, "pillage") for s in losers]
            result.update(losers=losers, skipped=[s for s in strength if s not in eligible])
        self.emit("attack", **result)
        for p in self.players:
            for k in p.knights:
                k.active = k.fresh = False
        self.ship = 0
        self.emit("knights_reset", robber_free=True)

    def _step_production(self) -> None:
        assert self.dice is not None
        red, yellow, _ = self.dice
        total = red + yellow
        if total == 7:
            self.emit("seven", limits={s: self.seven_limit(s) for s in self.order()},
                      robber=self.first_attack_done)
        else:
            aqueducts = [s for s in self.order() if self.player(s).levels["green"] >= 3]
            self.emit("production", total=total, aqueducts=aqueducts)

    # ------------------------------------------------------------------ cards
    def _check_hand(self, seat: int) -> None:
        """Over the limit: a discard now, before anything else."""
        if len(self.player(seat).hand) > self.hand_limit(seat):
            self.queue.insert(0, Decision(seat, "discard"))
            self.emit("hand_limit", seat=seat, held=len(self.player(seat).hand), limit=self.hand_limit(seat))

    def _to_under(self, card: str) -> None:
        self.under[CARDS[card].colour].append(card)

    def _on_draw(self, a: Action) -> None:
        card = a.args[0]
        colour = CARDS[card].colour
        self.queue.pop(0)
        if card in self.deck[colour]:
            self.deck[colour].remove(card)
        else:
            self.under[colour].remove(card)
            self.discards.discard(card)
        p = self.player(a.seat)
        if CARDS[card].vp:
            p.vp_cards.append(card)
            self.emit("vp_card", seat=a.seat, card=card, slug=CARDS[card].slug, colour=colour, vp=self.vp(a.seat))
            return
        p.hand.append(card)
        self.emit("drew", seat=a.seat, colour=colour, held=len(p.hand))
        self.emit("drew_card", to=a.seat, seat=a.seat, card=card, slug=CARDS[card].slug)
        self._check_hand(a.seat)

    def _on_discard(self, a: Action) -> None:
        card = a.args[0]
        self.queue.pop(0)
        self.player(a.seat).hand.remove(card)
        self._to_under(card)
        self.discards.add(card)
        self.emit("discarded", seat=a.seat, colour=CARDS[card].colour, held=len(self.player(a.seat).hand))
        self.emit("discarded_card", to=a.seat, seat=a.seat, card=card, slug=CARDS[card].slug)
        self._check_hand(a.seat)

    def _on_reward(self, a: Action) -> None:
        self.queue[0] = Decision(a.seat, "draw", a.args[0])
        self.emit("reward", seat=a.seat, colour=a.args[0])

    def _on_take(self, a: Action) -> None:
        card = a.args[0]
        victim = int(self.queue.pop(0).about)
        self.player(victim).hand.remove(card)
        self.player(a.seat).hand.append(card)
        self.emit("took", seat=a.seat, victim=victim)
        for who in (a.seat, victim):
            self.emit("took_card", to=who, seat=a.seat, victim=victim, card=card, slug=CARDS[card].slug)
        self._check_hand(a.seat)

    def _on_play(self, a: Action) -> None:
        card = a.args[0]
        slug = CARDS[card].slug
        p = self.player(a.seat)
        p.hand.remove(card)
        p.played += 1
        self._to_under(card)
        data: dict[str, Any] = {"seat": a.seat, "card": card, "slug": slug, "colour": CARDS[card].colour}
        if slug == "alchemist":
            self.alchemist = (int(a.args[1]), int(a.args[2]))
            data.update(red=self.alchemist[0], yellow=self.alchemist[1])
        elif slug == "crane":
            self.cranes += 1
        elif slug == "engineer":
            p.walls += 1
            data.update(walls=p.walls)
        elif slug == "medicine":
            self._city(p)
        elif slug == "merchant":
            data.update(previous=self.merchant)
            self.merchant = a.seat
        elif slug == "warlord":
            woken = [k for k in p.knights if not k.active]
            for k in woken:
                k.active = k.fresh = True
            data.update(activated=len(woken), strength=p.strength)
        elif slug in TARGETED:
            target = int(a.args[1])
            data.update(target=target)
            if slug == "spy":
                self.queue.insert(0, Decision(a.seat, "take", str(target)))
            elif slug == "deserter":
                self.queue[:0] = [Decision(target, "desert", str(a.seat)), Decision(a.seat, "deserter", str(target))]
        elif slug == "saboteur":
            mine = self.vp(a.seat)
            data.update(affected=[s for s in self.order() if s != a.seat and self.vp(s) >= mine])
        elif slug == "wedding":
            mine = self.vp(a.seat)
            data.update(affected=[s for s in self.order() if self.vp(s) > mine])
        self.emit("played", **data)

    def _on_desert(self, a: Action) -> None:
        self.queue.pop(0)
        k = _remove(self.player(a.seat), a.args[0])
        self.deserted = (k.level, k.active)
        self.emit("knight", seat=a.seat, change="deserted", token=a.args[0])

    def _on_place(self, a: Action) -> None:
        self.queue.pop(0)
        p = self.player(a.seat)
        level, active = self.deserted
        if p.on_board(level) >= KNIGHTS_PER_LEVEL:
            level = 1
        k = Knight(level, active)
        k.fresh = active
        p.knights.append(k)
        self.emit("knight", seat=a.seat, change="placed", token=k.token)

    def _on_pass(self, a: Action) -> None:
        self.queue.pop(0)
        self.emit("knight", seat=a.seat, change="not_placed", token="")

    # ------------------------------------------------------------------ attacks
    def _on_confirm(self, a: Action) -> None:
        self.queue.pop(0)
        self.emit("confirmed", seat=a.seat, strength=self.player(a.seat).strength)

    def _on_pillage(self, a: Action) -> None:
        self.queue.pop(0)
        p = self.player(a.seat)
        p.cities -= 1
        if a.args[0] == "wall":
            p.walls -= 1
        if p.settlements < PIECES["settlement"]:
            p.settlements += 1
        else:
            p.sided += 1  # no settlement piece left: the city lies on its side
        self.emit("pillaged", seat=a.seat, wall=a.args[0] == "wall", sided=p.sided > 0, vp=self.vp(a.seat))

    # ------------------------------------------------------------------ reports
    def _city(self, p: Player) -> None:
        if p.sided:
            p.sided -= 1  # a city on its side is rebuilt before any other
        else:
            p.settlements -= 1
        p.cities += 1

    def _on_build(self, a: Action) -> None:
        p = self.player(a.seat)
        what = a.args[0]
        if what == "settlement":
            p.settlements += 1
        elif what == "city":
            self._city(p)
        else:
            p.walls += 1
        self.emit("built", seat=a.seat, piece=what, vp=self.vp(a.seat))

    def _on_knight(self, a: Action) -> None:
        p = self.player(a.seat)
        sub = a.args[0]
        if sub == "build":
            p.knights.append(Knight())
        elif sub == "activate":
            k = next(k for k in p.knights if k.level == int(a.args[1]) and not k.active)
            k.active = k.fresh = True
        elif sub == "promote":
            k = next(k for k in p.knights if k.token == a.args[1] and self.can_promote(p, k))
            k.level += 1
            k.promoted = True
        else:  # act, chase: a knight action deactivates the knight
            k = next(k for k in p.knights if k.level == int(a.args[1]) and k.active and not k.fresh)
            k.active = False
        self.emit("knight", seat=a.seat, change=sub, token=a.args[1] if len(a.args) > 1 else "1i",
                  strength=p.strength)

    def _on_oust(self, a: Action) -> None:
        seat = int(a.args[0])
        _remove(self.player(seat), a.args[1])
        self.emit("knight", seat=seat, change="ousted", token=a.args[1], by=a.seat)

    def _on_improve(self, a: Action) -> None:
        p = self.player(a.seat)
        colour = a.args[0]
        taking = p.levels[colour] == 4 and self.takes_metropolis(a.seat, colour)
        p.levels[colour] += 1
        level = p.levels[colour]
        discount = 1 if self.cranes else 0
        self.cranes -= discount
        self.emit("improved", seat=a.seat, colour=colour, track=TRACKS[colour], level=level,
                  cost=level - discount, discount=discount)
        if level == 3:
            self.emit("ability", seat=a.seat, colour=colour, ability=ABILITIES[colour])
        holder = self.metropolis[colour]
        if (level == 4 and holder == 0) or (level == 5 and taking):
            self.metropolis[colour] = a.seat
            self.emit("metropolis", seat=a.seat, colour=colour, previous=holder, vp=self.vp(a.seat))

    def _on_road(self, a: Action) -> None:
        previous, self.road = self.road, int(a.args[0])
        self.emit("road", seat=self.road, previous=previous, by=a.seat)

    def _on_end(self, a: Action) -> None:
        self.ending = True
        self.emit("turn_ended", seat=a.seat, vp=self.vp(a.seat))
        self._check_hand(a.seat)
        self.after.append("next_turn")

    def _step_next_turn(self) -> None:
        self.ending = False
        self._begin_turn(self.turn_seat % self.n + 1)

    def _begin_turn(self, seat: int) -> None:
        if seat == self.setup.first:
            self.round += 1
        self.turn_seat = seat
        self.stage = "roll"
        self.dice = None
        self.alchemist = None
        self.cranes = 0
        self.turn_actions = 0
        for p in self.players:
            for k in p.knights:
                k.fresh = k.promoted = False
        self.emit("turn_started", seat=seat, round=self.round, vp=self.vp(seat), ship=self.ship)

    # ------------------------------------------------------------------ corrections
    def _void(self, action: Action) -> list[Event]:
        """``0 void`` cancels the last action that stands (the state is rebuilt without it)."""
        log = [*self.log, action]
        if not standing(self.log):
            raise IllegalAction("nothing_to_void", "there is no action to void")
        rebuilt = Game.replay(self.setup, effective_log(log))
        self.__dict__.update(rebuilt.__dict__)
        self.log = log
        self.options_made = None
        return [Event("voided", {"log_length": len(log)})]

    def _correct(self, action: Action) -> list[Event]:
        """``0 set <seat> <what> <value> [reason...]``: the admin corrects what the hub keeps
        of a seat (a build misreported, a level pressed twice). A metropolis follows the
        levels: its holder below level 4 frees it; a free one goes to a seat at level 4 or
        more. Points are counted again; a winner still only on their own turn."""
        check_correction(self, action)
        seat, what, value = int(action.args[0]), action.args[1], int(action.args[2])
        p = self.player(seat)
        before = self.vp(seat)
        if what in COLOURS:
            p.levels[what] = value
            self._settle_metropolis(what)
        else:
            setattr(p, what, value)
        events: list[Event] = []
        self._events = events
        self.emit("corrected", seat=seat, what=what, value=value, vp=self.vp(seat), was=before,
                  reason=" ".join(action.args[3:]))
        self.log.append(action)
        self._check_winner()
        self.options_made = None
        return events

    def _settle_metropolis(self, colour: str) -> None:
        holder = self.metropolis[colour]
        if holder and self.player(holder).levels[colour] < 4:
            self.metropolis[colour] = holder = 0
        if not holder:
            best = [s for s in self.order() if self.player(s).levels[colour] >= 4]
            if best:
                self.metropolis[colour] = max(best, key=lambda s: self.player(s).levels[colour])

    # ------------------------------------------------------------------ views and hashing
    def snapshot(self) -> dict[str, Any]:
        return {
            "setup": self.setup.to_json(), "rng": [self.rng.seed, self.rng.counter],
            "players": [p.snapshot() for p in self.players], "deck": {c: list(v) for c, v in self.deck.items()},
            "under": {c: list(v) for c, v in self.under.items()}, "discards": sorted(self.discards),
            "round": self.round, "turn": self.turn_seat, "stage": self.stage,
            "queue": [list(d) for d in self.queue], "after": list(self.after), "dice": self.dice,
            "alchemist": self.alchemist, "ship": self.ship, "attacks": self.attacks,
            "metropolis": dict(self.metropolis), "road": self.road, "merchant": self.merchant,
            "cranes": self.cranes, "ending": self.ending, "deserted": list(self.deserted),
            "turn_actions": self.turn_actions, "winner": self.winner, "log": [str(a) for a in self.log],
        }

    def public_view(self) -> dict[str, Any]:
        return public_view(self)

    def seat_view(self, seat: int) -> dict[str, Any]:
        return seat_view(self, seat)

    def result(self) -> dict[str, Any] | None:
        return result(self) if self.over else None


def _tokens(p: Player) -> list[str]:
    return sorted({k.token for k in p.knights})


def _remove(p: Player, token: str) -> Knight:
    k = next(k for k in p.knights if k.token == token)
    p.knights.remove(k)
    return k


_HANDLERS: dict[str, Callable[[Game, Action], None]] = {
    "roll": Game._on_roll, "play": Game._on_play, "draw": Game._on_draw, "discard": Game._on_discard,
    "take": Game._on_take, "reward": Game._on_reward, "confirm": Game._on_confirm, "pillage": Game._on_pillage,
    "desert": Game._on_desert, "place": Game._on_place, "pass": Game._on_pass, "build": Game._on_build,
    "knight": Game._on_knight, "oust": Game._on_oust, "improve": Game._on_improve, "road": Game._on_road,
    "end": Game._on_end,
}
_STEPS: dict[str, Callable[[Game], None]] = {
    "attack": Game._step_attack, "production": Game._step_production, "next_turn": Game._step_next_turn,
}

__all__ = ["FACES", "HAND_LIMIT", "MAX_PLAYERS", "SHIP_STEPS", "WIN_POINTS", "Game", "IllegalAction"]
