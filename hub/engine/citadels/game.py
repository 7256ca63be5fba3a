"""The rules of Citadels: one mutable game state, its legal options and its log.

One game runs every edition: where the rule sets differ it asks its edition
(``hub/engine/citadels/editions``) for a number or calls one of its hooks.

The state always says who must decide what (``pending``) and lists the legal actions;
``apply`` accepts an action only if it is one of them, so legality has one source. A
refused action raises ``IllegalAction`` before anything changes.

Two kinds of knowledge run the same rules:
- digital: the engine owns the deck and the hands and draws from the RNG in its state;
- physical: the cards are real; the engine counts each hand and the deck and learns a
  card only when a reader sees it (a district scanned to build, a character picked).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Collection, Sequence
from typing import Any, get_args

from .actions import Action, effective_log
from .cards import CHARACTER_BY_ID, TYPES, CardSet, District, card_set
from .characters import ABILITY_OF, CharacterRules
from .events import Event, EventKind, Events, Recorded
from .refusals import check_correction, explain
from ..rng import SplitMix64
from .scoring import score_game
from .setup import Setup, StartPosition
from .state import DECISION_KINDS, Decision, DecisionKind, Player
from .views import public_view, seat_view

__all__ = ["DECISION_KINDS", "Decision", "DecisionKind", "Game", "Player", "effective_log"]

FACE_UP_REMOVED = {2: 0, 3: 0, 4: 2, 5: 1, 6: 0, 7: 0}  # Classic's; a game asks its edition
TAXED = {"king", "bishop", "merchant", "warlord"}
TURN_EFFECTS = frozenset({"laboratory", "museum", "smithy"})  # districts that add options to a turn
CARD_VERBS = ("pick", "discard", "faceup", "keep", "toss", "build", "lab", "museum", "rob", "swap", "redraw",
              "kill", "graveyard")
RANK_OF = {c.id: c.rank for c in CHARACTER_BY_ID.values()}
_new: Any = tuple.__new__  # a NamedTuple (an Action) made without its Python-level __new__ (hot paths)
MAX_SEATS = 7
# Actions are immutable values: the ones offered again and again are made once, shared by
# every game (argument-less ones by seat and verb, one-argument ones filled in on demand)
SIMPLE_ACTIONS: list[dict[str, Action]] = [
    {verb: Action(seat, verb) for verb in ("gold", "draw", "end", "tax", "lab", "museum", "smithy", "redraw", "done")}
    for seat in range(MAX_SEATS + 1)
]
MADE_ACTIONS: list[dict[str, dict[str, Action]]] = [
    {verb: {} for verb in CARD_VERBS} for _ in range(MAX_SEATS + 1)
]
# Decisions are immutable too: one per seat and kind, shared (a game changes its pending decision at every action)
DECISIONS: list[dict[str, Decision]] = [
    {kind: Decision(seat, kind) for kind in get_args(DecisionKind)} for seat in range(MAX_SEATS + 1)
]
TURNS = [d["turn"] for d in DECISIONS]  # seat -> the seat's turn decision
PRICES: dict[str, tuple[dict[str, int], tuple[dict[str, int], dict[str, int]]]] = {}  # deck -> Game._prices()
# the Warlord's options, by his seat and the victim's: district -> option
DESTROY_ACTIONS: list[list[dict[str, Action]]] = [[{} for _ in range(MAX_SEATS + 1)] for _ in range(MAX_SEATS + 1)]


class Game:
    """A game in progress. Build with ``Game.new(setup)`` or ``Game.replay(setup, log)``.

    Everything outside the engine changes a game only through ``apply``. The effects
    (``gain``, ``draw_into``, ``take_crown``, ``swap_hands``, ``redraw``, ``destroy``,
    ``emit``, ``options_of``) are public for the character and edition rules, which call
    them while ``apply`` runs their action (``state.GameState`` lists what they use)."""

    # Slots, not a __dict__: a game has more attributes than CPython shares dict keys for
    # (30), and the rules read and write them at every action; a slot is a fixed offset
    __slots__ = (
        "setup", "cards", "edition", "characters", "in_game", "edition_state", "character_rules", "digital", "n",
        "complete_at", "rng", "players", "deck", "deck_unknown", "round", "phase", "crowned", "log", "pending",
        "pile", "faceup", "facedown", "draft_steps", "holder", "rank", "killed", "robbed", "revealed", "turn_seat",
        "turn_char", "gathered", "builds_left", "used", "drawn", "tossed", "grave_card", "first_complete",
        "result_cache", "options_made", "_events", "start_events", "simple_actions", "_made", "_calls", "kill_targets",
        "rob_targets", "_cost", "_destroy_prices", "_character_ids", "_draft_plans", "_taxes", "_ability",
        "_ability_kept", "_destroy_kept", "other_seats", "_box_left",
    )

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.cards: CardSet = card_set(setup.deck)
        self.edition = setup.rules
        self.characters = self.edition.characters(setup.players)  # the characters in play
        self.in_game = frozenset(c.id for c in self.characters)
        self.edition_state: dict[str, Any] = {}  # what an edition's hooks remember
        self.character_rules = self.edition.character_rules
        self.digital = setup.mode == "digital"
        self.n = setup.players
        self.complete_at = setup.complete_at
        self.rng = SplitMix64(setup.seed)
        self.players = [Player(s) for s in range(1, self.n + 1)]
        self.deck: list[str] = []  # digital: index 0 is the bottom, the end is the top
        self.deck_unknown = 0  # physical: how many cards the deck holds
        self.round = 0
        self.phase = "draft"
        self.crowned = setup.crowned
        self.log: list[Action] = []
        self.pending: Decision | None = None
        # draft
        self.pile: list[str] = []  # digital: the characters the picker is offered
        self.faceup: list[str] = []
        self.facedown: list[str] = []  # digital only
        self.draft_steps: list[tuple[int, str]] = []
        self.holder: dict[str, int] = {}
        # calling and turns
        self.rank = 0
        self.killed: str | None = None
        self.robbed: str | None = None
        self.revealed: dict[str, int] = {}
        self.turn_seat = 0
        self.turn_char = ""
        self.gathered = False
        self.builds_left = 0
        self.used: set[str] = set()
        self.drawn: list[str] = []
        self.tossed: list[str] = []
        self.grave_card: str | None = None
        self.first_complete: int | None = None
        self.result_cache: dict[str, Any] | None = None
        # the decision's options once made (what ``legal_actions`` returns; None: not made yet):
        # read only, shared; the random bot reads them here, without a call, at every decision
        self.options_made: list[Action] | None = None
        self._events = Recorded()  # the events of the action being applied, as (kind, data, to) tuples
        self.start_events: Sequence[Event] = Events()  # every event of the start, private ones too
        self.simple_actions = SIMPLE_ACTIONS
        self._made = MADE_ACTIONS
        # the characters called, by rank (None: not in this game at this table size)
        self._calls: list[str | None] = [None] * 9
        for c in self.characters:
            self._calls[c.rank] = c.id
        self.kill_targets = [c.id for c in self.characters if c.rank > 1]
        self.rob_targets = [c.id for c in self.characters if c.rank > 2]
        self.other_seats = [[str(q) for q in range(1, self.n + 1) if q != s] for s in range(self.n + 1)]  # the Magician's swaps
        self._cost, self._destroy_prices = self._prices()
        self._character_ids = [c.id for c in self.characters]
        self._draft_plans: dict[int, list[tuple[int, str]]] = {}  # crowned seat -> draft steps
        self._taxes = False  # the character in turn collects taxes
        self._ability = CharacterRules()  # the rules of the character in turn (none yet: plain ones)
        # the ability's options of the turn when they cannot change during it (``fixed_options``;
        # [] for a character with no ability), None when they are asked for at each decision
        self._ability_kept: list[Action] | None = []
        self._destroy_kept: list[tuple[int, Action]] | None = None  # see destroy_options
        # physical: the districts with a copy in no city (the deck's order), None when a city
        # changed since it was counted (a turn's options ask for it at each decision)
        self._box_left: list[str] | None = None

    # ------------------------------------------------------------------ building
    @classmethod
    def new(cls, setup: Setup) -> Game:
        game = cls(setup)
        game._deal()
        game._start_round()
        game.start_events = game._events  # what the start announced (see opening_events)
        game._events = Recorded()
        return game

    @classmethod
    def replay(cls, setup: Setup, log: list[Action] | list[str]) -> Game:
        """Rebuild a game from its setup and log (``void`` entries cancel the action before)."""
        actions = [a if isinstance(a, Action) else Action.parse(a) for a in log]
        game = cls.new(setup)
        for action in actions:
            game.apply(action)
        return game

    def _deal(self) -> None:
        start = self.setup.start
        if self.digital:
            deck = self.cards.deck_list()
            if start is not None:
                for given in start:
                    for card in (*given.city, *(given.hand or ())):
                        if card not in deck:
                            raise ValueError(f"the start positions use more {card!r} cards than the deck has")
                        deck.remove(card)
            self.rng.shuffle(deck)
            self.deck = deck
        for p in self.players:
            pos: StartPosition | None = start[p.seat - 1] if start is not None else None
            if pos is None:
                if self.digital:
                    p.hand = self._take_top(4)
                p.hand_size = 4
            else:
                p.gold = pos.gold
                p.city = list(pos.city)
                if self.digital:
                    p.hand = list(pos.hand) if pos.hand is not None else self._take_top(4)
                    p.hand_size = len(p.hand)
                else:
                    p.hand = list(pos.hand or ())
                    p.hand_size = pos.hand_size if pos.hand_size is not None else max(4, len(p.hand))
            self._city_changed(p)
            if len(p.city) >= self.complete_at and self.first_complete is None:
                self.first_complete = p.seat
        if not self.digital:
            self.deck_unknown = self.cards.size() - sum(p.hand_size + len(p.city) for p in self.players)

    def _prices(self) -> tuple[dict[str, int], tuple[dict[str, int], dict[str, int]]]:
        """The deck's building costs, and ``destroy_price`` of each destructible district in a
        city without and with a Great Wall: fixed by the deck, made once per deck (the
        Warlord's options are asked for at every decision of his turn)."""
        prices = PRICES.get(self.setup.deck)
        if prices is None:
            districts = self.cards.districts.values()
            plain, walled = ({d.id: self.destroy_price(_walled(wall), d.id) for d in districts
                              if d.effect != "indestructible"} for wall in (False, True))
            prices = PRICES[self.setup.deck] = ({d.id: d.cost for d in districts}, (plain, walled))
        return prices

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.phase == "over"

    def player(self, seat: int) -> Player:
        return self.players[seat - 1]

    def deck_size(self) -> int:
        return len(self.deck) if self.digital else self.deck_unknown

    def district(self, card: str) -> Any:
        return self.cards.districts[card]

    def has_effect(self, p: Player, effect: str) -> bool:
        return effect in p.effects

    def _city_changed(self, p: Player) -> None:
        """Recount what the city gives (effects, tax per type) when it changes, not at every use."""
        districts = self.cards.districts
        p.effects = frozenset()
        p.taxed = dict.fromkeys(TYPES, 0)
        p.in_city = set()
        for c in p.city:
            _count_district(p, districts[c])

    def complete(self, p: Player) -> bool:
        return len(p.city) >= self.complete_at

    def face_up_candidates(self) -> list[str]:
        """The characters in play that may be removed face up (the edition says which)."""
        may = self.edition.may_lie_face_up
        return [c.id for c in self.characters if may(c.id)]

    def opening_events(self) -> list[Event]:
        """The public events of the game's start (round 1 and its crown, the characters
        removed face up) while nothing has been applied yet; ``[]`` afterwards."""
        if self.log:
            return []
        return [e for e in self.start_events if e.kind in ("round_started", "faceup_removed")]

    def legal_actions(self) -> list[Action]:
        """Every action the rules allow now; ``apply`` accepts exactly these."""
        legal = self.options_made
        if legal is None:
            d = self.pending
            legal = self.options_made = self._turn_options(d[0]) if d is not None and d[1] == "turn" else self._compute_legal()
        return legal

    def result(self) -> dict[str, Any] | None:
        return self.result_cache

    # ------------------------------------------------------------------ legal options
    def _compute_legal(self) -> list[Action]:
        d = self.pending
        if d is None:
            return []
        seat, kind = d
        if kind == "turn":
            return self._turn_options(seat)
        if kind == "pick":
            return self.options_of(seat, "pick", self.pile if self.digital else self._draft_choices())
        if kind == "discard":
            return self.options_of(seat, "discard", self.pile)
        if kind == "keep":
            return self.options_of(seat, "keep", dict.fromkeys(self.drawn))
        if kind == "toss":
            out = self.options_of(seat, "toss", dict.fromkeys(self.players[seat - 1].hand))
            if self.tossed:
                out.append(SIMPLE_ACTIONS[seat]["done"])
            return out
        if kind == "graveyard":
            return self.options_of(seat, "graveyard", ("take", "pass"))
        if kind == "faceup":
            return self.options_of(seat, "faceup", [c for c in self.face_up_candidates() if c not in self.faceup])
        raise AssertionError(kind)

    def _draft_choices(self) -> list[str]:
        if self.digital:
            return list(self.pile)
        taken = set(self.faceup) | set(self.holder)
        return [c.id for c in self.characters if c.id not in taken]

    def _turn_options(self, seat: int) -> list[Action]:
        p = self.players[seat - 1]
        used = self.used
        simple = self.simple_actions[seat]
        out: list[Action]
        if self.gathered:
            out = [simple["end"]]
            if self.builds_left > 0 and p.hand_size > 0 and len(p.city) < self.complete_at:
                if self.digital and "duplicates" not in p.effects:  # the usual case in one pass
                    # a loop, not a comprehension over dict.fromkeys(hand) (no function, no dict:
                    # half the time); a second copy of a card is the same option, already in
                    made = self._made[seat]["build"]
                    cost = self._cost
                    gold = p.gold
                    city = p.in_city
                    try:
                        for c in p.hand:
                            if cost[c] <= gold and c not in city:
                                option = made[c]
                                if option not in out:
                                    out.append(option)
                    except KeyError:  # an option not made yet
                        out[1:] = self.options_of(seat, "build", self._buildable(p))
                else:
                    out += self.options_of(seat, "build", self._buildable(p))
        elif (len(self.deck) if self.digital else self.deck_unknown) > 0:
            out = [simple["gold"], simple["draw"]]
        else:
            out = [simple["gold"]]
        if self._taxes and "tax" not in used:
            out.append(simple["tax"])
        if "ability" not in used:
            kept = self._ability_kept
            if kept is not None:
                out += kept
            else:
                out += self._ability.options(self, p)
        effects = p.effects
        if not effects.isdisjoint(TURN_EFFECTS):
            self._district_options(seat, p, out)
        return out

    def _district_options(self, seat: int, p: Player, out: list[Action]) -> None:
        """The options of the districts with an ability in ``p``'s city (Laboratory, Museum, Smithy)."""
        used = self.used
        effects = p.effects
        simple = self.simple_actions[seat]
        if p.hand_size > 0:
            if "laboratory" in effects and "lab" not in used:
                if self.digital:
                    out += self.options_of(seat, "lab", dict.fromkeys(p.hand))
                else:
                    out.append(simple["lab"])
            if "museum" in effects and "museum" not in used:
                if self.digital:
                    out += self.options_of(seat, "museum", dict.fromkeys(p.hand))
                else:
                    out.append(simple["museum"])
        if "smithy" in effects and "smithy" not in used and p.gold >= 2:
            out.append(simple["smithy"])

    def _buildable(self, p: Player) -> list[str]:
        cost = self._cost
        gold = p.gold
        dupes_ok = "duplicates" in p.effects
        city = p.in_city
        candidates: Collection[str]
        if self.digital:
            candidates = dict.fromkeys(p.hand)
        elif p.hand_size > len(p.hand):  # some cards unseen: any district left in the box
            candidates = self._box_left if self._box_left is not None else self._count_box()
        else:
            candidates = _distinct(p.hand)
        if dupes_ok:
            return [c for c in candidates if cost[c] <= gold]
        return [c for c in candidates if cost[c] <= gold and c not in city]

    def _count_box(self) -> list[str]:
        """The districts with a copy in no city, in the deck's order (kept in ``_box_left``)."""
        in_cities: dict[str, int] = {}
        for q in self.players:
            for c in q.city:
                in_cities[c] = in_cities.get(c, 0) + 1
        box = self._box_left = [c for c, d in self.cards.districts.items() if in_cities.get(c, 0) < d.copies]
        return box

    def destroy_options(self, warlord: Player) -> list[tuple[int, Action]]:
        """(price, option) for each district the Warlord in turn may destroy now if his gold
        allows, in the options' order. Kept until a city changes or a turn begins: his options
        are asked for at every decision of his turn, and between two of them only his gold
        changes which he has (``Warlord.options`` filters this list by it)."""
        kept = self._destroy_kept
        if kept is not None:
            return kept
        bishop = self.holder.get("bishop")
        protected = bishop if bishop is not None and self.killed != "bishop" else None
        complete_at = self.complete_at
        plain, walled = self._destroy_prices
        made = DESTROY_ACTIONS[warlord.seat]
        kept = self._destroy_kept = []
        for q in self.players:
            if q.seat == protected or len(q.city) >= complete_at:
                continue
            prices = walled if "wall" in q.effects else plain
            made_q = made[q.seat]
            for card in q.city if len(q.in_city) == len(q.city) else dict.fromkeys(q.city):  # a card twice: one option
                price = prices.get(card)  # None: indestructible
                if price is not None:
                    action = made_q.get(card)
                    if action is None:
                        action = made_q[card] = _new(Action, (warlord.seat, "destroy", (str(q.seat), card)))
                    kept.append((price, action))
        return kept

    def destroy_price(self, victim: Player, card: str) -> int:
        """Cost minus 1 (a cost-1 district is free), +1 for the victim's Great Wall (not on itself)."""
        d = self.cards.districts[card]
        wall = "wall" in victim.effects and d.effect != "wall"
        return max(0, d.cost - 1) + (1 if wall else 0)

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action | str) -> Sequence[Event]:
        """Apply one action and return its events; refuse (state untouched) if illegal.

        The events are made when first read (``Recorded``): most callers never read them
        (bots, replays, benchmarks). Read them as they are; they are not to be changed."""
        legal = self.options_made
        if legal is None:
            legal = self.options_made = self._compute_legal()
        if action not in legal:  # never text (an option is an Action), nor a seat-0 correction
            if isinstance(action, str):
                return self.apply(Action.parse(action))
            if action.seat == 0 and action.verb in ("void", "adjust"):
                return self._correction(action)
            raise explain(self, action)
        events = self._events = Recorded()
        self.options_made = None  # a handler that knows the next decision's options at hand sets them
        _HANDLERS[action[1]](self, action)
        self.log.append(action)
        if self.options_made is None:
            d = self.pending  # a turn's options made now (most decisions are a turn's): no call to ask for them
            if d is not None and d[1] == "turn":
                self.options_made = self._turn_options(d[0])
        return events

    def emit(self, kind: EventKind, to: int | None = None, **data: Any) -> None:
        """Record an event (the frequent ones append their record inline: no keyword dict)."""
        self._events.append((kind, data, to))

    def options_of(self, seat: int, verb: str, cards: Collection[str]) -> list[Action]:
        """``Action(seat, verb, (card,))`` for each card (or other one argument), each made
        once and shared (``MADE_ACTIONS``): options are asked for at every decision, and
        most repeat from one decision and one game to the next."""
        made = self._made[seat][verb]
        try:
            return list(map(made.__getitem__, cards))  # in C: no comprehension frame
        except KeyError:
            for c in cards:
                if c not in made:
                    made[c] = _new(Action, (seat, verb, (c,)))
            return [made[c] for c in cards]

    # One handler per verb, called straight from ``apply`` (no if-chain, no second call
    # for the frequent verbs); each takes the action, already known to be legal.
    def _on_pick(self, a: Action) -> None:
        seat = a[0]
        char = a[2][0]
        if self.digital:
            self.pile.remove(char)
        self.holder[char] = seat
        self.players[seat - 1].characters.append(char)
        events = self._events
        events.append(("picked", {"seat": seat}, None))
        events.append(("you_picked", {"character": char}, seat))
        self._next_draft_step()

    def _on_end(self, a: Action) -> None:
        seat = a[0]
        char = self.turn_char
        if self._taxes and "tax" not in self.used:
            self._on_tax(a)  # nobody gives up free income: a forgotten tax is collected (the same seat's)
        self._events.append(("turn_ended", {"seat": seat, "character": char}, None))
        self.turn_seat = 0
        self.turn_char = ""
        self._call_next()

    def _on_gold(self, a: Action) -> None:
        seat = a[0]
        self.players[seat - 1].gold += 2
        self._events.append(("gold", {"seat": seat, "delta": 2, "reason": "gather"}, None))
        self.gathered = True

    def _on_keep(self, a: Action) -> None:
        seat = a[0]
        card = a[2][0]
        self.drawn.remove(card)
        self._to_hand(self.players[seat - 1], [card], "gather")
        self.deck[0:0] = self.drawn
        self.drawn = []
        self.gathered = True
        self.pending = TURNS[seat]

    def _on_discard(self, a: Action) -> None:
        self.pile.remove(a.args[0])
        self.facedown.append(a.args[0])
        self._next_draft_step()

    def _on_faceup(self, a: Action) -> None:
        self.faceup.append(a.args[0])
        self.emit("faceup_removed", characters=list(self.faceup))
        if len(self.faceup) == self.edition.face_up_removed[self.n]:
            self._next_draft_step()

    def _on_ability(self, a: Action) -> None:
        self.character_rules[ABILITY_OF[a.verb]].act(self, self.players[a.seat - 1], a)

    def _on_toss(self, a: Action) -> None:
        p = self.players[a.seat - 1]
        p.hand.remove(a.args[0])
        p.hand_size -= 1
        self.tossed.append(a.args[0])

    def _on_done(self, a: Action) -> None:
        seat = a.seat
        count = len(self.tossed)
        self.deck[0:0] = self.tossed
        self.tossed = []
        self.emit("cards", seat=seat, delta=-count, reason="magician")
        self.draw_into(self.players[seat - 1], count, "magician")
        self.pending = TURNS[seat]

    def _on_graveyard(self, a: Action) -> None:
        self._graveyard(self.players[a.seat - 1], a.args[0] == "take")

    def _on_lab(self, a: Action) -> None:
        p = self.players[a.seat - 1]
        self.used.add("lab")
        self._discard_to_bottom(p, a.args[0] if a.args else None, "laboratory")
        self.gain(p, self.edition.laboratory_gold, "laboratory")

    def _on_smithy(self, a: Action) -> None:
        p = self.players[a.seat - 1]
        self.used.add("smithy")
        self.gain(p, -2, "smithy")
        self.draw_into(p, 3, "smithy")

    def _on_museum(self, a: Action) -> None:
        p = self.players[a.seat - 1]
        self.used.add("museum")
        if a.args:
            p.hand.remove(a.args[0])
        else:
            p.hand.clear()
        p.hand_size -= 1
        p.museum += 1
        self.emit("cards", seat=a.seat, delta=-1, reason="museum")

    # ------------------------------------------------------------------ draft
    def _start_round(self) -> None:
        self.round += 1
        self.phase = "draft"
        self.holder = {}
        self.killed = self.robbed = None
        self.revealed = {}
        self.rank = 0
        for p in self.players:
            p.characters = []
        self.faceup = []
        self.facedown = []
        self.emit("round_started", round=self.round, crowned=self.crowned)
        n_up = self.edition.face_up_removed[self.n]
        plan = self._draft_plans.get(self.crowned)
        if plan is None:
            order = [(self.crowned - 1 + i) % self.n + 1 for i in range(self.n)]
            plan = self.edition.draft_steps(order)
            if not self.digital:
                plan = [st for st in plan if st[1] == "pick"]
            self._draft_plans[self.crowned] = plan
        self.draft_steps = list(plan)
        if self.digital:
            pile = list(self._character_ids)
            self.rng.shuffle(pile)
            self.faceup = self.edition.lay_face_up(pile, self.rng, n_up)
            self.facedown.append(pile.pop())
            self.pile = pile
            if self.faceup:
                self.emit("faceup_removed", characters=list(self.faceup))
            self._next_draft_step()
        elif n_up:
            self.pile = []
            self.pending = DECISIONS[self.crowned]["faceup"]
        else:
            self._next_draft_step()

    def _next_draft_step(self) -> None:
        if not self.draft_steps:
            if self.digital:
                self.facedown.extend(self.pile)
                self.pile = []
            self.phase = "turns"
            self.rank = 0
            self._call_next()
            return
        step = self.draft_steps.pop(0)
        seat, kind = step
        if self.digital and self.n == 7 and not self.draft_steps:
            self.pile.append(self.facedown.pop(0))  # the 7th also sees the face-down card
        self.pending = DECISIONS[seat][kind]
        events = self._events
        events.append(("draft_turn", {"seat": seat, "step": kind}, None))
        if self.digital:
            pile = self.pile
            events.append(("options", {"characters": sorted(pile, key=RANK_OF.__getitem__)}, seat))
            self.options_made = self.options_of(seat, kind, pile)  # the options at hand (see apply)

    # ------------------------------------------------------------------ calling
    def _call_next(self) -> None:
        events = self._events
        calls = self._calls
        holder = self.holder
        killed = self.killed
        rank = self.rank
        while rank < 8:
            rank += 1
            char = calls[rank]
            if char is None:  # out of this edition's game at this table size: never called
                continue
            events.append(("called", {"rank": rank, "character": char}, None))
            seat = holder.get(char)
            if seat is None or char == killed:
                events.append(("no_answer", {"rank": rank, "character": char, "killed": char == killed}, None))
                continue
            self.rank = rank
            self._begin_turn(self.players[seat - 1], char)
            return
        self.rank = rank
        self._end_round()

    def _begin_turn(self, p: Player, char: str) -> None:
        self.turn_seat = p.seat
        self.turn_char = char
        self.gathered = False
        rules = self.character_rules[char]
        self.builds_left = rules.builds
        self._taxes = char in TAXED
        self._ability = rules
        self._ability_kept = None if rules.verbs else []
        self._destroy_kept = None
        self.used = set()
        self.revealed[char] = p.seat
        self.pending = TURNS[p.seat]
        self._events.append(("revealed", {"seat": p.seat, "character": char}, None))
        if char == self.robbed:
            thief = self.player(self.holder["thief"])
            amount = p.gold
            p.gold = 0
            thief.gold += amount
            self.emit("robbery", thief_seat=thief.seat, victim_seat=p.seat, amount=amount)
            self.emit("gold", seat=p.seat, delta=-amount, reason="robbery")
            self.emit("gold", seat=thief.seat, delta=amount, reason="robbery")
        if rules.reveals:
            rules.on_reveal(self, p)
        if rules.fixed_options:
            self._ability_kept = rules.options(self, p)  # asked once (the turn's first decision would)

    def take_crown(self, seat: int, heir: bool) -> None:
        self.crowned = seat
        self.emit("crown", seat=seat, heir=heir)

    def _end_round(self) -> None:
        self.emit("round_ended", round=self.round)
        heir = self.holder.get("king")
        if heir is not None and self.killed == "king":
            self.revealed["king"] = heir
            self.emit("revealed", seat=heir, character="king")
            self.take_crown(heir, heir=True)
        if self.first_complete is not None:
            self._finish()
        else:
            self._start_round()

    def _finish(self) -> None:
        self.phase = "over"
        self.pending = None
        self.result_cache = score_game(self)
        self.emit("game_over", winner=self.result_cache["winner"], scores=self.result_cache["seats"])

    # ------------------------------------------------------------------ turn actions
    def gain(self, p: Player, amount: int, reason: str) -> None:
        p.gold += amount
        self._events.append(("gold", {"seat": p.seat, "delta": amount, "reason": reason}, None))

    def _on_tax(self, a: Action) -> None:
        p = self.players[a[0] - 1]
        self.used.add("tax")
        self.gain(p, p.taxed.get(CHARACTER_BY_ID[self.turn_char].tax or "", 0), "tax")

    def _on_draw(self, a: Action) -> None:
        p = self.players[a[0] - 1]
        effects = p.effects
        n = min(3 if "draw_three" in effects else 2, len(self.deck) if self.digital else self.deck_unknown)
        keep_all = "keep_all_drawn" in effects
        if not self.digital:
            keep = n if keep_all else 1
            self.emit("instruct", seat=p.seat, what="draw_keep", draw=n, keep=keep)
            self._add_unknown(p, keep, "gather")
            self.gathered = True
            return
        drawn = self._take_top(n)
        if keep_all or n == 1:
            self._to_hand(p, drawn, "gather")
            self.gathered = True
            return
        self.drawn = drawn
        seat = p.seat
        self._events.append(("drew", {"cards": list(drawn)}, seat))
        self.pending = DECISIONS[seat]["keep"]
        self.options_made = self.options_of(seat, "keep", dict.fromkeys(drawn))  # the options at hand (see apply)

    def _take_top(self, n: int) -> list[str]:
        """The deck's top ``n`` cards, taken off it, the top one first (as ``n`` pops would
        give them: two slices, no loop)."""
        deck = self.deck
        cards = deck[:-n - 1:-1]
        del deck[len(deck) - n:]
        return cards

    def _to_hand(self, p: Player, cards: list[str], reason: str) -> None:
        p.hand.extend(cards)
        p.hand_size += len(cards)
        events = self._events
        events.append(("cards", {"seat": p.seat, "delta": len(cards), "reason": reason}, None))
        events.append(("drew", {"cards": list(cards)}, p.seat))

    def _add_unknown(self, p: Player, count: int, reason: str) -> None:
        p.hand_size += count
        self.deck_unknown -= count
        self.emit("cards", seat=p.seat, delta=count, reason=reason)

    def draw_into(self, p: Player, count: int, reason: str) -> None:
        count = min(count, self.deck_size())
        if count == 0:
            return
        if self.digital:
            self._to_hand(p, self._take_top(count), reason)
        else:
            self.emit("instruct", seat=p.seat, what="draw", draw=count, keep=count)
            self._add_unknown(p, count, reason)

    def _on_build(self, a: Action) -> None:
        p = self.players[a[0] - 1]
        card = a[2][0]
        d = self.cards.districts[card]
        if card in p.hand:
            p.hand.remove(card)
        p.hand_size -= 1
        p.gold -= d.cost
        p.city.append(card)
        self._box_left = None
        self._destroy_kept = None
        _count_district(p, d)  # the city only grew: count the new district, not all again
        self.builds_left -= 1
        events = self._events
        events.append(("gold", {"seat": p.seat, "delta": -d.cost, "reason": "build"}, None))
        events.append(("built", {"seat": p.seat, "district": card}, None))
        if self.edition.remembers_builds:  # (no call to Classic's hook, which does nothing)
            self.edition.on_build(self, p, d)
        if len(p.city) == self.complete_at:
            first = self.first_complete is None
            if first:
                self.first_complete = p.seat
            self.emit("completed", seat=p.seat, first=first)

    def swap_hands(self, p: Player, other: Player) -> None:
        self.used.add("ability")
        p.hand, other.hand = other.hand, p.hand
        p.hand_size, other.hand_size = other.hand_size, p.hand_size
        self.emit("swapped", seat=p.seat, other=other.seat, sizes=[p.hand_size, other.hand_size])
        if self.digital:
            self.emit("hand", to=p.seat, cards=list(p.hand))
            self.emit("hand", to=other.seat, cards=list(other.hand))

    def redraw(self, p: Player, args: tuple[str, ...]) -> None:
        self.used.add("ability")
        if self.digital:
            self.pending = DECISIONS[p.seat]["toss"]
            return
        count = int(args[0])
        p.hand.clear()  # which cards went back is not seen: nothing in hand is known any more
        self.emit("instruct", seat=p.seat, what="redraw", draw=count, keep=count)

    def _discard_to_bottom(self, p: Player, card: str | None, reason: str) -> None:
        if card is not None:
            p.hand.remove(card)
            self.deck.insert(0, card)
        else:
            p.hand.clear()
            self.deck_unknown += 1
        p.hand_size -= 1
        self.emit("cards", seat=p.seat, delta=-1, reason=reason)

    def destroy(self, warlord: Player, victim: Player, card: str) -> None:
        self.used.add("ability")
        price = self.destroy_price(victim, card)
        warlord.gold -= price
        victim.city.remove(card)
        self._box_left = None
        self._destroy_kept = None
        self._city_changed(victim)
        self.emit("gold", seat=warlord.seat, delta=-price, reason="destroy")
        gone = self.cards.districts[card]  # it leaves every city: the event keeps what the pages showed of it
        self.emit("destroyed", warlord_seat=warlord.seat, seat=victim.seat, district=card, type=gone.type, cost=gone.cost)
        keeper = next(
            (q for q in self.players
             if q.seat != warlord.seat and q.gold >= 1 and self.has_effect(q, "graveyard")),
            None,
        )
        if keeper is not None:
            self.grave_card = card
            self.pending = DECISIONS[keeper.seat]["graveyard"]
        else:
            self._to_deck_bottom(card)

    def _graveyard(self, keeper: Player, take: bool) -> None:
        card = self.grave_card
        assert card is not None
        self.grave_card = None
        if take:
            keeper.gold -= 1
            keeper.hand.append(card)
            keeper.hand_size += 1
            self.emit("gold", seat=keeper.seat, delta=-1, reason="graveyard")
            self.emit("graveyard_taken", seat=keeper.seat, district=card)
            self.emit("cards", seat=keeper.seat, delta=1, reason="graveyard")
        else:
            self.emit("graveyard_passed", seat=keeper.seat, district=card)
            self._to_deck_bottom(card)
        self.pending = TURNS[self.turn_seat]

    def _to_deck_bottom(self, card: str) -> None:
        if self.digital:
            self.deck.insert(0, card)
        else:
            self.deck_unknown += 1

    # ------------------------------------------------------------------ corrections
    def _correction(self, action: Action) -> Sequence[Event]:
        """Table corrections (seat 0), recorded in the log like any action.

        ``0 void`` cancels the last effective action (the state is rebuilt from the log
        without it); ``0 adjust <seat> <delta> <reason...>`` fixes a gold count.
        """
        check_correction(self, action)
        if action.verb == "void":
            log = [*self.log, action]
            rebuilt = Game.replay(self.setup, effective_log(log))
            for name in Game.__slots__:
                setattr(self, name, getattr(rebuilt, name))
            self.log = log
            self.options_made = None
            return Events([Event("voided", {"log_length": len(self.log)})])
        seat, delta = int(action.args[0]), int(action.args[1])
        self.player(seat).gold += delta
        self.log.append(action)
        self.options_made = None
        reason = " ".join(action.args[2:])
        return Events([Event("gold", {"seat": seat, "delta": delta, "reason": "correction", "note": reason})])

    # ------------------------------------------------------------------ views and hashing
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (secrets included): for hashing and debugging."""
        snap: dict[str, Any] = {
            "setup": self.setup.to_json(), "rng": [self.rng.seed, self.rng.counter],
            "players": [p.snapshot() for p in self.players], "deck": list(self.deck),
            "deck_unknown": self.deck_unknown, "round": self.round, "phase": self.phase,
            "crowned": self.crowned, "pending": list(self.pending) if self.pending else None,
            "pile": list(self.pile), "faceup": list(self.faceup), "facedown": list(self.facedown),
            "draft_steps": [list(s) for s in self.draft_steps], "holder": dict(self.holder),
            "rank": self.rank, "killed": self.killed, "robbed": self.robbed,
            "revealed": dict(self.revealed), "turn": [self.turn_seat, self.turn_char],
            "gathered": self.gathered, "builds_left": self.builds_left, "used": sorted(self.used),
            "drawn": list(self.drawn), "tossed": list(self.tossed), "grave": self.grave_card,
            "first_complete": self.first_complete, "log": [str(a) for a in self.log],
        }
        snap.update(self.edition.extra_state(self))
        return snap

    def state_hash(self) -> str:
        blob = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def public_view(self) -> dict[str, Any]:
        return public_view(self)

    def seat_view(self, seat: int) -> dict[str, Any]:
        return seat_view(self, seat)


_HANDLERS: dict[str, Callable[[Game, Action], None]] = {
    "pick": Game._on_pick, "end": Game._on_end, "build": Game._on_build, "draw": Game._on_draw,
    "gold": Game._on_gold, "keep": Game._on_keep, "tax": Game._on_tax, "discard": Game._on_discard,
    "faceup": Game._on_faceup, "toss": Game._on_toss, "done": Game._on_done, "graveyard": Game._on_graveyard,
    "lab": Game._on_lab, "smithy": Game._on_smithy, "museum": Game._on_museum,
    **{verb: Game._on_ability for verb in ABILITY_OF},
}  # verb -> its handler (every verb of an option; seat-0 corrections go to _correction)


def _walled(wall: bool) -> Player:
    """A seat whose city has (or has not) a Great Wall: what ``destroy_price`` reads of a victim."""
    p = Player(0)
    if wall:
        p.effects = frozenset({"wall"})
    return p


def _distinct(cards: list[str]) -> list[str]:
    """Distinct cards in first-seen order (one option per name, not per copy)."""
    return list(dict.fromkeys(cards))


def _count_district(p: Player, d: District) -> None:
    """Add what one more district gives ``p``'s city: its effect and the taxes it pays."""
    p.in_city.add(d.id)
    effect = d.effect or ""
    if effect not in p.effects:
        p.effects = p.effects | {effect}
    taxed = p.taxed
    if effect == "tax_any_type":
        for t in taxed:
            taxed[t] += 1
    else:
        taxed[d.type] += 1
