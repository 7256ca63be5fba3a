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

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .abilities import Abilities
from .actions import Action, effective_log
from .cards import Character, card_set
from .characters import ABILITY_OF, CharacterRules
from .core import MADE_ACTIONS, MAX_SEATS, SIMPLE_ACTIONS, TurnFacts, turn_facts
from .draft import Draft
from .events import Event, Events, Recorded
from .refusals import check_correction, explain
from ..replay import Replayable
from ..rng import SplitMix64
from .setup import Setup, StartPosition
from .state import DECISION_KINDS, Decision, DecisionKind, Player
from .turns import Turns
from .views import public_view, seat_view

__all__ = ["DECISION_KINDS", "Decision", "DecisionKind", "Game", "Player", "effective_log"]

FACE_UP_REMOVED = {2: 0, 3: 0, 4: 2, 5: 1, 6: 0, 7: 0}  # Classic's; a game asks its edition
PRICES: dict[str, tuple[dict[str, int], tuple[dict[str, int], dict[str, int]]]] = {}  # deck -> Game._prices()
# deck -> [without, with a Great Wall][the Warlord's seat][the victim's seat] -> district ->
# (price, option) or False (indestructible), filled as asked (``Abilities.destroy_options``)
DESTROY_PAIRS: dict[str, list[list[list[dict[str, Any]]]]] = {}
PLAIN_RULES = CharacterRules()  # a character's rules with no ability (they keep no state)


class TableFacts(NamedTuple):
    """What follows from the edition, the number of players and the mode alone: made once
    for every game that shares them (a benchmark or a simulation starts thousands), read
    only (never changed in place)."""

    characters: tuple[Character, ...]  # in play, in rank order
    in_game: frozenset[str]
    calls: list[str | None]  # the characters called, by rank (None: not in this game at this table size)
    kill_targets: list[str]
    rob_targets: list[str]
    other_seats: list[list[str]]  # seat -> the other seats, as the Magician's swap names them
    character_ids: list[str]
    draft_plans: dict[int, list[tuple[int, str]]]  # crowned seat -> draft steps (``Draft._start_round``)
    turn_facts: dict[str, TurnFacts]  # character -> what its rules say of each turn of it
    face_up_count: int  # the characters laid face up at each round's start


TABLE_FACTS: dict[tuple[str, int, bool], TableFacts] = {}  # (edition, players, digital) -> its facts


def _table_facts(setup: Setup, edition: Any) -> TableFacts:
    key = (setup.edition, setup.players, setup.mode == "digital")
    facts = TABLE_FACTS.get(key)
    if facts is None:
        characters = edition.characters(setup.players)
        calls: list[str | None] = [None] * 9
        for c in characters:
            calls[c.rank] = c.id
        n = setup.players
        facts = TABLE_FACTS[key] = TableFacts(
            characters, frozenset(c.id for c in characters), calls,
            [c.id for c in characters if c.rank > 1], [c.id for c in characters if c.rank > 2],
            [[str(q) for q in range(1, n + 1) if q != s] for s in range(n + 1)],
            [c.id for c in characters], {},
            {c.id: turn_facts(edition.character_rules[c.id], c.id) for c in characters},
            edition.face_up_removed[n])
    return facts


