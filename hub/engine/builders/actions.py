"""Actions: small immutable values with a text round-trip.

``str(Action.parse("2 send w12 b07")) == "2 send w12 b07"``: the same text is the log line,
the wire payload and the literal in a test. The verbs of a turn:

    2 open b07        open a site: take the face-up building b07 (1 action)
    2 recruit w12     take the face-up worker w12 (1 action)
    2 send w12 b07    send worker w12 to your site b07 (1, 2, 3... actions; its wage in coins)
    2 coins 6         take coins: 1 (1 action), 3 (2 actions) or 6 (3 actions)
    2 buy             buy one more action for 5 coins
    2 end             end the turn

and the table's corrections (seat 0): ``0 void [reason...]`` (undo the last action that stands) and
``0 adjust <seat> <delta> <reason...>`` (correct a seat's coins).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, NamedTuple, cast, get_args

from hub.errors import HubError

Verb = Literal["open", "recruit", "send", "coins", "buy", "end", "void", "adjust"]
VERBS: frozenset[str] = frozenset(get_args(Verb))
ARITY: dict[str, tuple[int, int]] = {
    "open": (1, 1), "recruit": (1, 1), "send": (2, 2), "coins": (1, 1), "buy": (0, 0), "end": (0, 0),
}


class IllegalAction(HubError):
    """A refused action: a stable ``code`` for programs and a ``message`` for people."""


class Action(NamedTuple):
    seat: int
    verb: Verb  # a plain string (the Literal only names the allowed ones)
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.seat} {self.verb} {' '.join(self.args)}" if self.args else f"{self.seat} {self.verb}"

    @property
    def text(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``"<seat> <verb> [args...]"``; raises IllegalAction(bad_action)."""
        if not isinstance(text, str) or len(text) > 200:
            raise IllegalAction("bad_action", "an action is a short line of text like '2 send w12 b07'")
        parts = text.split()
        if len(parts) < 2:
            raise IllegalAction("bad_action", f"{text!r} is not '<seat> <verb> [args]'")
        seat_text, verb, *args = parts
        if not seat_text.isdigit():
            raise IllegalAction("bad_action", f"{text!r}: the seat must be a number, not {seat_text!r}")
        if verb not in VERBS:
            raise IllegalAction("bad_action", f"{text!r}: unknown verb {verb!r}")
        return cls(int(seat_text), cast(Verb, verb), tuple(args))

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "verb": self.verb, "args": list(self.args)}

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if not isinstance(data, dict):
            raise IllegalAction("bad_action", "an action object needs seat, verb and args")
        seat, verb, args = data.get("seat"), data.get("verb"), data.get("args", [])
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(verb, str):
            raise IllegalAction("bad_action", "an action object needs an integer seat and a verb")
        if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
            raise IllegalAction("bad_action", "action args must be a list of strings")
        return cls.parse(" ".join([str(seat), verb, *args]))


def effective_log(log: Sequence[Action]) -> list[Action]:
    """The log with every ``0 void`` and the action it cancelled left out."""
    out: list[Action] = []
    for a in log:
        if a.seat == 0 and a.verb == "void":
            if out:
                out.pop()
        else:
            out.append(a)
    return out
