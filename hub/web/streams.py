"""Live streams served from one asyncio event loop: one writer, no thread or task per frame.

The broadcaster thread hands each encoded frame over once (`LoopFanout.push`: one
thread-safe hop per frame, whatever the number of pages). On the loop, one writer writes
the same bytes, framed once as an HTTP/1.1 chunk, straight to every page's socket (the
transport that `hub.web.guard` puts in the request scope), `SLICE` pages per loop turn so
a seat answer or `/api/public` never waits behind a whole fan-out. A page whose socket is
backed up gets its frames queued instead (bounded, drop-oldest, each frame carries the
whole view) and written once it reads again, so it can slow neither the loop, the hub
nor the other pages. One timer writes the keep-alive comment to every page.

The response head and its end still go through uvicorn (ASGI `send`), so the HTTP state
stays uvicorn's; only the body bytes in between are written here.
"""

from __future__ import annotations

import asyncio
from collections import deque
from concurrent.futures import Executor
from typing import Any
from collections.abc import Awaitable, Callable

from .clients import THE_HUB_ITSELF, client_group
from .sse import KEEP_ALIVE, STREAM_START, Broadcaster, Frames, unsent

Send = Callable[[dict[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[dict[str, Any]]]
TRANSPORT_KEY = "citadels.transport"  # scope["extensions"][TRANSPORT_KEY]: the socket's transport
SLICE = 50  # pages written per loop turn: requests are answered between slices of a big fan-out
RETRY_FIRST_S = 0.02  # a page whose socket was full is tried again this soon, then less often
RETRY_MAX_S = 1.0


def chunk(body: bytes) -> bytes:
    """`body` as one HTTP/1.1 chunk."""
    return b"%x\r\n%s\r\n" % (len(body), body)


class LoopStream:
    """One open page: its socket, its backlog of frames and what it has been sent."""

    def __init__(self, transport: asyncio.WriteTransport, chunked: bool, queue_size: int, client: str = "?") -> None:
        self.transport = transport
        self.client = client
        self.chunked = chunked
        self.frames: deque[tuple[int, bytes]] = deque(maxlen=queue_size)
        self.ended = asyncio.Event()
        self.closed = False
        self.live = False  # written to directly once its first frames are out
        self.dropped = 0
        self.last_sent = -1
        self._retry: asyncio.TimerHandle | None = None
        self._retry_s = RETRY_FIRST_S

    def backed_up(self) -> bool:
        """More waiting in the process than the transport's high-water mark (see guard)."""
        return self.transport.get_write_buffer_size() > self.transport.get_write_buffer_limits()[1]

    def write(self, body: bytes) -> None:
        if self.transport.is_closing():
            self.close()
        elif body:
            self.transport.write(chunk(body) if self.chunked else body)

    def offer(self, event_id: int, frame: bytes, chunked_frame: bytes) -> None:
        """A new frame: written at once when the page keeps up (the shared bytes), else queued."""
        if self.closed:
            return
        if self.live and not self.frames and not self.backed_up() and not self.transport.is_closing():
            if event_id > self.last_sent:
                self.transport.write(chunked_frame if self.chunked else frame)
                self.last_sent = event_id
            return
        if len(self.frames) == self.frames.maxlen:
            self.dropped += 1
        self.frames.append((event_id, frame))
        if self.live:
            self.flush()

    def flush(self) -> None:
        """Write what waits, or try again soon: a page that was only briefly behind must get
        the newest frame now, not at the next keep-alive (a burst's last frame would wait)."""
        if self.frames and not self.backed_up():
            frames = list(self.frames)
            self.frames.clear()
            self.write(unsent(self, frames))
            self._retry_s = RETRY_FIRST_S
        elif self.frames and not self.closed and self._retry is None:
            self._retry = asyncio.get_running_loop().call_later(self._retry_s, self._try_again)
            self._retry_s = min(self._retry_s * 2, RETRY_MAX_S)  # a stalled page costs little

    def _try_again(self) -> None:
        self._retry = None
        if not self.closed:
            self.flush()

    def start(self, first: Frames) -> None:
        """Write the stream's opening and first frames, then go live."""
        self.write(STREAM_START + unsent(self, [*first, *self.frames]))
        self.frames.clear()
        self.live = True

    def close(self) -> None:
        self.closed = True
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        self.ended.set()


class LoopFanout:
    """Every stream served on one event loop, fed by the broadcaster as a single sink."""

    def __init__(self, broadcaster: Broadcaster, loop: asyncio.AbstractEventLoop, executor: Executor,
                 heartbeat: float, is_known: Callable[[str], bool] | None = None) -> None:
        self._broadcaster = broadcaster
        self._is_known = is_known or (lambda _client: False)
        self._loop = loop
        self._executor = executor
        self._heartbeat = heartbeat
        self._streams: set[LoopStream] = set()
        self._by_client: dict[str, int] = {}  # open streams per client address
        self._ticker: asyncio.TimerHandle | None = None
        self._outbox: deque[tuple[int, bytes, bytes, list[LoopStream]]] = deque()
        self._done = 0  # pages of the outbox's first frame already written
        broadcaster.attach(self)

    # --- FrameSink (called on the broadcaster's thread) ---------------------------------
    @property
    def client_count(self) -> int:
        return len(self._streams)

    @property
    def dropped(self) -> int:
        """Frames skipped by pages that did not keep up (their newer frames replace them)."""
        return sum(stream.dropped for stream in list(self._streams))

    def push(self, event_id: int, frame: bytes) -> None:
        self._call(self._deliver, event_id, frame)

    def end_streams(self) -> None:
        self._call(self._end_all)

    def _call(self, function: Callable[..., None], *args: Any) -> None:
        try:
            self._loop.call_soon_threadsafe(function, *args)
        except RuntimeError:  # the loop is closed: nothing is served any more
            pass

    # --- on the loop ----------------------------------------------------------------------
    def _deliver(self, event_id: int, frame: bytes) -> None:
        """Queue a frame for the pages open now (a page opening later has it from history)."""
        # framed once: the same bytes for every page
        self._outbox.append((event_id, frame, chunk(frame), list(self._streams)))
        if len(self._outbox) == 1:
            self._write_slice()

    def _write_slice(self) -> None:
        """Write the oldest queued frame to the next SLICE pages, then let the loop breathe."""
        event_id, frame, chunked_frame, streams = self._outbox[0]
        end = self._done + SLICE
        for stream in streams[self._done:end]:
            stream.offer(event_id, frame, chunked_frame)
        if end < len(streams):
            self._done = end
        else:
            self._outbox.popleft()
            self._done = 0
        if self._outbox:
            self._loop.call_soon(self._write_slice)

    def _tick(self) -> None:
        """Keep-alive for every page (and a retry for pages that were backed up)."""
        self._ticker = None
        for stream in list(self._streams):
            if stream.live:
                stream.flush()
                if not stream.backed_up():
                    stream.write(KEEP_ALIVE)
        if self._streams:
            self._ticker = self._loop.call_later(self._heartbeat, self._tick)

    def _end_all(self) -> None:
        for stream in list(self._streams):
            stream.close()
        self._streams.clear()
        self._by_client.clear()

    def close(self) -> None:
        """Stop taking frames and end every stream (on the loop)."""
        self._broadcaster.detach(self)
        self._end_all()
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None

    def client_full(self, scope: dict[str, Any]) -> bool:
        """This client address already holds as many streams as one may (`per_client`).
        The Pi itself (127.0.0.1, ::1: a screen on the hub, local tools) is no guest."""
        client = client_of(scope)
        return client not in THE_HUB_ITSELF and self._by_client.get(client, 0) >= self._broadcaster.per_client

    def unknown_full(self, scope: dict[str, Any]) -> bool:
        """Guests (neither the Pi itself nor a client that opened a seat's or the admin's
        link) already hold every stream but the reserve (`Broadcaster.reserved`): a laptop
        with 150 aliases, 4 streams each, took all 600 and even 127.0.0.1 got 503."""
        client = client_of(scope)
        reserve = self._broadcaster.reserved
        if not reserve or client in THE_HUB_ITSELF or self._is_known(client):
            return False
        guests = sum(n for c, n in self._by_client.items() if c not in THE_HUB_ITSELF and not self._is_known(c))
        return guests >= self._broadcaster.max_clients - reserve

    def _add(self, stream: LoopStream) -> None:
        self._streams.add(stream)
        self._by_client[stream.client] = self._by_client.get(stream.client, 0) + 1

    def _discard(self, stream: LoopStream) -> None:
        if stream in self._streams:
            self._streams.discard(stream)
            left = self._by_client.get(stream.client, 1) - 1
            if left > 0:
                self._by_client[stream.client] = left
            else:
                self._by_client.pop(stream.client, None)

    async def open(self, scope: dict[str, Any], last_event_id: int | None) -> tuple[LoopStream, Frames] | None:
        """A new stream with the frames it must get first; None when the hub is full
        (see `client_full` first: one address is bounded before the hub is)."""
        if not self._broadcaster.has_room:
            return None
        transport = (scope.get("extensions") or {}).get(TRANSPORT_KEY)
        if transport is None:
            raise RuntimeError("live streams need hub.web.guard's protocol (the socket's transport)")
        chunked = scope.get("http_version") not in ("1.0", "0.9")
        stream = LoopStream(transport, chunked, self._broadcaster.queue_size, client_of(scope))
        self._add(stream)  # before reading history: nothing falls in between
        if self._ticker is None:
            self._ticker = self._loop.call_later(self._heartbeat, self._tick)
        try:
            first = await self._loop.run_in_executor(self._executor, self._broadcaster.first_frames, last_event_id)
        except BaseException:
            self._discard(stream)
            raise
        return stream, first

    async def serve(self, stream: LoopStream, first: Frames, send: Send, receive: Receive) -> None:
        """Once uvicorn has sent the head: write the body until the page or the hub ends it."""
        watcher = self._loop.create_task(watch_disconnect(stream, receive))
        try:
            stream.start(first)
            await stream.ended.wait()
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            watcher.cancel()
            self._discard(stream)


def client_of(scope: dict[str, Any]) -> str:
    """The client's group (`hub.web.clients`: its IPv4 address, its IPv6 /64) as the socket
    says (no proxy headers are trusted)."""
    client = scope.get("client")
    return client_group(str(client[0])) if client else "?"


async def watch_disconnect(stream: LoopStream, receive: Receive) -> None:
    """End the stream as soon as the page's connection goes away."""
    while True:
        message = await receive()
        if message.get("type") == "http.disconnect":
            stream.close()
            return
