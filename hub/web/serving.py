"""Production serving (uvicorn, one event loop), and the access links the hub prints at start.

Why uvicorn and not waitress: waitress gives every open connection a thread while a
response streams, so each open live page held one (the hub idled at 219 threads and a
laptop with 300 idle sockets stalled everyone). On uvicorn's event loop an open stream or
an idle socket is a file descriptor and a few KB; Flask still answers every other route,
run by a2wsgi on `WSGI_THREADS` threads. `hub.web.guard` bounds and times out idle
connections.
"""

from __future__ import annotations

import asyncio
import socket
import sys
import threading
from typing import TextIO
from collections.abc import Callable, Mapping

import segno
import uvicorn
from flask import Flask

from .app import close_app
from .asgi import HubAsgi
from .guard import ConnectionLimits, guarded_protocol
from .state import EXT_KEY
from .tokens import opens_a_link

WSGI_THREADS = 8  # Flask's page loads, API calls and seat answers; streams need none
SPARE_CONNECTIONS = 256  # beyond the live streams: page loads, API calls, idle keep-alives
FILES_BESIDE_CONNECTIONS = 64  # the hub's own files: database, serial ports, MQTT, logs


class WebServer:
    """uvicorn on one asyncio loop: Flask on a few threads, live streams on the loop.

    The socket is bound at once, so `port=0` picks a free port readable from
    `.effective_port` before `run()`. `run()` blocks (the caller's thread runs the loop);
    `close()` from any thread ends the live streams and makes `run()` return.
    """

    def __init__(self, app: Flask, host: str, port: int, *, threads: int = WSGI_THREADS,
                 limits: ConnectionLimits | None = None) -> None:
        self.app = app
        broadcaster = app.extensions[EXT_KEY].broadcaster
        self.limits = limits or ConnectionLimits(max_connections=broadcaster.max_clients + SPARE_CONNECTIONS)
        files = raise_open_files_limit(self.limits.max_connections + FILES_BESIDE_CONNECTIONS)
        self.limits.max_connections = min(self.limits.max_connections, files - FILES_BESIDE_CONNECTIONS)
        protocol, self.registry = guarded_protocol(self.limits)
        web = app.extensions[EXT_KEY]
        self.registry.known_path = lambda path: opens_a_link(path, web.admin_token, web.seat_tokens)
        self.asgi = HubAsgi(app, workers=threads)
        self.asgi.is_known = self.registry.known.__contains__  # their streams may use the reserve
        self.socket = bind(host, port)
        self.effective_port: int = self.socket.getsockname()[1]
        config = uvicorn.Config(
            self.asgi, http=protocol, ws="none", lifespan="off", interface="asgi3",
            log_config=None, access_log=False, proxy_headers=False, server_header=False,
            headers=[("server", "citadels-hub")], timeout_keep_alive=5, timeout_graceful_shutdown=2,
            h11_max_incomplete_event_size=16 * 1024, backlog=256,
        )
        self.server = StreamEndingServer(config, before_shutdown=self._before_shutdown)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._done = threading.Event()

    def _before_shutdown(self) -> None:
        self.asgi.end_streams()
        self.registry.drop_unsent()

    def run(self) -> None:
        try:
            asyncio.run(self._serve())
        finally:
            self._done.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self.asgi.start(self._loop)
        try:
            await self.server.serve(sockets=[self.socket])
        finally:
            self.asgi.stop()

    def close(self) -> None:
        """End every stream and stop serving; waits (up to 5 s) if `run()` has started."""
        close_app(self.app)
        self.server.should_exit = True
        if self._loop is not None:
            self._done.wait(5)
        self.socket.close()


class StreamEndingServer(uvicorn.Server):
    """uvicorn's server, ending the live streams first when it shuts down (Ctrl-C).

    Otherwise uvicorn would wait its graceful timeout for streams that never end.
    """

    def __init__(self, config: uvicorn.Config, before_shutdown: Callable[[], None]) -> None:
        super().__init__(config)
        self.before_shutdown = before_shutdown

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.before_shutdown()
        await super().shutdown(sockets)


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(256)  # connections made before run() wait in the backlog
    except OSError:
        sock.close()
        raise
    return sock


def raise_open_files_limit(wanted: int) -> int:
    """Every open page is a file descriptor: lift the soft limit towards the hard one.

    Returns how many files the process may now open (at least `wanted` when it could).
    """
    try:
        import resource
    except ImportError:  # not on POSIX: no such limit to raise
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return wanted
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return target


def make_server(app: Flask, host: str, port: int, *, threads: int = WSGI_THREADS,
                limits: ConnectionLimits | None = None) -> WebServer:
    """The hub's web server, bound but not yet running (see `WebServer`)."""
    return WebServer(app, host, port, threads=threads, limits=limits)


def serve(app: Flask, host: str = "0.0.0.0", port: int = 8000, *, threads: int = WSGI_THREADS) -> None:
    """Serve until interrupted; closes live streams on the way out."""
    server = make_server(app, host, port, threads=threads)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()


def terminal_qr(url: str) -> str:
    """A QR code drawn with half-block characters, readable by a phone off a terminal."""
    import io

    buffer = io.StringIO()
    segno.make(url, error="l").terminal(out=buffer, compact=True, border=2)
    return buffer.getvalue()


def print_access(
    url: str,
    admin_token: str,
    seat_tokens: Mapping[int, str],
    *,
    out: TextIO | None = None,
    qr: bool = True,
) -> None:
    """Print the scoreboard, admin and seat links, with QR codes for scoreboard and admin.

    Seat QR codes are on the admin page (one per phone), so the terminal stays readable.
    """
    stream = out or sys.stdout
    base = url.rstrip("/")
    print(f"Scoreboard: {base}/", file=stream)
    if qr:
        print(terminal_qr(f"{base}/"), file=stream)
    print(f"Table admin: {base}/admin/{admin_token}", file=stream)
    if qr:
        print(terminal_qr(f"{base}/admin/{admin_token}"), file=stream)
    for seat, token in sorted(seat_tokens.items()):
        print(f"Seat {seat}: {base}/seat/{token}", file=stream)
    stream.flush()
