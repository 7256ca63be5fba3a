"""The `Bus` every transport implements and the table kernel talks through.

Standard library only and no imports from the rest of ``hub`` (like `hub.errors`): the
kernel (`hub.kernel`), which uses a bus, and the transports (`hub.transport`), which are
buses, both depend on this module and not on each other. So the same table code runs
against a real Mosquitto broker on the Pi or a deterministic in-process bus in tests and
`sim`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

Handler = Callable[[str, bytes], None]
"""Called as handler(topic, payload) for each message matching a subscription."""

Payload = bytes | str


@runtime_checkable
class Bus(Protocol):
    """Publish/subscribe with MQTT semantics (wildcards `+` and `#`, retained messages)."""

    def publish(self, topic: str, payload: Payload, qos: int = 1, retain: bool = False) -> None:
        """Send `payload` (str is sent as UTF-8) to `topic`; retain=True with b"" clears it."""
        ...

    def subscribe(self, pattern: str, handler: Handler, *, retained: bool = True) -> None:
        """Call handler(topic, payload) for every later message (and retained ones) matching.
        `retained=False`: never a message delivered as retained (the MQTT retain flag on
        delivery), e.g. a seat's events, which are moves only when they are fresh."""
        ...

    def close(self) -> None:
        """Disconnect cleanly: the last will is NOT published."""
        ...


@runtime_checkable
class LazyBus(Bus, Protocol):
    """A bus that can publish a payload made only when a subscriber receives it (the
    in-process bus): a view nobody reads is never built."""

    def publish_lazy(self, topic: str, make: Callable[[], Payload], qos: int = 1, retain: bool = False) -> None:
        """Publish ``make()``, called only if (and when) a subscriber receives it."""
        ...


@runtime_checkable
class ReconnectingBus(Bus, Protocol):
    """A bus that reconnects by itself (MQTT) and calls ``on_connect`` after each
    connection: a restarted broker has forgotten what was retained."""

    on_connect: Callable[[], None] | None
