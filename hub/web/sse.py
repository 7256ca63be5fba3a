"""Server-Sent Events fan-out that can never slow the hub.

The table's callback only appends to a bounded inbox and wakes one broadcaster thread;
that thread sanitises and encodes each change once and hands the same bytes to every
client's bounded queue, dropping the oldest frame for a client that does not keep up.
Every frame carries the full public view, so a client that lost frames is whole again
with the next one. Recent frames are kept so a reconnecting page (Last-Event-ID) gets
exactly what it missed.

Two kinds of consumer: an `SseClient` drained by a WSGI thread (Flask's own `/events`
route, e.g. under the test client), and a `FrameSink` such as `hub.web.streams.LoopFanout`,
which takes each frame once and writes it to every stream it serves from one event loop,
so open streams cost no thread each.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from typing import Any, Protocol
from collections.abc import Callable, Iterator

from .facade import Message, TableFacade

Encoder = Callable[[int, Message], bytes]
Frames = list[tuple[int, bytes]]
STREAM_START = b"retry: 1000\n\n"  # a dropped page retries within a second
KEEP_ALIVE = b": keep-alive\n\n"


class Cursor(Protocol):
    last_sent: int


def unsent(cursor: Cursor, frames: Frames) -> bytes:
    """The frames newer than the last one this stream sent, once each, in id order.

    A frame may arrive both from history and live (the stream registers before reading
    history); advances the cursor.
    """
    fresh: dict[int, bytes] = {}
    for event_id, frame in frames:
        if event_id > cursor.last_sent:
            fresh.setdefault(event_id, frame)
    if not fresh:
        return b""
    cursor.last_sent = max(fresh)
    return b"".join(fresh[event_id] for event_id in sorted(fresh))


def encode_frame(event_id: int, payload: dict[str, Any]) -> bytes:
    """One SSE frame: `id:` for resuming, one `data:` line of compact JSON."""
    body = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return f"id: {event_id}\ndata: {body}\n\n".encode()


class FrameSink(Protocol):
    """Takes every frame once, on the broadcaster's thread, and serves its own streams."""

    @property
    def client_count(self) -> int: ...

    def push(self, event_id: int, frame: bytes) -> None: ...  # must not block

    def end_streams(self) -> None: ...


class SseClient:
    """One open stream: a bounded queue of encoded frames the request thread drains."""

    def __init__(self, queue_size: int) -> None:
        self._frames: deque[tuple[int, bytes]] = deque(maxlen=queue_size)
        self._cond = threading.Condition()
        self.closed = False
        self.dropped = 0
        self.last_sent = -1

    def push(self, event_id: int, frame: bytes) -> None:
        with self._cond:
            if len(self._frames) == self._frames.maxlen:
                self.dropped += 1
            self._frames.append((event_id, frame))
            self._cond.notify()

    def close(self) -> None:
        with self._cond:
            self.closed = True
            self._cond.notify()

    def take(self, timeout: float) -> list[tuple[int, bytes]]:
        """Wait up to `timeout` s for frames; returns them all (empty on timeout/close)."""
        with self._cond:
            if not self._frames and not self.closed:
                self._cond.wait(timeout)
            frames = list(self._frames)
            self._frames.clear()
            return frames


MERGED_EVENTS = 64  # the events one merged frame carries at most (the view's `recent` has the rest)


def merged(batch: list[tuple[int, Message]]) -> tuple[int, Message]:
    """Changes that piled up as one: the newest id and view, every event in order."""
    event_id, last = batch[-1]
    if len(batch) == 1:
        return event_id, last
    events = [event for _, message in batch for event in message.get("events") or []]
    return event_id, {**last, "events": events[-MERGED_EVENTS:]}


