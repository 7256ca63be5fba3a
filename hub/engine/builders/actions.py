"""Actions: small immutable values with a text round-trip.

``str(Action.parse("2 send w12 b07")) == "2 send w12 b07"``: the same text is the log line,
the wire payload and the literal in a test. The verbs of a turn:

    2 open b07        open a site: take the face-up building b07 (1 action)
    2 recruit w12     take the face-up worker w12 (1 action)
    2 send w12 b07    send worker w12 to your site b07 (1, 2, 3... actions; its wage in coins)
    2 coins 6         take coins: 1 (1 action), 3 (2 actions) or 6 (3 actions)
    2 buy             buy one more action for 5 coins
    2 end             end the turn

and the table's corrections (seat 0, `hub.engine.actions`): ``0 void [reason...]`` (undo the last action that stands) and
``0 adjust <seat> <delta> <reason...>`` (correct a seat's coins).
"""

from __future__ import annotations

from typing import Literal, get_args

from hub.engine.actions import IllegalAction, TextAction, effective_log

Verb = Literal["open", "recruit", "send", "coins", "buy", "end", "void", "adjust"]
VERBS: frozenset[str] = frozenset(get_args(Verb))
ARITY: dict[str, tuple[int, int]] = {
    "open": (1, 1), "recruit": (1, 1), "send": (2, 2), "coins": (1, 1), "buy": (0, 0), "end": (0, 0),
}

__all__ = ["ARITY", "VERBS", "Action", "IllegalAction", "Verb", "effective_log"]


class Action(TextAction):
    """``<seat> <verb> [args...]`` with one of The Builders' verbs."""

    __slots__ = ()
    VERBS = VERBS
    EXAMPLE = "2 send w12 b07"
