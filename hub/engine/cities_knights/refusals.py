"""Why an action was refused.

Legality is decided in one place: an action is legal iff it is in ``Game.legal_actions()``.
This module runs only after a refusal, to name *why* with a stable code and a sentence a
person at the table understands.

Codes: ``game_over``, ``unknown_seat``, ``bad_action``, ``not_your_turn``, ``wrong_time``
(an action that waits for another decision), ``unknown_card``, ``not_in_hand``,
``not_drawable``, ``alchemist_after_roll``, ``before_roll``, ``robber_locked``,
``bad_target``, ``bad_dice``, ``alchemist_dice`` (red and yellow entered after an
Alchemist set them), ``no_piece`` (a component limit), ``no_city``,
``no_fortress``, ``knight_fresh``, ``no_knight``, ``already_promoted``, ``max_level``,
``nothing_to_void``; for a correction (``0 set``): ``unknown_seat``, ``bad_correction``,
``out_of_range``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action, IllegalAction
from .cards import CARDS, COLOURS, card_name
from .state import KNIGHTS_PER_LEVEL, PIECES

if TYPE_CHECKING:
    from .state import Player

Game = Any  # the engine's game.Game, read here only (imported from there, it would make a cycle)

KINDS = {"roll": "roll the dice", "turn": "play the turn", "draw": "draw a progress card",
         "discard": "discard a progress card", "take": "take a card from the Spy's victim",
         "reward": "choose a deck to draw from", "confirm": "confirm the active knights' strength",
         "pillage": "lose a city to the barbarians", "desert": "remove a knight (Deserter)",
         "deserter": "place the deserting knight or pass"}
VERB_KIND = {"roll": "roll", "draw": "draw", "discard": "discard", "take": "take", "reward": "reward",
             "confirm": "confirm", "pillage": "pillage", "desert": "desert", "place": "deserter",
             "pass": "deserter"}


def explain(game: Game, a: Action) -> IllegalAction:
    """The refusal for an action that is not among the legal options."""
    pending = game.pending
    if pending is None:
        return IllegalAction("game_over", f"the game is over: seat {game.winner} won")
    if not 1 <= a.seat <= game.n:
        return IllegalAction("unknown_seat", f"there is no seat {a.seat} at a {game.n}-player table")
    card = a.args[0] if a.verb in ("play", "draw", "discard", "take") and a.args else None
    if card is not None and card not in CARDS:
        return IllegalAction("unknown_card", f"{card!r} is not a progress card")
    if a.seat != pending.seat:
        return IllegalAction("not_your_turn", f"seat {pending.seat} must {KINDS[pending.kind]} now")
    kind = VERB_KIND.get(a.verb, "turn")
    if a.verb == "play" and pending.kind == "roll":
        kind = "roll"
    if kind != pending.kind:
        if pending.kind == "roll" and kind == "turn":
            return IllegalAction("before_roll", "roll the dice first (only an Alchemist comes before the roll)")
        return IllegalAction("wrong_time", f"first {KINDS[pending.kind]}")
    p = game.player(a.seat)
    if a.verb == "play":
        return _explain_play(game, p, a)
    if a.verb == "roll":
        return _explain_roll(game, a)
    if a.verb == "draw":
        # whole on a seat's display (4 lines of 21): the card's printed name, not its copy's id
        return IllegalAction("not_drawable", f"{CARDS[a.args[0]].name} is not in the {pending.about} deck: "
                             "tap the card you drew")
    if a.verb in ("discard", "take"):
        whose = "your hand" if a.verb == "discard" else f"seat {pending.about}'s hand"
        return IllegalAction("not_in_hand", f"{card_name(a.args[0])} is not in {whose}")
    if a.verb == "build" and a.args and a.args[0] in ("settlement", "city", "wall"):
        return _explain_build(game, p, a.args[0])
    if a.verb == "knight" and a.args:
        return _explain_knight(game, p, a)
    if a.verb == "improve" and a.args and a.args[0] in COLOURS:
        return _explain_improve(game, a.seat, a.args[0])
    if a.verb == "pillage":
        return IllegalAction("bad_action", "say 'pillage wall' (the city lost had a wall) or 'pillage plain'")
    if a.verb == "oust" and len(a.args) == 2:
        return IllegalAction("no_knight", f"seat {a.args[0]} has no knight {a.args[1]} on the board")
    if a.verb == "desert":
        return IllegalAction("no_knight", f"you have no knight {' '.join(a.args)} on the board")
    return IllegalAction("bad_action", f"'{a}' is not an option now")


def _explain_roll(game: Game, a: Action) -> IllegalAction:
    if game.setup.dice == "hub":
        return IllegalAction("bad_dice", "the hub rolls the dice here: press OK ('roll')")
    if game.alchemist is not None:
        red, yellow = game.alchemist
        return IllegalAction("alchemist_dice", f"the Alchemist set red {red} and yellow {yellow}: roll the event die alone "
                             "and enter it ('roll ship', 'roll green', 'roll yellow' or 'roll blue')")
    return IllegalAction("bad_dice", "enter red (1-6), yellow (1-6) and the event die (ship, green, yellow, blue)")


def _explain_play(game: Game, p: Player, a: Action) -> IllegalAction:
    card = a.args[0]
    if card not in p.hand:
        return IllegalAction("not_in_hand", f"{card_name(card)} is not in your hand")
    slug = CARDS[card].slug
    if game.pending is not None and game.pending.kind == "roll":
        if slug != "alchemist":
            return IllegalAction("before_roll", f"{card_name(card)} is played after the roll; only the "
                                 "Alchemist comes before it")
        if game.alchemist is not None:
            return IllegalAction("wrong_time", "an Alchemist has already set this roll")
        return IllegalAction("bad_dice", "the Alchemist sets red and yellow: 'play <card> <red 1-6> <yellow 1-6>'")
    if slug == "alchemist":
        return IllegalAction("alchemist_after_roll", "the Alchemist is played before the roll, and only then")
    if slug == "bishop" and not game.first_attack_done:
        return IllegalAction("robber_locked", "the robber stays put until the barbarians' first attack")
    if slug == "engineer":
        return IllegalAction("no_piece", "the Engineer needs a city without a wall (at most 3 walls)")
    if slug == "medicine":
        return IllegalAction("no_piece", "Medicine needs a settlement and a free city piece")
    if slug in ("spy", "master_merchant", "deserter"):
        need = {"spy": "a seat holding progress cards", "deserter": "a seat with a knight on the board",
                "master_merchant": "a seat with more points than you"}[slug]
        return IllegalAction("bad_target", f"{CARDS[card].name} names {need}: 'play {card} <seat>'")
    return IllegalAction("bad_action", f"{CARDS[card].name} takes no target: 'play {card}'")


def _explain_build(game: Game, p: Player, what: str) -> IllegalAction:
    if what == "settlement":
        return IllegalAction("no_piece", f"all {PIECES['settlement']} of your settlements are on the board")
    if what == "city":
        if p.settlements == 0:
            return IllegalAction("no_piece", "a city replaces one of your settlements: you have none")
        return IllegalAction("no_piece", f"all {PIECES['city']} of your cities are on the board")
    if p.walls >= PIECES["wall"]:
        return IllegalAction("no_piece", f"all {PIECES['wall']} of your city walls are on the board")
    return IllegalAction("no_city", "a wall stands under a city, one per city: every city of yours has one")


def _explain_knight(game: Game, p: Player, a: Action) -> IllegalAction:
    sub, arg = a.args[0], a.args[1] if len(a.args) > 1 else ""
    if sub == "build":
        return IllegalAction("no_piece", f"both of your {KNIGHTS_PER_LEVEL} basic knights are on the board")
    if sub == "promote":
        knights = [k for k in p.knights if k.token == arg]
        if not knights:
            return IllegalAction("no_knight", f"you have no knight {arg!r} on the board")
        level = knights[0].level
        if level == 3:
            return IllegalAction("max_level", "a mighty knight is the strongest there is")
        if all(k.promoted for k in knights):
            return IllegalAction("already_promoted", "a knight is promoted once a turn")
        if level == 2 and p.levels["blue"] < 3:
            return IllegalAction("no_fortress", "a mighty knight needs the fortress (politics level 3)")
        return IllegalAction("no_piece", f"both of your level-{level + 1} knights are on the board")
    if sub in ("act", "chase"):
        if sub == "chase" and not game.first_attack_done:
            return IllegalAction("robber_locked", "no knight chases the robber before the barbarians' first attack")
        if any(str(k.level) == arg and k.active and k.fresh for k in p.knights):
            return IllegalAction("knight_fresh", "a knight activated this turn cannot act this turn")
        return IllegalAction("no_knight", f"you have no active level-{arg} knight")
    if sub == "activate":
        return IllegalAction("no_knight", f"you have no inactive level-{arg} knight")
    return IllegalAction("bad_action", "knight build | activate <level> | promote <1a|2i...> | act <level> | "
                         "chase <level>")


def _explain_improve(game: Game, seat: int, colour: str) -> IllegalAction:
    p = game.player(seat)
    level = p.levels[colour] + 1
    if level > 5:
        return IllegalAction("max_level", f"your {colour} improvements are at level 5 already")
    if p.cities == 0:
        return IllegalAction("no_city", "city improvements need a city of yours")
    return IllegalAction("no_city", f"level {level} needs a city that is not a metropolis yet")


def check_refusal_codes() -> frozenset[str]:
    """Every code this module may give (the random-game tests check refusals against it)."""
    return frozenset({"game_over", "unknown_seat", "bad_action", "not_your_turn", "wrong_time", "unknown_card",
                      "not_in_hand", "not_drawable", "alchemist_after_roll", "before_roll", "robber_locked",
                      "bad_target", "bad_dice", "alchemist_dice", "no_piece", "no_city", "no_fortress", "knight_fresh", "no_knight",
                      "already_promoted", "max_level", "nothing_to_void"})


CORRECTABLE = ("settlements", "cities", "walls", "defender", *COLOURS)
"""What a correction (``0 set``) may set of a seat: its pieces, its Defender of Catan points,
an improvement level."""


def correction_range(game: Game, seat: int, what: str) -> tuple[int, int]:
    """The values a correction may give: the components' limits (walls only on cities);
    Defender points up to the attacks so far; levels 0-5, above 0 only with a city."""
    p = game.player(seat)
    if what in ("settlements", "cities"):
        return 0, PIECES["settlement" if what == "settlements" else "city"] - (p.sided if what == "cities" else 0)
    if what == "walls":
        return 0, min(PIECES["wall"], p.cities)
    if what == "defender":
        return 0, game.attacks
    return 0, 5 if p.cities else 0


def check_correction(game: Game, a: Action) -> None:
    """Refuse a correction that names no seat, nothing correctable, or a value out of range."""
    if game.over:
        raise IllegalAction("game_over", "the game is over")
    if len(a.args) < 3 or not a.args[0].isdigit() or not a.args[2].lstrip("-").isdigit():
        raise IllegalAction("bad_action", "a correction is: 0 set <seat> <what> <value> [reason]")
    seat, what, value = int(a.args[0]), a.args[1], int(a.args[2])
    if not 1 <= seat <= game.n:
        raise IllegalAction("unknown_seat", f"there is no seat {seat}")
    if what not in CORRECTABLE:
        raise IllegalAction("bad_correction", f"{what!r} cannot be corrected: one of {', '.join(CORRECTABLE)}")
    low, high = correction_range(game, seat, what)
    if not low <= value <= high:
        raise IllegalAction("out_of_range", f"{what} of seat {seat} must be {low} to {high}, not {value}")
