"""Publishing the table's public view only when someone will read it.

The public view (the engine's view plus the table's own fields) costs more to build and
encode than a move costs the engine, and it changes with every move. A simulated table
with no phone, no scoreboard and no MQTT listener reads none of those views, so:

- a subscriber wrapped in `EventsOnly` reads the events of each change, never its view
  (the simulator's table top); while only such subscribers listen, the service builds
  no view for them;
- `LazyPublisher` hands the bus a function instead of bytes when the bus can take one
  (a `hub.bus.LazyBus`: `InProcessBus.publish_lazy`): the retained view is then built and encoded only when a
  subscriber receives it, so a phone or seat that connects later still gets the current
  view. Any other bus (MQTT) gets the bytes at once, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from hub.bus import Bus, LazyBus, Payload
from hub.protocol import encode_json


class EventsOnly:
    """A table subscriber that never reads ``message["view"]`` (it may be None)."""

    __slots__ = ("callback",)

    def __init__(self, callback: Callable[[int, dict[str, Any]], None]) -> None:
        self.callback = callback

    def __call__(self, event_id: int, message: dict[str, Any]) -> None:
        self.callback(event_id, message)

    def __eq__(self, other: object) -> bool:  # unsubscribe / "already subscribed" checks
        return isinstance(other, EventsOnly) and other.callback == self.callback

    def __hash__(self) -> int:
        return hash(self.callback)


class PublishedView:
    """A public view built on the hub thread and never changed afterwards: listeners,
    the retained payload (encoded once) and the web threads' reads share it. `game` and
    `log_length` say which state it shows, so a reader can tell it is still current."""

    __slots__ = ("view", "game", "log_length", "_encoded")

    def __init__(self, view: dict[str, Any], game: object, log_length: int) -> None:
        self.view = view
        self.game = game
        self.log_length = log_length
        self._encoded: bytes | None = None

    def encoded(self) -> bytes:
        """The view as JSON bytes, encoded once (by whichever thread asks first)."""
        data = self._encoded
        if data is None:
            data = self._encoded = encode_json(self.view)
        return data


def needs_view(subscribers: Iterable[object]) -> bool:
    """Whether any subscriber reads the view of a change."""
    return any(not isinstance(subscriber, EventsOnly) for subscriber in subscribers)


class LazyPublisher:
    """Publishes on one bus: ``make()``'s payload, on a `LazyBus` only once a subscriber
    receives it. What the bus can do is asked once, not at every publish."""

    __slots__ = ("_bus", "publish")

    def __init__(self, bus: Bus) -> None:
        self._bus = bus
        self.publish: Callable[[str, Callable[[], Payload], int, bool], None] = (
            bus.publish_lazy if isinstance(bus, LazyBus) else self._publish_made)
        """``publish(topic, make, qos, retain)``: on a `LazyBus` its own `publish_lazy` (no
        call of ours between: the view and the events go out at every move)."""

    def _publish_made(self, topic: str, make: Callable[[], Payload], qos: int = 0, retain: bool = False) -> None:
        self._bus.publish(topic, make(), qos=qos, retain=retain)
