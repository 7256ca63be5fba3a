"""Events: what an accepted action changed. Nothing in The Builders is secret but the
order of the decks, so every event is public (``to`` is always None; it is kept so that
events read like the Citadels engine's)."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, get_args

EventKind = Literal[
    "turn_started", "opened", "recruited", "sent", "finished", "coins", "bought", "turn_ended",
    "last_round", "game_over",
    "voided", "adjusted",  # table corrections
]
EVENT_KINDS: frozenset[str] = frozenset(get_args(EventKind))


class Event(NamedTuple):
    kind: EventKind
    data: dict[str, Any]
    to: int | None = None  # always None here: every event is public

    @property
    def public(self) -> bool:
        return self.to is None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}
