"""Flask app factory: public scoreboard, live events, seat pages and table admin, one
blueprint each (`public`, `live`, `seat`, `admin`), as Flask's own examples do.

Nothing is wired at import; `create_app(config)` builds an app around one `TableFacade`.
The web names no game and imports no engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, request
from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader

from . import admin, live, public, seat
from .errors import register_errors
from .live import STREAM_TOO_MANY
from .origin import relative_redirects, same_origin_posts
from .pages import page_scripts, page_styles
from .state import EXT_KEY, WebState, game_templates

__all__ = ["CONTENT_SECURITY_POLICY", "MAX_CONTENT_LENGTH", "SAFETY_HEADERS", "STREAM_TOO_MANY", "close_app",
           "create_app", "security_headers"]

MAX_CONTENT_LENGTH = 8 * 1024


# --- headers --------------------------------------------------------------------------
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SAFETY_HEADERS = {"Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}


def security_headers(response: Response) -> Response:
    """No third-party anything, and tokens in URLs never leak through Referer."""
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.update(SAFETY_HEADERS)
    if request.path.startswith(("/seat/", "/admin/", "/api/seat/", "/api/admin/")):
        response.headers["Cache-Control"] = "no-store"
    return response


def create_app(config: Mapping[str, Any]) -> Flask:
    """Build the web app around `config["TABLE"]` (a TableFacade).

    Required: TABLE, ADMIN_TOKEN, SEAT_TOKENS ({seat: token}). Optional: PUBLIC_URL (base
    for links and QR codes), SSE_HEARTBEAT (s), SSE_QUEUE (frames per client before the
    oldest is dropped), SSE_HISTORY (frames kept for Last-Event-ID), SSE_MAX_CLIENTS,
    SSE_PER_CLIENT (live streams one client address may hold).
    """
    app = Flask(__name__)
    app.config.update({k: v for k, v in config.items() if k != "TABLE"})
    app.config["MAX_CONTENT_LENGTH"] = MAX_CONTENT_LENGTH
    app.config["JSON_SORT_KEYS"] = False
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.json.sort_keys = False  # type: ignore[attr-defined]
    web = app.extensions[EXT_KEY] = WebState(config)
    own = game_templates(web.game)
    if own is not None:  # the game's templates as "game/<page>.html", beside the hub's
        app.jinja_loader = ChoiceLoader([PrefixLoader({"game": FileSystemLoader(own)}), app.jinja_loader])  # type: ignore[list-item]
    app.register_blueprint(public.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(seat.bp)
    app.register_blueprint(admin.bp)
    register_errors(app)
    app.before_request(same_origin_posts)
    app.after_request(security_headers)
    app.after_request(relative_redirects)
    app.context_processor(lambda: {"page_scripts": page_scripts, "page_styles": page_styles,
                                        "game_title": web.game.title})
    return app


def close_app(app: Flask) -> None:
    """End every live stream and unsubscribe from the table (shutdown and tests)."""
    web: WebState = app.extensions[EXT_KEY]
    web.broadcaster.close()
