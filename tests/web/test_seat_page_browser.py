"""The seat page gives a player what to decide with, in real Chromium (never skipped):
each button says what it gives and the card it names, End turn comes last and apart,
options that would do nothing are not offered, the turn is signalled unmistakably, the
seat's news is in the page's language and goes when the decision moves on, and a unique
district says what it does on a tap, in its edition's words."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page

from hub.games.citadels import words
from hub.engine.citadels import Setup, StartPosition
from tests.browser import HeldRequests, drawn_ids, ids_recorder, phone_page
from tests.web.test_web_pages import settled, step_until
from tests.web_support import SEAT_TOKENS, FakeTable, LiveServer, make_app

# Headless Chromium has no voices and no vibration motor: record what the page asks of them.
RECORDER = """
window.__spoken = []; window.__buzzed = [];
Object.defineProperty(window, "speechSynthesis", {
  value: { speak: (u) => window.__spoken.push([u.text, u.lang]), cancel: () => {} },
});
navigator.vibrate = (pattern) => { window.__buzzed.push(pattern); return true; };
localStorage.setItem("citadels.speak", "1");
"""


def offered(view: dict[str, Any]) -> list[str]:
    """The options a seat page offers as buttons: the seat's options but those that would do
    nothing (a face-up character killed or robbed, a tax of nothing)."""
    you = view["you"]
    gives = you.get("gives", {})

    def pointless(action: str) -> bool:
        _, verb, *args = action.split()
        face_up = verb in ("kill", "rob") and args[0] in view.get("faceup_removed", [])
        return face_up or (verb == "tax" and gives.get(action) == {"gold": 0})

    return [a for a in you["options"] if not pointless(a)]


def buttons(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate("""() => [...document.querySelectorAll('#options button')].map((b) => ({
        action: b.dataset.action, cls: b.className, gives: b.querySelector('.gives')?.textContent || '',
        letter: b.querySelector('.type-letter')?.textContent || ''}))"""))


def legal(table: FakeTable) -> set[str]:
    return {str(a) for a in table.game.legal_actions()}


def test_each_button_says_what_it_gives_end_turn_last_and_nothing_pointless(browser: Browser) -> None:
    table = FakeTable(4, seed=1)
    step_until(table, lambda g: len(g.log) == 11)  # the Warlord's turn, no military district yet
    seat = table.game.pending.seat
    assert table.game.turn_char == "warlord" and f"{seat} tax" in legal(table)
    table.human_seats = frozenset({seat})
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        page = phone_page(browser, errors)
        page.goto(f"{server.url}/seat/{SEAT_TOKENS[seat]}?lang=en")
        settled(page, table, log=False)
        shown = {b["action"]: b for b in buttons(page)}
        assert f"{seat} tax" not in shown  # +0: nothing to collect, and it would lose a later build's tax
        assert shown[f"{seat} gold"]["gives"] == "+2 gold"
        assert shown[f"{seat} draw"]["gives"] == "draw 2, keep 1"
        page.click(f"#options button[data-action='{seat} gold']")
        page.wait_for_selector("#feedback.good")  # the answer has landed: the table's latest id is the one after it
        settled(page, table, log=False)
        shown_list = buttons(page)
        assert shown_list[-1]["action"] == f"{seat} end" and "end" in shown_list[-1]["cls"].split()
        assert sum("end" in b["cls"].split() for b in shown_list) == 1
        builds = [b for b in shown_list if b["action"].split()[1] == "build"]
        assert builds, shown_list
        for b in builds:
            district = table.game.cards.districts[b["action"].split()[2]]
            assert b["gives"] == f"-{district.cost} gold" and f"t-{district.type}" in b["cls"]
            assert b["letter"] == words.template(f"type_letter.{district.type}", "en")
        page.context.close()

    thief = FakeTable(4, seed=1)
    step_until(thief, lambda g: len(g.log) == 86)  # the Thief's turn; a character is out face up
    seat = thief.game.pending.seat
    face_up = {f"{seat} rob {c}" for c in thief.game.faceup} & legal(thief)
    assert thief.game.turn_char == "thief" and face_up
    thief.human_seats = frozenset({seat})
    with LiveServer(make_app(thief)) as server:
        page = phone_page(browser, errors)
        page.goto(f"{server.url}/seat/{SEAT_TOKENS[seat]}?lang=en")
        settled(page, thief, log=False)
        shown = {b["action"] for b in buttons(page)}
        assert shown == set(offered(thief.seat_view(seat)))
        robs = {a for a in legal(thief) if a.split()[1] == "rob"}
        assert shown & robs == robs - face_up and robs - face_up  # the others are still offered
    assert errors == []


class DisplayingTable(FakeTable):
    """A table that, like the hub, says what the seat's display shows (in its own English)."""

    def seat_view(self, seat: int) -> dict[str, Any]:
        view = super().seat_view(seat)
        mine = view["pending"] is not None and view["pending"]["seat"] == seat
        view["you"]["display"] = {"led": "blue" if mine else "off",
                                  "text": ["Pick Warlord", "Accepted"] if mine else ["Seat 1 decides"]}
        return view


