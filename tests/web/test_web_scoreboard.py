"""The scoreboard as players see it from across the table, in the real browser (Debian's
Chromium, never skipped): the status sentence and the pause banner always on screen on a
phone, the game log one tap away, the last move shown where it happened, the characters in
calling order with their state (scoreboard and seat page), text large enough to read at
1.5 m, the TV layout using the screen, game-over headers whole, one card, no stray spaces in
Chinese."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from hub.engine.citadels.history import public_history
from hub.games.citadels.pages import card_names
from tests.browser import TV, WORDS_WHOLE, HeldRequests, drawn_ids, ids_recorder, phone_page
from tests.web_support import SEAT_TOKENS, FakeTable, LiveServer, make_app

# What a player must read on the scoreboard, and the least size it may have (CSS px): the
# figure in docs/web.md. Decorations (the connection chip, the language picker) are not here.
MUST_READ = ("#status", "#paused", ".seat .name", ".seat .points", ".seat .score", ".seat .nums b", ".type-mark",
             ".district", ".district .type-letter", ".district .cost", ".district .gone", ".seat .chip", ".badge",
             ".strip li", ".strip .state", ".last-move", ".delta", "#table-info", ".key", ".log h2", ".log h3",
             ".log li", ".log summary", "#winner", ".result th .turned", ".result th", ".result td", ".seed")
LEAST_PX = 20.0
MOVES = ("gold", "cards", "built", "destroyed", "robbery", "swapped", "killed", "robbed_named",
         "graveyard_taken", "crown", "completed", "instruct")


def settled(page: Page, table: FakeTable) -> None:
    """The page shows the table's latest change and the history that goes with it (after a
    burst of moves a loaded machine may take seconds to draw every frame: no timing is tested)."""
    last = table.last_event_id()
    page.wait_for_function(f"() => Number(document.body.dataset.eventId) === {last}", timeout=60_000)
    page.wait_for_function(f"() => Number(document.body.dataset.historyId) === {last}", timeout=60_000)


def last_move(table: FakeTable) -> list[dict[str, Any]]:
    """The events of the last move that changed the table this round (as the page finds it)."""
    history = public_history(table.game.setup, table.game.log)
    for e in reversed(history):
        if e["kind"] in MOVES:
            return [x for x in history if x["move"] == e["move"]] if e["round"] == table.game.round else []
    return []


def step_until(table: FakeTable, done: Any, limit: int = 5000) -> None:
    for _ in range(limit):
        if done(table):
            return
        assert table.step(), "the game stopped before the wanted moment"
    raise AssertionError("never reached the wanted moment")


def on_screen(page: Page, selector: str) -> bool:
    """Whether the element is inside the viewport and not covered (what is on top at its
    centre is the element itself or inside it)."""
    return bool(page.evaluate("""(selector) => {
        const node = document.querySelector(selector);
        if (!node || node.hidden) return false;
        const r = node.getBoundingClientRect();
        if (r.top < 0 || r.bottom > innerHeight || r.height === 0) return false;
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return node === top || node.contains(top);
    }""", selector))


def test_status_and_pause_stay_on_screen_on_a_phone_and_the_log_is_one_tap_away(browser: Browser) -> None:
    table = FakeTable(7, seed=5)
    step_until(table, lambda t: t.game.phase == "turns" and t.game.pending is not None and t.game.pending.seat == 7)
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang=en")
        settled(board, table)
        seat = table.game.pending.seat
        board.wait_for_function(f"""() => {{  // the acting seat, the last, is brought into view ...
            const r = document.querySelector('.seat[data-seat="{seat}"]').getBoundingClientRect();
            return r.top >= 0 && r.bottom <= innerHeight + 1; }}""")
        assert on_screen(board, "#status"), "the status sentence slid under the header"  # ... the sentence stays
        table.pause("tea break")
        settled(board, table)
        assert on_screen(board, "#paused") and "tea break" in board.inner_text("#paused")
        assert on_screen(board, "#status")
        board.click(".jump")  # one tap to the log
        board.wait_for_function("""() => {  // the log's title below the header, on screen
            const r = document.querySelector('.log h2').getBoundingClientRect();
            return r.top >= document.querySelector('.bar').getBoundingClientRect().bottom && r.bottom <= innerHeight; }""")
        assert on_screen(board, ".log h2") and on_screen(board, ".log .round")
        assert on_screen(board, "#paused") and on_screen(board, "#status")
        table.resume()
        settled(board, table)
        assert board.is_hidden("#paused")
    assert errors == []


def test_the_last_move_is_shown_where_it_happened(browser: Browser) -> None:
    table = FakeTable(5, seed=7, names=("Ann", "Ben", "Cai", "Dee", "Eve"))
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang=en")
        # a Warlord's destruction: the district stays in its city, marked destroyed
        step_until(table, lambda t: any(e["kind"] == "destroyed" for e in last_move(t)))
        settled(board, table)
        gone = next(e for e in last_move(table) if e["kind"] == "destroyed")
        victim = f".seat[data-seat='{gone['seat']}']"
        ghost = f"{victim} .district.destroyed[data-id='{gone['district']}']"
        assert board.is_visible(ghost) and "Destroyed" in board.inner_text(ghost)
        assert board.get_attribute(ghost, "data-type") == gone["type"]
        assert "moved" in (board.get_attribute(victim, "class") or "")
        warlord = f".seat[data-seat='{gone['warlord_seat']}']"
        assert "moved" in (board.get_attribute(warlord, "class") or "")
        if gone["cost"] > 1:
            assert board.inner_text(f"{warlord} .nums .delta") == f"−{gone['cost'] - 1}"
        assert "destroys the" in board.inner_text(f"{victim} .last-move")
        # a robbery: the gold taken, on both seats
        step_until(table, lambda t: any(e["kind"] == "robbery" and e["amount"] > 0 for e in last_move(t)))
        settled(board, table)
        robbery = next(e for e in last_move(table) if e["kind"] == "robbery")
        thief, victim = f".seat[data-seat='{robbery['thief_seat']}']", f".seat[data-seat='{robbery['victim_seat']}']"
        assert board.inner_text(f"{victim} .nums .delta") == f"−{robbery['amount']}"
        assert board.inner_text(f"{thief} .nums .delta") == f"+{robbery['amount']}"
        assert board.is_hidden(ghost), "the last move is the robbery now"
        # a swap of hands: both seats marked
        step_until(table, lambda t: any(e["kind"] == "swapped" for e in last_move(t)))
        settled(board, table)
        swap = next(e for e in last_move(table) if e["kind"] == "swapped")
        for s in (swap["seat"], swap["other"]):
            assert board.is_visible(f".seat[data-seat='{s}'] .delta.swapped")
        moved = board.eval_on_selector_all(".seat.moved", "nodes => nodes.map((n) => Number(n.dataset.seat))")
        assert sorted(moved) == sorted({swap["seat"], swap["other"]})
        # a fresh page finds the same last move (from the history, not from frames it saw)
        fresh = phone_page(browser, errors)
        fresh.goto(f"{server.url}/?lang=zh-Hant")
        settled(fresh, table)
        assert fresh.eval_on_selector_all(".seat.moved", "nodes => nodes.length") == 2
    assert errors == []


def strip_of(page: Page) -> list[dict[str, str]]:
    return list(page.eval_on_selector_all("#strip li[data-id]", """nodes => nodes.map((n) => ({
        id: n.dataset.id, state: n.dataset.state, text: n.innerText.replace(/\\s+/g, ' ').trim() }))"""))


@pytest.mark.parametrize("edition", ["classic", "2000"])
def test_the_character_strip_in_calling_order_on_the_scoreboard_and_the_seat_page(browser: Browser, edition: str) -> None:
    table = FakeTable(4, seed=3, edition=edition, variant="classic7" if edition == "classic" else "standard",
                      names=("Ann", "Ben", "Cai", "Dee"))
    step_until(table, lambda t: t.game.phase == "turns" and t.game.rank >= 5 and t.game.pending is not None)
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        board = phone_page(browser, errors)
        seat = phone_page(browser, errors)
        seat.goto(f"{server.url}/seat/{SEAT_TOKENS[1]}?lang=en")
        for lang in ("en", "zh-Hant", "zh-Hans"):
            board.goto(f"{server.url}/?lang={lang}")
            settled(board, table)
            strip = table.game.public_view()["characters"]
            shown = strip_of(board)
            assert [s["id"] for s in shown] == [c["id"] for c in strip]  # calling order
            assert [s["state"] for s in shown] == [c["state"] for c in strip]
            names = card_names(edition)[lang]
            for c, s in zip(strip, shown, strict=True):
                assert names[c["id"]] in s["text"]
                if c["seat"]:
                    assert table.game.setup.seat_name(c["seat"]) in s["text"]
            faceup = [s for s in shown if s["state"] == "faceup"]
            assert len(faceup) == len(table.game.faceup) == 2  # four players: two out face up
            # styled by Citadels' own stylesheet (its static/style.css), linked after the hub's
            assert board.eval_on_selector("#strip", "n => getComputedStyle(n).display") == "grid"
            unknown = table.game.public_view()["facedown_count"] - sum(c["state"] == "facedown" for c in strip)
            if unknown:  # how many still lie face down, never which
                assert str(unknown) in board.inner_text("#strip .hidden-count")
            else:
                assert board.locator("#strip .hidden-count").count() == 0
        states = {"faceup": "Out, face up", "to_come": "To come", "played": "played", "playing": "playing",
                  "facedown": "Out, face down"}
        for c, s in zip(table.game.public_view()["characters"], strip_of(seat), strict=True):
            assert s["state"] == c["state"] and states[c["state"]] in s["text"], s
        mine = seat.get_attribute("#strip li.mine", "data-id")
        assert mine in table.game.player(1).characters
        # killed and robbed are said with marks the Pi's fonts draw, and in words for a reader
        step_until(table, lambda t: t.game.phase == "turns" and (t.game.killed or t.game.robbed) is not None)
        settled(board, table)
        board.select_option("#lang", "en")
        target = table.game.killed or table.game.robbed
        tile = f"#strip li[data-id='{target}']"
        label = board.get_attribute(tile, "aria-label") or ""
        assert ("Killed" if target == table.game.killed else "Robbed") in label
        assert "✋" not in board.inner_text("body") and "✝" not in board.inner_text("body")
    assert errors == []


def smallest_text(page: Page) -> tuple[float, str]:
    """The smallest computed font size among the visible elements a player must read."""
    found = page.evaluate("""(selectors) => {
        let least = [1e9, ''];
        for (const selector of selectors) {
            for (const node of document.querySelectorAll(selector)) {
                if (!node.getClientRects().length || !node.innerText.trim()) continue;
                const px = parseFloat(getComputedStyle(node).fontSize);
                if (px < least[0]) least = [px, selector + ': ' + node.innerText.trim().slice(0, 30)];
            }
        }
        return least;
    }""", list(MUST_READ))
    return float(found[0]), str(found[1])


def test_text_a_player_reads_is_large_enough_at_a_distance(browser: Browser, seven_over: tuple[FakeTable, str]) -> None:
    """docs/web.md gives the figure: the smallest text a player must read on a phone."""
    table = FakeTable(7, seed=4)
    step_until(table, lambda t: t.game.round >= 3 and t.game.phase == "turns")
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        board = phone_page(browser, errors)
        for lang in ("en", "zh-Hant"):
            board.goto(f"{server.url}/?lang={lang}")
            settled(board, table)
            px, where = smallest_text(board)
            assert px >= LEAST_PX, where
    over, url = seven_over
    board.goto(f"{url}/?lang=en")
    settled(board, over)
    px, where = smallest_text(board)
    assert px >= LEAST_PX, where
    assert errors == []


@pytest.fixture(scope="module")
def seven_over() -> Iterator[tuple[FakeTable, str]]:
    """A 7-player game played to its end, served: (its table, its URL)."""
    table = FakeTable(7, seed=4)
    step_until(table, lambda t: t.game.over, limit=20_000)
    with LiveServer(make_app(table)) as server:
        yield table, server.url


def test_a_tv_shows_a_seven_player_game_over_on_one_screen(browser: Browser, seven_over: tuple[FakeTable, str]) -> None:
    table, url = seven_over
    errors: list[str] = []
    tv = phone_page(browser, errors, TV)
    tv.goto(f"{url}/?lang=zh-Hant")
    settled(tv, table)
    box = tv.evaluate("""() => {
        const seats = [...document.querySelectorAll('.seat')].map((n) => n.getBoundingClientRect());
        const side = document.querySelector('.side').getBoundingClientRect();
        const result = document.querySelector('#result').getBoundingClientRect();
        return { bottom: Math.max(...seats.map((r) => r.bottom)), left: Math.min(...seats.map((r) => r.left)),
                 right: Math.max(...seats.map((r) => r.right)), sideLeft: side.left, sideRight: side.right,
                 resultTop: result.top, resultBottom: result.bottom, width: innerWidth, height: innerHeight,
                 scroll: document.scrollingElement.scrollHeight };
    }""")
    assert box["bottom"] <= box["height"], "a city is below the fold"
    assert box["resultBottom"] <= box["height"] and box["sideLeft"] >= box["right"]
    assert box["left"] < 40 and box["sideRight"] > box["width"] - 40, "the screen's sides are left empty"
    assert box["scroll"] <= box["height"] + 2
    assert errors == []


def test_game_over_headers_are_whole_words(browser: Browser, seven_over: tuple[FakeTable, str]) -> None:
    table, url = seven_over
    errors: list[str] = []
    board = phone_page(browser, errors)
    for lang in ("en", "zh-Hant", "zh-Hans"):
        board.goto(f"{url}/?lang={lang}")
        settled(board, table)
        cut = board.evaluate("""() => [...document.querySelectorAll('.result th')].filter((th) => {
            const text = document.createTreeWalker(th, NodeFilter.SHOW_TEXT).nextNode();
            const range = document.createRange();
            range.selectNodeContents(text);
            const words = text.textContent.trim().split(/\\s+/).length;
            return range.getClientRects().length > words;  // a line box more than the words: a word cut
        }).map((th) => th.innerText)""")
        assert cut == [], (lang, cut)
        assert board.evaluate("() => document.querySelector('.result table').scrollWidth <= "
                              "document.querySelector('.result').clientWidth")
    assert errors == []


def test_game_over_names_are_never_cut_mid_word(browser: Browser) -> None:
    """The longest names a seat may have (20 characters), in one word or two, stay whole on a
    phone: the name column takes the room of its longest word ("Maximilian|a Ostrow" no more)."""
    table = FakeTable(7, seed=4, names=("Ann", "Konstantinopolitanus", "Maximiliana Ostrowsk", "Dee", "Eve", "Fay", "Gus"))
    step_until(table, lambda t: t.game.over, limit=20_000)
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        board = phone_page(browser, errors)
        for lang in ("en", "zh-Hant", "zh-Hans"):
            board.goto(f"{server.url}/?lang={lang}")
            settled(board, table)
            assert board.locator(".result tbody").evaluate(WORDS_WHOLE) == "", lang
            assert board.evaluate("() => document.querySelector('.result table').scrollWidth <= "
                                  "document.querySelector('.result').clientWidth"), lang
    assert errors == []


# a space between a Chinese word and a word, a name or a number ("保留 天文臺", "12 分")
STRAY_SPACE = re.compile(r"[\u3400-\u9fff][ \u00a0]+\w|\w[ \u00a0]+[\u3400-\u9fff]")


def test_one_card_and_no_stray_spaces_in_chinese(browser: Browser) -> None:
    table = FakeTable(4, seed=9, names=("Ann", "Ben", "Cai", "Dee"), mode="digital")
    step_until(table, lambda t: t.game.phase == "turns" and any(p.hand_size == 1 for p in t.game.players))
    one = next(p.seat for p in table.game.players if p.hand_size == 1)
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        seat = phone_page(browser, errors)
        seat.goto(f"{server.url}/seat/{SEAT_TOKENS[one]}?lang=en")
        seat.wait_for_function(f"() => Number(document.body.dataset.viewId) === {table.last_event_id()}")
        status = seat.inner_text("#mine")
        assert "1 card" in status and "1 cards" not in status, status
        board = phone_page(browser, errors)
        for lang in ("zh-Hant", "zh-Hans"):
            for page, url in ((board, "/"), (seat, f"/seat/{SEAT_TOKENS[one]}")):
                page.goto(f"{server.url}{url}?lang={lang}")
                page.wait_for_function(f"""() => Number(document.body.dataset.viewId ?? document.body.dataset.eventId)
                                          === {table.last_event_id()}""")
                text = page.evaluate("() => document.querySelector('main').innerText")
                assert not STRAY_SPACE.findall(text), (lang, url, STRAY_SPACE.findall(text))
    assert errors == []


def test_a_late_reading_of_the_log_never_puts_back_a_shorter_one(browser: Browser) -> None:
    """The scoreboard reads the game's log again after live messages; when a reading's answer
    arrives after a later one's (a loaded machine), the shorter log is not drawn again."""
    table = FakeTable(4, seed=2)
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        page = phone_page(browser, errors)
        page.add_init_script(ids_recorder("historyId"))
        logs = HeldRequests(page, lambda url: url.endswith("/api/history"))
        page.goto(f"{server.url}/?lang=en")
        settled(page, table)
        logs.hold(late=True)
        assert table.step()  # a seat picks: the page's reading of the log is answered, and held
        logs.wait_held()
        logs.stop()
        assert table.step()  # the next seat picks: that reading arrives
        settled(page, table)
        logs.release()  # and then the first one's
        assert table.step()
        settled(page, table)
        drawn = drawn_ids(page)
        assert drawn == sorted(drawn), drawn
    assert errors == []
