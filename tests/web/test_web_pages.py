"""What the players see, checked in the real browser (Debian's Chromium, never skipped).

The status sentence names the seat and character that act; the running scores are the
engine's; the log holds the whole game; no engine id, code or untranslated "Seat N" reaches
a person in any language; the game-over table fits a 390 px phone with 7 players.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from hub.engine.citadels.cards import CHARACTER_BY_ID, all_districts
from hub.engine.citadels.history import public_history
from hub.engine.citadels.scoring import city_score, score_game
from hub.games.citadels.pages import LANGS, card_names
from tests.browser import PHONE, READABLE_TEXT, phone_page
from tests.web_support import ADMIN_TOKEN, SEAT_TOKENS, FakeTable, LiveServer, make_app

DRAFT_KINDS = {"draft_turn", "picked"}
ENGINE_WORDS = {"draft", "turns", "setup", "faceup", "gather", "pending", "noble", "religious", "trade",
                "military", "unique", "adjust", "void", "null", "undefined", "NaN"}
CODE_LIKE = re.compile(r"\b[a-z]+_[a-z_]+\b|\{[a-z_]+\}|\b\d+ (adjust|void|pick|faceup|discard|build|destroy)\b")


def settled(page: Page, table: FakeTable, log: bool = True) -> None:
    """Wait until the page shows the table's latest change (and the log, if it has one).

    A seat page refetches its own view after each live message: `viewId` says which it shows.
    """
    last = table.last_event_id()
    page.wait_for_function(f"""() => Number(document.body.dataset.viewId ?? document.body.dataset.eventId)
                                     === {last}""")
    if log:
        page.wait_for_function(f"() => Number(document.body.dataset.historyId) === {last}")


def step_until(table: FakeTable, done: Any) -> None:
    for _ in range(5000):
        if done(table.game):
            return
        assert table.step(), "the game stopped before the wanted moment"
    raise AssertionError("never reached the wanted moment")


def visible_text(page: Page) -> str:
    """What a person can read: the page's text without the language picker's options, nor
    a command shown as code (typed as it is in every language)."""
    text = str(page.evaluate(READABLE_TEXT)).replace(page.inner_text("#lang"), "")
    placeholders = page.evaluate("() => [...document.querySelectorAll('[placeholder]')].map((n) => n.placeholder)")
    return text + "\n" + "\n".join(placeholders)


def raw_ids_in(text: str, lang: str, names: tuple[str, ...]) -> list[str]:
    """Engine ids, codes, placeholders or (in Chinese) untranslated English found in `text`."""
    found = [m.group(0) for m in CODE_LIKE.finditer(text)]
    words = set(re.findall(r"[A-Za-z]+", text))
    found += sorted(w for w in words if w in ENGINE_WORDS)
    ids = {c for c in CHARACTER_BY_ID} | set(all_districts())
    found += sorted(w for w in re.findall(r"\b[a-z_]+\b", text) if w in ids)
    if lang != "en":
        for name in names:
            text = text.replace(name, "")
        found += re.findall(r"[A-Za-z]{2,}", text)
    return found


def test_status_sentence_names_the_seat_and_character(browser: Browser) -> None:
    table = FakeTable(4, seed=21, names=("Ann", "Ben", "Cai", "Dee"), crowned=2, human_seats=frozenset({1}))
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang=en")
        settled(board, table)
        assert board.inner_text("#status") == "Round 1: Ben is choosing a character (0 of 4 chosen)."
        assert board.get_attribute(".seat[data-seat='2']", "aria-current") == "true"
        table.step()  # Ben picks
        settled(board, table)
        assert board.inner_text("#status") == "Round 1: Cai is choosing a character (1 of 4 chosen)."
        assert "chosen" in board.inner_text(".seat[data-seat='2'] .badge")
        assert board.inner_text(".seat[data-seat='3'] .badge") == "▶ choosing"
        table.human_seats = frozenset()
        step_until(table, lambda g: g.phase == "turns" and g.pending is not None and g.pending.kind == "turn")
        settled(board, table)
        seat = table.game.pending.seat
        name = table.game.setup.seat_name(seat)
        character = CHARACTER_BY_ID[table.game.turn_char].name
        status = board.inner_text("#status")
        assert status.startswith(f"{name}, the {character}, is playing."), status
        for lang in ("zh-Hant", "zh-Hans"):
            board.select_option("#lang", lang)
            local = card_names()[lang][table.game.turn_char]
            assert board.inner_text("#status").startswith(f"{name}（{local}）正在行"), board.inner_text("#status")
        board.select_option("#lang", "en")
        # the pending seat is on screen on a phone, not just marked by a border off screen
        assert board.evaluate(f"""() => {{
            const r = document.querySelector('.seat[data-seat="{seat}"]').getBoundingClientRect();
            return r.top < innerHeight && r.bottom > 0; }}""")
    assert errors == []


def test_running_scores_are_the_engines(browser: Browser) -> None:
    table = FakeTable(5, seed=8)
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang=en")
        for moment in (lambda g: g.round >= 3 and g.phase == "turns", lambda g: g.round >= 5, lambda g: g.over):
            step_until(table, moment)
            settled(board, table, log=False)
            shown = board.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#seats .seat')]
                .map((c) => [c.dataset.seat, Number(c.querySelector('.points').textContent)]))""")
            expected = {str(p.seat): city_score(table.game, p) for p in table.game.players}
            assert shown == expected
            assert any(score > 0 for score in expected.values())
        final = {str(s["seat"]): s["score"] for s in score_game(table.game)["seats"]}
        table_scores = board.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#result tbody tr')]
            .map((r) => [r.dataset.seat, Number(r.querySelector('.score').textContent)]))""")
        assert table_scores == final == shown
    assert errors == []


def test_the_log_holds_the_whole_game_by_round(browser: Browser) -> None:
    table = FakeTable(4, seed=13, names=("Ann", "Ben", "Cai", "Dee"))
    table.play_to_end()
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang=en")
        settled(board, table)
        history = public_history(table.game.setup, table.game.log)
        rounds = board.eval_on_selector_all("#log .round", "rs => rs.map(r => Number(r.dataset.round))")
        assert rounds == list(range(table.game.round, 0, -1))  # every round, newest first
        told = board.eval_on_selector_all("#log .round > ul > li:not(.folded)", "ls => ls.map(l => l.dataset.kind)")
        worded = [e["kind"] for e in reversed(history) if e["kind"] not in DRAFT_KINDS]
        assert len(told) > 50 and set(told) <= set(worded)
        assert board.inner_text("#log .round[data-round='1'] > ul > li:not(.folded) >> nth=-1") == \
            "Round 1 begins; Ann holds the crown."
        assert board.inner_text("#log .round >> nth=0").splitlines()[1].startswith("Game over: ")
        picks = sum(1 for e in history if e["kind"] == "picked")
        folded = board.eval_on_selector_all("#log li.folded summary", "ss => ss.map(s => s.textContent)")
        assert sum(int(f.rsplit(" ", 1)[1]) for f in folded) == picks
        built = [e for e in history if e["kind"] == "built"]
        names = card_names()["en"]
        log_text = board.inner_text("#log")
        for event in built:  # every district ever built is in the story
            assert f"builds the {names[event['district']]}." in log_text
    assert errors == []


def test_no_raw_ids_on_any_page_in_three_languages(browser: Browser) -> None:
    names = ("Ann", "Ben", "Seat 3", "Dee")
    table = FakeTable(4, seed=17, names=names, mode="physical")
    step_until(table, lambda g: g.round >= 2 and g.pending is not None and g.pending.seat == 1)
    table.human_seats = frozenset({1})
    table.adjust_gold(2, 1, "miscounted")
    table.set_online(4, False)
    table.pause("card on the floor")
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        pages = {"board": "/", "seat": f"/seat/{SEAT_TOKENS[1]}", "other": f"/seat/{SEAT_TOKENS[3]}",
                 "admin": f"/admin/{ADMIN_TOKEN}"}
        opened = {key: phone_page(browser, errors) for key in pages}
        for key, path in pages.items():
            opened[key].goto(f"{server.url}{path}?lang=en")
            settled(opened[key], table, log=key == "board")
        opened["admin"].wait_for_selector("#seat-links figure")
        for lang in LANGS:
            for key, page in opened.items():
                page.select_option("#lang", lang)
                text = visible_text(page).replace("card on the floor", "").replace("miscounted", "")  # what the admin typed
                assert raw_ids_in(text, lang, ("Ann", "Ben", "Dee")) == [], (lang, key, text)
                if lang != "en":
                    assert "Seat" not in text, (lang, key)
                    assert key == "seat" or ("3號座位" in text or "3号座位" in text), (lang, key, text)
            board_text = visible_text(opened["board"])
            assert "by the table" not in board_text and "card on the floor" in board_text
        opened["board"].select_option("#lang", "en")
        assert "Paused: card on the floor" in visible_text(opened["board"])
        assert "Correction (miscounted): Ben +1 gold." in visible_text(opened["board"])
        table.resume()
        table.human_seats = frozenset()
        table.play_to_end()
        for lang in LANGS:
            opened["board"].goto(f"{server.url}/?lang={lang}")
            settled(opened["board"], table)
            typed = visible_text(opened["board"]).replace("miscounted", "")  # the admin's reason, in the log
            assert raw_ids_in(typed, lang, ("Ann", "Ben", "Dee")) == [], lang
    assert errors == []


def test_the_seat_page_in_physical_mode_says_what_to_do_with_the_cards(browser: Browser) -> None:
    table = FakeTable(4, seed=3, names=("Ann", "Ben", "Cai", "Dee"), mode="physical", human_seats=frozenset({1}))
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        mine = phone_page(browser, errors)
        mine.goto(f"{server.url}/seat/{SEAT_TOKENS[1]}?lang=en")
        settled(mine, table, log=False)
        other = phone_page(browser, errors)
        other.goto(f"{server.url}/seat/{SEAT_TOKENS[2]}?lang=en")
        settled(other, table, log=False)
        assert mine.inner_text("#who") == "Ann · Seat 1"
        assert table.game.pending == (1, "faceup")  # the crowned seat lays out the face-up characters
        assert mine.inner_text("#hint") == "Lay each character removed face up on your reader, one at a time."
        assert other.inner_text("#prompt") == "Waiting for Ann."
        while table.game.pending.kind == "faceup":
            assert table.answer(1, str(table.game.legal_actions()[0]))["ok"]
        settled(mine, table, log=False)
        assert table.game.pending == (1, "pick")
        assert mine.inner_text("#prompt") == "Your choice"
        assert mine.inner_text("#hint") == "Lay the character you choose on your reader."
        assert "Waiting" not in mine.inner_text("main")
        assert other.inner_text("#prompt") == "Waiting for Ann."
        assert other.is_hidden("#hint")
        table.human_seats = frozenset()
        step_until(table, lambda g: g.phase == "turns" and g.pending is not None and g.pending.seat == 1
                   and g.pending.kind == "turn")
        table.human_seats = frozenset({1})
        settled(mine, table, log=False)
        assert mine.inner_text("#prompt").startswith("Your turn: ")
        assert mine.inner_text("#hint") == "Lay a district card on your reader to build it, or use the buttons."
        mine.select_option("#lang", "zh-Hant")
        assert mine.inner_text("#hint") == "把建築卡放在讀卡器上即可建造，或使用按鈕。"
        assert mine.inner_text("#who") == "Ann · 1號座位"
    assert errors == []


@pytest.mark.parametrize("edition", ["classic", "2000"])
def test_the_seat_page_says_what_the_characters_ability_does_in_its_editions_words(
        browser: Browser, edition: str) -> None:
    from hub.games.citadels import words

    variant = "classic7" if edition == "classic" else "standard"
    table = FakeTable(4, seed=2, variant=variant, edition=edition)
    step_until(table, lambda g: g.phase == "turns" and g.pending is not None and g.pending.kind == "turn"
               and g.turn_char == "warlord")
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        page = phone_page(browser, errors)
        page.goto(f"{server.url}/seat/{SEAT_TOKENS[table.game.pending.seat]}?lang=zh-Hans")
        settled(page, table, log=False)
        assert page.inner_text("#ability") == words.say("character.warlord.ability", "zh-Hans", edition)
    assert ("回合结束时" in words.say("character.warlord.ability", "zh-Hans", edition)) == (edition == "2000")
    assert errors == []


class HintingTable(FakeTable):
    """A table that, like the hub, says what the seat's display shows and what to do."""

    def seat_view(self, seat: int) -> dict[str, Any]:
        view = super().seat_view(seat)
        view["you"]["display"] = {"led": "blue", "text": ["Pick a character", "Lay it on the reader"]}
        view["you"]["hint"] = "lay_character" if view["pending"] and view["pending"]["seat"] == seat else "wait"
        return view