class Broadcaster:
    """Subscribes to the table once (lazily) and fans every change out to all clients."""

    def __init__(
        self,
        table: TableFacade,
        encode: Encoder,
        *,
        history: int = 256,
        queue_size: int = 32,
        inbox_size: int = 1024,
        max_clients: int = 200,
        per_client: int = 4,
        frames_per_s: float = 5.0,
        frame_burst: int = 40,
        reserved: int = 32,
    ) -> None:
        self._table = table
        self._encode = encode
        self.queue_size = queue_size
        self.max_clients = max_clients
        self.per_client = per_client
        """Live streams one client address may hold: a browser needs one per page it shows
        (scoreboard, seat, admin), so one address can never take the phones' slots."""
        self._lock = threading.Lock()
        self._clients: set[SseClient] = set()
        self._sinks: list[FrameSink] = []
        self._history: deque[tuple[int, bytes]] = deque(maxlen=history)
        self._inbox: deque[tuple[int, Message]] = deque(maxlen=inbox_size)
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._stopping = False
        self.resumed = 0  # connections served from history thanks to Last-Event-ID
        self.reserved = reserved if max_clients >= 4 * reserved else 0
        """Streams kept for the Pi itself and for clients that opened a seat's or the admin's
        link (`hub.web.streams.LoopFanout.unknown_full`): guests with many addresses hold at
        most the rest. None on a hub with too few streams to spare them."""
        self.frames_per_s = frames_per_s
        """Frames every page gets at most, sustained, after a burst of `frame_burst` (a
        turn's quick changes pass one by one): past it the changes that piled up meanwhile
        go out as one frame, the newest view with all their events, so a seat that flaps
        or a phone that answers in a loop cannot make every page redraw without end."""
        self.frame_burst = frame_burst
        self._tokens = float(frame_burst)
        self._tokens_at = time.monotonic()
        self.merged = 0  # changes sent inside a later one's frame

    # --- table side -------------------------------------------------------------------
    def _on_change(self, event_id: int, message: Message) -> None:
        """Runs on the hub's thread: O(1), never blocks, never raises."""
        self._inbox.append((event_id, message))
        self._wake.set()

    def _run(self) -> None:
        while not self._stopping:
            self._wake.wait()
            self._wake.clear()
            while self._inbox and not self._stopping:
                held_back = self._pace()
                batch: list[tuple[int, Message]] = []
                while self._inbox and (held_back or not batch):  # within the rate: one change a frame
                    try:
                        batch.append(self._inbox.popleft())
                    except IndexError:
                        break
                if not batch:
                    break
                event_id, message = merged(batch)
                self.merged += len(batch) - 1
                try:
                    frame = self._encode(event_id, message)
                except Exception:  # noqa: BLE001 - a bad message must not kill live updates for everyone
                    continue
                with self._lock:
                    if self._history and event_id <= self._history[-1][0]:
                        continue  # ids only move forward; ignore a stale repeat
                    self._history.append((event_id, frame))
                    targets: list[SseClient | FrameSink] = [*self._clients, *self._sinks]
                for target in targets:
                    target.push(event_id, frame)

    def _pace(self) -> bool:
        """Wait for a frame's slot (`frames_per_s`, bursts of `frame_burst`); True when it
        had to: what piled up meanwhile goes out as one frame."""
        now = time.monotonic()
        self._tokens = min(float(self.frame_burst), self._tokens + (now - self._tokens_at) * self.frames_per_s)
        self._tokens_at = now
        waited = self._tokens < 1
        if waited:
            time.sleep((1 - self._tokens) / self.frames_per_s)
            self._tokens, self._tokens_at = 1.0, time.monotonic()
        self._tokens -= 1
        return waited

    def start(self) -> None:
        with self._lock:
            if self._thread is not None:
                return
            self._thread = threading.Thread(target=self._run, name="sse-broadcaster", daemon=True)
            self._thread.start()
        self._unsubscribe = self._table.subscribe(self._on_change)

    def close(self) -> None:
        """Stop the broadcaster and end every open stream (app shutdown, tests)."""
        self._stopping = True
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._wake.set()
        self.end_streams()

    def end_streams(self) -> None:
        """End every open stream; pages reconnect by themselves and catch up."""
        with self._lock:
            clients = list(self._clients)
            self._clients.clear()
            sinks = list(self._sinks)
        for client in clients:
            client.close()
        for sink in sinks:
            sink.end_streams()

    def attach(self, sink: FrameSink) -> None:
        """Feed `sink` every frame from now on (its streams count towards `max_clients`)."""
        self.start()
        with self._lock:
            self._sinks.append(sink)

    def detach(self, sink: FrameSink) -> None:
        with self._lock:
            if sink in self._sinks:
                self._sinks.remove(sink)

    # --- client side ------------------------------------------------------------------
    @property
    def client_count(self) -> int:
        with self._lock:
            return len(self._clients) + sum(sink.client_count for sink in self._sinks)

    @property
    def has_room(self) -> bool:
        return self.client_count < self.max_clients

    def connect(self, last_event_id: int | None) -> tuple[SseClient, Frames] | None:
        """Register a client and return it with the frames it must get first.

        Returns None when the hub already serves `max_clients` streams.
        """
        self.start()
        client = SseClient(self.queue_size)
        with self._lock:
            if len(self._clients) + sum(sink.client_count for sink in self._sinks) >= self.max_clients:
                return None
            self._clients.add(client)
        return client, self.first_frames(last_event_id)

    def first_frames(self, last_event_id: int | None) -> Frames:
        """What a stream registered just now must get before the live frames.

        A known `last_event_id` replays what was missed; anything else (first visit, too
        old, from before a hub restart) starts with a fresh snapshot of the public view.
        Register the stream first: a frame that arrives both ways is sent once (by id).
        """
        with self._lock:
            history = list(self._history)
        if last_event_id is not None and history:
            ids = [event_id for event_id, _ in history]
            if ids[0] - 1 <= last_event_id <= ids[-1]:
                self.resumed += 1
                return [(i, f) for i, f in history if i > last_event_id]
        # Snapshot: read the table outside our lock (the hub may be calling us meanwhile).
        event_id = self._table.last_event_id()
        view = self._table.public_view()
        return [(event_id, self._encode(event_id, {"view": view, "events": []}))]

    def disconnect(self, client: SseClient) -> None:
        with self._lock:
            self._clients.discard(client)
        client.close()

    def stream(self, client: SseClient, first: Frames, heartbeat: float) -> Iterator[bytes]:
        """The response body: initial frames, then live frames, comments as keep-alive."""
        try:
            yield STREAM_START
            pending = first
            while not client.closed:
                fresh = unsent(client, pending)
                if fresh:
                    yield fresh
                pending = client.take(heartbeat)
                if not pending and not client.closed:
                    yield KEEP_ALIVE
        finally:
            self.disconnect(client)
