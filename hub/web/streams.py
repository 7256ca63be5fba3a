"""Live streams served from one asyncio event loop: no thread per open page.

The broadcaster thread hands each encoded frame over once (`LoopFanout.push`, one
thread-safe hop per frame, whatever the number of pages); on the loop, one plain pass
appends the same bytes to every stream's bounded queue (drop-oldest) and wakes it. A page
that stops reading blocks only its own writer (the transport's flow control), never the
loop, the hub or the other pages.
"""

from __future__ import annotations

import asyncio
from collections import deque
from concurrent.futures import Executor
from typing import Any, Awaitable, Callable

from .sse import KEEP_ALIVE, STREAM_START, Broadcaster, Frames, unsent

Send = Callable[[dict[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[dict[str, Any]]]


class LoopStream:
    """One open page: its queue of frames, its wake-up and what it has sent so far."""

    def __init__(self, queue_size: int) -> None:
        self.frames: deque[tuple[int, bytes]] = deque(maxlen=queue_size)
        self.wake = asyncio.Event()
        self.closed = False
        self.dropped = 0
        self.last_sent = -1

    def push(self, event_id: int, frame: bytes) -> None:
        if len(self.frames) == self.frames.maxlen:
            self.dropped += 1
        self.frames.append((event_id, frame))
        self.wake.set()

    def close(self) -> None:
        self.closed = True
        self.wake.set()

    def take(self) -> Frames:
        frames = list(self.frames)
        self.frames.clear()
        self.wake.clear()
        return frames


class LoopFanout:
    """Every stream served on one event loop, fed by the broadcaster as a single sink."""

    def __init__(self, broadcaster: Broadcaster, loop: asyncio.AbstractEventLoop, executor: Executor) -> None:
        self._broadcaster = broadcaster
        self._loop = loop
        self._executor = executor
        self._streams: set[LoopStream] = set()
        broadcaster.attach(self)

    # --- FrameSink (called on the broadcaster's thread) ---------------------------------
    @property
    def client_count(self) -> int:
        return len(self._streams)

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
        for stream in self._streams:
            stream.push(event_id, frame)

    def _end_all(self) -> None:
        for stream in list(self._streams):
            stream.close()
        self._streams.clear()

    def close(self) -> None:
        """Stop taking frames and end every stream (on the loop)."""
        self._broadcaster.detach(self)
        self._end_all()

    async def open(self, last_event_id: int | None) -> tuple[LoopStream, Frames] | None:
        """A new stream with the frames it must get first; None when the hub is full."""
        if not self._broadcaster.has_room:
            return None
        stream = LoopStream(self._broadcaster.queue_size)
        self._streams.add(stream)  # before reading history: nothing falls in between
        try:
            first = await self._loop.run_in_executor(self._executor, self._broadcaster.first_frames, last_event_id)
        except BaseException:
            self._streams.discard(stream)
            raise
        return stream, first

    async def serve(self, stream: LoopStream, first: Frames, send: Send, receive: Receive, heartbeat: float) -> None:
        """Write the stream's body until the page goes away or the hub ends the stream."""
        watcher = self._loop.create_task(watch_disconnect(stream, receive))
        try:
            await send({"type": "http.response.body", "body": STREAM_START, "more_body": True})
            pending = first
            while not stream.closed:
                body = unsent(stream, pending)
                if body:
                    await send({"type": "http.response.body", "body": body, "more_body": True})
                if not stream.frames and not stream.closed:
                    try:
                        async with asyncio.timeout(heartbeat):
                            await stream.wake.wait()
                    except TimeoutError:
                        await send({"type": "http.response.body", "body": KEEP_ALIVE, "more_body": True})
                pending = stream.take()
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            watcher.cancel()
            self._streams.discard(stream)


async def watch_disconnect(stream: LoopStream, receive: Receive) -> None:
    """Close the stream as soon as the page's connection goes away."""
    while True:
        message = await receive()
        if message.get("type") == "http.disconnect":
            stream.close()
            return
