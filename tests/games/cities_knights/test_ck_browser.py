"""Cities & Knights' own pages in a real headless Chromium (Debian's), served by the hub's
web server around a real Cities & Knights table: the scoreboard shows the dice just rolled
with the event die's face, the barbarian track and both strengths, every seat's points by
source, improvements with levels and metropolises, the progress cards held as a count and
the log by round, in three languages; the seat page shows its own cards with what each
does and when, presses a report button, and waits with why while paused; the admin page
corrects a seat's cities and undoes it. What a player reads is at least 20 px on a phone
and a TV. Never skips: a missing browser is a failure."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from typing import Any
from playwright.sync_api import Browser, Page

from hub.engine.cities_knights import Game, Setup, make_bot
from hub.games.cities_knights.table import make_table
from hub.games.kit.table import GameTable
from hub.games.cities_knights.tags import ProgressTags
from hub.transport import InProcessBus
from tests.browser import TV, phone_page
from tests.web_support import ADMIN_TOKEN, SEAT_TOKENS, LiveServer, serve_table

NAMES = ("Ann", "Bob", "蔡", "Dan")

SMALL_TEXT = """() => {
  const small = [];
  for (const node of document.querySelectorAll('#main *')) {
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own || !node.offsetParent) continue;
    const size = parseFloat(getComputedStyle(node).fontSize);
    if (size < 20) small.push(node.tagName + ' ' + size + ' ' + node.textContent.trim().slice(0, 30));
  }
  return small;
}"""


@contextmanager
def hosted_table(setup: Setup, game: Game | None = None) -> Iterator[GameTable[Any]]:
    """A started table of `setup` (or of `game`, already part played), stopped after."""
    hosted = make_table(InProcessBus(), ProgressTags.virtual(), setup, game=game)
    hosted.start()
    try:
        yield hosted
    finally:
        hosted.stop()


@pytest.fixture
def table() -> Iterator[GameTable[Any]]:
    with hosted_table(Setup(players=4, seed=4, names=NAMES)) as hosted:
        yield hosted


def serve(table: GameTable[Any]) -> LiveServer:
    return serve_table(table, "cities-knights", seats=4)


def answer(table: GameTable[Any], action: str) -> None:
    assert table.answer(int(action.split()[0]), action) == {"ok": True}, action


def play_a_little(table: GameTable[Any]) -> None:
    """Seat 1 rolls, reports a city and a level of green, and ends; whoever must draw, draws."""
    answer(table, "1 roll")
    while table.game.pending != (1, "turn", ""):
        answer(table, str(table.game.legal_actions()[0]))
    answer(table, "1 build city")
    answer(table, "1 improve green")
    table.settle()


def text_floor(page: Page) -> list[str]:
    return page.evaluate(SMALL_TEXT)


def test_the_scoreboard_shows_dice_barbarians_points_and_the_log_in_three_languages(
        browser: Browser, table: GameTable[Any]) -> None:
    errors: list[str] = []
    play_a_little(table)
    dice = table.game.dice
    assert dice is not None
    with serve(table) as server:
        for viewport in (None, TV):
            board = phone_page(browser, errors, viewport)
            board.goto(f"{server.url}/?lang=en")
            board.wait_for_selector("#seats .seat[data-seat='4']")
            board.wait_for_selector("#log .round li")
            assert board.title() == "Catan: Cities & Knights"
            assert board.inner_text("#status").startswith("Round 1 · Ann's turn")
            assert board.inner_text("#dice .ck-die-red") == str(dice[0])
            assert board.inner_text("#dice .ck-die-yellow") == str(dice[1])
            face = {"ship": "barbarian ship", "green": "green gate", "yellow": "yellow gate", "blue": "blue gate"}[dice[2]]
            assert face in board.inner_text(f"#dice .ck-face-{dice[2]}")
            ship = table.game.ship
            assert board.locator(f"#barbarians .ck-track .step.ship[data-step='{ship}']").count() == 1
            assert board.inner_text("#barbarian-strength") == f"barbarians {table.game.barbarian_strength()}"
            assert board.inner_text("#knight-strength") == f"active knights {table.game.knights_strength()}"
            ann = board.locator("#seats .seat[data-seat='1']")
            assert "pending" in (ann.get_attribute("class") or "")
            assert ann.locator(".vp").inner_text() == str(table.game.vp(1)) == "4"  # a city for a settlement
            assert ann.locator("[data-source='cities'] b").inner_text() == "4"
            assert ann.locator(".ck-imp[data-colour='green'] .pip.on").count() == 1
            assert ann.locator(".ck-imp[data-colour='green']").inner_text().endswith("level 1")
            held = len(table.game.player(1).hand)
            assert ann.locator(".ck-held").inner_text() == f"Progress cards held: {held}"
            first = board.locator("#log .round").first
            assert first.locator("li").first.inner_text() == "Ann: green (science) city improvement, level 1."
            assert (small := text_floor(board)) == [], small
        board.select_option("#lang", "zh-Hant")
        board.wait_for_function("() => document.querySelector('#status').textContent.startsWith('第1輪')")
        assert "野蠻人" in board.inner_text("#barbarians") and "城市改善" in board.inner_text("#seats")
        assert "Ann：綠色（科學）城市改善，第1級。" in board.inner_text("#log")
        board.select_option("#lang", "zh-Hans")
        board.wait_for_function("() => document.querySelector('#status').textContent.startsWith('第1轮')")
        assert "现役骑士" in board.inner_text("#barbarians") and "持有进度卡" in board.inner_text("#seats")
    assert errors == []


def test_the_seat_page_shows_its_cards_reports_and_waits_while_paused(browser: Browser, table: GameTable[Any]) -> None:
    errors: list[str] = []
    answer(table, "1 roll")
    while table.game.pending != (1, "turn", ""):
        answer(table, str(table.game.legal_actions()[0]))
    table.settle()
    with serve(table) as server:
        page = phone_page(browser, errors)
        page.goto(f"{server.url}/seat/{SEAT_TOKENS[1]}?lang=en")
        page.wait_for_selector("#options button[data-action='1 build city']")
        assert page.inner_text("#options button[data-action='1 build city']") == "I built a city"
        assert page.inner_text("#options button[data-action='1 end']") == "End my turn"
        for card in table.game.player(1).hand:
            item = page.locator(f"#hand li[data-id='{card}']")
            assert item.locator(".effect").inner_text() and item.locator(".when").inner_text()
        page.click("#options button[data-action='1 build city']")
        page.wait_for_function("() => document.querySelector('#feedback').textContent.startsWith('Done')")
        assert table.game.player(1).cities == 2
        assert (small := text_floor(page)) == [], small
        table.pause("tea")
        page.wait_for_selector("#why-disabled")
        assert page.locator("#options button:not([disabled])").count() == 0
        assert page.inner_text("#paused")
    assert errors == []


def test_the_admin_corrects_a_seats_cities_and_undoes_it(browser: Browser, table: GameTable[Any]) -> None:
    errors: list[str] = []
    with serve(table) as server:
        admin = phone_page(browser, errors)
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}?lang=zh-Hans")
        admin.wait_for_selector("#place-cities")
        assert admin.inner_text("#place-cities h3") == "更正城市数" and admin.inner_text("#cities") == "更正"
        assert not admin.is_visible("#resume") and admin.is_visible("#pause")
        admin.select_option("#cities-seat", "2")
        assert admin.input_value("#cities-value") == "1"  # what the hub keeps now
        admin.fill("#cities-value", "3")
        admin.fill("#cities-reason", "misread")
        admin.click("#cities")
        admin.wait_for_function("() => document.querySelector('#cities-feedback').textContent === '完成。'")
        assert str(table.game.log[-1]) == "0 set 2 cities 3 misread" and table.game.vp(2) == 7
        admin.wait_for_function("() => document.querySelector(\"#points-now li[data-seat='2']\").textContent.includes('7分')")
        admin.fill("#cities-value", "5")  # 4 city pieces
        admin.click("#cities")
        admin.wait_for_function("() => document.querySelector('#cities-feedback').textContent.startsWith('数值超出范围')")
        admin.fill("#void-reason", "wrong seat")
        admin.click("#void")
        admin.wait_for_selector("#void-confirm:not([hidden])")
        assert "更正" in admin.inner_text("#void-question")
        admin.click("#void-yes")
        admin.wait_for_function("() => document.querySelector('#void-feedback').textContent === '完成。'")
        assert str(table.game.log[-1]) == "0 void wrong seat" and table.game.vp(2) == 3
        assert admin.locator("#seat-links figure").count() == 4
        assert "蔡" in admin.inner_text("#seat-links")
    assert [e for e in errors if "409 (Conflict)" not in e] == []  # the refused correction's answer


def test_a_table_with_its_own_dice_enters_them_at_the_seat_and_the_scoreboard_keeps_the_last_roll(
        browser: Browser) -> None:
    errors: list[str] = []
    with hosted_table(Setup(players=3, seed=2, names=NAMES[:3], dice="physical")) as hosted, serve(hosted) as server:
        page = phone_page(browser, errors)
        page.goto(f"{server.url}/seat/{SEAT_TOKENS[1]}?lang=en")
        page.wait_for_selector("#dice-entry")
        assert page.locator("#options button[data-action^='1 roll']").count() == 0  # no 144 buttons
        page.select_option("#enter-red", "3")
        page.select_option("#enter-yellow", "4")
        page.select_option("#enter-event", "ship")
        assert page.inner_text("#enter-dice") == "Dice rolled: red 3, yellow 4, barbarian ship"
        page.click("#enter-dice")
        page.wait_for_function("() => document.querySelector('#feedback').textContent.startsWith('Done')")
        assert hosted.game.dice == (3, 4, "ship")
        while hosted.game.pending != (1, "turn", ""):
            answer(hosted, str(hosted.game.legal_actions()[0]))
        answer(hosted, "1 end")
        hosted.settle()
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang=zh-Hant")
        board.wait_for_selector("#last-roll")
        assert board.inner_text("#last-roll") == "上一次擲骰：Ann，第1輪"
        assert board.inner_text("#dice .ck-die-red") == "3" and "野蠻人船" in board.inner_text("#dice")
    assert errors == []


def test_at_the_game_over_the_scoreboard_and_the_admin_show_the_results(browser: Browser, table: GameTable[Any]) -> None:
    errors: list[str] = []
    bot = make_bot("table", 4)
    for _ in range(2000):
        if table.game.over:
            break
        action = bot.choose(table.game)
        answer(table, str(action))
    table.settle()
    game = table.game
    assert game.over
    winner = NAMES[game.winner - 1]
    with serve(table) as server:
        board = phone_page(browser, errors, TV)
        board.goto(f"{server.url}/?lang=en")
        board.wait_for_selector("#result .ck-results tbody tr")
        assert board.inner_text("#winner") == f"{winner} wins with {game.vp(game.winner)} points"
        rows = board.locator("#result .ck-results tbody tr")
        assert rows.count() == 4 and rows.first.get_attribute("data-seat") == str(game.winner)
        assert board.inner_text("#status").startswith("Game over · ")
        admin = phone_page(browser, errors)
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}?lang=zh-Hant")
        admin.wait_for_selector("#admin-result:not([hidden]) tbody tr")
        assert admin.inner_text("#admin-result h2") == f"結果：{winner}以{game.vp(game.winner)}分獲勝"
        assert not admin.is_visible("#pause") and not admin.is_visible("#resume")  # neither applies at the end
        assert (small := text_floor(admin)) == [], small
    assert errors == []


def test_before_the_first_move_the_scoreboard_and_the_seat_page_say_how_to_set_up(
        browser: Browser, table: GameTable[Any]) -> None:
    errors: list[str] = []
    with serve(table) as server:
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang=zh-Hans")
        board.wait_for_selector("#setup")
        assert board.inner_text("#setup h2") == "开局准备"
        assert board.inner_text("#setup .decks").startswith("Ann把三叠进度卡")
        assert "1个定居点和1座城市（3分）" in board.inner_text("#setup .pieces")
        seat = phone_page(browser, errors)
        seat.goto(f"{server.url}/seat/{SEAT_TOKENS[2]}?lang=en")
        seat.wait_for_selector("#setup")
        assert seat.inner_text("#setup .decks").startswith("Ann shuffles the three progress decks")
        assert seat.inner_text("#setup .pieces").startswith("Every seat starts with 1 settlement and 1 city")
        assert (small := text_floor(seat)) == [], small
        answer(table, "1 roll")
        table.settle()
        board.wait_for_function("() => !document.querySelector('#setup')")
        seat.wait_for_function("() => !document.querySelector('#setup')")
    assert errors == []


def test_a_city_laid_on_its_side_is_shown_beside_the_pieces(browser: Browser) -> None:
    """Bob's city is pillaged with all 5 settlement pieces on the board: it lies on its side,
    and scores a settlement's point; the pages say so beside his pieces, not just "5 settlements"."""
    from tests.engine.cities_knights.helpers import confirm_all, ships

    errors: list[str] = []
    game = Game.new(Setup(players=3, seed=2, names=NAMES[:3], dice="physical"))
    game.apply("0 set 2 settlements 5 test")
    ships(game, 7)
    confirm_all(game)
    while game.pending is not None and game.pending.kind == "pillage":
        game.apply(f"{game.pending.seat} pillage plain")
    assert (game.player(2).settlements, game.player(2).cities, game.player(2).sided) == (5, 0, 1)
    with hosted_table(game.setup, game=game) as hosted, serve(hosted) as server:
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang=en")
        bob = board.locator("#seats .seat[data-seat='2'] .ck-pieces")
        bob.wait_for()
        assert bob.inner_text() == ("settlements 5 · cities 0 · city walls 0 · "
                                    "1 laid on its side (a settlement's point until rebuilt)")
        assert board.locator("#seats .seat[data-seat='1'] .ck-pieces").get_attribute("data-sided") == "0"
        assert "the city lies on its side" in board.inner_text("#log")
        seat = phone_page(browser, errors)
        seat.goto(f"{server.url}/seat/{SEAT_TOKENS[2]}?lang=zh-Hant")
        seat.wait_for_selector(".ck-pieces")
        assert seat.inner_text(".ck-pieces") == "定居點5·城市0·城牆0·1座橫放（重建前按定居點計分）"
        admin = phone_page(browser, errors)
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}?lang=en")
        admin.wait_for_selector("#points-now li[data-seat='2']")
        assert "1 laid on its side" in admin.inner_text("#points-now li[data-seat='2']")
    assert errors == []


