"""Input checking: what a request's JSON body may say, and the table's answer as HTTP."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import Response, jsonify

from hub.text import shown_problem

from .errors import BadInput


MAX_ACTION_LENGTH = 80
MAX_REASON_LENGTH = 200
ACTION_PATTERN = re.compile(r"^[0-9]{1,2}( [a-z0-9_]{1,40}){1,4}$")


def text_field(body: Mapping[str, Any], key: str, *, required: bool, limit: int) -> str:
    value = body.get(key, "")
    if not isinstance(value, str):
        raise BadInput(f"'{key}' must be a string", field=key)
    value = value.strip()
    if required and not value:  # the admin page words its own code: a reason is asked for by name
        raise BadInput(f"'{key}' is required", code="reason_required" if key == "reason" else "bad_input", field=key)
    if len(value) > limit:
        raise BadInput(f"'{key}' is longer than {limit} characters", field=key)
    problem = shown_problem(value) if value else None  # readable, storable, not only invisible
    if problem:
        raise BadInput(f"'{key}' contains {problem}", field=key)
    return value


def int_field(body: Mapping[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    value = body.get(key, default)
    if value is None:
        raise BadInput(f"'{key}' is required", field=key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"'{key}' must be an integer", field=key)
    if not low <= value <= high:
        raise BadInput(f"'{key}' must be between {low} and {high}", field=key)
    return value


def table_result(result: Any) -> tuple[Response, int]:
    """Map a facade result dict onto HTTP: ok → 200, refused by the rules → 409."""
    if not isinstance(result, Mapping):
        result = {"ok": True}
    payload = dict(result)
    payload.setdefault("ok", True)
    return jsonify(payload), (200 if payload["ok"] else 409)