def test_your_turn_is_unmistakable_and_your_seat_is_told_in_the_pages_language(browser: Browser) -> None:
    table = DisplayingTable(4, seed=2, names=("Ann", "Ben", "Cai", "Dee"), human_seats=frozenset({2}))
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        page = phone_page(browser, errors)
        page.add_init_script(RECORDER)
        views = HeldRequests(page, lambda url: url.endswith(f"/api/seat/{SEAT_TOKENS[2]}"))
        page.goto(f"{server.url}/seat/{SEAT_TOKENS[2]}?lang=zh-Hans")
        settled(page, table, log=False)
        assert table.game.pending.seat == 1
        assert not page.evaluate("document.body.classList.contains('my-turn')")
        assert page.title() == "富饶之城"
        assert page.evaluate("window.__buzzed") == [] and page.evaluate("window.__spoken") == []
        table.step()  # seat 1 picks: now seat 2 chooses
        settled(page, table, log=False)
        assert page.evaluate("document.body.classList.contains('my-turn')")
        assert page.title() == "▶ 轮到你选择 · 富饶之城"
        assert page.evaluate("window.__buzzed") == [[200, 100, 200]]
        assert page.evaluate("window.__spoken") == [["轮到你选择", "zh-CN"]]
        display = page.inner_text("#display")
        assert "座位指示灯：蓝色，轮到你决定" in display
        assert not re.search(r"[A-Za-z]", display.replace("Ben", "")), display  # not the display's English lines
        # the answer arrives, the game moves on, and only then is a view drawn (as on a busy
        # phone): the feedback belongs to the stage the pick was made in, the draft
        views.hold()
        page.click("#options button")  # pick a character
        page.wait_for_selector("#feedback.good")
        table.human_seats = frozenset()
        step_until(table, lambda g: g.phase == "turns" and g.pending is not None and g.pending.seat == 2)
        table.human_seats = frozenset({2})
        views.release()
        settled(page, table, log=False)
        assert page.inner_text("#feedback") == ""  # "Sent: Pick ..." went with the draft
        page.click("#options button[data-action='2 gold']")
        took = "() => [...document.querySelectorAll('#display .news')].some((n) => n.textContent === 'Ben拿了2枚金币。')"
        page.wait_for_function(took)
        # a reading of the turn's view that arrives after the end was heard (a busy phone): the
        # page drops the news with the decision it was about, though it still shows that turn
        views.hold(late=True)
        table.set_online(3, True)  # a live message: the page reads its view, and the answer is held
        views.wait_held()
        page.click("#options button.end")
        views.wait_held(3)  # the end's own live message's reading, and the answer's
        views.release(1)
        page.wait_for_function(f"() => !({took})()")
        views.release()
        page.wait_for_function("() => !document.body.classList.contains('my-turn')")  # the turn is over
        settled(page, table, log=False)
        assert not page.evaluate(took)  # and its news went with it
    assert errors == []


def test_a_late_reading_never_puts_back_a_view_the_table_has_moved_past(browser: Browser) -> None:
    """The page asks for its view with every live message; when a reading's answer arrives
    after a later one's (a loaded phone, a busy hub), the older view is not drawn again."""
    table = FakeTable(4, seed=2)
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        page = phone_page(browser, errors)
        page.add_init_script(ids_recorder("viewId"))
        views = HeldRequests(page, lambda url: url.endswith(f"/api/seat/{SEAT_TOKENS[2]}"))
        page.goto(f"{server.url}/seat/{SEAT_TOKENS[2]}?lang=en")
        settled(page, table, log=False)
        views.hold(late=True)
        assert table.step()  # a seat picks: the page's reading of it is answered, and held
        views.wait_held()
        views.stop()
        assert table.step()  # the next seat picks: that reading arrives
        settled(page, table, log=False)
        views.release()  # and then the first one's
        assert table.step()
        settled(page, table, log=False)
        drawn = drawn_ids(page)
        assert drawn == sorted(drawn), drawn
    assert errors == []


def keep_and_laboratory(edition: str) -> FakeTable:
    table = FakeTable(4, seed=4, edition=edition, variant="classic7" if edition == "classic" else "standard",
                      human_seats=frozenset({1, 2, 3, 4}))
    start = (StartPosition(gold=2, city=("keep", "laboratory")),) + (StartPosition(gold=2),) * 3
    table._setup(Setup(players=4, seed=4, edition=edition, variant=table.setup.variant,
                       names=table.setup.names, start=start))
    return table


def test_a_unique_district_says_what_it_does_on_a_tap_in_its_editions_words(browser: Browser) -> None:
    errors: list[str] = []
    for edition, lang, gold in (("classic", "zh-Hant", 2), ("2000", "zh-Hans", 1)):
        table = keep_and_laboratory(edition)
        lab = words.district_ability("laboratory", lang, edition)
        assert f"{gold}枚金" in lab
        with LiveServer(make_app(table)) as server:
            board = phone_page(browser, errors)
            board.goto(f"{server.url}/?lang={lang}")
            board.wait_for_selector(".seat[data-seat='1'] .district[data-id='laboratory']")
            assert lab in board.get_attribute(".seat[data-seat='1'] .district[data-id='laboratory']", "title")
            board.tap(".seat[data-seat='1'] .district[data-id='laboratory']")  # a phone: no hover
            assert board.is_visible("#explain") and lab in board.inner_text("#explain")
            board.tap("h1")
            assert board.is_hidden("#explain")
            seat = phone_page(browser, errors)
            seat.goto(f"{server.url}/seat/{SEAT_TOKENS[1]}?lang={lang}")
            settled(seat, table, log=False)
            seat.tap("#my-city .district[data-id='keep']")
            assert words.district_ability("keep", lang, edition) in seat.inner_text("#explain")
            if edition == "classic":  # and at the end of the game, beside the totals
                table.human_seats = frozenset()
                table.play_to_end()
                board.wait_for_selector("#result table")
                board.tap(".seat[data-seat='1'] .district[data-id='keep']")
                assert words.district_ability("keep", lang, edition) in board.inner_text("#explain")
            board.context.close()
            seat.context.close()
    assert errors == []
