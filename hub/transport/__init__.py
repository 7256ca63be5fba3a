"""Message transports for the table: the `Bus` interface and its two implementations.

`connect_bus(url, client_id, will)` picks one from a URL: None or `inproc://` gives a
fresh `InProcessBus`, `inproc://<name>` the process-wide bus of that name (so a hub
and fake seats in one process can meet), `mqtt://[user:pass@]host[:port]` an `MqttBus`
(`mqtts://...[?ca=FILE]` over TLS).
"""

from __future__ import annotations

import threading

from .bus import Bus, Handler, Payload, Will, check_pattern, check_topic, topic_matches
from .inprocess import InProcessBus, InProcessClient
from .mqtt import BrokerAddress, BusConnectError, MqttBus

__all__ = [
    "BrokerAddress",
    "Bus",
    "BusConnectError",
    "Handler",
    "InProcessBus",
    "InProcessClient",
    "MqttBus",
    "Payload",
    "Will",
    "check_pattern",
    "check_topic",
    "connect_bus",
    "named_inprocess_bus",
    "topic_matches",
]

_named_buses: dict[str, InProcessBus] = {}
_named_lock = threading.Lock()


def named_inprocess_bus(name: str) -> InProcessBus:
    """The process-wide in-process bus called `name`, created on first use."""
    with _named_lock:
        bus = _named_buses.get(name)
        if bus is None or bus.closed:
            bus = _named_buses[name] = InProcessBus()
        return bus


def connect_bus(
    url: str | None,
    client_id: str = "",
    will: Will | tuple[str, Payload, int, bool] | None = None,
) -> InProcessBus | MqttBus:
    """Open the bus a URL names. In process the will is unused (the root client of an
    in-process bus cannot lose its connection); use `InProcessBus.client()` for that."""
    if url is None or url == "inproc://":
        return InProcessBus()
    if url.startswith("inproc://"):
        return named_inprocess_bus(url.removeprefix("inproc://"))
    if url.startswith(("mqtt://", "mqtts://")):
        return MqttBus.from_url(url, client_id, will)
    raise ValueError(f"unsupported bus URL {url!r}: use mqtt://host:port, mqtts://host:port or inproc://")
