"""The final score: points from finished buildings and machines, plus 1 point for every
full 10 coins. Ties: most points from buildings and machines, then most coins; players
still level share the victory."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .state import Player

COINS_PER_POINT = 10


def score_player(p: Player) -> dict[str, Any]:
    points = p.points
    return {"seat": p.seat, "score": points + p.coins // COINS_PER_POINT, "points": points,
            "coin_points": p.coins // COINS_PER_POINT, "coins": p.coins,
            "finished": [*p.finished, *p.machines], "turns": p.turns}


def score_game(players: Sequence[Player]) -> dict[str, Any]:
    """Every seat's score, best first (``rank`` 1 is the winner; tied seats share a rank)."""
    seats = [score_player(p) for p in players]

    def key(s: dict[str, Any]) -> tuple[int, int, int]:
        return (s["score"], s["points"], s["coins"])

    ordered = sorted(seats, key=lambda s: (-s["score"], -s["points"], -s["coins"], s["seat"]))
    for s in ordered:
        s["rank"] = 1 + sum(1 for other in seats if key(other) > key(s))
    winners = [s["seat"] for s in ordered if s["rank"] == 1]
    best = ordered[0]
    runner_up = ordered[1]
    return {
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
        # what decided between the first two: the score, the points, the coins, or nothing (shared)
        "decided_by": ("score" if best["score"] != runner_up["score"] else
                       "points" if best["points"] != runner_up["points"] else
                       "coins" if best["coins"] != runner_up["coins"] else "shared"),
        "seats": ordered,
    }
