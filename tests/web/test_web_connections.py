"""Connections under the issue-31 attack: clients that never read their answers, from one
address or many, keep no phone off the pages (`hub.web.guard`). Loopback only: the
"machines" are addresses of 127.0.0.0/8; bounded in count and time; never timings."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest

from hub.web.clients import client_group
from hub.web.guard import ConnectionLimits
from tests.web.test_web_serving import open_stream, request, stream_refusal
from tests.web_support import SEAT_TOKENS, FakeTable, LiveServer, make_app, wait_until

PIPELINED = b"GET /api/i18n HTTP/1.1\r\nHost: hub\r\n\r\n" * 6  # ~300 KB of answers, never read


def never_reads(port: int, source: str) -> socket.socket | None:
    """The attack: a small receive buffer, six pipelined requests, nothing ever read.
    None when the hub refused the connection outright."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.settimeout(5)
    try:
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", port))
        sock.sendall(PIPELINED)
    except OSError:
        sock.close()
        return None
    return sock


def request_from(port: int, source: str, path: str) -> int:
    """One request from `source` on a fresh connection: its status (0: the hub refused)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0)) as sock:
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: hub\r\nConnection: close\r\n\r\n".encode())
            head = sock.recv(64)
    except OSError:
        return 0
    return int(head.split()[1]) if head.startswith(b"HTTP/1.1 ") else 0


def stream_or_none(port: int, source: str) -> socket.socket | None:
    """A live stream from `source`, its head read and left open; None (closed) if refused."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    sock.sendall(b"GET /events HTTP/1.1\r\nHost: hub\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            break
        head += chunk
    if head.startswith(b"HTTP/1.1 200"):
        return sock
    sock.close()
    return None


@pytest.fixture
def attack() -> Iterator[list[socket.socket]]:
    opened: list[socket.socket] = []
    yield opened
    for sock in opened:
        sock.close()


def settled(registry: Any, prefix: str, attempts: int) -> bool:
    """Every connection of the attack was taken in (or refused, or made room for another),
    and none from `prefix` addresses is still receiving: their answers have started."""
    held = sum(len(same) for group, same in registry.open_by_client.items() if group.startswith(prefix))
    return held + registry.swept >= attempts and not any(c.client_host.startswith(prefix) for c in registry.receiving)


def test_one_address_that_never_reads_keeps_its_share_and_every_phone_gets_in(attack: list[socket.socket]) -> None:
    """The issue: 900 such sockets from one address held 856 connections and reset everyone
    (with today's limits scaled down: 100 sockets, 60 connections, every phone refused)."""
    table = FakeTable(4, seed=3, human_seats=frozenset({1, 2, 3, 4}))
    limits = ConnectionLimits(max_connections=60, per_client=12, write_timeout=60, trusted=frozenset())
    with LiveServer(make_app(table), limits=limits) as server:
        registry = server.server.registry
        attack.extend(filter(None, (never_reads(server.port, "127.0.9.9") for _ in range(100))))
        assert wait_until(lambda: settled(registry, "127.0.9.", len(attack)), timeout=20)
        assert registry.open_count("127.0.9.9") <= 12  # answered or not, every connection counts
        for n in range(1, 6):  # phones, each its own address
            assert request_from(server.port, f"127.0.1.{n}", "/api/public") == 200
        seat = table.game.pending.seat
        action = table.seat_view(seat)["you"]["options"][0]
        status, answer = request(server.port, "POST", f"/api/seat/{SEAT_TOKENS[seat]}/answer", {"action": action})
        assert status == 200 and answer["ok"]


def test_a_client_that_does_not_read_its_answer_is_dropped(attack: list[socket.socket]) -> None:
    table = FakeTable(4, seed=5)
    limits = ConnectionLimits(write_timeout=1.0, trusted=frozenset())
    with LiveServer(make_app(table), limits=limits) as server:
        registry = server.server.registry
        attack.extend(filter(None, (never_reads(server.port, "127.0.9.9") for _ in range(10))))
        assert wait_until(lambda: settled(registry, "127.0.9.", len(attack)), timeout=20)
        assert wait_until(lambda: registry.open_count("127.0.9.9") == 0, timeout=30)
        assert registry.swept >= 1, "dropped by the hub, not left by the clients"


def test_many_addresses_take_neither_the_tables_reserve_nor_a_new_phones_place(attack: list[socket.socket]) -> None:
    """One machine with many addresses (aliases): all unknown clients together hold at most
    the total less the reserve; a seat's phone and a brand-new phone still get in."""
    table = FakeTable(4, seed=4)
    limits = ConnectionLimits(max_connections=40, reserved_for_known=10, per_client=6, write_timeout=60,
                              trusted=frozenset())
    with LiveServer(make_app(table), limits=limits) as server:
        registry = server.server.registry
        seat_phone = "127.0.2.1"
        assert request_from(server.port, seat_phone, f"/api/seat/{SEAT_TOKENS[2]}") == 200
        assert client_group(seat_phone) in registry.known
        for alias in range(1, 21):
            attack.extend(filter(None, (never_reads(server.port, f"127.0.9.{alias}") for _ in range(6))))
        assert wait_until(lambda: settled(registry, "127.0.9.", len(attack)), timeout=20)
        assert registry.unknown_open() <= 30
        assert request_from(server.port, seat_phone, f"/api/seat/{SEAT_TOKENS[2]}") == 200
        assert request_from(server.port, "127.0.3.1", "/api/public") == 200  # nobody's link yet, still in
        assert sum(map(len, registry.open_by_client.values())) <= 40


def test_ipv6_clients_are_grouped_by_their_64() -> None:
    """Every phone picks IPv6 addresses at will inside its /64: the share is the /64's."""
    assert client_group("2001:db8:1:2::5") == client_group("2001:db8:1:2:aaaa:bbbb:cccc:dddd") == "2001:db8:1:2::/64"
    assert client_group("2001:db8:1:3::5") != client_group("2001:db8:1:2::5")
    assert client_group("::ffff:192.168.4.7") == "192.168.4.7" and client_group("192.168.4.7") == "192.168.4.7"
    assert client_group("::1") == "::1"


def test_guests_with_many_addresses_leave_the_pi_and_the_seats_their_streams(attack: list[socket.socket]) -> None:
    """The issue: 151 addresses x 4 streams took all 600; then even 127.0.0.1 got 503.
    Here 30 aliases try 4 each against 100 streams: the guests stop at 100 less the reserve,
    and the Pi's own screen and a seat's phone (it opened its link) still get theirs."""
    table = FakeTable(4, seed=6)
    app = make_app(table, SSE_MAX_CLIENTS=100, SSE_RESERVED=24)
    broadcaster = app.extensions["citadels_web"].broadcaster
    with LiveServer(app) as server:
        for alias in range(1, 31):
            for _ in range(broadcaster.per_client):
                stream = stream_or_none(server.port, f"127.0.9.{alias}")
                if stream is None:  # 503: the guests' share is full
                    break
                attack.append(stream)
        assert broadcaster.client_count == 100 - 24
        attack.append(open_stream(server.port, "127.0.0.1"))  # a screen on the Pi
        seat_phone = "127.0.2.1"
        assert request_from(server.port, seat_phone, f"/api/seat/{SEAT_TOKENS[2]}") == 200
        attack.append(open_stream(server.port, seat_phone))
        assert stream_refusal(server.port, "127.0.9.77")[0] == 503  # a new guest: the rest is reserved
