"""Debian's Chromium driven by Playwright: shared by the browser tests and scripts/screenshots.

A missing browser is a failure, never a skip (scripts/test installs Debian's chromium).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable

from playwright.sync_api import APIResponse, Browser, Page, Route

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}  # a 1080p television


def chromium_path() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    raise AssertionError("Debian's chromium is not installed (apt-get install chromium)")


def phone_page(browser: Browser, errors: list[str], viewport: dict[str, int] | None = None) -> Page:
    """A new page at phone size (or `viewport`) that records script errors into `errors`."""
    mobile = viewport is None or viewport["width"] < 700
    context = browser.new_context(viewport=viewport or PHONE, is_mobile=mobile, has_touch=mobile,
                                  device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(8000)
    page.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
    page.on("console", lambda message: errors.append(f"console: {message.text}") if message.type == "error" else None)
    return page


class HeldRequests:
    """A page's requests whose address `wanted` accepts, held while holding and let go in
    the order they were made by `release()`: forces the orderings a loaded machine makes
    only sometimes. `hold()`: the request reaches the hub only when released (an answer's
    view fetched after the game has moved on); `hold(late=True)`: the hub answers it at once
    and the page gets that answer only when released (a reading overtaken by a later one)."""

    def __init__(self, page: Page, wanted: Callable[[str], bool]) -> None:
        self.page = page
        self.holding = False
        self.late = False
        self.held: list[tuple[Route, APIResponse | None]] = []
        page.route(wanted, self._route)

    def _route(self, route: Route) -> None:
        if not self.holding:
            route.continue_()
        else:
            self.held.append((route, route.fetch() if self.late else None))

    def hold(self, late: bool = False) -> None:
        self.holding, self.late = True, late

    def stop(self) -> None:
        """Hold no more requests (those held stay held)."""
        self.holding = False

    def wait_held(self, count: int = 1) -> None:
        """Until `count` requests are held (the page asks on its own time)."""
        for _ in range(800):
            if len(self.held) >= count:
                return
            self.page.wait_for_timeout(10)  # lets Playwright hand the page's requests to `_route`
        raise AssertionError(f"the page never made {count} such requests (held: {len(self.held)})")

    def release(self, count: int | None = None) -> None:
        """Stop holding and let what was held go, in order (only the first `count`, if given)."""
        self.holding = False
        cut = len(self.held) if count is None else count
        held, self.held = self.held[:cut], self.held[cut:]
        for route, answered in held:
            if answered is None:
                route.continue_()
            else:
                route.fulfill(response=answered)


def ids_recorder(key: str) -> str:
    """An init script: every value the page gives `document.body.dataset[key]` (the id of
    the view or the log it has drawn), in order, in `window.__ids`."""
    attribute = "data-" + "".join("-" + c.lower() if c.isupper() else c for c in key)
    return f"""
window.__ids = [];
new MutationObserver(() => {{
  const id = document.body && document.body.dataset.{key};
  if (id !== undefined && id !== window.__ids[window.__ids.length - 1]) window.__ids.push(id);
}}).observe(document, {{ subtree: true, attributes: true, attributeFilter: ["{attribute}"] }});
"""


def drawn_ids(page: Page) -> list[int]:
    """The ids recorded by `ids_recorder`."""
    return [int(i) for i in page.evaluate("window.__ids")]


WORDS_WHOLE = """(node) => {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    let at = 0;
    for (const word of t.textContent.split(/(\\s+)/)) {
      if (word.trim()) {
        const range = document.createRange();
        range.setStart(t, at);
        range.setEnd(t, at + word.length);
        if (range.getClientRects().length > 1) return word;
      }
      at += word.length;
    }
  }
  return "";
}"""
"""A script for `locator.evaluate`: the first word of the node's text that is split over two
lines ("" when every word stands whole): a result table must not cut a name mid-word."""


READABLE_TEXT = """() => {
    let text = document.body.innerText;
    for (const code of document.querySelectorAll('code')) text = text.replace(code.innerText, '');
    return text;
}"""
"""The page's text as a reader checks its language: a command shown as code is typed as it
is in every language, so it is left out."""


def small_texts(page: Page, selector: str, floor: float = 20) -> list[str]:
    """The visible texts under `selector` drawn smaller than `floor` px: what a player at arm's
    length (a phone) or 3 m (a TV) cannot read. Each as "TAG.class: text size"."""
    return list(page.evaluate("""([s, floor]) => [...document.querySelectorAll(s)].flatMap((root) =>
        [root, ...root.querySelectorAll('*')]).filter((n) => [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()))
        .filter((n) => n.offsetParent !== null && parseFloat(getComputedStyle(n).fontSize) < floor)
        .map((n) => n.tagName + '.' + n.className + ': ' + n.textContent.trim().slice(0, 30) + ' ' + getComputedStyle(n).fontSize)""",
        [selector, floor]))
