"""The web server under idle-socket floods and many open streams: nobody locks out the table.

Behaviour only (threads, answers, closed sockets), never timings: `bench/web_serving.py`
measures the latencies.
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
from collections.abc import Iterator

import pytest

from hub.web.app import STREAM_TOO_MANY
from hub.web.guard import ConnectionLimits
from hub.web.serving import WSGI_THREADS
from tests.web_support import SEAT_TOKENS, FakeTable, LiveServer, make_app, wait_until


def phone(n: int) -> str:
    """The address of the n-th device in the room (each phone has its own on the Wi-Fi)."""
    return f"127.0.{1 + n // 250}.{1 + n % 250}"


def open_stream(port: int, source: str = "127.0.0.1", status: int = 200) -> socket.socket:
    """A scoreboard's stream on a raw socket from `source`, its headers read, then left unread."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    sock.sendall(b"GET /events HTTP/1.1\r\nHost: hub\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        assert chunk, "the hub closed a live stream"
        head += chunk
    assert head.startswith(b"HTTP/1.1 %d" % status), head[:80]
    return sock


def idle_socket(port: int, partial: bytes = b"") -> socket.socket:
    """A connection that sends nothing (or half a request head) and waits."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    if partial:
        sock.sendall(partial)
    return sock


def closed_by_hub(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(1 << 16) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def request(port: int, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


@pytest.fixture
def sockets() -> Iterator[list[socket.socket]]:
    opened: list[socket.socket] = []
    yield opened
    for sock in opened:
        sock.close()


def test_idle_sockets_and_open_streams_neither_block_answers_nor_cost_threads(
    sockets: list[socket.socket],
) -> None:
    table = FakeTable(4, seed=3, human_seats=frozenset({1, 2, 3, 4}))
    app = make_app(table, SSE_MAX_CLIENTS=400)
    broadcaster = app.extensions["citadels_web"].broadcaster
    threads_before = threading.active_count()
    with LiveServer(app) as server:
        sockets.extend(open_stream(server.port, phone(n)) for n in range(120))
        sockets.extend(idle_socket(server.port) for _ in range(100))
        sockets.extend(idle_socket(server.port, b"GET / HTTP/1.1\r\nHost: hub\r\n") for _ in range(50))
        assert wait_until(lambda: broadcaster.client_count == 120)

        status, public = request(server.port, "GET", "/api/public")
        assert status == 200 and public["id"] == table.last_event_id()
        seat = table.game.pending.seat
        action = table.seat_view(seat)["you"]["options"][0]
        status, answer = request(server.port, "POST", f"/api/seat/{SEAT_TOKENS[seat]}/answer", {"action": action})
        assert status == 200 and answer["ok"] and table.answers == [(seat, action)]
        status, public = request(server.port, "GET", "/api/public")
        assert status == 200 and public["id"] == table.last_event_id() > 0

        # the server added its loop and a few Flask threads, not one per connection
        assert threading.active_count() - threads_before <= WSGI_THREADS + 3
        assert not any(closed_by_hub(s) for s in sockets[:120]), "an open stream was cut"


def test_connections_that_never_finish_a_request_are_closed(sockets: list[socket.socket]) -> None:
    table = FakeTable(4, seed=4)
    limits = ConnectionLimits(request_timeout=0.5, idle_per_client=1000, max_connections=1000)
    with LiveServer(make_app(table), limits=limits) as server:
        stream = open_stream(server.port)
        sockets.append(stream)
        silent = [idle_socket(server.port) for _ in range(20)]
        slowloris = [idle_socket(server.port, b"GET / HTTP/1.1\r\nX-Slow: ") for _ in range(20)]
        sockets.extend(silent + slowloris)
        assert wait_until(lambda: all(closed_by_hub(s) for s in silent + slowloris), timeout=10)
        assert not closed_by_hub(stream), "a live stream is busy, never idle"
        assert request(server.port, "GET", "/api/public")[0] == 200


def test_one_client_keeps_a_bounded_number_of_idle_sockets(sockets: list[socket.socket]) -> None:
    table = FakeTable(4, seed=5)
    limits = ConnectionLimits(request_timeout=60, idle_per_client=16, grace=0.5, max_connections=1000)
    with LiveServer(make_app(table), limits=limits) as server:
        flood = [idle_socket(server.port) for _ in range(40)]
        sockets.extend(flood)
        # the oldest go first; a fresh request from the same address is still answered
        assert wait_until(lambda: sum(closed_by_hub(s) for s in flood) >= 24, timeout=10)
        assert request(server.port, "GET", "/api/public")[0] == 200
        assert server.server.registry.swept >= 24


def test_beyond_the_connection_limit_the_oldest_idle_socket_makes_room(sockets: list[socket.socket]) -> None:
    table = FakeTable(4, seed=6)
    limits = ConnectionLimits(request_timeout=60, idle_per_client=1000, max_connections=30)
    with LiveServer(make_app(table, SSE_MAX_CLIENTS=10), limits=limits) as server:
        streams = [open_stream(server.port, phone(n)) for n in range(10)]
        idle = [idle_socket(server.port) for _ in range(40)]
        sockets.extend(streams + idle)
        assert wait_until(lambda: sum(closed_by_hub(s) for s in idle) >= 20, timeout=10)
        assert request(server.port, "GET", "/api/public")[0] == 200
        assert not any(closed_by_hub(s) for s in streams)


def test_the_served_stream_refuses_like_the_flask_route(sockets: list[socket.socket]) -> None:
    table = FakeTable(4, seed=8)
    with LiveServer(make_app(table, SSE_MAX_CLIENTS=2)) as server:
        sockets.extend(open_stream(server.port) for _ in range(2))
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        connection.request("GET", "/events")
        busy = connection.getresponse()
        assert busy.status == 503 and busy.getheader("Retry-After") == "5"
        assert json.loads(busy.read())["code"] == "busy"
        assert busy.getheader("Referrer-Policy") == "no-referrer"
        connection.close()
        status, refused = request(server.port, "GET", "/events?last_event_id=abc")
        assert status == 400 and refused["code"] == "bad_input"


def stream_refusal(port: int, source: str) -> tuple[int, str | None, dict]:
    """Ask for a live stream from `source`: (status, Retry-After, JSON body) of a refusal."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        connection.request("GET", "/events")
        response = connection.getresponse()
        return response.status, response.getheader("Retry-After"), json.loads(response.read())
    finally:
        connection.close()


