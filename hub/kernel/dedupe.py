"""Devices are flaky: delivery is at least once, so the hub applies a seat event at most
once per ``(device, boot, seq)``. A seq repeats across boots, hence the boot in the key."""

from __future__ import annotations


class SeenEvents:
    """Which ``(device, boot, seq)`` the table has taken in."""

    def __init__(self) -> None:
        self._seen: dict[tuple[str, int], set[int]] = {}

    def first_time(self, device: str, boot: int, seq: int) -> bool:
        """Record the event; False if it was already taken in (a duplicate)."""
        seen = self._seen.get((device, boot))
        if seen is None:  # not setdefault(key, set()): that builds a set on every event
            seen = self._seen[(device, boot)] = set()
        if seq in seen:
            return False
        seen.add(seq)
        return True

    def __contains__(self, key: tuple[str, int, int]) -> bool:
        device, boot, seq = key
        return seq in self._seen.get((device, boot), ())

    def boots(self) -> list[tuple[str, int]]:
        """Every (device, boot) heard from, for status pages and tests."""
        return list(self._seen)
