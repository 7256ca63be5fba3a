"""Citadels' seat page and admin never mislead (issue "What the table shows, third round"):
the status and the pause are in the sticky header; while paused the seat's page says no
"your turn" and its buttons wait, saying why; at the game over the seat's page says its place
and score, and the admin shows the results and neither Pause nor Resume; while the game runs
the admin offers only the control that applies. Real Chromium, never skipped."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.browser import phone_page
from tests.web.test_web_pages import step_until
from tests.web_support import ADMIN_TOKEN, SEAT_TOKENS, FakeTable, LiveServer, make_app


def test_a_paused_seat_page_says_so_and_its_buttons_wait(browser: Browser) -> None:
    table = FakeTable(4, seed=9, names=("Ann", "Ben", "Cai", "Dee"), mode="digital")
    step_until(table, lambda g: g.phase == "turns" and g.pending is not None and g.pending.kind == "turn")
    seat = table.game.pending.seat
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        page = phone_page(browser, errors)
        page.goto(f"{server.url}/seat/{SEAT_TOKENS[seat]}?lang=en")
        page.wait_for_selector("#options button:not([disabled])")
        assert page.locator("#status").is_visible() and page.locator(".bar #status").count() == 1  # in the sticky header
        assert page.inner_text("#prompt").startswith("Your turn")
        admin = phone_page(browser, errors)
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}?lang=en")
        admin.wait_for_selector("#pause:not([hidden])")
        assert admin.locator("#resume").is_hidden()  # only the control that applies
        table.pause("Pizza break")
        page.wait_for_selector(".bar #paused:not([hidden])")
        assert page.inner_text("#paused") == "Paused: Pizza break"
        page.wait_for_function("() => [...document.querySelectorAll('#options button')].every((b) => b.disabled)")
        assert "Your turn" not in page.inner_text("main")
        assert page.inner_text("#prompt") == "Paused: your buttons wait until the game resumes."
        admin.wait_for_selector("#resume:not([hidden])")
        assert admin.locator("#pause").is_hidden()
        table.resume()
        page.wait_for_selector("#options button:not([disabled])")
        assert page.inner_text("#prompt").startswith("Your turn")
    assert errors == []


def test_at_the_game_over_the_seat_says_its_place_and_the_admin_shows_the_results(browser: Browser) -> None:
    table = FakeTable(4, seed=9, names=("Ann", "Ben", "Cai", "Dee"), mode="digital")
    step_until(table, lambda g: g.over)
    winner = table.game.public_view()["result"]["winner"]
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        page = phone_page(browser, errors)
        page.goto(f"{server.url}/seat/{SEAT_TOKENS[winner]}?lang=en")
        page.wait_for_selector("#my-result:not([hidden])")
        assert page.inner_text("#my-result h2") == "You placed 1 of 4"
        assert "points" in page.inner_text("#my-result p")
        admin = phone_page(browser, errors)
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}?lang=en")
        admin.wait_for_selector("#result:not([hidden]) table")
        assert admin.locator("#result tbody tr").count() == 4
        assert admin.inner_text("#admin-status").startswith("Game over")
        assert admin.locator("#pause").is_hidden() and admin.locator("#resume").is_hidden()
    assert errors == []
