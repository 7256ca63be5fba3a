"""The 2000 edition, from its Simplified Chinese rule sheet (``citadels-2000.md``).

Differences from Classic, each decided in ``docs/rules-notes.md``: 8 districts complete a
city (7 in the "shorter game"); 10 with 2 or 3 players; with 3 players the Assassin is
out of the game and each player takes one character; the Warlord destroys at the end of
his turn; the Laboratory pays 1 gold; a Haunted City built in the last round is not wild.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import District
from ..characters import CLASSIC_CHARACTERS, WarlordAtEndOfTurn
from .base import Edition

if TYPE_CHECKING:
    from ..state import GameState, Player


class Y2000(Edition):
    name = "2000"
    title = "2000"
    deck = "2000"
    variants = {"standard": 8, "short": 7}
    default_variant = "standard"
    small_table_complete = {2: 10, 3: 10}
    face_up_removed = {2: 0, 3: 2, 4: 2, 5: 1, 6: 0, 7: 0}
    removed_from_game = {3: ("assassin",)}
    picks_per_player = {2: 2, 3: 1}
    laboratory_gold = 1
    character_rules = {**CLASSIC_CHARACTERS, "warlord": WarlordAtEndOfTurn()}

    def on_build(self, game: GameState, p: Player, district: District) -> None:
        if district.effect == "any_type_at_end":
            game.edition_state.setdefault("wild_built", {})[str(p.seat)] = game.round

    def wild_at_end(self, game: GameState, p: Player, district: District) -> bool:
        """The Haunted City is not wild if it was built in the last round."""
        if district.effect != "any_type_at_end":
            return False
        built = game.edition_state.get("wild_built", {}).get(str(p.seat))
        return built is None or built < game.round

    def extra_state(self, game: GameState) -> dict[str, object]:
        return {"edition_state": game.edition_state}
