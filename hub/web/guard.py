"""Limits on connections: slowloris, idle floods, and clients that never read their answers.

uvicorn's h11 protocol, plus a registry of every open connection, by client group
(`hub.web.clients`: an IPv4 address, an IPv6 /64), and of those that are *receiving*: just
opened, between keep-alive requests, or still sending a request head or body. A connection
costs no thread, but it costs a file descriptor and memory, so:

- a request must arrive whole within `request_timeout` s, else the connection is closed
  (a swept check once a second, one timer for all connections);
- an answer must leave: a connection whose answer has backed up past the write buffer
  (the client does not read) for `write_timeout` s is dropped, whatever it was doing, and
  a Flask thread waiting to write to it is let go;
- one client group keeps at most `idle_per_client` receiving connections (past that, its
  oldest that have waited over `grace` s are closed: a browser sends its request at once, a
  flood does not) and at most `per_client` connections of any kind, answered or not (past
  that its own oldest makes room);
- past `max_connections` in all, or past what all unknown clients may hold together
  (`max_connections` - `reserved_for_known`), a new connection closes the oldest receiving
  connection of the group that holds the most, else that group's oldest connection: a new
  phone always gets in while one address, or one machine with many, misbehaves. A client
  group is *known* once it has opened a seat's or the admin's link (`known_path`): the
  reserve is theirs.

Open live streams are busy, not receiving: they are never swept while they drain. Each
connection buffers about `write_buffer` bytes in the process and `socket_send_buffer` in
the kernel before its writer waits (a page that stops reading then loses old frames from
its own short queue instead of growing the hub, and is dropped after `write_timeout`).
The Pi's own addresses (`THE_HUB_ITSELF`) have no per-client share.
"""

from __future__ import annotations

import asyncio
import socket
import time
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from collections.abc import Callable

from uvicorn.protocols.http.h11_impl import H11Protocol

from .clients import THE_HUB_ITSELF, client_group
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
    write_timeout: float = 15.0  # an answer that cannot leave for this long: the client is gone or hostile
    per_client: int = 48  # every connection of one client group: a browser needs 6 + its streams
    reserved_for_known: int = 64  # kept for clients that opened a seat's or the admin's link (at most a quarter)
    known_clients: int = 64  # client groups remembered as known (the oldest forgotten first)
    trusted: frozenset[str] = THE_HUB_ITSELF  # no per-client share (the Pi's own screen and tools)


