"""The hub's ASGI front: `/events` served natively on the loop, everything else by Flask.

Flask stays the app (routes, templates, errors, the test client); a2wsgi runs it on a
small fixed pool of threads. Only the live stream is answered here, because a streaming
response under WSGI holds a thread for as long as the page stays open.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from a2wsgi import WSGIMiddleware
from flask import Flask

from .app import CONTENT_SECURITY_POLICY, MAX_CONTENT_LENGTH, SAFETY_HEADERS
from .live import STREAM_BUSY, STREAM_HEADERS, STREAM_TOO_MANY, parse_last_event_id
from .state import EXT_KEY, WebState
from .errors import BadInput
from .streams import LoopFanout, Receive, Send

Scope = dict[str, Any]
PAGE_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    *((k.lower().encode(), v.encode()) for k, v in SAFETY_HEADERS.items()),
]

EVENT_STREAM_HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    *((k.lower().encode(), v.encode()) for k, v in STREAM_HEADERS.items()),
    *PAGE_HEADERS,
]


class HubAsgi:
    """ASGI app around the Flask app; `start(loop)` before serving, `stop()` after."""

    def __init__(self, app: Flask, workers: int) -> None:
        self.web: WebState = app.extensions[EXT_KEY]
        self.wsgi = WSGIMiddleware(app, workers=workers)  # type: ignore[arg-type]
        self.fanout: LoopFanout | None = None
        self.is_known: Callable[[str], bool] | None = None  # hub.web.guard's known clients, set by the server

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.fanout = LoopFanout(self.web.broadcaster, loop, self.wsgi.executor, self.web.heartbeat, self.is_known)

    def end_streams(self) -> None:
        """End every live stream and take no more frames (on the loop; idempotent)."""
        if self.fanout is not None:
            self.fanout.close()

    def stop(self) -> None:
        self.end_streams()
        self.wsgi.executor.shutdown(wait=False, cancel_futures=True)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"] == "/events" and scope["method"] == "HEAD":
            await send({"type": "http.response.start", "status": 200, "headers": EVENT_STREAM_HEADERS})
            await send({"type": "http.response.body", "body": b""})  # never Flask's stream: it holds a thread
            return
        if scope["type"] == "http" and scope["path"] == "/events" and scope["method"] == "GET":
            try:
                last_id = parse_last_event_id(requested_last_id(scope))
            except BadInput:
                pass  # Flask answers the refusal exactly as it does everywhere else
            else:
                await self.events(scope, last_id, receive, send)
                return
        if scope["type"] == "http":
            receive, size = await whole_body(receive, MAX_CONTENT_LENGTH)
            scope = with_length(scope, size)
        await self.wsgi(scope, receive, send)  # type: ignore[arg-type]

    async def events(self, scope: Scope, last_id: int | None, receive: Receive, send: Send) -> None:
        assert self.fanout is not None, "HubAsgi.start(loop) was not called"
        if self.fanout.client_full(scope):
            await refuse(send, 429, STREAM_TOO_MANY)
            return
        if self.fanout.unknown_full(scope):
            await refuse(send, 503, STREAM_BUSY)
            return
        opened = await self.fanout.open(scope, last_id)
        if opened is None:
            await refuse(send, 503, STREAM_BUSY)
            return
        stream, first = opened
        await send({"type": "http.response.start", "status": 200, "headers": EVENT_STREAM_HEADERS})
        await self.fanout.serve(stream, first, send, receive)


async def refuse(send: Send, status: int, payload: dict[str, Any]) -> None:
    """A stream refused: the code in JSON, and when to try again (EventSource does not)."""
    headers = [(b"content-type", b"application/json"), (b"retry-after", b"5"), *PAGE_HEADERS]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": json.dumps(payload).encode()})


def with_length(scope: Scope, size: int) -> Scope:
    """A chunked request's scope with the length of the body received whole: WSGI (and so
    Flask) reads a body by its Content-Length, and read a chunked one as empty."""
    headers = scope.get("headers") or []
    if not any(name == b"transfer-encoding" for name, _ in headers):
        return scope
    kept = [(n, v) for n, v in headers if n not in (b"transfer-encoding", b"content-length")]
    return {**scope, "headers": [*kept, (b"content-length", str(size).encode())]}


async def whole_body(receive: Receive, limit: int) -> tuple[Receive, int]:
    """Wait for the request body (up to `limit` + 1 bytes) before Flask gets a thread;
    returns the replaying `receive` and the body's size.

    A client that sends its body slowly then holds a socket (swept by `hub.web.guard`),
    never one of the few Flask threads. Flask still sees the body exactly as sent.
    """
    received: list[dict[str, Any]] = []
    size = 0
    while True:
        message = await receive()
        received.append(message)
        if message.get("type") != "http.request":
            break
        size += len(message.get("body", b""))
        if not message.get("more_body") or size > limit:
            break

    async def replay() -> dict[str, Any]:
        return received.pop(0) if received else await receive()

    return replay, size


def requested_last_id(scope: Scope) -> str | None:
    """`Last-Event-ID` (sent by EventSource on its own) or `?last_event_id=`."""
    for name, value in scope.get("headers") or []:
        if name == b"last-event-id" and value:
            return bytes(value).decode("latin-1")
    query = parse_qs(bytes(scope.get("query_string") or b"").decode("latin-1"))
    values = query.get("last_event_id")
    return values[0] if values else None
