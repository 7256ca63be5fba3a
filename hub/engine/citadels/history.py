"""The public story of a game, rebuilt from its setup and log (the log is the truth).

The scoreboard shows the whole game, not just the last few events: replaying the log
gives exactly the public events the table announced, in order, each tagged with the
round it happened in. Only events addressed to everyone are kept, so no hand, deal or
private option can leak through the history.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Action
from .events import PRIVATE_KINDS, Event
from .game import Game, effective_log
from .setup import Setup


def _public(events: Sequence[Event], round_now: int, move: int, out: list[dict[str, Any]]) -> int:
    for event in events:
        if not event.public or event.kind in PRIVATE_KINDS:
            continue
        if event.kind == "round_started":
            round_now = int(event.data["round"])
        out.append({**event.to_json(), "round": round_now, "move": move})
    return round_now


def public_history(setup: Setup, log: list[Action] | list[str]) -> list[dict[str, Any]]:
    """Every public event since the game began, oldest first, each with its `round` and
    its `move`: the number of the action that made it (1 for the first action that stands,
    0 for the deal), so a page can tell one move's events from the next (the scoreboard
    shows the last move where it happened).

    Voided actions (and the voids) are left out: the history tells what stands.
    """
    game = Game.new(setup)
    out: list[dict[str, Any]] = []
    round_now = _public(game.start_events, game.round, 0, out)  # with the first draft_turn
    actions = [a if isinstance(a, Action) else Action.parse(a) for a in log]
    for move, action in enumerate(effective_log(actions), start=1):
        round_now = _public(game.apply(action), round_now, move, out)
    return out
