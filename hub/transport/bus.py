"""MQTT topic matching and payload checks for every transport, and the `Bus` interface
they implement (defined in `hub.bus`, so the kernel needs no transport to name it).
"""

from __future__ import annotations

from typing import NamedTuple

from hub.bus import Bus, Handler, Payload

__all__ = ["Bus", "Handler", "Payload", "Will", "check_pattern", "check_qos", "check_topic", "to_bytes", "topic_matches"]


class Will(NamedTuple):
    """An MQTT last will: published by the broker if the client drops without saying goodbye."""

    topic: str
    payload: Payload
    qos: int = 1
    retain: bool = False


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
