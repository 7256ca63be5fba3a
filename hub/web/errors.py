"""How the web app says no: every refusal is JSON with a stable ``code`` (pages get an
error page), no secret in any answer or log line.

- ``BadInput`` (a request the hub refuses before it reaches the table) → 400;
- HTTP errors (403 unknown link, 404, 405, 413 too large) → their status with a code;
- anything unexpected → 500 ``internal_error`` with a generic message, and one log line
  whose request path has its seat/admin token masked (``/admin/***/game``);
- log records of Flask, Werkzeug and Waitress pass through ``TokenMask`` too.
"""

from __future__ import annotations

import logging
import traceback
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from hub.errors import HubError
from hub.redact import mask_secrets, mask_tokens

from .budget import TooMany

HTTP_CODES = {400: "bad_request", 403: "forbidden", 404: "not_found", 405: "method_not_allowed", 413: "too_large",
              415: "not_json"}
LOGGERS = ("werkzeug", "uvicorn", "uvicorn.error", "uvicorn.access", "a2wsgi", "flask.app")


class BadInput(HubError):
    """A request the hub refuses before it reaches the table: answered with 400, naming
    the request's `field` that was wrong when one was (the admin page marks it)."""

    def __init__(self, message: str, code: str = "bad_input", field: str | None = None) -> None:
        super().__init__(code, message, text=message)
        self.field = field


class TokenMask(logging.Filter):
    """Rewrites a log record so no seat/admin token or URL password is in it."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_secrets(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


def install_log_masks(app: Flask) -> None:
    """Mask tokens in the records of the app's logger and of the servers' loggers (idempotent)."""
    for logger in (app.logger, *(logging.getLogger(name) for name in LOGGERS)):
        if not any(isinstance(f, TokenMask) for f in logger.filters):
            logger.addFilter(TokenMask())


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.path == "/events"


def refusal(code: str, message: str, status: int, **facts: Any) -> tuple[Response, int]:
    return jsonify({"ok": False, "code": code, "message": message, **facts}), status


def register_errors(app: Flask) -> None:
    install_log_masks(app)

    @app.errorhandler(BadInput)
    def bad_input(error: BadInput) -> tuple[Response, int]:
        return refusal(error.code, error.message, 400, **({"field": error.field} if error.field else {}))

    @app.errorhandler(TooMany)
    def too_many(error: TooMany) -> tuple[Response, int]:
        response, status = refusal(error.code, error.message, 429)
        response.headers["Retry-After"] = str(error.retry_after)
        return response, status

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        status = error.code or 500
        message = error.description or error.name
        if status == 413:
            message = f"request body larger than {current_app.config['MAX_CONTENT_LENGTH']} bytes"
        if wants_json():
            return refusal(HTTP_CODES.get(status, "http_error"), message, status)
        return render_template("error.html", code=status, message=message), status

    @app.errorhandler(Exception)
    def internal_error(error: Exception) -> Any:
        """A bug, not bad input: log it (token masked) and answer without any detail."""
        trace = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        current_app.logger.error("internal error on %s %s\n%s", request.method, mask_tokens(request.path),
                                 mask_secrets(trace))
        message = "the hub failed on this request"
        if wants_json():
            return refusal("internal_error", message, 500)
        return render_template("error.html", code=500, message=message), 500
