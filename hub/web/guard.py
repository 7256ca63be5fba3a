"""Limits on connections that have not (yet) asked for anything: slowloris, idle floods.

uvicorn's h11 protocol, plus a registry of the connections that are *receiving*: just
opened, between keep-alive requests, or still sending a request head or body. Such a
connection costs no thread, but it costs a file descriptor and memory, so:

- a request must arrive whole within `request_timeout` s, else the connection is closed
  (a swept check once a second, one timer for all connections);
- one client address keeps at most `idle_per_client` receiving connections: past that,
  its oldest ones that have waited over `grace` s are closed (a browser sends its request
  at once, a flood does not; a burst of fresh connections is given time to speak);
- past `max_connections` in all, a new connection closes the oldest receiving one, or is
  refused if every connection is busy (open live streams, requests being answered).

Open live streams are busy, not receiving: they are never swept. Each connection buffers
about `write_buffer` bytes in the process and `socket_send_buffer` in the kernel before
its writer waits (a page that stops reading then loses old frames from its own short
queue instead of growing the hub).
"""

from __future__ import annotations

import asyncio
import socket
import time
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from .streams import TRANSPORT_KEY


@dataclass
class ConnectionLimits:
    """Bounds for what costs no thread but a descriptor and memory (see the module doc)."""

    request_timeout: float = 10.0
    idle_per_client: int = 64
    grace: float = 5.0  # a flood's excess lives this long: closing sooner only makes it reconnect sooner
    write_buffer: int = 16 * 1024
    socket_send_buffer: int = 64 * 1024  # the kernel's share per connection (it autotunes to MBs)
    max_connections: int = 1024


@dataclass
class ReceivingRegistry:
    """The receiving connections, oldest first, overall and per client address."""

    limits: ConnectionLimits
    receiving: dict[GuardedH11, float] = field(default_factory=dict)
    by_client: dict[str, dict[GuardedH11, None]] = field(default_factory=dict)
    swept: int = 0  # connections closed for being too slow or too many
    _sweeper: asyncio.TimerHandle | None = None

    def mark(self, conn: GuardedH11, receiving: bool) -> None:
        if receiving == (conn in self.receiving):
            return
        if not receiving:
            self.forget(conn)
            return
        self.receiving[conn] = time.monotonic()
        same = self.by_client.setdefault(conn.client_host, {})
        same[conn] = None
        if len(same) > self.limits.idle_per_client:
            self.trim(same)
        if self._sweeper is None:
            self._sweeper = conn.loop.call_later(1.0, self.sweep, conn.loop)

    def forget(self, conn: GuardedH11) -> None:
        if self.receiving.pop(conn, None) is None:
            return
        same = self.by_client.get(conn.client_host)
        if same is not None:
            same.pop(conn, None)
            if not same:
                del self.by_client[conn.client_host]

    def drop(self, conn: GuardedH11) -> None:
        self.forget(conn)
        self.swept += 1
        conn.transport.close()

    def trim(self, same: dict[GuardedH11, None]) -> None:
        """Close one client's oldest receiving connections beyond its share, once past grace."""
        settled = time.monotonic() - self.limits.grace
        excess = len(same) - self.limits.idle_per_client
        for conn in list(islice(same, max(0, excess))):  # oldest first
            if self.receiving[conn] > settled:
                break
            self.drop(conn)

    def make_room(self, newcomer: GuardedH11, open_connections: int) -> bool:
        """Close the oldest receiving connection if over the limit; False: refuse the newcomer."""
        if open_connections <= self.limits.max_connections:
            return True
        oldest = next((c for c in self.receiving if c is not newcomer), None)
        if oldest is None:
            return False
        self.drop(oldest)
        return True

    def sweep(self, loop: asyncio.AbstractEventLoop) -> None:
        self._sweeper = None
        deadline = time.monotonic() - self.limits.request_timeout
        for conn, since in list(self.receiving.items()):
            if since > deadline:
                break
            self.drop(conn)
        for same in [s for s in self.by_client.values() if len(s) > self.limits.idle_per_client]:
            self.trim(same)
        if self.receiving:
            self._sweeper = loop.call_later(1.0, self.sweep, loop)


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol reporting to a `ReceivingRegistry` (see `guarded_protocol`)."""

    registry: ReceivingRegistry

    @property
    def client_host(self) -> str:
        return self.client[0] if self.client else "?"

    def receiving_now(self) -> bool:
        cycle = self.cycle
        return cycle is None or cycle.response_complete or (cycle.more_body and not cycle.response_started)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        transport.set_write_buffer_limits(high=self.registry.limits.write_buffer)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.registry.limits.socket_send_buffer)
            # An answer leaves in two writes (head, then body): with Nagle the body waited for
            # the client's delayed ACK of the head, ~40 ms on every kept-alive request.
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if not self.registry.make_room(self, len(self.connections)):
            self.registry.swept += 1
            transport.close()
            return
        self.registry.mark(self, True)

    def handle_events(self) -> None:
        """Every new request cycle gets the socket's transport, whether its bytes just arrived
        (`data_received`) or waited behind the previous response on a kept-alive connection
        (`on_response_complete` starts those cycles)."""
        super().handle_events()
        cycle = self.cycle
        if cycle is not None and not cycle.response_started:
            # hub.web.streams writes live frames straight to the socket (the app has not run yet)
            cycle.scope.setdefault("extensions", {})[TRANSPORT_KEY] = self.transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self.registry.mark(self, self.receiving_now())

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self.registry.mark(self, self.receiving_now())

    def connection_lost(self, exc: Exception | None) -> None:
        self.registry.forget(self)
        super().connection_lost(exc)


def guarded_protocol(limits: ConnectionLimits) -> tuple[type[GuardedH11], ReceivingRegistry]:
    """A protocol class for uvicorn's `Config(http=...)` bound to one registry."""
    registry = ReceivingRegistry(limits)
    attrs: dict[str, Any] = {"registry": registry}
    return type("GuardedH11", (GuardedH11,), attrs), registry
