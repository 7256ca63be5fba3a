"""Production serving with waitress, and the access links the hub prints at start."""

from __future__ import annotations

import sys
from typing import Any, Mapping, Protocol, TextIO

import segno
from flask import Flask

from .app import EXT_KEY, close_app

class WebServer(Protocol):
    """What waitress's `create_server` returns, as far as the hub uses it."""

    effective_port: Any
    task_dispatcher: Any

    def run(self) -> None: ...

    def close(self) -> None: ...


EXTRA_THREADS = 16  # for page loads, API calls and seat answers beside the open streams


def make_server(app: Flask, host: str, port: int, *, threads: int | None = None) -> WebServer:
    """A waitress server (not yet running) with a thread for every possible live page.

    Each open SSE stream holds one waitress thread, so threads = max streams + spare.
    `port=0` picks a free port (tests, bench): read it back from `.effective_port`.
    """
    from waitress import create_server  # type: ignore[import-untyped]

    max_streams = app.extensions[EXT_KEY].broadcaster.max_clients
    server: WebServer = create_server(
        app,
        host=host,
        port=port,
        threads=threads or max_streams + EXTRA_THREADS,
        connection_limit=max_streams + 4 * EXTRA_THREADS,
        channel_timeout=120,
        outbuf_high_watermark=1 << 20,  # a stalled phone costs at most ~1 MiB, then drops frames
        ident="citadels-hub",
        clear_untrusted_proxy_headers=True,
    )
    return server


def serve(app: Flask, host: str = "0.0.0.0", port: int = 8000, *, threads: int | None = None) -> None:
    """Serve until interrupted; closes live streams on the way out."""
    server = make_server(app, host, port, threads=threads)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        close_app(app)
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
