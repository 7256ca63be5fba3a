"""The public story of a game, rebuilt from its setup and log (the log is the truth):
every event since the game began, oldest first, each tagged with its round and its
move (the number of the action that made it: 1 for the first action that stands, 0 for
the deal), so a page can tell one move's events from the next (the scoreboard shows the
last move where it happened). Voided actions (and the voids) are left out: the history
tells what stands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Action, effective_log
from .events import Event
from .game import Game
from .setup import Setup


def _tagged(events: Sequence[Event], round_now: int, move: int, out: list[dict[str, Any]]) -> int:
    for event in events:
        if event.kind == "turn_started":
            round_now = int(event.data["round"])
        out.append({**event.to_json(), "round": round_now, "move": move})
    return round_now


def public_history(setup: Setup, log: Sequence[Action] | Sequence[str]) -> list[dict[str, Any]]:
    game = Game.new(setup)
    out: list[dict[str, Any]] = []
    round_now = _tagged(game.start_events, game.round, 0, out)
    actions = [a if isinstance(a, Action) else Action.parse(a) for a in log]
    for move, action in enumerate(effective_log(actions), start=1):
        round_now = _tagged(game.apply(action), round_now, move, out)
    return out