def test_one_address_holds_a_few_streams_never_the_phones_slots(sockets: list[socket.socket]) -> None:
    """Issue 21: one guest held all the hub's streams and every phone got 503. A device may
    hold SSE_PER_CLIENT (a browser needs one per page it shows); the rest are refused with
    429, so the phones still find room."""
    table = FakeTable(4, seed=10)
    app = make_app(table, SSE_MAX_CLIENTS=10)
    broadcaster = app.extensions["citadels_web"].broadcaster
    assert 1 <= broadcaster.per_client <= 5  # a browser opens at most six connections to a host
    with LiveServer(app) as server:
        guest = "127.0.9.9"
        held = [open_stream(server.port, guest) for _ in range(broadcaster.per_client)]
        sockets.extend(held)
        for _ in range(20):
            assert stream_refusal(server.port, guest) == (429, "5", {**STREAM_TOO_MANY})
        phones = [open_stream(server.port, phone(n)) for n in range(10 - broadcaster.per_client)]
        sockets.extend(phones)
        assert not any(closed_by_hub(s) for s in held + phones)
        held[0].close()  # the guest closes a page: it may open one again
        assert wait_until(lambda: broadcaster.client_count == 9)
        sockets.append(open_stream(server.port, guest))


def test_head_requests_for_the_stream_never_hold_a_flask_thread(sockets: list[socket.socket]) -> None:
    table = FakeTable(4, seed=9)
    app = make_app(table)
    with LiveServer(app) as server:
        for _ in range(WSGI_THREADS + 4):
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            connection.request("HEAD", "/events")
            response = connection.getresponse()
            assert response.status == 200 and response.getheader("Content-Type").startswith("text/event-stream")
            connection.close()
        assert app.extensions["citadels_web"].broadcaster.client_count == 0
        assert request(server.port, "GET", "/api/public")[0] == 200


def test_a_stream_asked_for_on_a_kept_alive_connection_behind_another_request_opens() -> None:
    """Two requests sent back to back on one connection (a browser reusing its socket): the
    second waits for the first answer and starts its cycle from there, not from the bytes
    arriving; the live stream must still get the socket (it was a 500 once)."""
    with LiveServer(make_app(FakeTable(4))) as server:
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        sock.sendall(b"GET /api/public HTTP/1.1\r\nHost: hub\r\n\r\nGET /events HTTP/1.1\r\nHost: hub\r\n\r\n")
        received = b""
        while received.count(b"HTTP/1.1 ") < 2 or b"text/event-stream" not in received:
            chunk = sock.recv(65536)
            assert chunk, f"the hub closed the connection: {received[-300:]!r}"
            received += chunk
        heads = [part.split(b"\r\n", 1)[0] for part in received.split(b"HTTP/1.1 ")[1:]]
        assert heads[:2] == [b"200 OK", b"200 OK"], heads
        sock.close()
