"""Events: what an accepted action changed. Nothing in The Builders is secret but the
order of the decks, so every event is public (``to`` is always None; it is kept so that
events read like the other engines': `hub.engine.events.Event`)."""

from __future__ import annotations

from typing import Literal, get_args

from hub.engine.events import Event

EventKind = Literal[
    "turn_started", "opened", "recruited", "sent", "finished", "coins", "bought", "turn_ended",
    "last_round", "game_over",
    "voided", "adjusted",  # table corrections
]
EVENT_KINDS: frozenset[str] = frozenset(get_args(EventKind))

__all__ = ["EVENT_KINDS", "Event", "EventKind"]
