"""A game that brings no pages of its own (Nim) gets the hub's plain ones: the page is titled
with the game's name, loads only the hub's scripts, is worded by the hub in three languages;
the scoreboard shows the public view's fields (Nim's pile), the seats by name, whose turn it
is and the log (in the game's sentences, or the events' kinds when it words none), the seat
page shows the seat's own view and offers its options as buttons that play, the admin
page pauses, resumes and starts a new game within the game's seats. Real Debian Chromium,
never skipped."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

from hub.engine.nim import NimSetup
from hub.games import plugin_named
from hub.table.runtime import CurrentTable
from hub.transport import InProcessBus
from hub.web import create_app
from hub.web.app import close_app
from tests.browser import TV, phone_page
from tests.web_support import ADMIN_TOKEN, SEAT_TOKENS, LiveServer

NIM = plugin_named("nim")


@pytest.fixture
def table() -> Iterator[Any]:
    setup = NimSetup(players=2, seed=3, stones=7, mode="digital", names=("Ann", "Bob"))
    hosted = NIM.make_table(InProcessBus(), NIM.virtual_registry(setup), setup)
    hosted.start()
    yield hosted
    hosted.stop()


def app_for(table: Any) -> Any:
    return create_app({"TABLE": CurrentTable(table), "ADMIN_TOKEN": ADMIN_TOKEN,
                       "SEAT_TOKENS": {s: SEAT_TOKENS[s] for s in (1, 2)}, "GAME": NIM})


def test_the_hubs_plain_pages_name_the_game_and_load_only_the_hubs_scripts(table: Any) -> None:
    app = app_for(table)
    client = app.test_client()
    try:
        for path, page in (("/", "scoreboard"), (f"/seat/{SEATS_1}", "seat"), (f"/admin/{ADMIN_TOKEN}", "admin")):
            html = client.get(path).get_data(as_text=True)
            assert "<title>Nim" in html and '<h1 id="title" data-i18n="title">Nim</h1>' in html, path
            assert ('<script src="/static/hub.js"></script>\n'
                    f'<script src="/static/basic/{page}.js"></script>') in html, path
            assert "Citadels" not in html and "/game/" not in html
        assert client.get("/game/common.js").status_code == 404
        words = client.get("/api/i18n").get_json()
        assert words["game"] == {"name": "nim", "title": "Nim", "seats": [2, 4], "default_players": 2,
                                 "name_limit": 20}
        assert [words["ui"][lang]["live"] for lang in ("en", "zh-Hant", "zh-Hans")] == ["Live", "即時", "实时"]
        assert words["ui"]["zh-Hans"]["title"] == "Nim" and "cards" not in words  # nothing of Citadels
        you = client.get(f"/api/seat/{SEATS_1}").get_json()["view"]["you"]
        assert you["option_words"]["1 take 2"] == {"en": "Take 2", "zh-Hant": "拿2顆", "zh-Hans": "拿2颗"}  # as its display says it
        assert client.post(f"/api/seat/{SEATS_1}/answer", json={"action": "1 take 2"}).get_json()["ok"]
        events = client.get("/api/history").get_json()["events"]
        assert [e["kind"] for e in events][-2:] == ["pile", "took"]  # the opening, then the move, in Nim's words
        assert events[-1]["words"]["en"] == "Ann takes 2: 5 left." and "speech" not in events[-1]
    finally:
        close_app(app)


SEATS_1 = SEAT_TOKENS[1]


def test_a_game_without_pages_is_played_and_run_from_the_hubs_plain_pages(browser: Browser, table: Any) -> None:
    errors: list[str] = []
    with LiveServer(app_for(table)) as server:
        board = phone_page(browser, errors, TV)
        board.goto(f"{server.url}/?lang=en")
        board.wait_for_selector("#seats .seat.pending[data-seat='1']")
        assert board.title() == "Nim"
        assert board.inner_text("#seats .seat[data-seat='2'] .name") == "Bob"
        assert board.inner_text("#status") == "Waiting for Ann."
        assert board.inner_text("#table-facts [data-field='stones']") == "Stones left\n7"  # the public view's own field
        seat = phone_page(browser, errors)
        seat.goto(f"{server.url}/seat/{SEATS_1}?lang=en")
        seat.wait_for_selector("#options button[data-action='1 take 2']")
        assert seat.inner_text("#own [data-field='taken']") == "You took\n0"  # the seat's own view (`you`)
        assert seat.inner_text("#options button[data-action='1 take 2']") == "Take 2"  # its display's words, not "1 take 2"
        seat.click("#options button[data-action='1 take 2']")
        seat.wait_for_function("() => document.querySelector('#options').children.length === 0")
        assert seat.inner_text("#prompt") == "Waiting for Bob."
        board.wait_for_selector("#seats .seat.pending[data-seat='2']")
        board.wait_for_function("() => document.querySelector('#log').textContent.includes('Ann takes 2: 5 left.')")
        assert table.game.stones == 5
        board.wait_for_function("() => document.querySelector(\"#table-facts [data-field='stones'] dd\").textContent === '5'")
        seat.wait_for_function("() => document.querySelector(\"#own [data-field='taken'] dd\").textContent === '2'")
        assert seat.inner_text("#table-facts [data-field='stones'] dd") == "5"
        board.select_option("#lang", "zh-Hant")
        board.wait_for_function("() => document.querySelector('#conn').textContent === '即時'")
        admin = phone_page(browser, errors)
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}?lang=en")
        admin.wait_for_selector("#seat-links figure")
        assert admin.locator("#players option").all_inner_texts() == ["2", "3", "4"]
        assert admin.inner_text("#last-move") == "Last action: Ann takes 2: 5 left."
        admin.fill("#undo-reason", "misread")  # the admin's undo, through the kit: "0 void misread"
        admin.click("#undo")
        admin.click("#undo-yes")
        board.wait_for_selector("#seats .seat.pending[data-seat='1']")
        seat.wait_for_selector("#options button[data-action='1 take 2']")
        assert table.game.stones == 7 and [str(a) for a in table.game.log] == ["1 take 2", "0 void misread"]
        admin.wait_for_function("() => document.querySelector('#last-move').textContent === 'There is nothing to undo.'")
        admin.fill("#pause-reason", "tea")
        admin.click("#pause")
        board.wait_for_function("() => !document.querySelector('#paused').hidden")
        assert board.inner_text("#paused") == "已暫停：tea"
        admin.click("#resume")
        board.wait_for_function("() => document.querySelector('#paused').hidden")
        admin.select_option("#players", "3")
        # a name input takes as many characters as the hub does (hub.text.MAX_NAME_LENGTH)
        assert admin.eval_on_selector_all("input[data-seat]", "els => els.map(e => e.maxLength)") == [20, 20, 20]
        admin.fill("#seed", "5")
        admin.click("#new-game button[type=submit]")
        board.wait_for_selector("#seats .seat[data-seat='3']")
        assert table.game.n == 3 and table.game.stones == 7
    assert errors == []
