"""End-of-game scoring with the breakdown the scoreboard shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import CHARACTER_BY_ID, TYPES

if TYPE_CHECKING:
    from .state import GameState, Player

TYPE_SET = frozenset(TYPES)
RANK_OF = {c.id: c.rank for c in CHARACTER_BY_ID.values()}


def score_player(game: GameState, p: Player) -> dict[str, Any]:
    """One seat's score and its breakdown, in one pass over the city (made at every game's
    end and for every seat of a view)."""
    districts = game.cards.districts
    wild_at_end = game.edition.wild_at_end
    names: list[str] = []
    covered: set[str] = set()  # the types of the districts that are not wild
    wild = cost = uniques = 0
    for c in p.city:
        d = districts[c]
        names.append(d.name)
        cost += d.cost
        effect = d.effect
        if effect is None:  # a plain district: never wild, nothing unique
            covered.add(d.type)
            continue
        if wild_at_end(game, p, d):
            wild += 1
        else:
            covered.add(d.type)
        if effect == "two_points":
            uniques += 2
        elif effect == "points_per_card":
            uniques += p.hand_size
        elif effect == "points_per_gold":
            uniques += p.gold
        elif effect == "museum":
            uniques += p.museum
    rules = game.edition
    all_types = rules.all_types_bonus if names and len(TYPES) - len(covered & TYPE_SET) <= wild else 0
    if game.first_complete == p.seat:
        completion = rules.first_complete_bonus
    elif len(p.city) >= game.complete_at:
        completion = rules.other_complete_bonus
    else:
        completion = 0
    return {
        "seat": p.seat,
        "score": cost + all_types + completion + uniques,
        "breakdown": {"districts": cost, "all_types": all_types, "completion": completion, "uniques": uniques},
        "city": names,
        "rank": max(map(RANK_OF.__getitem__, p.characters), default=0),
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
