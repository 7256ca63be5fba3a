"""A raw seat device on the in-process bus, for tests that drive a kernel `Table` with
the exact protocol messages a seat sends (no firmware, no bot): it says it is online,
sends events with its own `seq`, and records every command the hub sends it."""

from __future__ import annotations

import json
from typing import Any

from hub.protocol import SeatCommand, parse_command
from hub.transport import InProcessBus


class RawSeat:
    """Seat `seat` of table ``t1``, as device ``{device}-{seat}`` (boot 1)."""

    def __init__(self, bus: InProcessBus, seat: int, device: str = "seat") -> None:
        self.seat = seat
        self.device = f"{device}-{seat}"
        self.client = bus.client(self.device, will=(f"citadels/t1/seat/{seat}/status", b"offline", 1, True))
        self.commands: list[SeatCommand] = []
        self.client.subscribe(f"citadels/t1/seat/{seat}/cmd", lambda _t, p: self.commands.append(parse_command(p)))
        self.seq = 0
        self.client.publish(f"citadels/t1/seat/{seat}/status", b"online", retain=True)

    def send(self, type: str, **fields: Any) -> int:
        """Publish one event; its `seq`."""
        self.seq += 1
        event = {"v": 1, "device": self.device, "boot": 1, "seq": self.seq, "t": 0, "type": type, **fields}
        self.client.publish(f"citadels/t1/seat/{self.seat}/event", json.dumps(event).encode())
        return self.seq

    def answer(self, seq: int) -> SeatCommand:
        """The hub's answer to the event `seq` (the command whose `ref` it is)."""
        return next(c for c in self.commands if c.ref == seq)

    def ask(self, type: str, **fields: Any) -> SeatCommand:
        """Send an event and return the hub's answer to it (a hub in `transport_waits` mode
        has answered before the publish returns)."""
        return self.answer(self.send(type, **fields))

    def lay_tag(self, uid: str) -> SeatCommand:
        """Lay the tag `uid` on the reader and lift it again, as a player lays a card; the
        hub's answer to laying it."""
        answer = self.ask("tag", edge="added", uid=uid)
        self.send("tag", edge="removed", uid=uid)
        return answer
