"""Flask app factory: public scoreboard, live events, seat pages and table admin.

Nothing is wired at import; `create_app(config)` builds an app around one `TableFacade`.
Every public payload passes through the hosted game's declared secrets
(`hub.games.secrets.Secrets`: ``config["GAME"]``'s, or every registered game's when none
is given), which strip anything seat-private even if the table were ever to hand it over
by mistake. The web names no game and imports no engine: what a game's admin form may
say beyond players, names, mode and seed is its plug-in's to check (``admin_options``).
"""

from __future__ import annotations

import io
import json
import re
import threading
from collections.abc import Mapping
from importlib import resources
from typing import Any

import segno
from flask import Blueprint, Flask, Response, abort, current_app, jsonify, render_template, request
from flask import send_from_directory, url_for
from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader

from hub.games import GamePlugin, Secrets, every_secret
from hub.seeds import MAX_SEED, fresh_seed
from hub.text import NameRefused, player_names, shown_problem

from .body import json_body
from .budget import AnswerBudget
from .errors import BadInput, register_errors
from .facade import Message, TableFacade
from .i18n import LANGS, catalogue, pause_facts
from .origin import relative_redirects, same_origin_posts
from .readback import read_back
from .sse import Broadcaster, encode_frame
from .tokens import SeatLinks, seat_for_token, token_matches

MAX_CONTENT_LENGTH = 8 * 1024
MAX_ACTION_LENGTH = 80
MAX_REASON_LENGTH = 200
ACTION_PATTERN = re.compile(r"^[0-9]{1,2}( [a-z0-9_]{1,40}){1,4}$")
MODES = ("digital", "physical")
EXT_KEY = "citadels_web"
WORDS_CACHE_SIZE = 5000


# --- secrets never leave through public payloads -------------------------------------
def public_events(events: Any, secrets: Secrets | None = None) -> list[dict[str, Any]]:
    """Only events addressed to everyone, and never a kind a game declares private."""
    return (secrets or every_secret()).public_events(events)


def public_payload(view: Mapping[str, Any], secrets: Secrets | None = None) -> dict[str, Any]:
    """A copy of a public view with every key a game declares private removed (defence in depth)."""
    return (secrets or every_secret()).public_view(view)


