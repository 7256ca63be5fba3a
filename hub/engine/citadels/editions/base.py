"""What an edition (rule set) is: data where the printings differ in numbers, and a few
hooks where they differ in rules.

One ``Game`` runs every edition (the python-chess variant pattern): the game asks its
edition for the numbers (completion size, removals, bonuses) and calls a hook at the few
points where the rules themselves differ. A new rule set is a subclass, not an if-chain
in the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CHARACTERS, Character, District
from ..characters import CLASSIC_CHARACTERS, CharacterRules
from ...rng import SplitMix64

if TYPE_CHECKING:
    from ..state import GameState, Player


class Edition:
    """The Classic numbers; subclasses change data and override hooks."""

    name = "classic"
    title = "Classic"
    deck = "classic"  # the card set used when the setup names none
    variants: dict[str, int] = {"classic7": 7, "classic8": 8}  # variant -> city size (4-7 players)
    default_variant = "classic7"
    small_table_complete: dict[int, int] = {2: 8, 3: 8}  # city size with 2-3 players
    face_up_removed: dict[int, int] = {2: 0, 3: 0, 4: 2, 5: 1, 6: 0, 7: 0}
    never_face_up: frozenset[str] = frozenset({"king"})  # may not be removed face up
    removed_from_game: dict[int, tuple[str, ...]] = {}  # players -> characters not used at all
    picks_per_player: dict[int, int] = {2: 2, 3: 2}  # otherwise 1
    all_types_bonus = 3
    first_complete_bonus = 4
    other_complete_bonus = 2
    laboratory_gold = 2
    character_rules: dict[str, CharacterRules] = CLASSIC_CHARACTERS  # options, effect, refusal, bot hint
    remembers_builds = False  # whether on_build does anything (set by each class that defines one)

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__()
        cls.remembers_builds = cls.on_build is not Edition.on_build

    # ------------------------------------------------------------------ data questions
    def complete_at(self, players: int, variant: str) -> int:
        """How many districts complete a city (the game ends at the end of that round)."""
        return self.small_table_complete.get(players, self.variants[variant])

    def characters(self, players: int) -> tuple[Character, ...]:
        """The characters in play at this table size, in rank order."""
        gone = self.removed_from_game.get(players, ())
        return tuple(c for c in CHARACTERS if c.id not in gone)

    def draft_steps(self, order: list[int]) -> list[tuple[int, str]]:
        """Who picks (or removes face down) in turn, starting with the crowned seat."""
        if len(order) == 2:
            a, b = order
            return [(a, "pick"), (b, "pick"), (b, "discard"), (a, "pick"), (a, "discard"), (b, "pick")]
        return [(s, "pick") for s in order * self.picks_per_player.get(len(order), 1)]

    def may_lie_face_up(self, character: str) -> bool:
        """Whether a character may be among those removed face up (never the King): the data
        ``never_face_up`` says, which ``lay_face_up`` reads itself (an edition changes the data)."""
        return character not in self.never_face_up

    def lay_face_up(self, pile: list[str], rng: SplitMix64, count: int) -> list[str]:
        """Take ``count`` characters off the top of the shuffled ``pile`` to lie face up.

        One that may not lie face up is put back and the pile shuffled, another taken in
        its place: the one place this rule is written (the engine's digital draft and the
        simulated table's players both use it)."""
        faceup: list[str] = []
        never = self.never_face_up  # (``may_lie_face_up``'s rule, read once a round)
        while len(faceup) < count:
            card = pile.pop()
            if card in never:
                other = pile.pop()
                pile.append(card)
                rng.shuffle(pile)
                card = other
            faceup.append(card)
        return faceup

    # ------------------------------------------------------------------ hooks
    def on_build(self, game: GameState, p: Player, district: District) -> None:
        """Called after a district is built (Classic: nothing to remember)."""

    def wild_at_end(self, game: GameState, p: Player, district: District) -> bool:
        """Whether a district that "counts as any type at game end" does so for ``p``."""
        return district.effect == "any_type_at_end"

    def extra_state(self, game: GameState) -> dict[str, object]:
        """Edition state to include in the game snapshot (Classic: none)."""
        return {}
