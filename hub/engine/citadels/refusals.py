"""Why an action was refused.

Legality itself is decided in one place: an action is legal iff it is in
``Game.legal_actions()``. This module runs only after a refusal, to name *why* with a
stable code and a message a person at the table understands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hub.engine.actions import check_correction as check_table_correction

from .actions import Action, IllegalAction
from .cards import CHARACTER_BY_ID
from .characters import ABILITY_OF, card_name, not_in_game

if TYPE_CHECKING:
    from .state import GameState

CHARACTER_VERBS = {"pick", "discard", "faceup", "kill", "rob"}
DISTRICT_VERBS = {"build", "keep", "toss", "lab", "museum"}
ARITY = {
    "pick": (1, 1), "discard": (1, 1), "faceup": (1, 1), "gold": (0, 0), "draw": (0, 0),
    "keep": (1, 1), "build": (1, 1), "tax": (0, 0), "end": (0, 0), "kill": (1, 1),
    "rob": (1, 1), "swap": (1, 1), "redraw": (0, 1), "toss": (1, 1), "done": (0, 0),
    "destroy": (2, 2), "lab": (0, 1), "smithy": (0, 0), "museum": (0, 1), "graveyard": (1, 1),
}
TURN_VERBS = {
    "gold", "draw", "build", "tax", "end", "kill", "rob", "swap", "redraw", "destroy",
    "lab", "smithy", "museum",
}
DISTRICT_ABILITY = {"lab": "laboratory", "smithy": "smithy", "museum": "museum"}
KIND_WORDS = {
    "faceup": "report the characters removed face up",
    "pick": "pick a character",
    "discard": "remove a character face down",
    "turn": "play the turn",
    "keep": "choose which drawn district to keep",
    "toss": "choose the cards to put back (then 'done')",
    "graveyard": "decide whether to take the destroyed district into the Graveyard",
}


_name = card_name


def explain(game: GameState, a: Action) -> IllegalAction:
    """The refusal for an action that is not among the legal options."""
    if game.over:
        return IllegalAction("game_over", "the game is over; no more actions are taken")
    if not 1 <= a.seat <= game.n:
        return IllegalAction("unknown_seat", f"there is no seat {a.seat} at a {game.n}-player table")
    lo, hi = ARITY.get(a.verb, (0, 9))
    if not lo <= len(a.args) <= hi:
        return IllegalAction("bad_action", f"'{a.verb}' takes {lo}..{hi} arguments, got {len(a.args)}")
    for arg in a.args if a.verb in CHARACTER_VERBS else ():
        if arg not in CHARACTER_BY_ID:
            return IllegalAction("unknown_card", f"{arg!r} is not a character")
    for arg in a.args[:1] if a.verb in DISTRICT_VERBS else a.args[1:] if a.verb == "destroy" else ():
        if arg not in game.cards.districts:
            return IllegalAction("unknown_card", f"{arg!r} is not a district of the {game.cards.name} deck")
    pending = game.pending
    assert pending is not None
    if a.seat != pending.seat:
        return IllegalAction(
            "not_your_turn", f"it is seat {pending.seat}'s turn to {KIND_WORDS[pending.kind]}, not seat {a.seat}'s"
        )
    expected = {
        "faceup": {"faceup"}, "pick": {"pick"}, "discard": {"discard"}, "turn": TURN_VERBS,
        "keep": {"keep"}, "toss": {"toss", "done"}, "graveyard": {"graveyard"},
    }[pending.kind]
    if a.verb not in expected:
        return IllegalAction(
            "out_of_phase", f"seat {a.seat} must {KIND_WORDS[pending.kind]} now; '{a.verb}' does not fit"
        )
    if pending.kind == "turn":
        return _explain_turn(game, a)
    if a.verb in ("pick", "discard", "faceup"):
        if a.args[0] not in game.in_game:
            return not_in_game(game, a.args[0])
        return IllegalAction(
            "not_available", f"the {_name(a.args[0])} is not available: it is taken, removed, or not offered to you"
        )
    if a.verb in ("keep", "toss"):
        return IllegalAction("not_in_hand", f"{_name(a.args[0])} is not among the cards you can choose")
    if a.verb == "done":
        return IllegalAction("bad_action", "put at least one card back before 'done'")
    return IllegalAction("bad_action", f"'{a.verb} {' '.join(a.args)}' is not an option here")


def _explain_turn(game: GameState, a: Action) -> IllegalAction:
    p = game.player(a.seat)
    char = game.turn_char
    verb = a.verb
    who = f"the {_name(char)}"
    if verb in ("gold", "draw"):
        if game.gathered:
            return IllegalAction("already_gathered", f"{who} already gathered resources this turn")
        return IllegalAction("not_available", "the district deck is empty: take gold instead")
    if verb in ("build", "end") and not game.gathered:
        return IllegalAction("must_gather_first", f"{who} must first take 2 gold or draw districts")
    if verb == "build":
        card = a.args[0]
        cost = game.cards.districts[card].cost
        if game.builds_left <= 0:
            return IllegalAction("no_builds_left", f"{who} has no builds left this turn")
        if len(p.city) >= game.complete_at:
            return IllegalAction("city_full", f"a city holds at most {game.complete_at} districts")
        if card in p.city:
            return IllegalAction("duplicate_district", f"your city already has a {_name(card)}")
        if (game.digital or p.hand_size == len(p.hand)) and card not in p.hand or p.hand_size == 0:
            return IllegalAction("not_in_hand", f"{_name(card)} is not in your hand")
        if cost > p.gold:
            return IllegalAction("cannot_afford", f"{_name(card)} costs {cost} gold; you have {p.gold}")
        return IllegalAction("not_available", f"every copy of {_name(card)} is already built")
    if verb == "tax":
        if "tax" in game.used:
            return IllegalAction("already_used", f"{who} already took tax this turn")
        return IllegalAction("not_your_ability", f"{who} takes no tax")
    if verb in ABILITY_OF:
        if ABILITY_OF[verb] != char:
            return IllegalAction("not_your_ability", f"'{verb}' is the {_name(ABILITY_OF[verb])}'s ability, not {who}'s")
        if "ability" in game.used:
            return IllegalAction("already_used", f"{who} already used the ability this turn")
        return game.character_rules[ABILITY_OF[verb]].refusal(game, a)
    if verb in DISTRICT_ABILITY:
        district = DISTRICT_ABILITY[verb]
        if not game.has_effect(p, district):
            return IllegalAction("not_your_ability", f"you need the {_name(district)} in your city")
        if verb in game.used:
            return IllegalAction("already_used", f"the {_name(district)} was already used this turn")
        if verb == "smithy":
            return IllegalAction("cannot_afford", f"the Smithy costs 2 gold; you have {p.gold}")
        return IllegalAction("not_in_hand", "that card is not in your hand")
    return IllegalAction("bad_action", f"'{a}' is not an option now")


def check_correction(game: GameState, a: Action) -> None:
    """Validate a table correction (seat 0) or raise IllegalAction."""
    check_table_correction(game.log, game.n, a, holding=lambda seat: game.player(seat).gold,
                           unit="gold", nothing_code="not_available")
