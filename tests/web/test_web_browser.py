"""A real headless Chromium (Debian's) on a phone viewport, driven by Playwright.

It watches the scoreboard update live during a simulated game without reloading, then
opens a seat page and answers the pending decision by pressing its button. This test
never skips: a missing browser is a failure (scripts/test installs Debian's chromium).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from tests.browser import PHONE, phone_page
from tests.web_support import SEAT_TOKENS, FakeTable, LiveServer, make_app, wait_until

# Headless Chromium has no voices: record what the Speak switch would say instead.
SPEECH_RECORDER = """
window.__spoken = [];
Object.defineProperty(window, "speechSynthesis", {
  value: { speak: (u) => window.__spoken.push([u.text, u.lang]), cancel: () => {} },
});
"""

# What a seat page's feedback box said, every change of it: "Sent: ..." for a pick that ends
# the draft lasts only until the next view is drawn, too short to be caught by polling.
FEEDBACK_RECORDER = """
window.__feedback = [];
new MutationObserver(() => {
  const box = document.getElementById("feedback");
  const said = box ? box.className + "|" + box.textContent : "";
  if (said !== window.__feedback[window.__feedback.length - 1]) window.__feedback.push(said);
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


def event_id(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.eventId || '-1'"))


def seat_numbers(page: Page) -> dict[int, dict[str, Any]]:
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#seats .seat')].map(card => [
            card.dataset.seat,
            {gold: Number(card.querySelector('.gold').textContent),
             hand: Number(card.querySelector('.hand-size').textContent),
             name: card.querySelector('.name').textContent}]))"""
    )


def test_scoreboard_updates_live_and_a_seat_page_answers(browser: Browser) -> None:
    table = FakeTable(4, seed=21, names=("Ann", "Ben", "蔡", "Dee"), crowned=2, human_seats=frozenset({1}))
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        board = phone_page(browser, errors)
        board.add_init_script(SPEECH_RECORDER)
        board.goto(f"{server.url}/?lang=en")
        board.wait_for_selector("#seats .seat[data-seat='4']")
        board.wait_for_function("() => document.body.dataset.eventId === '0'")
        board.evaluate("window.__noReload = 'still here'")
        assert board.inner_text("#status") == "Round 1: Ben is choosing a character (0 of 4 chosen)."
        assert board.inner_text("#conn") == "Live"
        # a count of one takes the phrase's singular entry, as the hub's own words do
        assert board.evaluate("Citadels.t('hand_unknown', {n: 1})") == "1 card not yet read"
        assert board.evaluate("Citadels.t('hand_unknown', {n: 3})") == "3 cards not yet read"

        board.check("#speak")
        table.start(interval=0.15)  # bots for seats 2-4 start drafting
        try:
            board.wait_for_function("() => Number(document.body.dataset.eventId) >= 3")
            board.wait_for_selector("#log li.folded")
            assert "Characters chosen" in board.inner_text("#log")
            board.wait_for_function("() => window.__spoken.length > 0")
            spoken = board.evaluate("window.__spoken")
            assert all(lang == "en-GB" and text for text, lang in spoken), spoken
            assert any("choose" in text.lower() or "pick" in text.lower() for text, _ in spoken), spoken
            # the draft reaches seat 1, a person: the game waits for the phone
            assert wait_until(lambda: table.game.pending is not None and table.game.pending.seat == 1, timeout=8)
            board.wait_for_function(f"() => Number(document.body.dataset.eventId) === {table.last_event_id()}")
            shown = seat_numbers(board)
            public = table.public_view()["seats"]
            assert {int(k): (v["gold"], v["hand"], v["name"]) for k, v in shown.items()} == {
                s["seat"]: (s["gold"], s["hand"], s["name"]) for s in public}
            assert board.get_attribute("#seats .seat[data-seat='1']", "class") == "seat pending"
            assert board.evaluate("window.__noReload") == "still here"
            assert board.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

            seat_page = phone_page(browser, errors)
            seat_page.add_init_script(FEEDBACK_RECORDER)
            seat_page.goto(f"{server.url}/seat/{SEAT_TOKENS[1]}?lang=en")
            seat_page.wait_for_selector("#options button.option")
            options = seat_page.eval_on_selector_all("#options button.option", "bs => bs.map(b => b.dataset.action)")
            assert options == table.seat_view(1)["you"]["options"]
            label = seat_page.inner_text("#options button.option >> nth=0")
            assert label.startswith("Pick ")
            before = table.last_event_id()
            seat_page.click("#options button.option >> nth=0")
            # the pick ends the draft: its "Sent" goes with the draft, as soon as the next view is drawn
            seat_page.wait_for_function("() => window.__feedback.some((said) => said.startsWith('feedback good|Sent: '))")
            assert table.answers[0] == (1, options[0])
            board.wait_for_function(f"() => Number(document.body.dataset.eventId) > {before}")
            board.wait_for_function("() => !document.querySelector('#seats .seat[data-seat=\"1\"]').classList.contains('pending')")
            assert board.evaluate("window.__noReload") == "still here"

            # another seat's token never shows seat 1's choices
            other = phone_page(browser, errors)
            other.goto(f"{server.url}/seat/{SEAT_TOKENS[3]}?lang=en")
            other.wait_for_selector("#who")
            other.wait_for_function("() => document.querySelector('#who').textContent.includes('蔡')")
            assert sorted(other.eval_on_selector_all("#my-characters .chip", "cs => cs.map(c => c.dataset.id)")) == \
                sorted(table.seat_view(3)["you"]["characters"])

            # the viewer picks a language; the page changes without a reload
            board.select_option("#lang", "zh-Hant")
            # the Classic rulebook's title in Traditional Chinese (the 2000 sheet's 富饶之城 is zh-Hans)
            board.wait_for_function("() => document.querySelector('#title').textContent === '榮耀之城'")
            assert board.inner_text("#log li >> nth=0") != ""
            assert board.evaluate("window.__noReload") == "still here"
        finally:
            table.stop()
    assert errors == []


def test_admin_page_pauses_corrects_and_starts_a_game(browser: Browser) -> None:
    from tests.web_support import ADMIN_TOKEN

    table = FakeTable(4, seed=5, names=("Ann", "Ben", "Cai", "Dee"))
    table.step()
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang=en")
        board.wait_for_selector("#seats .seat[data-seat='4']")
        admin = phone_page(browser, errors)
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}")
        admin.wait_for_selector("#seat-links figure img")
        # every QR code loads and shows (an <img> is in the page before its picture has
        # loaded: waiting for the element alone failed once in a CI rehearsal under load)
        admin.wait_for_function("() => [...document.querySelectorAll('#seat-links img')]"
                                ".every(i => i.complete && i.naturalWidth > 0)")

        admin.fill("#pause-reason", "card on the floor")
        admin.click("#pause")
        admin.wait_for_selector("#pause-feedback.good")
        assert table.paused and table.pause_reason == "card on the floor"
        board.wait_for_selector("#paused:not([hidden])")
        assert "card on the floor" in board.inner_text("#paused")
        admin.click("#resume")
        board.wait_for_selector("#paused", state="hidden")

        gold = table.game.player(2).gold
        admin.select_option("#gold-seat", "2")
        admin.fill("#gold-delta", "3")
        admin.fill("#gold-reason", "miscounted")
        admin.click("#gold")
        board.wait_for_function(f"() => document.querySelector('.seat[data-seat=\"2\"] .gold').textContent === '{gold + 3}'")
        assert str(table.game.log[-1]) == "0 adjust 2 3 miscounted"

        admin.fill("#void-reason", "")
        admin.click("#void")
        admin.wait_for_selector("#void-feedback.bad")
        assert "reason" in admin.inner_text("#void-feedback")

        admin.select_option("#players", "3")
        admin.fill("#names input[data-seat='1'] >> nth=0", "Xu")
        admin.select_option("#mode", "digital")
        admin.click("#new-game button[type=submit]")
        board.wait_for_function("() => document.querySelectorAll('#seats .seat').length === 3")
        assert board.inner_text(".seat[data-seat='1'] .name") == "Xu"
    assert errors == []  # an undo without a reason is asked for on the page, never sent


def test_admin_form_starts_a_2000_game_with_the_editions_own_variants(browser: Browser) -> None:
    """The new-game form offers each edition's variants in the page's language; choosing
    the 2000 edition's shorter game starts exactly that game."""
    from tests.web_support import ADMIN_TOKEN

    table = FakeTable(4, seed=5)
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        admin = phone_page(browser, errors)
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}?lang=zh-Hans")
        admin.wait_for_selector("#seat-links figure img")
        options = "os => os.map(o => [o.value, o.textContent])"
        assert admin.eval_on_selector_all("#edition option", options) == [["classic", "经典版"], ["2000", "2000版"]]
        assert admin.eval_on_selector_all("#variant option", options) == [
            ["classic7", "经典版：7个地区完成城市"], ["classic8", "经典版：8个地区完成城市"]]
        admin.select_option("#edition", "2000")
        assert admin.eval_on_selector_all("#variant option", options) == [
            ["standard", "2000版：8个地区完成城市"], ["short", "2000版短局：7个地区完成城市"]]
        admin.select_option("#variant", "short")
        admin.select_option("#players", "3")
        admin.click("#new-game button[type=submit]")
        admin.wait_for_selector("#game-feedback.good")
        setup = table.game.setup
        assert (setup.edition, setup.variant, setup.players) == ("2000", "short", 3)
        assert "assassin" not in [c.id for c in table.game.characters]  # the 2000 sheet's 3-player table
    assert errors == []


