"""The public story of a game, rebuilt from its setup and log (the log is the truth):
every event since the game began, oldest first, each tagged with its round. Voided
actions (and the voids) are left out: the history tells what stands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Action, effective_log
from .events import Event
from .game import Game
from .setup import Setup


def _tagged(events: Sequence[Event], round_now: int, out: list[dict[str, Any]]) -> int:
    for event in events:
        if event.kind == "turn_started":
            round_now = int(event.data["round"])
        out.append({**event.to_json(), "round": round_now})
    return round_now


def public_history(setup: Setup, log: Sequence[Action] | Sequence[str]) -> list[dict[str, Any]]:
    game = Game.new(setup)
    out: list[dict[str, Any]] = []
    round_now = _tagged(game.start_events, game.round, out)
    actions = [a if isinstance(a, Action) else Action.parse(a) for a in log]
    for action in effective_log(actions):
        round_now = _tagged(game.apply(action), round_now, out)
    return out