def test_the_seat_page_shows_the_hubs_display_and_hint(browser: Browser) -> None:
    table = HintingTable(3, seed=2, mode="physical", names=("Seat 1", "Seat 2", "Seat 3"), human_seats=frozenset({1}))
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        page = phone_page(browser, errors)
        page.goto(f"{server.url}/seat/{SEAT_TOKENS[1]}?lang=zh-Hans")
        settled(page, table, log=False)
        assert page.inner_text("#who") == "1号座位"
        # the display's light in the page's words, never its own English lines (tests/web/test_seat_page_browser.py)
        assert page.inner_text("#display .lines").splitlines()[1:] == ["座位指示灯：蓝色，轮到你决定"]
        assert page.get_attribute("#display .led", "data-led") == "blue"
        assert page.inner_text("#hint") == "把你选择的角色卡放在读卡器上。"
        other = phone_page(browser, errors)
        other.goto(f"{server.url}/seat/{SEAT_TOKENS[2]}?lang=en")
        settled(other, table, log=False)
        assert other.inner_text("#hint") == "Nothing to do now: wait for your turn."
        assert other.inner_text("#prompt") == "Waiting for Seat 1."
    assert errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_over_table_fits_a_phone_with_seven_players(browser: Browser, lang: str) -> None:
    names = ("Maximilian", "Seat 2", "Anneliese", "黃金城主", "Seat 5", "Bartholomew", "Seat 7")
    table = FakeTable(7, seed=6, names=names)
    table.play_to_end()
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang={lang}")
        settled(board, table)
        board.wait_for_selector("#result table")
        fits = board.evaluate("""() => {
            const box = document.querySelector('#result'), table = box.querySelector('table');
            return {box: [box.scrollWidth, box.clientWidth], table: [table.scrollWidth, table.clientWidth],
                    page: document.documentElement.scrollWidth,
                    heads: [...table.querySelectorAll('th')].map((th) => {
                        const words = document.createRange();
                        words.selectNodeContents(th);
                        const box = words.getBoundingClientRect();
                        const turned = th.querySelector('.turned');  // set upright: its lines stack across
                        return [th.textContent, turned ? box.width : box.height,
                                parseFloat(getComputedStyle(th).lineHeight)]; })}; }""")
        assert fits["box"][0] <= fits["box"][1] and fits["table"][0] <= fits["table"][1], fits
        assert fits["page"] <= PHONE["width"], fits
        for text, height, line in fits["heads"]:  # a header never stacks one character per line
            assert height <= 2 * line + 8, (text, height, line)
        assert len(board.query_selector_all("#result tbody tr")) == 7
        assert " 6" in board.inner_text("#seed") or "6：" in board.inner_text("#seed")  # the deal's seed, told at the end
    assert errors == []


