"""The Builders' pages in a real headless Chromium (Debian's), served by the hub's web
server around a real Builders table: the scoreboard shows whose turn and the actions
left, every seat's coins, points, workers and sites with what each still needs, the
face-up rows and the log, live, in the three languages; a seat page presses a button; the
admin page corrects coins. Never skips: a missing browser is a failure."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from hub.engine.builders import Setup
from hub.games.builders.table import BuildersTable
from hub.games.builders.tags import BuildersTags
from hub.transport import InProcessBus
from tests.browser import TV, HeldRequests, drawn_ids, ids_recorder, phone_page
from tests.games.builders.helpers import serve, turn_page
from tests.web_support import ADMIN_TOKEN, SEAT_TOKENS


@pytest.fixture
def table() -> Iterator[BuildersTable]:
    hosted = BuildersTable(InProcessBus(), BuildersTags.virtual(),
                           Setup(players=3, seed=4, names=("Ann", "Bob", "蔡")), physical=True)
    hosted.start()
    yield hosted
    hosted.stop()


def test_the_scoreboard_shows_the_table_live_in_three_languages(browser: Browser, table: BuildersTable) -> None:
    errors: list[str] = []
    first = table.game.pending.seat
    name = ("Ann", "Bob", "蔡")[first - 1]
    with serve(table) as server:
        board = phone_page(browser, errors, TV)
        board.goto(f"{server.url}/?lang=en")
        board.wait_for_selector("#seats .seat[data-seat='3']")
        assert board.inner_text("#status") == f"Round 1 · {name}'s turn: 3 actions left"
        assert board.title() == "The Builders: Middle Ages"
        assert board.locator("#row-buildings .b-building").count() == 5
        assert board.locator("#row-workers .b-worker").count() == 5
        assert board.locator("#seats .b-site").count() == 0  # nobody has a site yet
        setup = board.inner_text("#setup")  # before the first move: how to lay out the table
        assert "Set up the table" in setup and f"{name} takes Apprentice " in setup
        assert board.inner_text("#legend") == "Workers: S stone · W wood · K knowledge · T tile"
        site = table.game.building_row[0]
        assert table.answer(first, f"{first} coins 1")["ok"]
        board.wait_for_function("() => document.querySelector('#status').textContent.includes('2 actions left')")
        assert board.locator("#setup").count() == 0  # the layout is history after the first move
        table.builders.physical = False  # let the page's test open a site by a phone (a card, at a real table)
        assert table.answer(first, f"{first} open {site}")["ok"]
        board.wait_for_selector(f"#seats .seat[data-seat='{first}'] .b-site[data-id='{site}']")
        needs = [board.locator(f"#seats .seat[data-seat='{first}'] .b-site .progress .res").nth(i).get_attribute("aria-label")
                 for i in range(board.locator(f"#seats .seat[data-seat='{first}'] .b-site .progress .res").count())]
        assert needs and all(n.split()[0] in ("stone", "wood", "knowledge", "tile") and n.endswith(("/1", "/2", "/3", "/4", "/5"))
                             for n in needs)  # each resource it needs, placed / needed
        assert board.inner_text(f"#seats .seat[data-seat='{first}'] .coins") == "11"
        log = board.inner_text("#log")
        assert f"{name} takes 1 coin (11 now)." in log and f"{name} starts building the " in log
        board.select_option("#lang", "zh-Hant")
        board.wait_for_function("() => document.querySelector('#status').textContent.startsWith('第1輪')")
        assert "施工中" in board.inner_text("#seats") and "陳列的建築" in board.inner_text("main")
        assert f"{name}獲得1元（現有11元）。" in board.inner_text("#log")
        board.select_option("#lang", "zh-Hans")
        board.wait_for_function("() => document.querySelector('#status').textContent.startsWith('第1轮')")
        assert "施工中" in board.inner_text("#seats")
    assert errors == []


def test_a_seat_presses_a_button_and_the_admin_corrects_coins(browser: Browser, table: BuildersTable) -> None:
    errors: list[str] = []
    with serve(table) as server:
        page, seat = turn_page(browser, server, table, errors)
        assert page.inner_text("#prompt") == "Your turn: 3 actions left"
        assert not page.locator("#options button[data-action*=' open ']").count()  # cards are laid on the reader
        page.click("#options button[data-action$='coins 3']")
        page.wait_for_function("() => document.querySelector('#feedback').textContent.startsWith('Done')")
        assert table.game.player(seat).coins == 13 and table.game.actions == 1
        admin = phone_page(browser, errors)
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}?lang=zh-Hant")
        admin.wait_for_selector("#coins-shows li")
        assert admin.inner_text("#coins") == "修正錢幣"
        assert admin.inner_text(f"#coins-shows li[data-seat='{seat}'] b") == "13"  # every seat's coins beside it
        assert admin.inner_text("#void-what").startswith("上一步：") and "獲得3元" in admin.inner_text("#void-what")
        assert admin.locator("#coins-seat option").all_inner_texts() == ["Ann", "Bob", "蔡"]  # seats by name
        admin.select_option("#coins-seat", str(seat))
        admin.fill("#coins-delta", "-2")
        admin.fill("#coins-reason", "bank")
        admin.click("#coins")
        admin.wait_for_function("() => document.querySelector('#coins-feedback').textContent === '完成'")  # beside it
        assert str(table.game.log[-1]) == f"0 adjust {seat} -2 bank" and table.game.player(seat).coins == 11
        admin.wait_for_function("() => document.querySelector('#coins-shows li b').parentNode && "
                                f"document.querySelector(\"#coins-shows li[data-seat='{seat}'] b\").textContent === '11'")
        admin.fill("#void-reason", "wrong seat")
        admin.click("#void")
        admin.wait_for_selector("#void-confirm:not([hidden])")
        assert "的錢幣：-2元" in admin.inner_text("#void-question")  # the last move in the log's words
        admin.click("#void-yes")
        admin.wait_for_function("() => document.querySelector('#void-feedback').textContent === '完成'")
        assert str(table.game.log[-1]) == "0 void wrong seat" and table.game.player(seat).coins == 13
    assert errors == []


def shows_at_least(page: Page, event_id: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.viewId ?? -1) >= {event_id}")


def test_a_late_reading_never_puts_back_a_view_the_table_has_moved_past(browser: Browser, table: BuildersTable) -> None:
    """The hub's seat page (every game's but Citadels') asks for its view with every live
    message; when a reading's answer arrives after a later one's (a loaded phone, a busy
    hub), the older view is not drawn again."""
    errors: list[str] = []
    seat = table.game.pending.seat
    with serve(table) as server:
        page = phone_page(browser, errors)
        page.add_init_script(ids_recorder("viewId"))
        views = HeldRequests(page, lambda url: url.endswith(f"/api/seat/{SEAT_TOKENS[seat]}"))
        page.goto(f"{server.url}/seat/{SEAT_TOKENS[seat]}?lang=en")
        shows_at_least(page, table.last_event_id())
        views.hold(late=True)
        assert table.answer(seat, f"{seat} coins 1")["ok"]  # the page's reading of it is answered, and held
        views.wait_held()
        views.stop()
        assert table.answer(seat, f"{seat} coins 1")["ok"]  # that reading arrives
        shows_at_least(page, table.last_event_id())
        views.release()  # and then the first one's
        table.pause("tea")
        page.wait_for_selector("#paused:not([hidden])")
        shows_at_least(page, table.last_event_id())
        drawn = drawn_ids(page)
        assert drawn == sorted(drawn), drawn
    assert errors == []


def test_a_late_reading_of_the_log_never_puts_back_a_shorter_one(browser: Browser, table: BuildersTable) -> None:
    """The hub's scoreboard (every game's but Citadels') reads the game's log again after
    live messages; when a reading's answer arrives after a later one's, the shorter log is
    not drawn again."""
    errors: list[str] = []
    seat = table.game.pending.seat
    with serve(table) as server:
        page = phone_page(browser, errors)
        page.add_init_script(ids_recorder("historyId"))
        logs = HeldRequests(page, lambda url: url.endswith("/api/history"))
        page.goto(f"{server.url}/?lang=en")
        logs_at_least(page, table.last_event_id())
        logs.hold(late=True)
        assert table.answer(seat, f"{seat} coins 1")["ok"]  # the page's reading of the log is answered, and held
        logs.wait_held()
        logs.stop()
        assert table.answer(seat, f"{seat} coins 1")["ok"]  # that reading arrives
        logs_at_least(page, table.last_event_id())
        logs.release()  # and then the first one's
        assert table.answer(seat, f"{seat} coins 1")["ok"]
        logs_at_least(page, table.last_event_id())
        drawn = drawn_ids(page)
        assert drawn == sorted(drawn), drawn
    assert errors == []


def logs_at_least(page: Page, event_id: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.historyId ?? -1) >= {event_id}")


# Whether the scoreboard's log said "(12 now)", every time that changed.
LOG_RECORDER = """
window.__said = [];
new MutationObserver(() => {
  const log = document.getElementById("log");
  const said = Boolean(log && log.textContent.includes("(12 now)"));
  if (said !== window.__said[window.__said.length - 1]) window.__said.push(said);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def test_a_log_read_before_the_last_live_message_never_takes_its_lines_back(browser: Browser, table: BuildersTable) -> None:
    """The scoreboard adds a live message's events to the log at once, and reads the whole
    log again after it; a reading asked before that message (its answer late on a loaded
    machine) lacks them, and must not take them back off the screen."""
    errors: list[str] = []
    seat = table.game.pending.seat
    with serve(table) as server:
        page = phone_page(browser, errors)
        page.add_init_script(LOG_RECORDER)
        logs = HeldRequests(page, lambda url: url.endswith("/api/history"))
        page.goto(f"{server.url}/?lang=en")
        logs_at_least(page, table.last_event_id())
        logs.hold(late=True)
        assert table.answer(seat, f"{seat} coins 1")["ok"]
        logs.wait_held()  # the log as it was after the first coin
        assert table.answer(seat, f"{seat} coins 1")["ok"]
        page.wait_for_function("() => document.getElementById('log').textContent.includes('takes 1 coin (12 now)')")
        logs.wait_held(2)  # the log read after the second
        logs.release()
        logs_at_least(page, table.last_event_id())
        assert page.evaluate("window.__said") == [False, True]  # said once, never taken back
    assert errors == []
