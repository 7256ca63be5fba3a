"""The shapes the rules are written against: a seat's holdings (``Player``), who must
decide what (``Decision``) and the game as the character, edition, scoring, view and
refusal rules see it (``GameState``, a Protocol that ``game.Game`` satisfies).

A leaf module: ``game.py`` imports those rule modules, so they type their ``game``
argument with ``GameState`` from here instead of importing ``game.py`` back (no import
cycle, not even for type checking).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Literal, NamedTuple, Protocol, get_args

from .actions import Action, IllegalAction
from .cards import CardSet, District
from .events import EventKind

DecisionKind = Literal["faceup", "pick", "discard", "turn", "keep", "toss", "graveyard"]
DECISION_KINDS: frozenset[str] = frozenset(get_args(DecisionKind))


class Decision(NamedTuple):
    seat: int
    kind: DecisionKind  # a plain string: who must decide what


OUT_OF_REACH = 1 << 20  # a built district's price to build it again (a one-digit int: compared fast)


class Player:
    """One seat's holdings. In physical mode ``hand`` holds only the cards known to be there."""

    __slots__ = ("seat", "gold", "hand", "hand_size", "city", "characters", "museum", "effects", "taxed", "in_city",
                 "turn_effects", "build_price")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.gold = 2
        self.hand: list[str] = []
        self.hand_size = 0
        self.city: list[str] = []
        self.characters: list[str] = []
        self.museum = 0
        self.effects: frozenset[str] = frozenset()  # effects of the districts in the city
        self.taxed: dict[str, int] = {}  # district type -> districts in the city that pay its tax
        self.in_city: set[str] = set()  # the city's districts as a set: "already built?" at every build option
        self.turn_effects = False  # a district in the city adds options to a turn (``core.TURN_EFFECTS``)
        # district -> its cost, or ``OUT_OF_REACH`` once in the city: "affordable and not built yet?"
        # in one test, at every card of the hand at every build decision (kept with ``in_city``)
        self.build_price: dict[str, int] = {}

    def snapshot(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "gold": self.gold, "hand": sorted(self.hand),
            "hand_size": self.hand_size, "city": list(self.city),
            "characters": list(self.characters), "museum": self.museum,
        }


class SetupView(Protocol):
    """What the rules read of the setup."""

    @property
    def mode(self) -> str: ...

    @property
    def edition(self) -> str: ...

    def seat_name(self, seat: int) -> str: ...


class RuleSetView(Protocol):
    """What the rules read of the edition (``editions.base.Edition`` satisfies it)."""

    @property
    def title(self) -> str: ...

    @property
    def all_types_bonus(self) -> int: ...

    @property
    def first_complete_bonus(self) -> int: ...

    @property
    def other_complete_bonus(self) -> int: ...

    @property
    def laboratory_gold(self) -> int: ...

    def wild_at_end(self, game: GameState, p: Player, district: District) -> bool: ...


class RefusalRules(Protocol):
    """A character's rules as the refusals use them (``characters.CharacterRules``)."""

    def refusal(self, game: GameState, a: Action) -> IllegalAction: ...


class GameState(Protocol):
    """The game as the rules around ``Game`` use it (``game.Game`` is the one implementation)."""

    # what is in play
    n: int
    digital: bool
    complete_at: int
    in_game: frozenset[str]
    players: list[Player]
    log: list[Action]
    edition_state: dict[str, Any]
    # the round and the turn
    round: int
    phase: str
    crowned: int
    pending: Decision | None
    pile: list[str]
    faceup: list[str]
    holder: dict[str, int]
    rank: int
    killed: str | None
    robbed: str | None
    revealed: dict[str, int]
    turn_char: str
    gathered: bool
    builds_left: int
    used: set[str]
    drawn: list[str]
    first_complete: int | None
    # the options made once and shared (see game.py)
    simple_actions: list[dict[str, Action]]
    kill_targets: list[str]
    rob_targets: list[str]
    other_seats: list[list[str]]

    @property
    def setup(self) -> SetupView: ...

    @property
    def edition(self) -> RuleSetView: ...

    @property
    def cards(self) -> CardSet: ...

    @property
    def character_rules(self) -> Mapping[str, RefusalRules]: ...

    @property
    def over(self) -> bool: ...

    def player(self, seat: int) -> Player: ...

    def deck_size(self) -> int: ...

    def has_effect(self, p: Player, effect: str) -> bool: ...

    def complete(self, p: Player) -> bool: ...

    def legal_actions(self) -> list[Action]: ...

    def result(self) -> dict[str, Any] | None: ...

    def destroy_price(self, victim: Player, card: str) -> int: ...

    # the effects the character and edition rules call while ``apply`` runs an action
    # (public for them; called from anywhere else they would change the game outside its log)
    def options_of(self, seat: int, verb: str, cards: Collection[str]) -> list[Action]: ...

    def emit(self, kind: EventKind, to: int | None = None, **data: Any) -> None: ...

    def gain(self, p: Player, amount: int, reason: str) -> None: ...

    def draw_into(self, p: Player, count: int, reason: str) -> None: ...

    def take_crown(self, seat: int, heir: bool) -> None: ...

    def swap_hands(self, p: Player, other: Player) -> None: ...

    def redraw(self, p: Player, args: tuple[str, ...]) -> None: ...

    def destroy_options(self, warlord: Player) -> list[tuple[int, Action]]: ...

    def destroy(self, warlord: Player, victim: Player, card: str) -> None: ...
