"""End-of-game scoring with the breakdown the scoreboard shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import CHARACTER_BY_ID, TYPES

if TYPE_CHECKING:
    from .state import GameState, Player

UNIQUE_POINTS = {"two_points"}


def score_player(game: GameState, p: Player) -> dict[str, Any]:
    districts = game.cards.districts
    built = [districts[c] for c in p.city]
    rules = game.edition
    wild_cards = [d for d in built if rules.wild_at_end(game, p, d)]
    wild = len(wild_cards)
    covered = {d.type for d in built if d not in wild_cards}
    all_types = rules.all_types_bonus if len(TYPES) - len(covered & set(TYPES)) <= wild and built else 0
    if game.first_complete == p.seat:
        completion = rules.first_complete_bonus
    elif len(p.city) >= game.complete_at:
        completion = rules.other_complete_bonus
    else:
        completion = 0
    uniques = 0
    for d in built:
        if d.effect == "two_points":
            uniques += 2
        elif d.effect == "points_per_card":
            uniques += p.hand_size
        elif d.effect == "points_per_gold":
            uniques += p.gold
        elif d.effect == "museum":
            uniques += p.museum
    breakdown = {
        "districts": sum(d.cost for d in built),
        "all_types": all_types,
        "completion": completion,
        "uniques": uniques,
    }
    return {
        "seat": p.seat,
        "score": sum(breakdown.values()),
        "breakdown": breakdown,
        "city": [d.name for d in built],
        "rank": max((CHARACTER_BY_ID[c].rank for c in p.characters), default=0),
    }


def city_score(game: GameState, p: Player) -> int:
    """What `p`'s city is worth now: district costs plus the bonuses already earned.

    The same count as the final score, taken mid-game, so the scoreboard's running
    score and the final table never disagree.
    """
    return int(score_player(game, p)["score"])


def score_game(game: GameState) -> dict[str, Any]:
    """Scores for every seat, the winner, and whether the tie-break decided it.

    Ties go to the tied player whose character (the highest, with two) had the highest
    rank in the last round.
    """
    seats = [score_player(game, p) for p in game.players]
    best = max(s["score"] for s in seats)
    tied = [s for s in seats if s["score"] == best]
    winner = max(tied, key=lambda s: s["rank"])
    return {"winner": winner["seat"], "tiebreak": len(tied) > 1, "seats": seats}
