"""Fan-out: the retained public view and hub events on the bus, and the in-process
listeners (web streams, voice, terminal narrator), each numbered by one event id."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from typing import Any

from .view_publisher import needs_view

log = logging.getLogger("hub.kernel")

Subscriber = Callable[[int, dict[str, Any]], None]
"""A listener: ``callback(event_id, {"view": public view, "events": [hub events]})``."""


STATE_FACTS = {"reader_fault": "reader", "reader_recovered": "reader", "paused": "pause", "resumed": "pause",
               "refusal": "refusal"}
"""Facts that say a state (of a reader, of the table, of a seat's last try), not a move."""


def coalesced_key(event: dict[str, Any]) -> tuple[str, Any] | None:
    """What a state fact replaces in the recent list: the same family for the same seat
    (a pause or resume: the table's), or None for a fact that stands on its own."""
    family = STATE_FACTS.get(str(event.get("kind")))
    if family is None:
        return None
    return family, None if family == "pause" else event.get("seat")


class Listeners:
    """The table's listeners and the last few public facts (the page's "recent" list)."""

    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []
        self.event_id = 0
        self.recent: deque[dict[str, Any]] = deque(maxlen=12)
        self._need_view = False  # whether any listener reads views, kept as they come and go

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Add a listener; returns the function that removes it."""
        if callback not in self._subscribers:
            self._subscribers.append(callback)
            self._need_view = needs_view(self._subscribers)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)
                self._need_view = needs_view(self._subscribers)
        return unsubscribe

    def subscribers(self) -> list[Subscriber]:
        return list(self._subscribers)

    def remember(self, events: list[dict[str, Any]]) -> None:
        """Keep the public facts (prompts repeat) in the recent list; a fact that only says
        a state again (a reader's fault or recovery, a pause or resume, a seat's refusal)
        replaces the last one of its kind and seat, so a flapping seat fills no list."""
        recent = self.recent
        for event in events:  # a loop, not a generator: no frame resumed per event (every action passes here)
            kind = event.get("kind")
            if kind == "prompt":
                continue
            if type(kind) is str and kind not in STATE_FACTS:  # a move (most facts): kept, nothing replaced
                recent.append(event)
                continue
            key = coalesced_key(event)
            if key is not None:
                for older in [e for e in recent if coalesced_key(e) == key]:
                    recent.remove(older)
            recent.append(event)

    def need_view(self) -> bool:
        """Whether any listener reads the view of a change (see `view_publisher.EventsOnly`)."""
        return self._need_view

    def notify(self, events: list[dict[str, Any]], view: dict[str, Any] | None) -> None:
        """Tell every listener; `view` None: only `EventsOnly` listeners are listening."""
        self.event_id += 1
        message = {"view": view, "events": events}
        for callback in list(self._subscribers):
            try:
                callback(self.event_id, message)
            except Exception:  # a broken listener never stops the table
                log.exception("subscriber failed")
