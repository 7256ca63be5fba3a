"""What a finished game comes to, as `sim --headless --json` prints it and the tests compare.

Its own module so that the command line, the simulator and the store all use it without
importing each other.
"""

from __future__ import annotations

from typing import Any

from hub.engine.citadels import Game

__all__ = ["game_summary", "summary_lines"]


def game_summary(game: Game) -> dict[str, Any]:
    """The one-line JSON contract of ``sim --headless --json`` for a finished game."""
    result = game.result()
    assert result is not None
    return {
        "seed": game.setup.seed,
        "players": game.setup.players,
        "rounds": game.round,
        "winner": result["winner"],
        "tiebreak": result["tiebreak"],
        "actions": len(game.log),
        "seats": [
            {"seat": s["seat"], "score": s["score"], "breakdown": s["breakdown"], "city": s["city"]}
            for s in result["seats"]
        ],
    }


def summary_lines(summary: dict[str, Any]) -> list[str]:
    """A finished game's summary as ``sim --engine-only`` prints it without ``--json``."""
    lines = [f"seed {summary['seed']}: {summary['players']} players, {summary['rounds']} rounds, "
             f"seat {summary['winner']} wins"]
    for s in summary["seats"]:
        lines.append(f"  seat {s['seat']}: {s['score']:3d}  {s['breakdown']}  {', '.join(s['city'])}")
    return lines
