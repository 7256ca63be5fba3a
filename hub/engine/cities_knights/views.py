"""What each audience may see: the table (public), one seat (its own progress cards and
options added), and the result. Built from a whitelist of fields; the cards in a hand
are a count for everybody but their holder."""

from __future__ import annotations

from typing import Any

from .cards import CARDS, COLOURS, TRACKS

Game = Any  # the engine's game.Game, read here only (imported from there, it would make a cycle)


def card_json(card: str) -> dict[str, Any]:
    c = CARDS[card]
    return {"id": c.id, "slug": c.slug, "name": c.name, "name_zh": c.name_zh, "colour": c.colour,
            "track": TRACKS[c.colour], "when": c.when, "effect": c.effect}


def seat_json(game: Game, seat: int) -> dict[str, Any]:
    p = game.player(seat)
    return {
        "seat": seat, "name": game.setup.seat_name(seat), "vp": game.vp(seat), "sources": game.sources(seat),
        "settlements": p.settlements, "cities": p.cities, "sided": p.sided, "walls": p.walls,
        "knights": sorted(k.token for k in p.knights), "strength": p.strength,
        "improvements": dict(p.levels), "metropolises": game.metropolises(seat),
        "progress_cards": len(p.hand), "vp_cards": list(p.vp_cards), "defender": p.defender,
        "progress_played": p.played, "seven_limit": game.seven_limit(seat),
    }


def public_view(game: Game) -> dict[str, Any]:
    pending = game.pending
    dice = game.dice
    return {
        "game": "cities-knights",
        "round": game.round,
        "turn": game.turn_seat,
        "pending": None if pending is None else {"seat": pending.seat, "kind": pending.kind, "about": pending.about},
        "dice": None if dice is None else {"red": dice[0], "yellow": dice[1], "event": dice[2],
                                           "total": dice[0] + dice[1]},
        "alchemist": None if game.alchemist is None else {"red": game.alchemist[0], "yellow": game.alchemist[1]},
        "barbarians": {"position": game.ship, "steps": 7, "strength": game.barbarian_strength(),
                       "knights": game.knights_strength(), "attacks": game.attacks,
                       "robber_free": game.first_attack_done},
        "metropolises": dict(game.metropolis), "longest_road": game.road, "merchant": game.merchant,
        "decks": {c: len(game.deck[c]) + len(game.under[c]) for c in COLOURS},
        "seats": [seat_json(game, s) for s in range(1, game.n + 1)],
        "winner": game.winner or None,
    }


def seat_view(game: Game, seat: int) -> dict[str, Any]:
    view = public_view(game)
    pending = game.pending
    mine = pending is not None and pending.seat == seat
    you: dict[str, Any] = {"seat": seat, "hand": [card_json(c) for c in game.player(seat).hand],
                           "options": [str(a) for a in game.legal_actions()] if mine else []}
    if mine and pending is not None and pending.kind == "take":  # the Spy looks at its victim's hand
        you["spy_sees"] = [card_json(c) for c in game.player(int(pending.about)).hand]
    view["you"] = you
    return view


def result(game: Game) -> dict[str, Any]:
    return {"winner": game.winner, "round": game.round, "barbarian_attacks": game.attacks,
            "seats": [seat_json(game, s) for s in range(1, game.n + 1)]}
