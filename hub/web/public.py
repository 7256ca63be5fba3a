"""The public pages: the scoreboard, its data and words, the game's own assets, the QR code."""

from __future__ import annotations

from flask import Blueprint, Response, abort, jsonify, send_from_directory

from .i18n import catalogue
from .pages import render_page, svg_qr
from .state import state

bp = Blueprint("public", __name__)


@bp.get("/")
def scoreboard() -> str:
    return render_page("scoreboard")


@bp.get("/api/public")
def api_public() -> Response:
    web = state()
    event_id = web.table.last_event_id()
    view = web.public_view(web.table.public_view())
    return jsonify({"id": event_id, "view": view})


@bp.get("/api/history")
def api_history() -> Response:
    """The whole game so far in public events with words, for the scoreboard's log."""
    return jsonify(state().history())


@bp.get("/game/<path:filename>")
def game_asset(filename: str) -> Response:
    """The hosted game's own page scripts and styles (404 when it has none)."""
    folder = state().assets
    if folder is None:
        abort(404)
    return send_from_directory(folder, filename)


@bp.get("/api/i18n")
def api_i18n() -> Response:
    response = jsonify(catalogue(state().game))
    response.headers["Cache-Control"] = "public, max-age=300"
    return response


@bp.get("/qr.svg")
def public_qr() -> Response:
    """QR code of the scoreboard itself, for a TV to show phones where to look."""
    return svg_qr(f"{state().base_url()}/")
