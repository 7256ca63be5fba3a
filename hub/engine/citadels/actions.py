"""Actions: small immutable values with a text round-trip.

``str(Action.parse("2 build manor")) == "2 build manor"``: the same text is the log line,
the wire payload of a phone answer and the literal in a test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, NamedTuple, cast, get_args

from hub.errors import HubError

Verb = Literal[
    "faceup", "pick", "discard",  # the draft
    "gold", "draw", "keep", "build", "tax", "end",  # every turn
    "kill", "rob", "swap", "redraw", "toss", "done", "destroy",  # characters' abilities
    "lab", "smithy", "museum", "graveyard",  # districts' abilities
    "void", "adjust",  # table corrections (seat 0)
]
VERBS: frozenset[str] = frozenset(get_args(Verb))


class IllegalAction(HubError):
    """A refused action: a stable ``code`` for programs and a ``message`` for people."""


class Action(NamedTuple):
    seat: int
    verb: Verb  # a plain string (the Literal only names the allowed ones)
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.args:
            return f"{self.seat} {self.verb} {' '.join(self.args)}"
        return f"{self.seat} {self.verb}"

    @property
    def text(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``"<seat> <verb> [args...]"``; raises IllegalAction(bad_action)."""
        if not isinstance(text, str) or len(text) > 200:
            raise IllegalAction("bad_action", "an action is a short line of text like '2 pick thief'")
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


def standing(log: Sequence[Action]) -> list[int]:
    """The positions in `log` of the actions that stand: every ``void`` and the action it
    cancelled left out (what a table keeps beside each action follows the same rule)."""
    out: list[int] = []
    for i, a in enumerate(log):
        if a.seat == 0 and a.verb == "void":
            if out:
                out.pop()
        else:
            out.append(i)
    return out


def effective_log(log: list[Action]) -> list[Action]:
    """The log with every ``void`` and the action it cancelled removed."""
    return [log[i] for i in standing(log)]
