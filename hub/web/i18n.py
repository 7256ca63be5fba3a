"""The hub's own words for every game's pages, in English, Traditional and Simplified Chinese.

The frame every page shares (live or reconnecting, the language choice, paused, a seat's
default name, the error pages) and the hub's plain pages for a game that brings none are
worded here; a game's own words come from its plug-in (``page_facts``) and are served
beside these by ``/api/i18n``, its ``ui`` phrases over the hub's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hub import words
from hub.games import GamePlugin
from hub.text import MAX_NAME_LENGTH

LANGS: tuple[str, ...] = words.LANGS
SPEECH_LANGS: dict[str, str] = {"en": "en-GB", "zh-Hant": "zh-TW", "zh-Hans": "zh-CN"}

HUB_WORDS: tuple[str, ...] = (
    "seat_n", "live", "reconnecting", "language", "paused", "paused_reason", "paused_reader", "scoreboard",
    "error_403", "error_404", "error_other", "log", "log_empty", "speak", "round_n", "score", "winner",
    "phase_over", "st_setup", "wait_for", "no_choice", "your_choice", "sent", "refused", "hint_game_over",
    "table", "pause", "resume", "reason_pause", "new_game", "players", "mode", "mode_physical", "mode_digital",
    "seed", "seed_random", "start_game", "seat_links", "seat_links_help", "link", "qr_for", "running",
    "no_game", "done", "admin_ok_pause", "admin_ok_resume", "admin_ok_game", "admin_bad", "admin_offline",
    "code_not_your_turn", "code_paused", "code_busy", "code_game_over", "code_not_available", "code_other",
    "field_online", "at_your_seat", "led", "led_blue", "led_green", "led_red", "led_amber", "led_white", "led_off", "paused_wait",
    "reason", "undo_last", "admin_last_move", "admin_undo_confirm", "admin_undo_yes", "admin_undo_no",
    "code_nothing_to_undo", "code_moved_on", "code_cannot_undo",
)
"""The catalogue's page phrases (``page.<key>``) that belong to no game: what the hub's frame
and plain pages say."""


def pause_facts(facts: Any) -> dict[str, Any]:
    """Why the table is paused, as the table says it (``paused_for``): `{"reader": seat}`
    for a reader gone offline, `{"reason": what the admin typed}`, or {}."""
    if not isinstance(facts, Mapping):
        return {}
    if isinstance(facts.get("reader"), int):
        return {"reader": facts["reader"]}
    return {"reason": str(facts["reason"])} if facts.get("reason") else {}


def hub_words(title: str) -> dict[str, dict[str, str]]:
    """{lang: {key: phrase}}: the hub's own phrases, the page's title the game's name."""
    return {lang: {"title": title, **{key: words.template(f"page.{key}", lang) for key in HUB_WORDS}}
            for lang in LANGS}


def catalogue(game: GamePlugin) -> dict[str, Any]:
    """Everything the pages need to speak three languages, served once as JSON: the hub's
    words and what the hub's pages know of the game (``game``: its name, title, seats,
    default players and the longest player's name the hub takes), with what the hosted game's pages read besides (its plug-in's
    ``page_facts``; its ``ui`` phrases, if it has any, over the hub's)."""
    facts = dict(game.page_facts())
    ui = hub_words(game.title)
    for lang, phrases in dict(facts.pop("ui", None) or {}).items():
        ui[lang] = {**ui.get(lang, {}), **phrases}
    about = {"name": game.name, "title": game.title, "seats": [game.seats[0], game.seats[-1]],
             "default_players": game.default_players, "name_limit": MAX_NAME_LENGTH}
    return {"langs": list(LANGS), "speech": SPEECH_LANGS, "ui": ui, "game": about, **facts}
