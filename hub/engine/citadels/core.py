"""What every job of a Citadels game shares: its state's fields, the actions and decisions
made once for every game, and the small steps every job takes (record an event, make
options, find a seat, count a city).

``Game`` (``game.py``) is one class made of its jobs, each in its own module: the draft
(``draft.py``), the turns (``turns.py``: calling the characters, a turn's options and
actions, the end of a round), the characters' and districts' abilities (``abilities.py``);
the score is ``scoring.py``'s. Each job is a class over ``GameCore`` with no state of its
own (``__slots__ = ()``): ``Game`` lists the slots, so a game is still one object with
fixed offsets, and a method is found on it as fast as if it were written in one class.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, NamedTuple, get_args

from .actions import Action
from .cards import CHARACTER_BY_ID, TYPES, CardSet, Character, District
from .characters import CharacterRules
from .events import EventKind, Events, Recorded
from ..rng import SplitMix64
from .setup import Setup
from .state import OUT_OF_REACH, Decision, DecisionKind, Player

if TYPE_CHECKING:
    from .editions import Edition
    from .events import Event

TAXED = {"king", "bishop", "merchant", "warlord"}
TURN_EFFECTS = frozenset({"laboratory", "museum", "smithy"})  # districts that add options to a turn
CARD_VERBS = ("pick", "discard", "faceup", "keep", "toss", "build", "lab", "museum", "rob", "swap", "redraw",
              "kill", "graveyard")
RANK_OF = {c.id: c.rank for c in CHARACTER_BY_ID.values()}
new_action: Any = tuple.__new__  # a NamedTuple (an Action) made without its Python-level __new__ (hot paths)
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
# seat -> a turn's frequent option (or the build options made so far), by a list's index rather
# than a dict's key (a turn's options are made at almost every decision)
GOLD_OPTION, DRAW_OPTION, END_OPTION, TAX_OPTION = ([simple[verb] for simple in SIMPLE_ACTIONS]
                                                    for verb in ("gold", "draw", "end", "tax"))
BUILD_OPTIONS = [made["build"] for made in MADE_ACTIONS]
# Decisions are immutable too: one per seat and kind, shared (a game changes its pending decision at every action)
DECISIONS: list[dict[str, Decision]] = [
    {kind: Decision(seat, kind) for kind in get_args(DecisionKind)} for seat in range(MAX_SEATS + 1)
]
TURNS = [d["turn"] for d in DECISIONS]  # seat -> the seat's turn decision
# the Warlord's options, by his seat and the victim's: district -> option
DESTROY_ACTIONS: list[list[dict[str, Action]]] = [[{} for _ in range(MAX_SEATS + 1)] for _ in range(MAX_SEATS + 1)]


NO_OPTIONS: list[Action] = []  # a character's ability with no options (shared: read, never changed)


class TurnFacts(NamedTuple):
    """What a character's rules say of every turn of it (``Turns._call_next``, where a turn begins), read once per
    game table (``game.TableFacts``)."""

    rules: CharacterRules
    builds: int
    taxes: bool  # the character collects taxes
    kept: list[Action] | None  # the ability's options when the turn begins: NO_OPTIONS without an ability
    reveal: Callable[[Any, Player], None] | None  # ``rules.on_reveal`` when it does something
    fixed_options: Callable[[Any, Player], list[Action]] | None  # ``rules.options`` when asked once a turn


def turn_facts(rules: CharacterRules, char: str) -> TurnFacts:
    """A character's ``TurnFacts`` as a plain tuple (unpacking a named one is not a specialised
    instruction in CPython 3.11: four times the cost)."""
    facts: Any = tuple(TurnFacts(rules, rules.builds, char in TAXED, None if rules.verbs else NO_OPTIONS,
                                 rules.on_reveal if rules.reveals else None,
                                 rules.options if rules.fixed_options else None))
    return facts  # type: ignore[no-any-return]


class GameCore:
    """A game's fields (``Game.__init__`` sets them; ``Game.__slots__`` holds them) and the
    steps every job uses. The jobs call one another's public steps through ``Game``."""

    if not TYPE_CHECKING:  # no __dict__ (``Game`` lists the slots); hidden from mypy, which
        __slots__ = ()  # would refuse every job's assignment to a field its own class does not list

    setup: Setup
    cards: CardSet
    edition: Edition
    characters: tuple[Character, ...]
    in_game: frozenset[str]
    edition_state: dict[str, Any]
    character_rules: dict[str, CharacterRules]
    digital: bool
    n: int
    complete_at: int
    rng: SplitMix64
    players: list[Player]
    deck: list[str]  # digital: index 0 is the bottom, the end is the top
    deck_unknown: int  # physical: how many cards the deck holds
    round: int
    phase: str
    crowned: int
    log: list[Action]
    pending: Decision | None
    # draft
    pile: list[str]  # digital: the characters the picker is offered
    faceup: list[str]
    facedown: list[str]  # digital only
    draft_steps: list[tuple[int, str]]
    holder: dict[str, int]
    # calling and turns
    rank: int
    killed: str | None
    robbed: str | None
    revealed: dict[str, int]
    turn_seat: int
    turn_char: str
    gathered: bool
    builds_left: int
    used: set[str]
    drawn: list[str]
    tossed: list[str]
    grave_card: str | None
    first_complete: int | None
    result_cache: dict[str, Any] | None
    options_made: list[Action] | None
    _events: Recorded
    start_events: Events | Recorded
    simple_actions: list[dict[str, Action]]
    _made: list[dict[str, dict[str, Action]]]
    _calls: list[str | None]
    kill_targets: list[str]
    rob_targets: list[str]
    other_seats: list[list[str]]
    _cost: dict[str, int]
    _destroy_prices: tuple[dict[str, int], dict[str, int]]
    _destroy_pairs: list[list[list[dict[str, Any]]]]
    _character_ids: list[str]
    _draft_plans: dict[int, list[tuple[int, str]]]
    _taxes: bool
    _ability: CharacterRules
    _ability_kept: list[Action] | None
    _turn_facts: dict[str, TurnFacts]
    _face_up_count: int
    _destroy_kept: list[tuple[int, Action]] | None
    _box_left: list[str] | None

    if TYPE_CHECKING:  # one job's steps that another calls (each is defined by its job's class)
        def legal_actions(self) -> list[Action]: ...
        def _start_round(self) -> None: ...
        def _call_next(self) -> None: ...
        def take_crown(self, seat: int, heir: bool) -> None: ...
        def gain(self, p: Player, amount: int, reason: str) -> None: ...
        def draw_into(self, p: Player, count: int, reason: str) -> None: ...
        def destroy_price(self, victim: Player, card: str) -> int: ...
        def destroy_options(self, warlord: Player) -> list[tuple[int, Action]]: ...
        def swap_hands(self, p: Player, other: Player) -> None: ...
        def redraw(self, p: Player, args: tuple[str, ...]) -> None: ...
        def destroy(self, warlord: Player, victim: Player, card: str) -> None: ...
        def opening_events(self) -> list[Event]: ...

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
        p.build_price = dict(self._cost)
        p.turn_effects = False
        for c in p.city:
            count_district(p, districts[c])

    def complete(self, p: Player) -> bool:
        return len(p.city) >= self.complete_at

    def result(self) -> dict[str, Any] | None:
        return self.result_cache

    # ------------------------------------------------------------------ recording and options
    def emit(self, kind: EventKind, to: int | None = None, **data: Any) -> None:
        """Record an event (the frequent ones append their record inline: no keyword dict)."""
        self._events.append((kind, data, to))

    def options_of(self, seat: int, verb: str, cards: Collection[str]) -> list[Action]:
        """``Action(seat, verb, (card,))`` for each card (or other one argument), each made
        once and shared (``MADE_ACTIONS``): options are asked for at every decision, and
        most repeat from one decision and one game to the next."""
        made = self._made[seat][verb]
        out = []
        try:
            for c in cards:  # a loop: for a handful of cards, cheaper than list(map(made.__getitem__, ...))
                out.append(made[c])  # (whose bound method is made at each call) or a comprehension
            return out
        except KeyError:  # (loops, not a comprehension: one would make ``made`` a closure's cell, slower to read)
            out = []
            for c in cards:
                option = made.get(c)
                if option is None:
                    option = made[c] = new_action(Action, (seat, verb, (c,)))
                out.append(option)
            return out


def count_district(p: Player, d: District) -> None:
    """Add what one more district gives ``p``'s city: its effect and the taxes it pays."""
    p.in_city.add(d.id)
    p.build_price[d.id] = OUT_OF_REACH
    effect = d.effect
    if not effect:  # a plain district (most): a tax of its type, no effect
        p.taxed[d.type] += 1
        return
    if effect not in p.effects:
        p.effects = p.effects | {effect}
        if effect in TURN_EFFECTS:
            p.turn_effects = True
    taxed = p.taxed
    if effect == "tax_any_type":
        for t in taxed:
            taxed[t] += 1
    else:
        taxed[d.type] += 1
