"""The admin page in a real Chromium against a real table (issue 24 item 8): answers beside
the control that asked, the refused field marked, the undo named and confirmed and then in
the scoreboard's log without the secret, every seat's gold beside the gold correction, the
New game form starting from the game on the table. Never skips: a missing browser fails."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

from hub.engine.citadels import Setup
from hub.games import host_table, plugin_named
from hub.games.citadels.words import character_name
from hub.transport import InProcessBus
from tests.browser import HeldRequests, phone_page
from tests.web_support import ADMIN_TOKEN, FakeTable, LiveServer, make_app

NAMES = ("Ann", "Bo", "Cai", "Dee", "Eve", "Fu", "Gil")


@pytest.fixture
def table() -> Iterator[Any]:
    """A 7-player game of the 2000 edition's shorter variant, digital, on the real table."""
    citadels = plugin_named("citadels")
    setup = Setup(players=7, seed=11, mode="digital", edition="2000", variant="short", names=NAMES)
    service = host_table(citadels, InProcessBus(), citadels.virtual_registry(setup), setup)
    service.start()
    yield service
    service.stop()


def test_the_admin_page_answers_beside_each_control_and_names_what_it_undoes(browser: Browser, table: Any) -> None:
    errors: list[str] = []
    with LiveServer(make_app(table, GAME=plugin_named("citadels"))) as server:
        admin = phone_page(browser, errors)
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}?lang=en")
        admin.wait_for_selector("#gold-shows li")

        # the New game form starts from the game on the table, not 4 players / Classic
        assert [admin.input_value(f"#{field}") for field in ("players", "edition", "variant", "mode")] == [
            "7", "2000", "short", "digital"]
        assert admin.eval_on_selector_all("#names input", "inputs => inputs.map(i => i.value)") == list(NAMES)

        # every seat's gold beside the gold correction, and the seat chosen by name
        shown = admin.eval_on_selector_all("#gold-shows li", "items => items.map(i => i.textContent)")
        assert shown == [f"{name} 2 gold" for name in NAMES]
        assert admin.eval_on_selector_all("#gold-seat option", "os => os.map(o => o.textContent)") == list(NAMES)

        # a refused correction: its answer beside it, naming the field, which is marked
        admin.select_option("#gold-seat", "6")
        admin.fill("#gold-delta", "-9")
        admin.fill("#gold-reason", "paid twice")
        admin.click("#gold")
        admin.wait_for_selector("#correct-gold #gold-feedback.bad")
        assert admin.inner_text("#gold-feedback") == "Not enough gold. Check “Gold ±”."
        assert admin.get_attribute("#gold-delta", "aria-invalid") == "true"
        assert admin.inner_text("#pause-feedback") == "" and admin.inner_text("#void-feedback") == ""
        admin.fill("#gold-delta", "3")
        admin.click("#gold")
        admin.wait_for_selector("#gold-feedback.good")
        assert admin.get_attribute("#gold-delta", "aria-invalid") is None
        admin.wait_for_function("() => document.querySelector('#gold-shows li[data-seat=\"6\"] b').textContent === '5'")

        # the undo names the last action, in words, and asks first
        character = table.game.legal_actions()[0].args[0]
        assert table.answer(1, f"1 pick {character}")["ok"]
        named = f"Last action: Ann: Pick {character_name(character, 'en', '2000')}"
        admin.wait_for_function(f"() => document.querySelector('#void-what').textContent === {named!r}")
        admin.click("#void")  # no reason: asked for before anything is sent
        admin.wait_for_selector("#void-feedback.bad")
        assert admin.inner_text("#void-feedback") == "Please give a reason."
        assert admin.get_attribute("#void-reason", "aria-invalid") == "true"
        admin.fill("#void-reason", "misread card")
        admin.click("#void")
        admin.wait_for_selector("#void-confirm:not([hidden])")
        assert character_name(character, "en", "2000") in admin.inner_text("#void-question")
        admin.click("#void-no")
        admin.wait_for_selector("#void-confirm", state="hidden")
        assert table.game.log[-1].verb == "pick"
        admin.click("#void")
        admin.click("#void-yes")
        admin.wait_for_selector("#void-feedback.good")
        assert str(table.game.log[-1]) == "0 void misread card"
        admin.wait_for_function("() => document.querySelector('#void-what').textContent.includes('gold correction, Fu +3')")

        # everyone reads that the pick was undone, never which character it was
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang=en")
        board.wait_for_function("() => [...document.querySelectorAll('#log li')].some(li => li.textContent.includes('undone'))")
        log = board.inner_text("#log")
        assert "Correction (misread card): undone: Ann chose a character." in log
        assert character_name(character, "en", "2000") not in log
    assert [e.lower() for e in errors] == [  # the one refused correction (409) is all the console says
        "console: failed to load resource: the server responded with a status of 409 (conflict)"]


def test_the_admin_page_speaks_chinese_beside_its_controls(browser: Browser, table: Any) -> None:
    errors: list[str] = []
    with LiveServer(make_app(table, GAME=plugin_named("citadels"))) as server:
        admin = phone_page(browser, errors)
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}?lang=zh-Hant")
        admin.wait_for_selector("#gold-shows li")
        assert admin.inner_text("#void-what") == "沒有可撤銷的動作。"
        assert admin.inner_text("#gold-shows li[data-seat='1']") == "Ann 2 金幣"
        admin.fill("#gold-delta", "0")
        admin.fill("#gold-reason", "算錯")
        admin.click("#gold")
        admin.wait_for_selector("#gold-feedback.bad")
        assert admin.inner_text("#gold-feedback") == "請檢查「金幣 ±」。"
    assert len(errors) == 1 and "400" in errors[0]


# Every sentence the admin page's table status has said, in order.
STATUS_RECORDER = """
window.__said = [];
new MutationObserver(() => {
  const box = document.getElementById("table-status");
  const said = box ? box.textContent : "";
  if (said && said !== window.__said[window.__said.length - 1]) window.__said.push(said);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def test_a_late_reading_of_the_status_never_puts_back_a_table_that_moved_on(browser: Browser) -> None:
    """The admin page reads the table's status again with every live message; when a
    reading's answer arrives after a later one's (a loaded machine), the older table is not
    drawn again."""
    table = FakeTable(4, seed=2)
    errors: list[str] = []
    with LiveServer(make_app(table)) as server:
        admin = phone_page(browser, errors)
        admin.add_init_script(STATUS_RECORDER)
        readings = HeldRequests(admin, lambda url: url.endswith("/status"))
        admin.goto(f"{server.url}/admin/{ADMIN_TOKEN}?lang=en")

        def chosen(n: int) -> None:
            admin.wait_for_function(f"() => document.getElementById('table-status').textContent.includes('({n} of 4 chosen)')")

        chosen(0)
        readings.hold(late=True)
        assert table.step()  # a seat picks: the page's reading of it is answered, and held
        readings.wait_held()
        readings.stop()
        assert table.step()  # the next seat picks: that reading arrives
        chosen(2)
        readings.release()  # and then the first one's
        assert table.step()
        chosen(3)
        counts = [int(m.group(1)) for said in admin.evaluate("window.__said") if (m := re.search(r"\((\d) of 4 chosen\)", said))]
        assert counts == sorted(counts), admin.evaluate("window.__said")
    assert errors == []
