"""Reading a request's JSON body: always a dict, or a 400 with a code, never a 500.

Flask's own parser lets a deeply nested body (``[[[[...``, 6 KB of it) raise
RecursionError, which became a 500. Here the nesting is counted before parsing, NaN and
Infinity are refused, and every other decoding failure is a ``BadInput``.
"""

from __future__ import annotations

import json
from typing import Any

from flask import request

from .errors import BadInput

MAX_JSON_DEPTH = 8  # the deepest body a page sends is 2 ({"names": [...]})


def json_depth(text: str, limit: int) -> int:
    """How deep ``[``/``{`` nest in ``text`` outside strings, counting no further than limit + 1."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif char in "]}":
            depth -= 1
    return deepest


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def json_body() -> dict[str, Any]:
    """The body as a JSON object; BadInput (400) with a code for anything else."""
    if not request.is_json:
        raise BadInput("expected a JSON object body (Content-Type: application/json)", code="not_json")
    raw = request.get_data(cache=True)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput("the body is not UTF-8 text", code="bad_json") from None
    if json_depth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise BadInput(f"the JSON body nests deeper than {MAX_JSON_DEPTH} levels", code="too_deep")
    try:
        body = json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError) as exc:
        raise BadInput(f"the body is not valid JSON ({_short(exc)})", code="bad_json") from None
    if not isinstance(body, dict):
        raise BadInput("expected a JSON object body", code="bad_input")
    return body


def _short(exc: BaseException) -> str:
    return str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