def test_after_an_alchemist_the_table_dice_are_the_dice_set_and_an_event_face_picker(browser: Browser) -> None:
    """A table with its own dice: the seat page plays the Alchemist with red and yellow
    pickers; then it shows those two dice as they now lie on the table and one picker for
    the event die rolled alone (not four buttons); the roll is the Alchemist's dice and
    the face picked."""
    from tests.engine.cities_knights.helpers import deal, improve, to_seat

    errors: list[str] = []
    game = Game.new(Setup(players=3, seed=2, names=NAMES[:3], dice="physical"))
    improve(game, 1, "green", 1)
    deal(game, 1, "S01a")
    game.apply("1 end")
    to_seat(game, 1)
    assert "S01a" in game.player(1).hand and game.pending == (1, "roll", "")
    with hosted_table(game.setup, game=game) as hosted, serve(hosted) as server:
        page = phone_page(browser, errors)
        page.goto(f"{server.url}/seat/{SEAT_TOKENS[1]}?lang=en")
        page.wait_for_selector("#alc-S01a")
        page.select_option("#alc-red-S01a", "3")
        page.select_option("#alc-yellow-S01a", "4")
        page.click("#alc-S01a")
        page.wait_for_selector("#dice-entry.alchemist-set")
        assert hosted.game.alchemist == (3, 4)
        assert page.inner_text("#set-dice .ck-die-red") == "3" and page.inner_text("#set-dice .ck-die-yellow") == "4"
        assert page.locator("#enter-red").count() == 0  # red and yellow are the Alchemist's, not entered again
        assert page.locator("#options button[data-action^='1 roll']").count() == 0  # no four buttons
        faces = page.eval_on_selector_all("#enter-event option", "os => os.map((o) => o.value)")
        assert faces == ["ship", "green", "yellow", "blue"]
        page.select_option("#enter-event", "yellow")
        assert page.inner_text("#enter-dice") == "Event die rolled: yellow gate (trade)"
        page.click("#enter-dice")
        page.wait_for_function("() => document.querySelector('#feedback').textContent.startsWith('Done')")
        assert hosted.game.dice == (3, 4, "yellow")
        refused = hosted.answer(1, "1 roll 2 5 ship")  # too late, and never with red and yellow
        assert refused["ok"] is False
        assert (small := text_floor(page)) == [], small
    assert errors == []
