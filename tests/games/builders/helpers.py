"""What The Builders' page tests share: the hub's pages around a Builders table, and the
phone page of the seat whose turn it is."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from hub.games.builders.table import BuildersTable
from tests.browser import phone_page
from tests.web_support import SEAT_TOKENS, LiveServer, serve_table


def serve(table: BuildersTable) -> LiveServer:
    """The pages of `table`, seats 1 to 3 with a page each (the 4-seat TV test's fourth has none)."""
    return serve_table(table, "builders", seats=3)


def turn_page(browser: Browser, server: LiveServer, table: BuildersTable, errors: list[str]) -> tuple[Page, int]:
    """(the acting seat's phone page in English once its buttons show, taking 3 coins among
    them; that seat)."""
    seat = table.game.pending.seat
    page = phone_page(browser, errors)
    page.goto(f"{server.url}/seat/{SEAT_TOKENS[seat]}?lang=en")
    page.wait_for_selector("#options button[data-action$='coins 3']")
    return page, seat
