"""Secrets by declaration: what a game's plug-in declares private (event kinds, view
keys) never leaves through a public channel, whatever its adapter got wrong.

The public MQTT topic and the kernel's listeners get views and events with the declared
secrets removed (`keep_declared_secrets`); the web and the voice filter again with the
same declaration (`Secrets`) before anything reaches a page, a stream or a speaker.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Secrets:
    """Event kinds only ever sent to their seat, and view keys that say a seat's secrets."""

    event_kinds: frozenset[str] = frozenset()
    view_keys: frozenset[str] = frozenset({"you"})

    @classmethod
    def of(cls, game: Any) -> Secrets:
        """A plug-in's declaration (`hub.games.plugin.GamePlugin`)."""
        return cls(frozenset(game.private_event_kinds), frozenset(game.private_view_keys))

    @classmethod
    def union(cls, games: Iterable[Any]) -> Secrets:
        """Every registered game's secrets at once: for a channel that does not know its game."""
        declared = [cls.of(game) for game in games]
        return cls(frozenset().union(*(s.event_kinds for s in declared)),
                   frozenset({"you"}).union(*(s.view_keys for s in declared)))

    def public_events(self, events: Any) -> list[dict[str, Any]]:
        """Only events addressed to everyone, and never a private kind; also inside an
        event that carries others (an ``undone`` move's ``told``, `hub.kernel.undo`)."""
        if not isinstance(events, list):
            return []
        kept = []
        for event in events:
            if not isinstance(event, Mapping):
                continue
            if event.get("to") is not None or event.get("kind") in self.event_kinds:
                continue
            kept.append({k: self.public_events(v) if k == "told" else v for k, v in event.items() if k != "to"})
        return kept

    def public_view(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """A copy of a public view with every private key removed, at the top and per seat;
        a seat's ``hand`` given as a list becomes its size."""
        clean = {k: v for k, v in view.items() if k not in self.view_keys and not str(k).startswith("_")}
        if "seats" in clean:
            seats = []
            for seat in clean.get("seats") or []:
                if not isinstance(seat, Mapping):
                    continue
                entry = {k: v for k, v in seat.items() if k not in self.view_keys}
                if isinstance(entry.get("hand"), list):
                    entry["hand"] = len(entry["hand"])
                seats.append(entry)
            clean["seats"] = seats
        if "recent" in clean:
            clean["recent"] = self.public_events(clean["recent"])
        return clean


def keep_declared_secrets(table: Any, secrets: Secrets) -> Any:
    """Make `table` (a `hub.kernel.Table`) publish only what `secrets` allows: its adapter's
    public views and public events are filtered before the topic, the listeners, the web
    and the voice see them. Returns the table."""
    adapter = table.adapter
    public_view, public_events = adapter.public_view, adapter.public_events
    view_keys, event_kinds = secrets.view_keys, secrets.event_kinds

    def declared_public_view(game: Any) -> dict[str, Any]:
        view: dict[str, Any] = public_view(game)
        if view_keys.isdisjoint(view) and not any(view_keys.intersection(s) for s in view.get("seats") or ()
                                                 if isinstance(s, Mapping)):
            return view  # nothing to take out (the usual case): no copy
        return secrets.public_view(view)

    def declared_public_events(events: Any) -> list[dict[str, Any]]:
        made: list[dict[str, Any]] = public_events(events)
        for e in made:  # a loop, not all(generator): every action's events pass here
            if e.get("to") is not None or e.get("kind") in event_kinds:
                return secrets.public_events(made)
        return made  # nothing to take out (the usual case): no copy

    adapter.public_view = declared_public_view
    adapter.public_events = declared_public_events
    return table
