"""A seat's page and its answers, opened by the seat's token."""

from __future__ import annotations

from collections.abc import Mapping

from flask import Blueprint, Response, abort, jsonify

from .body import json_body
from .errors import BadInput
from .fields import ACTION_PATTERN, MAX_ACTION_LENGTH, table_result, text_field
from .pages import render_page
from .state import state
from .tokens import seat_for_token

bp = Blueprint("seat", __name__)


def seat_or_403(token: str) -> int:
    """The seat a token opens; 403 for an unknown token, 404 if it has no place this game."""
    seat = seat_for_token(state().seat_tokens, token)
    if seat is None:
        abort(403, description="unknown seat link")
    seats = state().table.public_view().get("seats") or []
    if not any(isinstance(s, Mapping) and s.get("seat") == seat for s in seats):
        abort(404, description=f"seat {seat} has no player in this game")
    return seat


@bp.get("/seat/<token>")
def seat_page(token: str) -> str:
    seat = seat_or_403(token)
    return render_page("seat", seat=seat, api=f"/api/seat/{token}")


@bp.get("/api/seat/<token>")
def api_seat(token: str) -> Response:
    web = state()
    seat = seat_or_403(token)
    # the id first, as /api/public: a change landing between the two readings then makes the
    # view newer than its id (the page fetches again with that change's live message), never
    # older (the page would show a stale view as the latest one, and fetch nothing more)
    event_id = web.table.last_event_id()
    view = web.table.seat_view(seat)
    you = view.get("you") if isinstance(view, Mapping) else None
    clean = web.public_view(view)
    clean["you"] = you if isinstance(you, Mapping) else {"seat": seat}
    return jsonify({"id": event_id, "seat": seat, "view": clean})


@bp.post("/api/seat/<token>/answer")
def api_answer(token: str) -> tuple[Response, int]:
    seat = seat_or_403(token)
    action = text_field(json_body(), "action", required=True, limit=MAX_ACTION_LENGTH)
    action = " ".join(action.lower().split())
    if not ACTION_PATTERN.match(action):
        raise BadInput("'action' must look like '<seat> <verb> [args]'")
    if int(action.split(" ", 1)[0]) != seat:
        abort(403, description="this link answers only for its own seat")
    state().answer_budget.take(seat)  # 429 past a person's pace: every answer makes a frame for every page
    return table_result(state().table.answer(seat, action))
