"""Requests from other sites, and redirects that would name another host.

Every POST carries a JSON body (`Content-Type: application/json`, as the hub's own pages
send it), so no other site can make a browser send one without a CORS preflight, which
the hub never grants; and a POST whose `Origin` (or `Sec-Fetch-Site`) says it comes from
another site is refused outright. The tokens in the URL stay the credential; this only
stops a page elsewhere from replaying a link it learned (pause, resume, enroll had no body).

Redirects (Werkzeug's, e.g. `/api//public` to `/api/public`) are made relative: their host
came from the request's `Host` header, which any client sets to what it likes.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Response, abort, request

from .errors import BadInput


def same_origin_posts() -> None:
    """Before every request: a POST must be JSON and must not come from another site."""
    if request.method != "POST":
        return
    origin = request.headers.get("Origin")
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none") or \
            (origin and urlsplit(origin).netloc != request.host):
        abort(403, description="requests from other sites are refused")
    if not request.is_json:
        raise BadInput("expected a JSON object body (Content-Type: application/json)", code="not_json")


def relative_redirects(response: Response) -> Response:
    """After every request: a redirect's Location is a path, never a host the client named."""
    location = response.headers.get("Location")
    if location and 300 <= response.status_code < 400:
        parts = urlsplit(location)
        if parts.netloc:
            response.headers["Location"] = parts.path + (f"?{parts.query}" if parts.query else "")
    return response
