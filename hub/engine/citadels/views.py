"""What each audience may see: the table (public) and one seat (its own secrets added).

Built from a whitelist of public fields, never by deleting secrets from the full state,
so a new secret field cannot leak by default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .cards import CHARACTER_BY_ID
from .scoring import city_score

if TYPE_CHECKING:
    from .state import GameState, Player


def _district(game: GameState, card: str) -> dict[str, Any]:
    d = game.cards.districts[card]
    return {"id": d.id, "name": d.name, "type": d.type, "cost": d.cost}


def public_view(game: GameState) -> dict[str, Any]:
    revealed_by_seat: dict[int, list[str]] = {}
    for char, seat in sorted(game.revealed.items(), key=lambda kv: CHARACTER_BY_ID[kv[0]].rank):
        revealed_by_seat.setdefault(seat, []).append(char)
    calling = None
    if game.phase == "turns" and 1 <= game.rank <= 8:
        calling = {"rank": game.rank, "character": _rank_char(game.rank)}
    pending = {"seat": game.pending.seat, "kind": game.pending.kind} if game.pending else None
    return {
        "round": game.round,
        "phase": game.phase,
        "mode": game.setup.mode,
        "edition": game.setup.edition,  # the pages word a character in its edition's words
        "crowned": game.crowned,
        "calling": calling,
        "faceup_removed": list(game.faceup),
        "killed": game.killed,
        "robbed": game.robbed,
        "complete_at": game.complete_at,
        "first_complete": game.first_complete,
        "pending": pending,
        "deck": game.deck_size(),
        "seats": [
            {
                "seat": p.seat,
                "name": game.setup.seat_name(p.seat),
                "gold": p.gold,
                "hand": p.hand_size,
                "crown": p.seat == game.crowned,
                "characters": revealed_by_seat.get(p.seat, []),
                "city": [_district(game, c) for c in p.city],
                "museum": p.museum,
                "complete": len(p.city) >= game.complete_at,
                "score": city_score(game, p),
                "chosen": len(p.characters),  # how many characters it holds (which stays secret)
            }
            for p in game.players
        ],
        "result": game.result(),
        "characters": character_strip(game),
        "facedown_count": facedown_count(game),
    }


def seat_view(game: GameState, seat: int) -> dict[str, Any]:
    view = public_view(game)
    p = game.player(seat)
    mine = game.pending is not None and game.pending.seat == seat
    options = game.legal_actions() if mine else []
    you: dict[str, Any] = {
        "seat": seat,
        "hand": sorted(p.hand),
        "hand_size": p.hand_size,
        "characters": sorted(p.characters, key=lambda c: CHARACTER_BY_ID[c].rank),
        "options": [str(a) for a in options],
        "gives": option_gains(game, p, options),
        "draft": sorted(game.pile, key=lambda c: CHARACTER_BY_ID[c].rank)
        if mine and game.pending and game.pending.kind in ("pick", "discard") and game.digital
        else [],
        "drawn": list(game.drawn) if mine and game.pending and game.pending.kind == "keep" else [],
    }
    view["you"] = you
    return view


def option_gains(game: GameState, p: Player, options: list[Action]) -> dict[str, dict[str, int]]:
    """What each option gives the deciding seat, so its page can say so on the button:
    {action text: {"gold": change, "cards": change, "draw": cards drawn, "keep": cards kept,
    "points": change, "take": cards taken in a swap}}; options that give nothing countable
    (a pick, a kill) are left out. "end" collects a tax not yet taken (``Game._on_end``)."""
    out: dict[str, dict[str, int]] = {}
    tax = _tax(game, p)
    for a in options:
        gives = _gains(game, p, a, tax)
        if gives:
            out[str(a)] = gives
    return out


def _tax(game: GameState, p: Player) -> int:
    char = CHARACTER_BY_ID.get(game.turn_char) if game.phase == "turns" else None
    return p.taxed.get(char.tax or "", 0) if char is not None else 0


def _gains(game: GameState, p: Player, a: Action, tax: int) -> dict[str, int]:
    verb, args = a.verb, a.args
    if verb == "gold":
        return {"gold": 2}
    if verb == "draw":
        draw = min(3 if "draw_three" in p.effects else 2, game.deck_size())
        return {"draw": draw, "keep": draw if "keep_all_drawn" in p.effects else min(draw, 1)}
    if verb == "tax":
        return {"gold": tax}
    if verb == "end":
        return {"gold": tax} if tax and "tax" not in game.used else {}
    if verb == "build" and args:
        return {"gold": -game.cards.districts[args[0]].cost}
    if verb == "destroy" and len(args) == 2:
        return {"gold": -game.destroy_price(game.player(int(args[0])), args[1])}
    if verb == "lab":
        return {"cards": -1, "gold": game.edition.laboratory_gold}
    if verb == "smithy":
        return {"gold": -2, "cards": 3}
    if verb == "museum":
        return {"cards": -1, "points": 1}
    if verb == "graveyard" and args and args[0] == "take":
        return {"gold": -1, "cards": 1}
    if verb == "swap" and args:
        return {"take": game.player(int(args[0])).hand_size, "cards": -p.hand_size}
    return {}


def _rank_char(rank: int) -> str:
    from .cards import CHARACTER_BY_RANK

    return CHARACTER_BY_RANK[rank].id


def character_strip(game: GameState) -> list[dict[str, Any]]:
    """Every character in this game, in calling order, with what the whole table knows
    of it: ``state`` is ``faceup`` (out this round, face up), ``to_come`` (not called yet),
    ``playing`` (called: its seat plays now), ``played`` (called: its seat has played),
    ``facedown`` (called and nobody answered: it was out face down) or ``silent`` (called
    while killed: its holder stays unknown); ``seat`` the seat that revealed it (or None);
    ``killed`` / ``robbed`` the Assassin's and the Thief's targets, named aloud.

    Public by construction: a character still to come says nothing of where it is (in a
    hand or out face down), and one called is only what the calling showed everyone."""
    turns = game.phase == "turns"
    strip = []
    for c in sorted((CHARACTER_BY_ID[c] for c in game.in_game), key=lambda c: c.rank):
        seat = game.revealed.get(c.id)
        called = c.rank < game.rank or (game.phase == "over" and c.rank <= game.rank)
        if c.id in game.faceup:
            state = "faceup"
        elif turns and c.rank == game.rank:
            state = "playing"
        elif seat is not None:
            state = "played"
        elif called:
            state = "silent" if c.id == game.killed else "facedown"
        else:
            state = "to_come"
        strip.append({"id": c.id, "rank": c.rank, "state": state, "seat": seat,
                      "killed": c.id == game.killed, "robbed": c.id == game.robbed})
    return strip


def facedown_count(game: GameState) -> int | None:
    """How many characters lie out face down this round once the draft is over (public:
    the characters in play less those face up and those chosen), else None."""
    if game.phase not in ("turns", "over"):
        return None
    chosen = sum(len(p.characters) for p in game.players)
    return len(game.in_game) - len(game.faceup) - chosen
