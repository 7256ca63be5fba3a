"""A stored Citadels game read back: the readable export and what ``replay`` prints."""

from __future__ import annotations

from typing import Any

from hub.engine.citadels import Action, Game
from hub.games.plugin import StoredGameLike, meta_note, waiting_for

from . import texts
from .summary import game_summary


def export_text(stored: StoredGameLike) -> str:
    """A stored game as a readable log: a header, one numbered action a line, the result."""
    setup = stored.setup
    lines = [f"# Citadels game {stored.id}, started {stored.created}",
             f"# {setup.players} players, seed {setup.seed}, {setup.mode} mode, {setup.variant}, deck {setup.deck}"]
    if setup.names:
        lines.append("# " + ", ".join(f"seat {i}: {n}" for i, n in enumerate(setup.names, 1)))
    game = Game.new(setup)
    round_seen = 0
    for i, (text, m) in enumerate(zip(stored.actions, stored.meta)):
        if game.round != round_seen:
            round_seen = game.round
            lines.append(f"## round {round_seen}")
        game.apply(text)
        note = f"  [{texts.describe(Action.parse(text))}]" if Action.parse(text).seat else ""
        lines.append(f"{i + 1:4d}  {text}{note}{meta_note(m)}")
    result = game.result()
    if result is None:
        lines.append(f"# unfinished: round {game.round}, waiting for {waiting_for(game)}")
    else:
        lines.append(f"# over: seat {result['winner']} wins" + (" on the tiebreak" if result["tiebreak"] else ""))
        for s in result["seats"]:
            lines.append(f"#   seat {s['seat']}: {s['score']} points {s['breakdown']}")
    return "\n".join(lines) + "\n"


def replay_report(game_id: int, game: Game) -> tuple[dict[str, Any], list[str]]:
    """``citadels-hub replay``: (its JSON line, its text lines) for a replayed game."""
    out = game_summary(game) if game.over else {"game": game_id, "over": False, "actions": len(game.log),
                                                "state_hash": game.state_hash(), "view": game.public_view()}
    lines = [f"game {game_id}: {len(game.log)} actions replayed, state {game.state_hash()[:16]}"]
    if game.over:
        result = game.result()
        assert result is not None
        scores = ", ".join(f"seat {s['seat']} {s['score']}" for s in result["seats"])
        lines.append(f"over after {game.round} rounds: seat {result['winner']} wins ({scores})")
    else:
        lines.append(f"unfinished: round {game.round}, waiting for {waiting_for(game)}")
    return out, lines

