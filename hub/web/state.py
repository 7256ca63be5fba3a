"""The web app's state for one table: the table, its tokens, the hosted game's words and
folders, and the live streams' broadcaster (``state()`` inside a request).

Every public payload passes through the hosted game's declared secrets
(`hub.games.secrets.Secrets`: ``config["GAME"]``'s, or every registered game's when none
is given), which strip anything seat-private even if the table were ever to hand it over
by mistake.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from importlib import resources
from typing import Any

from flask import current_app, request

from hub.games import GamePlugin, Secrets, every_secret

from .budget import AnswerBudget
from .facade import Message, TableFacade
from .i18n import pause_facts
from .sse import Broadcaster, encode_frame
from .tokens import SeatLinks

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


def state() -> WebState:
    return current_app.extensions[EXT_KEY]  # type: ignore[no-any-return]
