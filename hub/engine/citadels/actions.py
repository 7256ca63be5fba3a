"""Actions: small immutable values with a text round-trip.

``str(Action.parse("2 build manor")) == "2 build manor"``: the same text is the log line,
the wire payload of a phone answer and the literal in a test (`hub.engine.actions`).
"""

from __future__ import annotations

from typing import Literal, get_args

from hub.engine.actions import IllegalAction, TextAction, effective_log, standing

Verb = Literal[
    "faceup", "pick", "discard",  # the draft
    "gold", "draw", "keep", "build", "tax", "end",  # every turn
    "kill", "rob", "swap", "redraw", "toss", "done", "destroy",  # characters' abilities
    "lab", "smithy", "museum", "graveyard",  # districts' abilities
    "void", "adjust",  # table corrections (seat 0)
]
VERBS: frozenset[str] = frozenset(get_args(Verb))

__all__ = ["VERBS", "Action", "IllegalAction", "Verb", "effective_log", "standing"]


class Action(TextAction):
    """``<seat> <verb> [args...]`` with one of Citadels' verbs."""

    __slots__ = ()
    VERBS = VERBS
    EXAMPLE = "2 pick thief"
