"""A page of the hub: the hosted game's own template and scripts when it brings them,
else the hub's plain ones; and a link as a QR code."""

from __future__ import annotations

import io
import os
from typing import Any

import segno
from flask import Response, render_template, url_for

from .i18n import LANGS
from .state import state


PAGE_SCRIPTS = ("common.js",)
"""A game's own pages load its shared script first, then the page's (``scoreboard.js``...),
after the hub's ``hub.js`` (``base.html``)."""
PAGE_STYLE = "style.css"
"""A game's own styles, if its ``static/`` has them: linked after the hub's ``app.css``."""


def page_scripts(page: str) -> list[str]:
    """The scripts of one page (``scoreboard``, ``seat``, ``admin``): the hosted game's own
    when it brings them (served under ``/game/``), else the hub's plain page's."""
    if state().assets is None:
        return [url_for("static", filename=f"basic/{page}.js")]
    return [f"/game/{name}" for name in (*PAGE_SCRIPTS, f"{page}.js")]


def page_styles() -> list[str]:
    """The hosted game's own stylesheet (served under ``/game/``), when it brings one."""
    folder = state().assets
    if folder is None or not os.path.isfile(os.path.join(folder, PAGE_STYLE)):
        return []
    return [f"/game/{PAGE_STYLE}"]


def render_page(page: str, **values: Any) -> str:
    """One page: the hosted game's own template when it brings one, else the hub's plain one."""
    return render_template([f"game/{page}.html", f"basic/{page}.html"], langs=LANGS, **values)


def svg_qr(url: str) -> Response:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=6, border=2, xmldecl=False)
    response = Response(buffer.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response
