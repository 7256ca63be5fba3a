"""Live updates over the hub's real web server: delivery, catch-up, slow clients, clean-up."""

from __future__ import annotations

import json
import socket
import threading
import time
from typing import Any

import pytest

from hub.web.sse import MERGED_EVENTS, Broadcaster, SseClient
from tests.web_support import FakeTable, LiveServer, make_app, sse_frames, wait_until


class SseReader:
    """An SSE client on its own thread, recording `(id, message, arrival time)`.

    Raw HTTP/1.0 over a socket so closing it from the test thread is clean.
    """

    opened = 0  # each reader is its own phone: its own loopback address (a few streams per address)

    def __init__(self, port: int, last_event_id: int | None = None) -> None:
        self.frames: list[tuple[int, dict[str, Any], float]] = []
        self.comments = 0
        SseReader.opened += 1
        source = f"127.0.{1 + SseReader.opened // 250}.{1 + SseReader.opened % 250}"
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
        extra = f"Last-Event-ID: {last_event_id}\r\n" if last_event_id is not None else ""
        self.sock.sendall(f"GET /events HTTP/1.0\r\nHost: test\r\n{extra}\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(4096)
        head, self._rest = head.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 200") or head.startswith(b"HTTP/1.0 200"), head
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _chunks(self):
        yield self._rest
        while True:
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                return
            if not chunk:
                return
            self.comments += chunk.count(b": keep-alive")
            yield chunk

    def _read(self) -> None:
        for event_id, data in sse_frames(self._chunks()):
            assert event_id is not None
            self.frames.append((event_id, json.loads(data), time.monotonic()))

    @property
    def ids(self) -> list[int]:
        return [i for i, _, _ in self.frames]

    def close(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        self._thread.join(timeout=2)


@pytest.fixture
def table() -> FakeTable:
    return FakeTable(5, seed=11)


def test_every_change_reaches_every_open_page_in_order(table: FakeTable) -> None:
    """Delivery times are bench/web_sse.py's business; here: every frame, in order, to all."""
    with LiveServer(make_app(table)) as server:
        readers = [SseReader(server.port) for _ in range(12)]
        assert wait_until(lambda: all(r.ids == [0] for r in readers))
        for _ in range(30):
            table.step()
            time.sleep(0.01)
        assert wait_until(lambda: all(len(r.frames) == 31 for r in readers), timeout=10)
        for reader in readers:
            assert reader.ids == list(range(31))
            for event_id, message, _ in reader.frames[1:]:
                assert message["id"] == event_id and message["events"]
        last = readers[0].frames[-1][1]["view"]
        assert last == json.loads(json.dumps(readers[-1].frames[-1][1]["view"]))
        assert last["seats"][0]["gold"] == table.public_view()["seats"][0]["gold"]
        for reader in readers:
            reader.close()


def test_reconnecting_page_gets_exactly_what_it_missed(table: FakeTable) -> None:
    with LiveServer(make_app(table)) as server:
        first = SseReader(server.port)
        for _ in range(3):
            table.step()
        assert wait_until(lambda: first.ids == [0, 1, 2, 3])
        first.close()
        for _ in range(5):
            table.step()
        again = SseReader(server.port, last_event_id=3)
        assert wait_until(lambda: again.ids == [4, 5, 6, 7, 8])
        missed_kinds = [e["kind"] for _, m, _ in again.frames for e in m["events"]]
        assert len(missed_kinds) >= 5
        assert again.frames[-1][1]["view"]["seats"] == table.public_view()["seats"]
        table.step()
        assert wait_until(lambda: again.ids == [4, 5, 6, 7, 8, 9])
        again.close()


def test_reconnect_from_too_long_ago_gets_a_fresh_snapshot(table: FakeTable) -> None:
    with LiveServer(make_app(table, SSE_HISTORY=4)) as server:
        watcher = SseReader(server.port)  # starts the broadcaster so history fills
        for _ in range(10):
            table.step()
        assert wait_until(lambda: len(watcher.frames) == 11)
        late = SseReader(server.port, last_event_id=2)
        assert wait_until(lambda: late.ids == [10])
        assert late.frames[0][1]["events"] == []  # a snapshot, not a replay
        assert late.frames[0][1]["view"]["seats"] == watcher.frames[-1][1]["view"]["seats"]
        future = SseReader(server.port, last_event_id=999)  # from before a hub restart
        assert wait_until(lambda: future.ids == [10])
        for reader in (watcher, late, future):
            reader.close()


def test_a_stalled_client_slows_neither_the_hub_nor_other_pages(table: FakeTable) -> None:
    app = make_app(table, SSE_QUEUE=4)
    with LiveServer(app) as server:
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.connect(("127.0.0.1", server.port))
        stalled.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")  # and never read again
        healthy = SseReader(server.port)
        assert wait_until(lambda: app.extensions["citadels_web"].broadcaster.client_count == 2)
        steps = 0
        while steps < 150 and table.game.pending is not None:
            table.step()
            steps += 1
        assert wait_until(lambda: healthy.ids[-1:] == [table.last_event_id()], timeout=3)
        # A page that falls behind skips to newer frames (each carries the whole view).
        assert healthy.ids == sorted(set(healthy.ids)) and healthy.ids[0] == 0
        assert healthy.frames[-1][1]["view"]["seats"] == table.public_view()["seats"]
        # the stalled page lost old frames from its own short queue; its stream stays open
        fanout = server.server.asgi.fanout
        assert fanout.client_count == 2 and fanout.dropped > 0
        stalled.close()
        healthy.close()


def test_keep_alive_comments_and_closed_pages_are_forgotten(table: FakeTable) -> None:
    app = make_app(table, SSE_HEARTBEAT=0.1)
    broadcaster = app.extensions["citadels_web"].broadcaster
    with LiveServer(app) as server:
        readers = [SseReader(server.port) for _ in range(3)]
        assert wait_until(lambda: broadcaster.client_count == 3)
        assert wait_until(lambda: all(r.comments >= 2 for r in readers))
        for reader in readers:
            reader.close()
        assert wait_until(lambda: broadcaster.client_count == 0, timeout=3)


# --- the broadcaster on its own ---------------------------------------------------------
def test_client_queue_is_bounded_and_drops_the_oldest() -> None:
    client = SseClient(queue_size=3)
    for i in range(10):
        client.push(i, f"frame {i}".encode())
    assert client.dropped == 7
    assert [i for i, _ in client.take(0)] == [7, 8, 9]
    started = time.monotonic()
    assert client.take(0.05) == []
    assert time.monotonic() - started >= 0.04


def test_table_callback_returns_at_once_whatever_the_clients_do() -> None:
    table = FakeTable(4, seed=2)
    release = threading.Event()
    stuck = threading.Event()

    def slow_encode(event_id: int, message: dict[str, Any]) -> bytes:
        stuck.set()
        release.wait()  # a broadcaster stuck encoding must not hold up the hub
        return b"data: {}\n\n"

    broadcaster = Broadcaster(table, slow_encode, inbox_size=8)
    broadcaster.start()
    for _ in range(50):
        table.step()  # would hang here (until pytest's timeout) if the callback waited
    assert wait_until(stuck.is_set) and not release.is_set()
    release.set()
    broadcaster.close()


def test_a_message_that_fails_to_encode_does_not_stop_live_updates() -> None:
    table = FakeTable(4, seed=2)
    seen: list[int] = []

    def picky_encode(event_id: int, message: dict[str, Any]) -> bytes:
        if event_id == 2:
            raise ValueError("boom")
        seen.append(event_id)
        return f"id: {event_id}\ndata: {{}}\n\n".encode()

    broadcaster = Broadcaster(table, picky_encode)
    connected = broadcaster.connect(None)
    assert connected is not None
    client, first = connected
    for _ in range(3):
        table.step()
    received: list[int] = []
    assert wait_until(lambda: received.extend(i for i, _ in client.take(0)) or received == [1, 3])
    assert seen == [0, 1, 3]
    broadcaster.close()
    assert first[0][0] == 0


def test_a_frame_from_both_history_and_live_is_sent_once_in_order() -> None:
    from hub.web.sse import unsent

    class Cursor:
        last_sent = 3

    cursor = Cursor()
    frames = [(4, b"d"), (5, b"e"), (6, b"f"), (5, b"e"), (6, b"f"), (7, b"g"), (2, b"old")]
    assert unsent(cursor, frames) == b"defg" and cursor.last_sent == 7
    assert unsent(cursor, [(7, b"g")]) == b"" and cursor.last_sent == 7


class CountingSink:
    """A frame sink (as `hub.web.streams.LoopFanout` is) that keeps what it was pushed."""

    client_count = 0

    def __init__(self) -> None:
        self.frames: list[tuple[int, bytes]] = []

    def push(self, event_id: int, frame: bytes) -> None:
        self.frames.append((event_id, frame))

    def end_streams(self) -> None:
        pass


def test_a_flapping_seat_gives_every_page_a_few_frames_a_second(table: FakeTable) -> None:
    """Issue 31: status flaps while a seat decides gave 19 whole-view frames a second to
    every page. Past a burst the changes that pile up go out as one frame, every event in it."""
    app = make_app(table)
    broadcaster = app.extensions["citadels_web"].broadcaster
    sink = CountingSink()
    broadcaster.attach(sink)
    started = time.monotonic()
    for _ in range(150):  # a reader flapping offline and back: a pause and a resume each time
        table.pause("offline", reader=2)
        table.resume()
    assert wait_until(lambda: sink.frames and sink.frames[-1][0] == table.last_event_id(), timeout=20)
    elapsed = time.monotonic() - started
    assert len(sink.frames) <= broadcaster.frame_burst + broadcaster.frames_per_s * elapsed + 2, len(sink.frames)
    told = [json.loads(frame.decode().split("data: ", 1)[1]) for _, frame in sink.frames]
    assert [len(message["events"]) for message in told[:broadcaster.frame_burst]] == [1] * broadcaster.frame_burst
    assert all(len(message["events"]) <= MERGED_EVENTS for message in told)  # the newest of those piled up
    assert told[-1]["events"][-1]["kind"] == "resumed" and told[-1]["view"]["paused"] is False
    broadcaster.close()
