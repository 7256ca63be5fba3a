"""The public story of a game, rebuilt from its setup and log (the log is the truth):
every event since the game began, oldest first, each tagged with its round and its
move (the number of the action that made it: 1 for the first action that stands, 0 for
the deal), so a page can tell one move's events from the next (the scoreboard shows the
last move where it happened). Voided actions (and the voids) are left out: the history
tells what stands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hub.engine.history import public_history as history_of

from .actions import Action
from .game import Game
from .setup import Setup


def public_history(setup: Setup, log: Sequence[Action] | Sequence[str]) -> list[dict[str, Any]]:
    return history_of(Game.new(setup), log, Action.parse, round_started="turn_started")