class Game(Draft, Turns, Abilities, Replayable):
    """A game in progress. Build with ``Game.new(setup)`` or ``Game.replay(setup, log)``.

    Everything outside the engine changes a game only through ``apply``. The effects
    (``gain``, ``draw_into``, ``take_crown``, ``swap_hands``, ``redraw``, ``destroy``,
    ``emit``, ``options_of``) are public for the character and edition rules, which call
    them while ``apply`` runs their action (``state.GameState`` lists what they use).

    Its jobs are its bases, one module each (``core.py`` says how): the draft, the turns,
    the abilities; here are what ties them together: the deal, the legal options, ``apply``,
    the corrections, the views and the hash."""

    # Slots, not a __dict__: a game has more attributes than CPython shares dict keys for
    # (30), and the rules read and write them at every action; a slot is a fixed offset
    __slots__ = (
        "setup", "cards", "edition", "characters", "in_game", "edition_state", "character_rules", "digital", "n",
        "complete_at", "rng", "players", "deck", "deck_unknown", "round", "phase", "crowned", "log", "pending",
        "pile", "faceup", "facedown", "draft_steps", "holder", "rank", "killed", "robbed", "revealed", "turn_seat",
        "turn_char", "gathered", "builds_left", "used", "drawn", "tossed", "grave_card", "first_complete",
        "result_cache", "options_made", "_events", "start_events", "simple_actions", "_made", "_calls", "kill_targets",
        "rob_targets", "_cost", "_destroy_prices", "_character_ids", "_draft_plans", "_taxes", "_ability",
        "_ability_kept", "_destroy_kept", "other_seats", "_box_left", "_turn_facts", "_destroy_pairs", "_face_up_count",
    )
    action_type = Action  # what `apply` does with a text, a correction or a refusal: `Replayable.unlisted`
    refusal = explain

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.cards = card_set(setup.deck)
        self.edition = setup.rules
        table = _table_facts(setup, self.edition)  # what every game of this edition, size and mode shares
        self.characters = table.characters  # the characters in play
        self.in_game = table.in_game
        self.edition_state = {}  # what an edition's hooks remember
        self.character_rules = self.edition.character_rules
        self.digital = setup.mode == "digital"
        self.n = setup.players
        self.complete_at = setup.complete_at
        self.rng = SplitMix64(setup.seed)
        self.players = [Player(s) for s in range(1, self.n + 1)]
        self.deck = []  # digital: index 0 is the bottom, the end is the top
        self.deck_unknown = 0  # physical: how many cards the deck holds
        self.round = 0
        self.phase = "draft"
        self.crowned = setup.crowned
        self.log = []
        self.pending = None
        # draft
        self.pile = []  # digital: the characters the picker is offered
        self.faceup = []
        self.facedown = []  # digital only
        self.draft_steps = []
        self.holder = {}
        # calling and turns
        self.rank = 0
        self.killed = None
        self.robbed = None
        self.revealed = {}
        self.turn_seat = 0
        self.turn_char = ""
        self.gathered = False
        self.builds_left = 0
        self.used = set()
        self.drawn = []
        self.tossed = []
        self.grave_card = None
        self.first_complete = None
        self.result_cache = None
        # the decision's options once made (what ``legal_actions`` returns; None: not made yet):
        # read only, shared; the random bot reads them here, without a call, at every decision
        self.options_made = None
        self._events = Recorded()  # the events of the action being applied, as (kind, data, to) tuples
        self.start_events = Events()  # every event of the start, private ones too
        self.simple_actions = SIMPLE_ACTIONS
        self._made = MADE_ACTIONS
        self._calls = table.calls
        self.kill_targets = table.kill_targets
        self.rob_targets = table.rob_targets
        self.other_seats = table.other_seats
        self._cost, self._destroy_prices = self._prices()
        self._destroy_pairs = DESTROY_PAIRS.get(setup.deck) or DESTROY_PAIRS.setdefault(
            setup.deck, [[[{} for _ in range(MAX_SEATS + 1)] for _ in range(MAX_SEATS + 1)] for _ in range(2)])
        self._character_ids = table.character_ids
        self._draft_plans = table.draft_plans
        self._turn_facts = table.turn_facts
        self._face_up_count = table.face_up_count
        self._taxes = False  # the character in turn collects taxes
        self._ability = PLAIN_RULES  # the rules of the character in turn (none yet: plain ones)
        # the ability's options of the turn when they cannot change during it (``fixed_options``;
        # [] for a character with no ability), None when they are asked for at each decision
        self._ability_kept = []
        self._destroy_kept = None  # see destroy_options
        # physical: the districts with a copy in no city (the deck's order), None when a city
        # changed since it was counted (a turn's options ask for it at each decision)
        self._box_left = None

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
    def replay(cls, setup: Setup, log: Sequence[Action] | Sequence[str]) -> Game:
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

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action | str) -> Sequence[Event]:
        """Apply one action and return its events; refuse (state untouched) if illegal.

        The events are made when first read (``Recorded``): most callers never read them
        (bots, replays, benchmarks). Read them as they are; they are not to be changed."""
        if action not in (self.options_made or self.legal_actions()):  # never text, nor a seat-0 correction
            return self.unlisted(action)  # type: ignore[no-any-return]  # the game's own events, from its own apply
        events = self._events = Recorded()
        self.options_made = None  # a handler that knows the next decision's options at hand sets them
        _HANDLERS[action[1]](self, action)
        self.log.append(action)
        if self.options_made is None:
            d = self.pending  # a turn's options made now (most decisions are a turn's): no call to ask for them
            if d is not None and d[1] == "turn":
                self.options_made = self._turn_options(d[0])
        return events

    # ------------------------------------------------------------------ corrections
    def _correction(self, action: Action) -> Sequence[Event]:
        """Table corrections (seat 0), recorded in the log like any action.

        ``0 void`` cancels the last effective action (the state is rebuilt from the log
        without it); ``0 adjust <seat> <delta> <reason...>`` fixes a gold count.
        """
        check_correction(self, action)
        if action.verb == "void":
            self.rebuild_voiding(action)
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
