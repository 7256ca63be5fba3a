"""The `Bus` interface every transport implements, plus MQTT topic matching.

The hub talks to seats only through a `Bus`, so the same table code runs against a
real Mosquitto broker on the Pi or a deterministic in-process bus in tests and `sim`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol, runtime_checkable

Handler = Callable[[str, bytes], None]
"""Called as handler(topic, payload) for each message matching a subscription."""

Payload = bytes | str


class Will(NamedTuple):
    """An MQTT last will: published by the broker if the client drops without saying goodbye."""

    topic: str
    payload: Payload
    qos: int = 1
    retain: bool = False


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


def to_bytes(payload: Payload) -> bytes:
    """Payloads travel as bytes; text is UTF-8."""
    if isinstance(payload, str):
        return payload.encode("utf-8")
    if isinstance(payload, (bytes, bytearray, memoryview)):
        return bytes(payload)
    raise TypeError(f"payload must be bytes or str, not {type(payload).__name__}")


def check_topic(topic: str) -> str:
    """A publish topic: non-empty, no wildcards, no NUL."""
    if not isinstance(topic, str) or not topic or "+" in topic or "#" in topic or "\0" in topic:
        raise ValueError(f"invalid publish topic {topic!r}")
    return topic


def check_pattern(pattern: str) -> str:
    """A subscription pattern: `+` fills one whole level, `#` only as the whole last level."""
    if not isinstance(pattern, str) or not pattern or "\0" in pattern:
        raise ValueError(f"invalid subscription pattern {pattern!r}")
    levels = pattern.split("/")
    for index, level in enumerate(levels):
        if "#" in level and (level != "#" or index != len(levels) - 1):
            raise ValueError(f"'#' must be the whole last level in {pattern!r}")
        if "+" in level and level != "+":
            raise ValueError(f"'+' must be a whole level in {pattern!r}")
    return pattern


def check_qos(qos: int) -> int:
    if qos not in (0, 1, 2) or isinstance(qos, bool):
        raise ValueError(f"qos must be 0, 1 or 2, got {qos!r}")
    return qos


def topic_matches(pattern: str, topic: str) -> bool:
    """MQTT matching: `a/#` also matches `a`; wildcards never match a leading `$` level."""
    if topic.startswith("$") and pattern[:1] in ("+", "#"):
        return False
    pattern_levels = pattern.split("/")
    topic_levels = topic.split("/")
    for index, level in enumerate(pattern_levels):
        if level == "#":
            return True
        if index >= len(topic_levels):
            return False
        if level != "+" and level != topic_levels[index]:
            return False
    return len(pattern_levels) == len(topic_levels)
