"""Six hub pages in one browser share one live stream, so none of them runs out of connections.

A browser opens at most six HTTP/1.1 connections per host; when every page held its own
stream, the admin's buttons hung with scoreboard, four seats and admin open in one Chrome.
Real Debian Chromium via Playwright, as in test_web_browser; never skipped.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from tests.web.test_seat_page_browser import offered
from tests.web_support import ADMIN_TOKEN, SEAT_TOKENS, FakeTable, LiveServer, make_app, wait_until


def shown_id(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.eventId || '-1'"))


def all_show(pages: list[Page], event_id: int) -> None:
    for page in pages:
        page.wait_for_function(f"() => document.body.dataset.eventId === '{event_id}'")


def test_six_pages_in_one_browser_share_one_stream_and_the_admin_still_works(browser: Browser) -> None:
    table = FakeTable(4, seed=7, names=("Ann", "Ben", "Cai", "Dee"))
    app = make_app(table)
    broadcaster = app.extensions["citadels_web"].broadcaster
    errors: list[str] = []
    with LiveServer(app) as server:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        paths = ["/?lang=en", *(f"/seat/{SEAT_TOKENS[s]}?lang=en" for s in range(1, 5)), f"/admin/{ADMIN_TOKEN}"]
        pages: list[Page] = []
        for path in paths:
            page = context.new_page()
            page.set_default_timeout(8000)
            page.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
            page.goto(server.url + path)
            pages.append(page)
        board, seats, admin = pages[0], pages[1:5], pages[5]
        all_show(pages, 0)  # every page drew the current state, the later ones from the relay
        assert wait_until(lambda: broadcaster.client_count == 1)

        admin.fill("#pause-reason", "tea on the table")
        admin.click("#pause")
        admin.wait_for_selector("#pause-feedback.good")
        assert table.paused and table.pause_reason == "tea on the table"
        board.wait_for_selector("#paused:not([hidden])")
        admin.click("#resume")
        board.wait_for_selector("#paused", state="hidden")
        assert not table.paused

        for _ in range(4):
            table.step()
        all_show(pages, table.last_event_id())
        pending = table.game.pending
        assert pending is not None
        seat_page = seats[pending.seat - 1]
        seat_page.wait_for_function(
            f"() => document.querySelectorAll('#options button.option').length === {len(offered(table.seat_view(pending.seat)))}")

        board.close()  # the page holding the stream goes: another page takes it over
        for _ in range(3):
            table.step()
        all_show(pages[1:], table.last_event_id())
        assert wait_until(lambda: broadcaster.client_count == 1)
        admin.select_option("#gold-seat", "2")
        admin.fill("#gold-delta", "1")
        admin.fill("#gold-reason", "miscounted")
        admin.click("#gold")
        admin.wait_for_selector("#gold-feedback.good")
        assert str(table.game.log[-1]) == "0 adjust 2 1 miscounted"
        all_show(pages[1:], table.last_event_id())

        # a page coming to the front takes the stream over (a hidden tab may be frozen) ...
        front = seats[2]
        front.evaluate("""() => {
            Object.defineProperty(document, "visibilityState", {value: "visible", configurable: true});
            document.dispatchEvent(new Event("visibilitychange"));
        }""")
        table.step()
        all_show(pages[1:], table.last_event_id())
        assert wait_until(lambda: broadcaster.client_count == 1)
        # ... and when it goes, one of the others carries on
        front.close()
        table.step()
        rest = [p for p in pages[1:] if p is not front]
        all_show(rest, table.last_event_id())
        assert wait_until(lambda: broadcaster.client_count == 1)
        context.close()
    assert errors == []