def pause_info(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """Why the game is paused, as data the page words in its own language: the table's
    ``paused_for`` (never its English ``pause_reason`` sentence, re-parsed). The page
    shows "Paused: card on the floor" or "Paused: the reader at Seat 3 is offline"."""
    return pause_facts(view.get("paused_for")) if view.get("paused") else None


def seat_names(view: Mapping[str, Any]) -> dict[int, str]:
    names: dict[int, str] = {}
    for seat in view.get("seats") or []:
        if isinstance(seat, Mapping) and isinstance(seat.get("seat"), int):
            names[seat["seat"]] = str(seat.get("name") or f"#{seat['seat']}")
    return names


class WebState:
    """Per-app objects: the table, tokens, words and the SSE broadcaster."""

    def __init__(self, config: Mapping[str, Any]) -> None:
        table = config.get("TABLE")
        if table is None or not isinstance(table, TableFacade):
            raise ValueError("config['TABLE'] must implement hub.web.facade.TableFacade")
        admin = config.get("ADMIN_TOKEN")
        if not isinstance(admin, str) or len(admin) < 16:
            raise ValueError("config['ADMIN_TOKEN'] must be a string of at least 16 characters")
        seat_tokens = {int(k): str(v) for k, v in dict(config.get("SEAT_TOKENS") or {}).items()}
        if any(len(t) < 16 for t in seat_tokens.values()) or admin in seat_tokens.values():
            raise ValueError("seat tokens must be at least 16 characters and differ from the admin token")
        self.table: TableFacade = table
        game = config.get("GAME")
        if not isinstance(game, GamePlugin):  # never a silent default: another game's pages would show "undefined"
            raise ValueError("config['GAME'] must be the hosted game's plug-in (hub.games.GamePlugin)")
        self.game: GamePlugin = game
        self.secrets = Secrets.of(game)
        self.admin_token = admin
        links = config.get("LINKS")  # the seat links of the game in play, renewed with each new game
        self.links: SeatLinks = links if isinstance(links, SeatLinks) else SeatLinks(admin, seat_tokens)
        self.answer_budget = AnswerBudget(rate=float(config.get("ANSWER_RATE", 2.0)),
                                          burst=float(config.get("ANSWER_BURST", 8.0)))
        self.public_url = str(config.get("PUBLIC_URL") or "").rstrip("/")
        self.assets = game_assets(self.game)
        self._words_lock = threading.Lock()
        self._words_cache: dict[str, dict[str, Any]] = {}
        self._history: tuple[int, dict[str, Any]] | None = None
        self.heartbeat = float(config.get("SSE_HEARTBEAT", 15.0))
        self.broadcaster = Broadcaster(
            table,
            self.encode,
            history=int(config.get("SSE_HISTORY", 256)),
            queue_size=int(config.get("SSE_QUEUE", 32)),
            max_clients=int(config.get("SSE_MAX_CLIENTS", 600)),
            per_client=int(config.get("SSE_PER_CLIENT", 4)),
            reserved=int(config.get("SSE_RESERVED", 32)),
        )

    @property
    def seat_tokens(self) -> dict[int, str]:
        return self.links.seats

    def with_words(self, events: list[dict[str, Any]], names: Mapping[int, str]) -> list[dict[str, Any]]:
        return [{**event, **self.event_words(event, names)} for event in events]

    def event_words(self, event: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
        """Words for one event, remembered: the whole history is worded once, not per request."""
        key = json.dumps([event, sorted(names.items())], sort_keys=True, default=str)
        with self._words_lock:
            found = self._words_cache.get(key)
        if found is None:
            found = self.game.event_words(event, names) if self.game.event_words else {}
            with self._words_lock:
                if len(self._words_cache) > WORDS_CACHE_SIZE:
                    self._words_cache.clear()
                self._words_cache[key] = found
        return found

    def public_view(self, view: Mapping[str, Any]) -> dict[str, Any]:
        clean = public_payload(view, self.secrets)
        if "recent" in clean:
            clean["recent"] = self.with_words(clean["recent"], seat_names(clean))
        clean["pause"] = pause_info(clean)
        return clean

    def history(self) -> dict[str, Any]:
        """Every public event since the game began, with its words: the page's game log.

        From the table's `history()` (a replay of the game log) when it has one, else the
        recent events it keeps. Worked out once per change of the table, shared by all pages.
        """
        event_id = self.table.last_event_id()
        with self._words_lock:
            if self._history is not None and self._history[0] == event_id:
                return self._history[1]
        view = public_payload(self.table.public_view(), self.secrets)
        source = getattr(self.table, "history", None)
        raw = source() if callable(source) else view.get("recent") or []
        events = [{k: v for k, v in e.items() if k != "speech"}  # the log shows, it does not speak
                  for e in self.with_words(public_events(raw, self.secrets), seat_names(view))]
        result = {"id": event_id, "round": view.get("round"), "events": events}
        with self._words_lock:
            self._history = (event_id, result)
        return result

    def encode(self, event_id: int, message: Message) -> bytes:
        view = self.public_view(message.get("view") or {})
        events = self.with_words(public_events(message.get("events"), self.secrets), seat_names(view))
        return encode_frame(event_id, {"id": event_id, "view": view, "events": events})

    def base_url(self) -> str:
        return self.public_url or request.host_url.rstrip("/")


PAGE_SCRIPTS = ("common.js",)
"""A game's own pages load its shared script first, then the page's (``scoreboard.js``...),
after the hub's ``hub.js`` (``base.html``)."""


def game_assets(game: GamePlugin) -> str | None:
    """The folder of the hosted game's own page scripts and styles (its ``page_assets``
    package's ``static/``), or None: the hub's plain pages."""
    if game.page_assets is None:
        return None
    return str(resources.files(game.page_assets).joinpath("static"))


def game_templates(game: GamePlugin) -> str | None:
    """The folder of the hosted game's own page templates (its ``page_assets`` package's
    ``templates/``: ``scoreboard.html``... extending the hub's ``base.html``), if it has one."""
    if game.page_assets is None:
        return None
    folder = resources.files(game.page_assets).joinpath("templates")
    return str(folder) if folder.is_dir() else None


def page_scripts(page: str) -> list[str]:
    """The scripts of one page (``scoreboard``, ``seat``, ``admin``): the hosted game's own
    when it brings them (served under ``/game/``), else the hub's plain page's."""
    if state().assets is None:
        return [url_for("static", filename=f"basic/{page}.js")]
    return [f"/game/{name}" for name in (*PAGE_SCRIPTS, f"{page}.js")]


def render_page(page: str, **values: Any) -> str:
    """One page: the hosted game's own template when it brings one, else the hub's plain one."""
    return render_template([f"game/{page}.html", f"basic/{page}.html"], langs=LANGS, **values)


def state() -> WebState:
    return current_app.extensions[EXT_KEY]  # type: ignore[no-any-return]


# --- input checking -------------------------------------------------------------------
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


def game_config(body: Mapping[str, Any], game: GamePlugin) -> dict[str, Any]:
    """Validate an admin's game setup into the facade's `new_game` config: players within
    the game's seats, names, mode, seed; the rest is the game's (`admin_options`)."""
    low, high = game.seats[0], game.seats[-1]
    players = int_field(body, "players", low, high)
    names_value = body.get("names", [])
    if not isinstance(names_value, list):
        raise BadInput(f"'names' must be a list of at most {high} names", field="names")
    try:
        names = list(player_names(names_value, players))  # the one check of names, as the command line's
    except NameRefused as exc:
        raise BadInput(str(exc), field=f"names.{exc.seat}" if exc.seat else "names") from None
    mode = body.get("mode", "digital")
    if mode not in MODES:
        raise BadInput(f"'mode' must be one of {', '.join(MODES)}", field="mode")
    config: dict[str, Any] = {"players": players, "names": names, "mode": mode}
    try:
        config.update(game.admin_options(body))
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    seed = body.get("seed")  # left empty on the form: unpredictable, never 0 (hub.seeds)
    config["seed"] = fresh_seed() if seed is None else int_field(body, "seed", 0, MAX_SEED)
    return config


def table_result(result: Any) -> tuple[Response, int]:
    """Map a facade result dict onto HTTP: ok → 200, refused by the rules → 409."""
    if not isinstance(result, Mapping):
        result = {"ok": True}
    payload = dict(result)
    payload.setdefault("ok", True)
    return jsonify(payload), (200 if payload["ok"] else 409)


# --- routes ---------------------------------------------------------------------------
public = Blueprint("public", __name__)
seat_pages = Blueprint("seat", __name__)
admin_pages = Blueprint("admin", __name__)


@public.get("/")
def scoreboard() -> str:
    return render_page("scoreboard")


@public.get("/api/public")
def api_public() -> Response:
    web = state()
    event_id = web.table.last_event_id()
    view = web.public_view(web.table.public_view())
    return jsonify({"id": event_id, "view": view})


@public.get("/api/history")
def api_history() -> Response:
    """The whole game so far in public events with words, for the scoreboard's log."""
    return jsonify(state().history())


@public.get("/game/<path:filename>")
def game_asset(filename: str) -> Response:
    """The hosted game's own page scripts and styles (404 when it has none)."""
    folder = state().assets
    if folder is None:
        abort(404)
    return send_from_directory(folder, filename)


@public.get("/api/i18n")
def api_i18n() -> Response:
    response = jsonify(catalogue(state().game))
    response.headers["Cache-Control"] = "public, max-age=300"
    return response


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


@public.get("/events")
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


def seat_or_403(token: str) -> int:
    """The seat a token opens; 403 for an unknown token, 404 if it has no place this game."""
    seat = seat_for_token(state().seat_tokens, token)
    if seat is None:
        abort(403, description="unknown seat link")
    seats = state().table.public_view().get("seats") or []
    if not any(isinstance(s, Mapping) and s.get("seat") == seat for s in seats):
        abort(404, description=f"seat {seat} has no player in this game")
    return seat


@seat_pages.get("/seat/<token>")
def seat_page(token: str) -> str:
    seat = seat_or_403(token)
    return render_page("seat", seat=seat, api=f"/api/seat/{token}")


@seat_pages.get("/api/seat/<token>")
def api_seat(token: str) -> Response:
    web = state()
    seat = seat_or_403(token)
    view = web.table.seat_view(seat)
    you = view.get("you") if isinstance(view, Mapping) else None
    clean = web.public_view(view)
    clean["you"] = you if isinstance(you, Mapping) else {"seat": seat}
    return jsonify({"id": web.table.last_event_id(), "seat": seat, "view": clean})


@seat_pages.post("/api/seat/<token>/answer")
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


def admin_or_403(token: str) -> None:
    if not token_matches(state().admin_token, token):
        abort(403, description="unknown admin link")


@admin_pages.get("/admin/<token>")
def admin_page(token: str) -> str:
    admin_or_403(token)
    return render_page("admin", api=f"/api/admin/{token}")


@admin_pages.get("/api/admin/<token>/status")
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


@admin_pages.get("/api/admin/<token>/qr/seat/<int:seat>")
def api_admin_seat_qr(token: str, seat: int) -> Response:
    admin_or_403(token)
    web = state()
    if seat not in web.seat_tokens:
        abort(404, description="no such seat")
    return svg_qr(f"{web.base_url()}/seat/{web.seat_tokens[seat]}")


@public.get("/qr.svg")
def public_qr() -> Response:
    """QR code of the scoreboard itself, for a TV to show phones where to look."""
    return svg_qr(f"{state().base_url()}/")


def svg_qr(url: str) -> Response:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=6, border=2, xmldecl=False)
    response = Response(buffer.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response


@admin_pages.post("/api/admin/<token>/game")
def api_admin_game(token: str) -> tuple[Response, int]:
    admin_or_403(token)
    config = game_config(json_body(), state().game)
    try:
        result = state().table.new_game(config)
    except ValueError as error:
        raise BadInput(str(error)) from error
    return table_result(result)


@admin_pages.post("/api/admin/<token>/enroll")
def api_admin_enroll(token: str) -> tuple[Response, int]:
    admin_or_403(token)
    json_body()  # {} from the page: a body-less POST is what another site could send
    return table_result(state().table.start_enrollment())


@admin_pages.post("/api/admin/<token>/pause")
def api_admin_pause(token: str) -> tuple[Response, int]:
    admin_or_403(token)
    reason = text_field(json_body(), "reason", required=False, limit=MAX_REASON_LENGTH) or "paused by the table"
    state().table.pause(reason)
    return jsonify({"ok": True}), 200


@admin_pages.post("/api/admin/<token>/resume")
def api_admin_resume(token: str) -> tuple[Response, int]:
    admin_or_403(token)
    json_body()  # {} from the page: a body-less POST is what another site could send
    state().table.resume()
    return jsonify({"ok": True}), 200


@admin_pages.post("/api/admin/<token>/void")
def api_admin_void(token: str) -> tuple[Response, int]:
    admin_or_403(token)
    body = json_body()
    reason = text_field(body, "reason", required=True, limit=MAX_REASON_LENGTH)
    expected = text_field(body, "expected", required=False, limit=MAX_ACTION_LENGTH) or None  # the move confirmed
    return table_result(state().table.void_last(reason, expected))


@admin_pages.post("/api/admin/<token>/correct/<name>")
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


@admin_pages.post("/api/admin/<token>/card")
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
    app.register_blueprint(public)
    app.register_blueprint(seat_pages)
    app.register_blueprint(admin_pages)
    register_errors(app)
    app.before_request(same_origin_posts)
    app.after_request(security_headers)
    app.after_request(relative_redirects)
    app.context_processor(lambda: {"page_scripts": page_scripts, "game_title": web.game.title})
    return app


def close_app(app: Flask) -> None:
    """End every live stream and unsubscribe from the table (shutdown and tests)."""
    web: WebState = app.extensions[EXT_KEY]
    web.broadcaster.close()