@dataclass
class ReceivingRegistry:
    """Every open connection by client group, the receiving ones (oldest first) overall and
    per group, the stalled ones (an answer backed up), and the known client groups."""

    limits: ConnectionLimits
    receiving: dict[GuardedH11, float] = field(default_factory=dict)
    by_client: dict[str, dict[GuardedH11, None]] = field(default_factory=dict)
    open_by_client: dict[str, dict[GuardedH11, None]] = field(default_factory=dict)
    stalled: dict[GuardedH11, float] = field(default_factory=dict)
    known: dict[str, None] = field(default_factory=dict)
    known_path: Callable[[str], bool] | None = None  # whether a request's path opens a seat's or the admin's link
    swept: int = 0  # connections closed for being too slow or too many
    _sweeper: asyncio.TimerHandle | None = None

    # --- every connection -------------------------------------------------------------
    def opened(self, conn: GuardedH11) -> bool:
        """Count a new connection against its group and the total, making room by the
        rules of the module doc; False: refuse it (nothing could make room)."""
        group = conn.client_group
        same = self.open_by_client.setdefault(group, {})
        same[conn] = None
        if group not in self.limits.trusted and len(same) > self.limits.per_client:
            victim = self._oldest(same, conn, receiving_first=True)
            if victim is not None:
                self.drop(victim)
        if not self.make_room(conn, sum(map(len, self.open_by_client.values()))):
            self.closed(conn)
            return False
        return True

    def closed(self, conn: GuardedH11) -> None:
        self.forget(conn)
        self.stalled.pop(conn, None)
        group = conn.client_group
        same = self.open_by_client.get(group)
        if same is not None:
            same.pop(conn, None)
            if not same:
                del self.open_by_client[group]

    def open_count(self, group: str) -> int:
        return len(self.open_by_client.get(group, ()))

    def know(self, group: str) -> None:
        """`group` opened a seat's or the admin's link: the reserve is open to it."""
        self.known.pop(group, None)
        self.known[group] = None
        while len(self.known) > self.limits.known_clients:
            del self.known[next(iter(self.known))]

    def unknown_open(self) -> int:
        return sum(len(same) for group, same in self.open_by_client.items() if group not in self.known)

    def _oldest(self, conns: dict[GuardedH11, None], spare: GuardedH11, receiving_first: bool) -> GuardedH11 | None:
        if receiving_first:
            found = next((c for c in conns if c is not spare and c in self.receiving), None)
            if found is not None:
                return found
        return next((c for c in conns if c is not spare), None)

    # --- receiving connections ----------------------------------------------------------
    def mark(self, conn: GuardedH11, receiving: bool) -> None:
        if receiving == (conn in self.receiving):
            return
        if not receiving:
            self.forget(conn)
            return
        self.receiving[conn] = time.monotonic()
        same = self.by_client.setdefault(conn.client_group, {})
        same[conn] = None
        if len(same) > self.limits.idle_per_client:
            self.trim(same)
        self._sweep_soon(conn.loop)

    def forget(self, conn: GuardedH11) -> None:
        if self.receiving.pop(conn, None) is None:
            return
        same = self.by_client.get(conn.client_group)
        if same is not None:
            same.pop(conn, None)
            if not same:
                del self.by_client[conn.client_group]

    def stall(self, conn: GuardedH11, stalled: bool) -> None:
        """The connection's answer backed up past its write buffer (or drained again)."""
        if stalled:
            self.stalled.setdefault(conn, time.monotonic())
            self._sweep_soon(conn.loop)
        else:
            self.stalled.pop(conn, None)

    def drop(self, conn: GuardedH11) -> None:
        """Close `conn` now, unsent bytes and all (a close would wait for a client that does
        not read); it no longer counts from this moment."""
        self.closed(conn)
        self.swept += 1
        conn.transport.abort()

    def trim(self, same: dict[GuardedH11, None]) -> None:
        """Close one client's oldest receiving connections beyond its share, once past grace."""
        settled = time.monotonic() - self.limits.grace
        excess = len(same) - self.limits.idle_per_client
        for conn in list(islice(same, max(0, excess))):  # oldest first
            if self.receiving[conn] > settled:
                break
            self.drop(conn)

    def make_room(self, newcomer: GuardedH11, open_connections: int) -> bool:
        """Over the total, or over what unknown clients may hold together: close the oldest
        receiving connection of the group that holds the most (any receiving one else), else
        that group's oldest connection. False: nothing could make room (refuse the newcomer)."""
        limits = self.limits
        over_all = open_connections > limits.max_connections
        reserve = min(limits.reserved_for_known, limits.max_connections // 4)
        over_unknown = (newcomer.client_group not in self.known
                        and self.unknown_open() > limits.max_connections - reserve)
        if not over_all and not over_unknown:
            return True
        groups = [g for g in self.open_by_client if over_all or g not in self.known]
        if not groups:
            return False
        hog = max(groups, key=lambda g: len(self.open_by_client[g]))
        victim = self._oldest(self.open_by_client[hog], newcomer, receiving_first=True)
        if victim is None or victim not in self.receiving:
            anywhere = next((c for c in self.receiving if c is not newcomer and (over_all or c.client_group in groups)),
                            None)
            if anywhere is not None:
                victim = anywhere
            elif hog in limits.trusted or victim is None:
                return False
        self.drop(victim)
        return True

    def drop_unsent(self) -> None:
        """At shutdown: drop every connection with bytes still unsent (a close would wait
        for a client that never reads, past the loop's end)."""
        for same in list(self.open_by_client.values()):
            for conn in list(same):
                if conn.transport.get_write_buffer_size():
                    self.drop(conn)

    def _sweep_soon(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._sweeper is None:
            self._sweeper = loop.call_later(1.0, self.sweep, loop)

    def sweep(self, loop: asyncio.AbstractEventLoop) -> None:
        self._sweeper = None
        now = time.monotonic()
        deadline = now - self.limits.request_timeout
        for conn, since in list(self.receiving.items()):
            if since > deadline:
                break
            self.drop(conn)
        for same in [s for s in self.by_client.values() if len(s) > self.limits.idle_per_client]:
            self.trim(same)
        stuck = now - self.limits.write_timeout
        for conn, since in list(self.stalled.items()):
            if since <= stuck:
                self.drop(conn)
        if self.receiving or self.stalled:
            self._sweeper = loop.call_later(1.0, self.sweep, loop)


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol reporting to a `ReceivingRegistry` (see `guarded_protocol`)."""

    registry: ReceivingRegistry

    @property
    def client_host(self) -> str:
        return self.client[0] if self.client else "?"

    @property
    def client_group(self) -> str:
        group: str | None = self.__dict__.get("_group")
        if group is None:
            group = self.__dict__["_group"] = client_group(self.client_host)
        return group

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
        if not self.registry.opened(self):
            self.registry.swept += 1
            transport.abort()
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
            known_path = self.registry.known_path
            if known_path is not None and known_path(cycle.scope.get("path", "")):
                self.registry.know(self.client_group)

    def pause_writing(self) -> None:
        super().pause_writing()
        self.registry.stall(self, True)

    def resume_writing(self) -> None:
        super().resume_writing()
        self.registry.stall(self, False)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self.registry.mark(self, self.receiving_now())

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self.registry.mark(self, self.receiving_now())

    def connection_lost(self, exc: Exception | None) -> None:
        self.registry.closed(self)
        super().connection_lost(exc)


def guarded_protocol(limits: ConnectionLimits) -> tuple[type[GuardedH11], ReceivingRegistry]:
    """A protocol class for uvicorn's `Config(http=...)` bound to one registry."""
    registry = ReceivingRegistry(limits)
    attrs: dict[str, Any] = {"registry": registry}
    return type("GuardedH11", (GuardedH11,), attrs), registry
