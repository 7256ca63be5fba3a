"""The table's admin page and its commands (new game, pause, undo, the game's
own corrections, a card entered by hand), opened by the admin token. What a game's admin
form may say beyond players, names and seed is its plug-in's to check (``admin_options``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, abort, jsonify

from hub.games import GamePlugin
from hub.seeds import MAX_SEED, fresh_seed
from hub.text import NameRefused, player_names

from .body import json_body
from .errors import BadInput
from .fields import ACTION_PATTERN, MAX_ACTION_LENGTH, MAX_REASON_LENGTH, int_field, table_result, text_field
from .pages import render_page, svg_qr
from .readback import read_back
from .state import state
from .tokens import token_matches

bp = Blueprint("admin", __name__)


def game_config(body: Mapping[str, Any], game: GamePlugin) -> dict[str, Any]:
    """Validate an admin's game setup into the facade's `new_game` config: players within
    the game's seats, names, seed; the rest is the game's own (`admin_options`)."""
    low, high = game.seats[0], game.seats[-1]
    players = int_field(body, "players", low, high)
    names_value = body.get("names", [])
    if not isinstance(names_value, list):
        raise BadInput(f"'names' must be a list of at most {high} names", field="names")
    try:
        names = list(player_names(names_value, players))  # the one check of names, as the command line's
    except NameRefused as exc:
        raise BadInput(str(exc), field=f"names.{exc.seat}" if exc.seat else "names") from None
    config: dict[str, Any] = {"players": players, "names": names}
    try:
        config.update(game.admin_options(body))
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    seed = body.get("seed")  # left empty on the form: unpredictable, never 0 (hub.seeds)
    config["seed"] = fresh_seed() if seed is None else int_field(body, "seed", 0, MAX_SEED)
    return config


def admin_or_403(token: str) -> None:
    if not token_matches(state().admin_token, token):
        abort(403, description="unknown admin link")


@bp.get("/admin/<token>")
def admin_page(token: str) -> str:
    admin_or_403(token)
    return render_page("admin", api=f"/api/admin/{token}")


@bp.get("/api/admin/<token>/status")
def api_admin_status(token: str) -> Response:
    admin_or_403(token)
    web = state()
    base = web.base_url()
    status = dict(web.table.status() or {})
    status["live_pages"] = web.broadcaster.client_count
    status["scoreboard_url"] = f"{base}/"
    view = web.public_view(web.table.public_view())
    playing = {s.get("seat") for s in view.get("seats") or [] if isinstance(s, Mapping)}
    status["seat_links"] = [
        {"seat": seat, "url": f"{base}/seat/{tok}", "qr": f"/api/admin/{token}/qr/seat/{seat}"}
        for seat, tok in sorted(web.seat_tokens.items())
        if not playing or seat in playing
    ]
    status["view"] = view
    status["corrections"] = [c.to_json() for c in web.game.corrections]
    return jsonify(status)


@bp.get("/api/admin/<token>/qr/seat/<int:seat>")
def api_admin_seat_qr(token: str, seat: int) -> Response:
    admin_or_403(token)
    web = state()
    if seat not in web.seat_tokens:
        abort(404, description="no such seat")
    return svg_qr(f"{web.base_url()}/seat/{web.seat_tokens[seat]}")


@bp.post("/api/admin/<token>/game")
def api_admin_game(token: str) -> tuple[Response, int]:
    admin_or_403(token)
    config = game_config(json_body(), state().game)
    try:
        result = state().table.new_game(config)
    except ValueError as error:
        raise BadInput(str(error)) from error
    return table_result(result)


@bp.post("/api/admin/<token>/pause")
def api_admin_pause(token: str) -> tuple[Response, int]:
    admin_or_403(token)
    reason = text_field(json_body(), "reason", required=False, limit=MAX_REASON_LENGTH) or "paused by the table"
    state().table.pause(reason)
    return jsonify({"ok": True}), 200


@bp.post("/api/admin/<token>/resume")
def api_admin_resume(token: str) -> tuple[Response, int]:
    admin_or_403(token)
    json_body()  # {} from the page: a body-less POST is what another site could send
    state().table.resume()
    return jsonify({"ok": True}), 200


@bp.post("/api/admin/<token>/void")
def api_admin_void(token: str) -> tuple[Response, int]:
    admin_or_403(token)
    body = json_body()
    reason = text_field(body, "reason", required=True, limit=MAX_REASON_LENGTH)
    expected = text_field(body, "expected", required=False, limit=MAX_ACTION_LENGTH) or None  # the move confirmed
    return table_result(state().table.void_last(reason, expected))


@bp.post("/api/admin/<token>/correct/<name>")
def api_admin_correct(token: str, name: str) -> tuple[Response, int]:
    """One of the game's own corrections (its plug-in's `corrections`): its fields checked
    against their declared limits (a seat: one of the running game), then the action it
    makes applied through the table. A refusal names the field that was wrong."""
    admin_or_403(token)
    correction = next((c for c in state().game.corrections if c.name == name), None)
    if correction is None:
        abort(404, description=f"this game has no correction '{name}'")
    body = json_body()
    seats = len(state().table.public_view().get("seats") or []) or state().game.seats[-1]
    values: dict[str, int] = {}
    for field in correction.fields:
        low, high = (1, seats) if field.seat else (field.low, field.high)
        values[field.name] = int_field(body, field.name, low, high)
        if field.nonzero and values[field.name] == 0:
            raise BadInput(f"'{field.name}' must not be zero", field=field.name)
    reason = text_field(body, "reason", required=True, limit=MAX_REASON_LENGTH)
    action = read_back(correction.action(values, reason), state().game.parse_action)  # a restart reads it back
    result = dict(state().table.correct(action))
    if not result.get("ok", True) and result.get("code") in correction.fields_of:
        result["field"] = correction.fields_of[result["code"]]
    return table_result(result)


@bp.post("/api/admin/<token>/card")
def api_admin_card(token: str) -> tuple[Response, int]:
    """Enter a card for a seat whose reader cannot read it (logged with the reason)."""
    admin_or_403(token)
    body = json_body()
    seat = int_field(body, "seat", 1, state().game.seats[-1])
    action = " ".join(text_field(body, "action", required=True, limit=MAX_ACTION_LENGTH).lower().split())
    if not ACTION_PATTERN.match(action):
        raise BadInput("'action' must look like '<seat> <verb> [args]', e.g. '2 build manor'")
    reason = text_field(body, "reason", required=True, limit=MAX_REASON_LENGTH)
    enter = getattr(state().table, "admin_card", None)
    if enter is None:
        return table_result({"ok": False, "code": "unsupported", "message": "this table cannot enter cards"})
    return table_result(enter(seat, action, reason))