def test_an_error_page_speaks_the_readers_language(browser: Browser) -> None:
    table = FakeTable(3, seed=1)
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        page = phone_page(browser, errors)
        for lang, words in (("en", "This link does not open this page."), ("zh-Hant", "此連結無法開啟"),
                            ("zh-Hans", "此链接无法打开")):
            page.goto(f"{server.url}/seat/{'x' * 32}?lang={lang}")
            page.wait_for_function("() => document.documentElement.lang !== 'en' || "
                                   "!document.querySelector('h2').textContent.includes('unknown')")
            assert words in page.inner_text("main")
            assert raw_ids_in(visible_text(page), lang, ()) == [], lang
    assert [e.lower() for e in errors] == [  # the reason phrase's case is the server's
        "console: failed to load resource: the server responded with a status of 403 (forbidden)"] * 3


def test_the_seat_that_must_act_is_brought_into_view_on_a_phone(browser: Browser) -> None:
    table = FakeTable(7, seed=4)
    step_until(table, lambda g: g.phase == "turns" and g.pending is not None and g.pending.seat == 7)
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang=en")
        settled(board, table)
        box = board.evaluate("""() => { const r = document.querySelector('.seat[data-seat="7"]').getBoundingClientRect();
                                         return [r.top, r.bottom, innerHeight]; }""")
        assert box[1] > 0 and box[0] < box[2], box  # on screen, though the seventh seat is far below the top
        assert board.evaluate("scrollY") > 0
    assert errors == []
