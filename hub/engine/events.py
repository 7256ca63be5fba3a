"""Events: what an accepted action changed, addressed to everyone or to one seat.

``EventKind`` names every kind the engine emits (a ``Literal``: plain strings on the
wire, in logs and JSON, checked by mypy where events are made); ``PRIVATE_KINDS`` is the
one list of the kinds addressed to a single seat (a hand, a deal, the options of a
pick), which every public surface (history, web, voice) leaves out.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, get_args

EventKind = Literal[
    # the draft
    "round_started", "faceup_removed", "draft_turn", "picked",
    # calling and turns
    "called", "no_answer", "revealed", "robbery", "crown", "turn_ended", "round_ended", "game_over",
    # turn actions
    "gold", "cards", "built", "completed", "instruct", "killed", "robbed_named", "swapped",
    "destroyed", "graveyard_taken", "graveyard_passed",
    # table corrections
    "voided",
    # to one seat only
    "options", "you_picked", "drew", "hand",
]
EVENT_KINDS: frozenset[str] = frozenset(get_args(EventKind))
PRIVATE_KINDS: frozenset[str] = frozenset({"options", "you_picked", "drew", "hand"})  # only ever sent to their seat


class Event(NamedTuple):
    kind: EventKind
    data: dict[str, Any]
    to: int | None = None  # None: public; a seat number: that seat only

    @property
    def public(self) -> bool:
        return self.to is None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.to is not None:
            out["to"] = self.to
        return out
