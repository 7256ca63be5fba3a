"""Publishing: the retained public view and the hub events on the bus, the in-process
listeners, and the reads of the views and the status from other threads."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from hub.protocol import encode_json

from . import calls, undo
from .interfaces import G
from .publishing import Subscriber
from .state import TableState
from .view_publisher import PublishedView


class ViewPublisher(TableState[G]):
    """The public view, built on the hub thread once per change and shared (never changed)."""

    def publish_view(self, events: list[dict[str, Any]]) -> None:
        """Publish the public view (retained) and `events` on the bus, and tell every
        listener. Runs on the hub thread (inputs call it); others call `announce`."""
        self.listeners.remember(events)
        edge = self.presence.edge(self.game.pending)
        if edge is not None:
            events = [*events, edge]
        # The view is built here, on the hub thread, once per change, and then shared (never
        # changed): listeners, the retained payload and every web read. Only the in-process
        # simulator (caller mode) with no listener reading views leaves it to be built when read.
        published = self._publish_now() if self.loop.own or self.listeners.need_view() else None
        if published is None:
            self._view = None
        self._publisher.publish(self._public_topic,  # built when read
                                published.encoded if published is not None else self._encoded_view, 0, True)
        if events:
            self._publisher.publish(self._events_topic, lambda: encode_json({"events": events}), 0, False)
        self.listeners.notify(events, published.view if published is not None else None)

    def _publish_now(self) -> PublishedView:
        """The public view as it is now, kept as the one other threads read (hub thread only)."""
        self._view = PublishedView(self._build_public_view(), self.game, len(self.game.log))
        return self._view

    def _current_view(self) -> PublishedView | None:
        """The published view if it still shows the game as it is (a cheap check other
        threads may make: the same game object, the same number of actions)."""
        published = self._view
        if published is not None and published.game is self.game and published.log_length == len(self.game.log):
            return published
        return None

    def _current_or_new_view(self) -> PublishedView:
        return self._current_view() or self._publish_now()

    def _encoded_view(self) -> bytes:
        """The retained view, made when a subscriber reads it (the bus calls this)."""
        published = self._current_view()
        if published is None:
            # On the hub thread (the in-process simulator's case) this is the current
            # view; a late subscriber on another thread of a caller-mode table (never the
            # web, which reads through `public_view`) gets it built where it stands.
            published = self._publish_now()
        return published.encoded()

    def _note(self, hub_event: dict[str, Any], view: bool = True) -> None:
        if view:
            self.publish_view([hub_event])
        else:
            # nothing the view shows changed: the published one, if current, serves again
            self.listeners.notify([hub_event], self._current_or_new_view().view if self.listeners.need_view() else None)

    def new_game_event(self) -> dict[str, Any]:
        """The public event that opens a game on this table: its player count, the players'
        names (``[]``: none given; every game's setup may carry ``names``, seat 1 first, so
        the terminal and the voice name the new game's players) and what the adapter says
        of its rules."""
        names = [str(name) for name in getattr(self.game.setup, "names", ()) or ()]
        return {"kind": "new_game", "players": self.game.n, "names": names, **self.adapter.game_facts(self.game)}

    def announce(self, events: list[dict[str, Any]]) -> None:
        """Publish the view with `events`, through the hub thread (from any thread)."""
        self.loop.submit("announce", lambda: self.publish_view(events), wait=True)

    # ------------------------------------------------------------------ reads (web, sim)
    def public_view(self) -> dict[str, Any]:
        """The public view (a copy: the caller may change it). From any thread other than
        the hub's, it is the view the hub thread last published (built there, once per
        change), or, if none is current, one the hub thread builds now: never a view of
        a game the hub thread is half-way through changing."""
        if not calls.reading_elsewhere(self):
            return self._build_public_view()
        published = self._current_view()
        if published is None:
            published = calls.read_on_hub(self, "public_view", self._current_or_new_view)
        return copy.deepcopy(published.view)

    def _build_public_view(self) -> dict[str, Any]:
        return self._with_table(self.adapter.public_view(self.game))

    def _with_table(self, view: dict[str, Any]) -> dict[str, Any]:
        """Add what only the table knows (readers online, recent events, pause) to a game's view."""
        for s in view["seats"]:
            s["online"] = self.online.get(s["seat"], False)
        view["recent"] = list(self.listeners.recent)[-10:]
        view["paused"] = self.paused
        view["pause_reason"] = self.pause_text() or None
        view["paused_for"] = self.presence.pause_facts(self.game.pending) or None  # the same, as data
        view["table"] = self.table
        view["store_error"] = self.store_error
        view.update(self.adapter.view_extras(self.game))
        return view

    @calls.read("status")
    def status(self) -> dict[str, Any]:
        """The admin's status, read on the hub thread between inputs. The admin is trusted:
        `last_move` is what an undo would take back, as the log says it, secrets and all
        (``2 take 3``), and `can_undo` whether this game can undo it."""
        last = undo.last_move(self.game.log, self.adapter.undo_reason)
        can_undo = last is not None and self.adapter.undo_action(self.game, "undo") is not None
        return {"paused": self.paused, "pause_reason": self.pause_text() or None, "store_error": self.store_error,
                "seats_online": {s: self.online.get(s, False) for s in range(1, self.game.n + 1)},
                "devices": dict(self.devices), "counters": dict(self.counters),
                "last_move": str(last) if last is not None else None, "can_undo": can_undo,
                **self.adapter.status(self.game)}

    @calls.read("game_log")
    def game_log(self) -> tuple[Any, list[Any]]:
        """(setup, a copy of the log), taken on the hub thread between inputs: what a
        reader on another thread replays (the scoreboard's game log)."""
        return self.game.setup, list(self.game.log)

    # ------------------------------------------------------------------ listeners
    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        return self.listeners.subscribe(callback)

    def subscribers(self) -> list[Subscriber]:
        """The listeners, in order (a new game's table takes them over)."""
        return self.listeners.subscribers()

    def last_event_id(self) -> int:
        return self.listeners.event_id
