"""No English on a Chinese page, for every registered game: each page (scoreboard, a seat's
page, admin) is rendered in real Chromium in Traditional and Simplified Chinese, mid-game and
at the game over, and its visible text is scanned. A Latin word on it must be one of the
page's own words in that language (a card's printed English name, the game's title) or a
player's name: the device's English lines, the hub's English pause text or an untranslated
label fail. Punctuation between Chinese characters is full-width, with no stray spaces.
Real Debian Chromium, never skipped."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from hub.cli import build_parser
from hub.games import GAMES, GamePlugin
from hub.table.runtime import CurrentTable
from hub.table.sim import SimTable
from hub.web import create_app
from hub.web.app import close_app
from tests.browser import READABLE_TEXT, TV, phone_page, small_texts
from tests.web_support import ADMIN_TOKEN, SEAT_TOKENS, LiveServer

CJK = "\u3400-\u9fff\uf900-\ufaff"
ASCII_PUNCTUATION_IN_CHINESE = re.compile(f"[{CJK}] ?[:;,!?()] ?[{CJK}]")
STRAY_SPACE = re.compile(f"[{CJK}\u3000-\u303f\uff00-\uffef] +[{CJK}\u3000-\u303f\uff00-\uffef]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
NAMES = ("Ann", "Bob", "Cy", "Dee")


def setup_for(game: GamePlugin, seed: int = 5) -> Any:
    players = min(max(3, game.seats.start), game.seats.stop - 1)
    args = build_parser(game).parse_args(["sim", "--game", game.name, "--players", str(players),
                                          "--names", ",".join(NAMES[:players])])
    return game.setup_from_options(args, seed)


def own_latin_words(catalogue: Any, lang: str) -> set[str]:
    """Every Latin word of the page's own words in `lang` (/api/i18n): card names printed in
    English, the game's title... Where a phrase is given per language, only `lang`'s counts."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.update(LATIN_WORD.findall(value))
        elif isinstance(value, dict):
            if "en" in value and lang in value:
                walk(value[lang])
                return
            for key, inner in value.items():
                if key not in ("en", "zh-Hant", "zh-Hans") or key == lang:
                    walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(catalogue)
    return found


def serve_until(page: Page, sim: SimTable, condition: str) -> None:
    """Wait until `condition` holds on the page while the in-process hub answers the page."""
    for _ in range(300):
        sim.service.run_pending()
        if page.evaluate(condition):
            break
        page.wait_for_timeout(40)
    else:
        raise AssertionError(f"the page never showed it: {condition}")
    for _ in range(10):  # the log follows the view
        sim.service.run_pending()
        page.wait_for_timeout(40)


def play(sim: SimTable, moves: int) -> None:
    for _ in range(moves):
        game = sim.service.game
        if game.pending is None:
            return
        sim.players[game.pending.seat].act()


def scan(page: Page, allowed: set[str], where: str) -> list[str]:
    """What a reader of the page sees that is not Chinese; a command shown as code is
    typed as it is in every language, so it is not read."""
    text = str(page.evaluate(READABLE_TEXT))
    problems = [f"{where}: ASCII punctuation in Chinese: {m.group(0)!r}" for m in ASCII_PUNCTUATION_IN_CHINESE.finditer(text)]
    problems += [f"{where}: a stray space in Chinese: {m.group(0)!r}" for m in STRAY_SPACE.finditer(text)]
    english = sorted({w for w in LATIN_WORD.findall(text) if w not in allowed})
    if english:
        problems.append(f"{where}: English on a Chinese page: {english}")
    return problems


@pytest.fixture(params=sorted(GAMES))
def sim(request: pytest.FixtureRequest) -> Iterator[SimTable]:
    table = SimTable(setup_for(GAMES[request.param]))
    yield table
    table.close()


def test_no_english_on_any_chinese_page_of_any_game(browser: Browser, sim: SimTable) -> None:
    game = sim.game_plugin
    app = create_app({"TABLE": CurrentTable(sim.service), "ADMIN_TOKEN": ADMIN_TOKEN, "GAME": game,
                      "SEAT_TOKENS": {s: SEAT_TOKENS[s] for s in sim.players}})
    errors: list[str] = []
    problems: list[str] = []
    try:
        with LiveServer(app) as server:
            catalogue = app.test_client().get("/api/i18n").get_json()
            for moment in ("mid-game", "game over"):
                play(sim, 30 if moment == "mid-game" else 100_000)
                for lang in ("zh-Hant", "zh-Hans"):
                    allowed = own_latin_words(catalogue, lang) | set(NAMES) | {"OK", "A", "B", "English"}  # the language menu names English
                    for name, path in (("scoreboard", "/"), ("seat 1", f"/seat/{SEAT_TOKENS[1]}"),
                                       ("admin", f"/admin/{ADMIN_TOKEN}")):
                        page = phone_page(browser, errors)
                        page.goto(f"{server.url}{path}?lang={lang}")
                        last = sim.service.last_event_id()
                        serve_until(page, sim, "() => Number(document.body.dataset.viewId ?? "
                                    f"document.body.dataset.eventId ?? -1) >= {last} || !!document.querySelector('#admin, .admin')")
                        problems += scan(page, allowed, f"{game.name} {moment} {name} {lang}")
                        page.context.close()
    finally:
        close_app(app)
    assert not errors, errors
    assert not problems, "\n".join(problems)


def test_every_games_pages_are_readable_on_a_phone_and_a_tv(browser: Browser, sim: SimTable) -> None:
    """20 px for anything a player reads, on every game's scoreboard and seat page, on a
    phone (390 px) and a TV (1920 px), mid-game."""
    game = sim.game_plugin
    app = create_app({"TABLE": CurrentTable(sim.service), "ADMIN_TOKEN": ADMIN_TOKEN, "GAME": game,
                      "SEAT_TOKENS": {s: SEAT_TOKENS[s] for s in sim.players}})
    errors: list[str] = []
    small: list[str] = []
    try:
        with LiveServer(app) as server:
            play(sim, 20)
            for name, path, size in (("scoreboard", "/", None), ("scoreboard on a TV", "/", TV),
                                     ("seat 1", f"/seat/{SEAT_TOKENS[1]}", None)):
                page = phone_page(browser, errors, size)
                page.goto(f"{server.url}{path}?lang=en")
                last = sim.service.last_event_id()
                serve_until(page, sim, f"() => Number(document.body.dataset.viewId ?? document.body.dataset.eventId ?? -1) >= {last}")
                small += [f"{game.name} {name}: {text}" for text in small_texts(page, "main")]
                page.context.close()
    finally:
        close_app(app)
    assert not errors, errors
    assert not small, "\n".join(small)
