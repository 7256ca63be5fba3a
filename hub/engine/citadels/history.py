"""The public story of a game, rebuilt from its setup and log (the log is the truth).

The scoreboard shows the whole game, not just the last few events: replaying the log
gives exactly the public events the table announced, in order, each tagged with the
round it happened in. Only events addressed to everyone are kept, so no hand, deal or
private option can leak through the history.
"""

from __future__ import annotations

from typing import Any

from hub.engine.history import public_history as history_of

from .actions import Action
from .events import PRIVATE_KINDS
from .game import Game
from .setup import Setup


def public_history(setup: Setup, log: list[Action] | list[str]) -> list[dict[str, Any]]:
    """Every public event since the game began, oldest first, each with its `round` and
    its `move`: the number of the action that made it (1 for the first action that stands,
    0 for the deal), so a page can tell one move's events from the next (the scoreboard
    shows the last move where it happened).

    Voided actions (and the voids) are left out: the history tells what stands.
    """
    return history_of(Game.new(setup), log, Action.parse, round_started="round_started",
                      hidden=PRIVATE_KINDS)  # the deal's events come with the first draft_turn
