"""What every game's actions share: a small immutable value ``"<seat> <verb> [args...]"``
with a text round-trip (the log line, the wire payload of a phone answer and the literal in
a test are one form), the refusal that carries a stable code, and the table's corrections
(seat 0: ``0 void <reason...>`` cancels the last action that stands, ``0 adjust <seat>
<delta> <reason...>`` corrects what a seat holds).

A game's `Action` subclasses `TextAction` and names its verbs (``VERBS``) and an example
for its refusals (``EXAMPLE``); its rules live in its own package.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar

from hub.errors import HubError
from hub.standing import standing as standing_where

A = TypeVar("A", bound="TextAction")


class IllegalAction(HubError):
    """A refused action: a stable ``code`` for programs and a ``message`` for people;
    ``short``, where the game gives one, the same reason in a few words for a seat's
    display (4 lines of 21 characters: "2 actions; 1 left"), never other words than the
    reason's own."""

    def __init__(self, code: str, message: str, short: str | None = None) -> None:
        super().__init__(code, message)
        self.short = short


MAX_ACTION_CHARS = 200
"""The longest action text a log line may hold: what `TextAction.parse` reads back, so what
the hub journals (a correction or an undo with its reason) must fit in it."""


class TextAction(NamedTuple):
    seat: int
    verb: str  # one of the game's ``VERBS``
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.args:
            return f"{self.seat} {self.verb} {' '.join(self.args)}"
        return f"{self.seat} {self.verb}"

    @property
    def text(self) -> str:
        return str(self)

    @classmethod
    def parse(cls: type[A], text: str) -> A:
        """Read ``"<seat> <verb> [args...]"``; raises IllegalAction(bad_action)."""
        example = getattr(cls, "EXAMPLE", "1 end")
        if not isinstance(text, str) or len(text) > MAX_ACTION_CHARS:
            raise IllegalAction("bad_action", f"an action is a short line of text like {example!r} "
                                              f"(at most {MAX_ACTION_CHARS} characters)")
        parts = text.split()
        if len(parts) < 2:
            raise IllegalAction("bad_action", f"{text!r} is not '<seat> <verb> [args]'")
        seat_text, verb, *args = parts
        if not seat_text.isdigit():
            raise IllegalAction("bad_action", f"{text!r}: the seat must be a number, not {seat_text!r}")
        if verb not in getattr(cls, "VERBS", ()):
            raise IllegalAction("bad_action", f"{text!r}: unknown verb {verb!r}")
        return cls(int(seat_text), verb, tuple(args))

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "verb": self.verb, "args": list(self.args)}

    @classmethod
    def from_json(cls: type[A], data: Any) -> A:
        if not isinstance(data, dict):
            raise IllegalAction("bad_action", "an action object needs seat, verb and args")
        seat, verb, args = data.get("seat"), data.get("verb"), data.get("args", [])
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(verb, str):
            raise IllegalAction("bad_action", "an action object needs an integer seat and a verb")
        if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
            raise IllegalAction("bad_action", "action args must be a list of strings")
        return cls.parse(" ".join([str(seat), verb, *args]))


def is_void(action: TextAction) -> bool:
    """Whether `action` is the table's undo, ``0 void <reason...>``."""
    return action.seat == 0 and action.verb == "void"


def standing(log: Sequence[TextAction]) -> list[int]:
    """The positions in `log` of the actions that stand: every ``void`` and the action it
    cancelled left out (what a table keeps beside each action follows the same rule)."""
    return standing_where(log, is_void)


def effective_log(log: Sequence[A]) -> list[A]:
    """The log with every ``void`` and the action it cancelled left out."""
    return [log[i] for i in standing(log)]


def out_of_play(over: bool, seats: int, a: TextAction) -> IllegalAction | None:
    """The refusal every game gives before its own rules: the game is over, or the action
    names no seat of it (None: neither)."""
    if over:
        return IllegalAction("game_over", "the game is over; no more actions are taken")
    if not 1 <= a.seat <= seats:
        return IllegalAction("unknown_seat", f"there is no seat {a.seat} at a {seats}-player table")
    return None


def check_correction(log: Sequence[TextAction], seats: int, a: TextAction, *, holding: Callable[[int], int],
                     unit: str, nothing_code: str) -> None:
    """Validate a table correction (seat 0) or raise IllegalAction: a ``void`` needs an action
    that stands; an ``adjust`` a seat, a whole delta that leaves what the seat holds
    (`holding`, counted in `unit`, e.g. "coins") at 0 or more, and a reason."""
    if a.verb == "void":  # "0 void <reason...>": the admin's reason stays in the log
        if not standing(log):
            raise IllegalAction(nothing_code, "there is no action to void")
        return
    if len(a.args) < 2:
        raise IllegalAction("bad_action", "'0 adjust <seat> <delta> <reason>' needs a seat and a delta")
    seat_text, delta_text = a.args[0], a.args[1]
    if not seat_text.isdigit() or not 1 <= int(seat_text) <= seats:
        raise IllegalAction("unknown_seat", f"there is no seat {seat_text}")
    try:
        delta = int(delta_text)
    except ValueError:
        raise IllegalAction("bad_action", f"the {unit} delta must be a whole number, not {delta_text!r}") from None
    if len(a.args) < 3:
        raise IllegalAction("bad_action", f"a {unit} correction needs a reason")
    held = holding(int(seat_text))
    if held + delta < 0:
        raise IllegalAction("cannot_afford", f"seat {seat_text} has {held} {unit}; cannot remove {-delta}")