def test_a_page_that_loses_its_stream_catches_up_without_reload(browser: Browser) -> None:
    table = FakeTable(4, seed=9)
    errors: list[str] = []
    app = make_app(table)
    broadcaster = app.extensions["citadels_web"].broadcaster
    with LiveServer(app) as server:
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang=en")
        board.wait_for_function("() => document.body.dataset.eventId === '0'")
        board.evaluate("window.__noReload = 1")
        for _ in range(3):
            table.step()
        board.wait_for_function("() => document.body.dataset.eventId === '3'")
        broadcaster.end_streams()  # the phone's Wi-Fi drops...
        for _ in range(4):
            table.step()  # ...while the game goes on
        board.wait_for_function("() => document.body.dataset.eventId === '7'")
        assert broadcaster.resumed >= 1  # it came back with Last-Event-ID and got the missed frames
        shown = seat_numbers(board)
        assert {int(k): v["gold"] for k, v in shown.items()} == {s["seat"]: s["gold"] for s in table.public_view()["seats"]}
        assert board.evaluate("window.__noReload") == 1
    assert errors == []


def test_admin_status_names_the_districts_entered_by_hand_until_their_card_is_read(browser: Browser) -> None:
    from tests.web_support import ADMIN_TOKEN

    table = FakeTable(4, seed=5)
    table.entered_by_hand = {3: ["manor", "tavern"]}
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        admin = phone_page(browser, errors)
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}?lang=zh-Hant")
        admin.wait_for_function("() => document.querySelector('#admin-status').textContent.includes('手動輸入')")
        status = admin.inner_text("#admin-status")
        assert "手動輸入、牌還沒在主人讀卡器上讀過：" in status and "莊園" in status and "manor" not in status
        table.entered_by_hand = {}  # its card was read on its owner's reader, an input the table
        table.resume()  # publishes; the admin page reads its status again on every live message
        admin.wait_for_function("() => !document.querySelector('#admin-status').textContent.includes('手動輸入')",
                                timeout=15000)
    assert errors == []


def test_admin_enters_a_card_by_its_name_for_a_seat_whose_reader_cannot_read_it(browser: Browser) -> None:
    """The admin picks seat, move and card by name in the page's language; the hub gets
    the move the card would have said on that reader, and no id is on the page."""
    from tests.web_support import ADMIN_TOKEN

    table = FakeTable(4, seed=5)
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        admin = phone_page(browser, errors)
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}?lang=zh-Hant")
        admin.wait_for_function("() => document.querySelector('#card-id').options.length > 30")
        assert "manor" not in admin.inner_text("#card-entry").lower()
        admin.fill("#card-seat", "3")
        admin.select_option("#card-verb", "destroy")
        admin.fill("#card-target", "2")
        admin.select_option("#card-id", label="莊園")
        admin.fill("#card-reason", "tag torn")
        admin.click("#card")
        admin.wait_for_selector("#card-feedback.good")
        assert table.admin_cards == [(3, "3 destroy 2 manor", "tag torn")]
    assert errors == []
