"""Test fakes for the seat side: `FakeSeat` is the simulator's `VirtualSeat` (one
implementation of "what the firmware puts on the wire"), and `MessageLog` records what
a hub-side listener receives."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from hub.table.virtual_seat import VirtualSeat as FakeSeat

__all__ = ["FakeSeat", "MessageLog"]


class MessageLog:
    """A hub-side listener for tests: records (topic, payload) from any thread and waits."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, bytes]] = []
        self._condition = threading.Condition()

    def __call__(self, topic: str, payload: bytes) -> None:
        with self._condition:
            self.messages.append((topic, payload))
            self._condition.notify_all()

    def on(self, topic: str) -> list[bytes]:
        with self._condition:
            return [payload for t, payload in self.messages if t == topic]

    def wait_for(
        self, predicate: Callable[[str, bytes], bool], timeout: float = 2.0
    ) -> tuple[str, bytes]:
        """The first recorded message matching, waiting up to `timeout` s."""
        deadline = time.monotonic() + timeout
        with self._condition:
            while True:
                for topic, payload in self.messages:
                    if predicate(topic, payload):
                        return topic, payload
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError(f"no matching message within {timeout}s; got {self.messages!r}")
                self._condition.wait(remaining)

    def wait_count(self, count: int, timeout: float = 2.0) -> list[tuple[str, bytes]]:
        deadline = time.monotonic() + timeout
        with self._condition:
            while len(self.messages) < count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError(f"{len(self.messages)} of {count} messages within {timeout}s: {self.messages!r}")
                self._condition.wait(remaining)
            return list(self.messages)
