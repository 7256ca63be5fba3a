"""The live stream of public events (``/events``), and what a reconnecting page may say."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from .errors import BadInput
from .state import state

bp = Blueprint("live", __name__)


def parse_last_event_id(raw: str | None) -> int | None:
    """The id a reconnecting page last saw (header or `?last_event_id=`), if any."""
    if not raw:
        return None
    if not raw.isdigit() or len(raw) > 18:
        raise BadInput("Last-Event-ID must be a non-negative integer")
    return int(raw)


STREAM_BUSY = {"ok": False, "code": "busy", "message": "too many live pages open"}
STREAM_TOO_MANY = {"ok": False, "code": "too_many_streams",
                   "message": "this device already has as many live pages open as it may: close one"}
STREAM_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


@bp.get("/events")
def events() -> Response:
    """A live stream held by a WSGI thread (test client, plain WSGI servers).

    `hub.web.serving` answers `/events` itself on its event loop, without a thread.
    """
    web = state()
    last_id = parse_last_event_id(request.headers.get("Last-Event-ID") or request.args.get("last_event_id"))
    connected = web.broadcaster.connect(last_id)
    if connected is None:
        response = jsonify(STREAM_BUSY)
        response.status_code = 503
        response.headers["Retry-After"] = "5"
        return response
    client, first = connected
    body = web.broadcaster.stream(client, first, web.heartbeat)
    response = Response(body, mimetype="text/event-stream")
    response.headers.update(STREAM_HEADERS)
    return response
