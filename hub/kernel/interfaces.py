"""The two interfaces through which the table kernel hosts a game (docs/architecture.md).

The kernel only ever touches a game through `HostedGame` and a `GameAdapter`; it imports
no game. A second game is a new engine that fits `HostedGame` plus a new adapter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from hub.errors import HubError


class Refusal(HubError):
    """A coded refusal made by the kernel itself (paused, not your turn, store failed).
    Games and adapters raise their own coded errors (`hub.errors.HubError`s), listed in
    `GameAdapter.refusals`."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message, text=message)


class Decision(Protocol):
    """Who must decide now, and what kind of decision (a game's own words)."""

    @property
    def seat(self) -> int: ...
    @property
    def kind(self) -> str: ...


@runtime_checkable
class HostedGame(Protocol):
    """A game as the kernel sees it: pure rules, no I/O.

    Actions are the game's own values (``str(action)`` is their text form; ``action.seat``
    who says it); events are the game's own values, read only by its adapter."""

    setup: Any  # what replay needs besides the log
    n: int  # seats 1..n

    @property
    def pending(self) -> Decision | None: ...  # None once the game is over
    @property
    def over(self) -> bool: ...
    @property
    def log(self) -> Sequence[Any]: ...  # every accepted action, in order
    def legal_actions(self) -> list[Any]: ...
    def apply(self, action: Any) -> Sequence[Any]: ...  # events (read-only), or raises a coded refusal
    def public_view(self) -> dict[str, Any]: ...  # JSON-ready, no secrets; has "seats": [{"seat": n, ...}]
    def seat_view(self, seat: int) -> dict[str, Any]: ...  # public view + "you": {...}


G = TypeVar("G", bound="HostedGame")
"""The hosted game's own class (an adapter knows its game; the kernel only `HostedGame`)."""


class GameAdapter(Protocol[G]):
    """What a card, a button or a phone's answer means in one game, and what each seat
    should be told about that game's events. No I/O: the kernel sends what it returns.

    Card UIDs come from the seat readers; what a UID stands for is the adapter's business
    (its tag registry). Display text is at most a few short lines (`lines`)."""

    refusals: tuple[type[Exception], ...]  # the coded errors its game and itself raise

    # -- making and rebuilding games
    def replay(self, setup: Any, log: Sequence[Any]) -> G: ...
    def new_setup(self, config: dict[str, Any], current: G) -> Any: ...  # ValueError/KeyError/TypeError if bad
    def reset(self) -> None: ...  # a new game: forget what lay where
    def opening_events(self, game: G) -> list[dict[str, Any]]: ...  # public, before any action
    def game_facts(self, game: G) -> dict[str, Any]: ...  # what a "new_game" event says of it (rule set...)

    # -- input -> action (or a refusal)
    def card_action(self, game: G, seat: int, uid: str) -> Any: ...
    def button_options(self, game: G, seat: int) -> list[Any]: ...
    def read_action(self, game: G, text: str) -> Any: ...  # an action's text (a phone's answer, the admin's card)
    def check_answer(self, game: G, action: Any) -> None: ...  # may a phone say it?
    def check_admin_card(self, game: G, action: Any) -> None: ...  # may the admin enter it as a card?
    def applied(self, action: Any, uid: str | None) -> None: ...  # every action that stands (+ its card)
    def remember_applied(self, action: Any, meta: dict[str, Any]) -> None: ...  # on resume
    def learned(self) -> list[tuple[int, dict[str, Any]]]: ...  # since last asked: (log index, meta fields to keep beside it)

    # -- events -> what seats and listeners are told
    def public_events(self, events: Sequence[Any]) -> list[dict[str, Any]]: ...  # JSON-ready, no secrets
    def feedback(self, public: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]: ...  # (seat, command fields) after public_events
    def prompt_lines(self, game: G, options: list[Any]) -> list[str]: ...  # the decider's display; its cursor is on options[0]
    def prompt_event(self, game: G) -> dict[str, Any]: ...  # {"kind": "prompt", "seat": ...}
    def waiting_display(self, game: G) -> dict[str, Any]: ...  # {"led", "text"} for the others
    def misplaced(self, game: G, seat: int, uids: list[str]) -> list[str]: ...  # cards to lift
    def hint(self, game: G, seat: int) -> str: ...  # what the decider does (page hint key)
    def describe(self, action: Any) -> str: ...  # one display line
    def refusal_words(self, game: G, exc: Any, action: Any | None) -> tuple[list[str], dict[str, Any]]: ...  # (display lines, refusal event fields)
    def lines(self, *text: str) -> list[str]: ...  # free text wrapped for a seat display

    # -- views
    def public_view(self, game: G) -> dict[str, Any]: ...
    def seat_view(self, game: G, seat: int) -> dict[str, Any]: ...
    def view_extras(self, game: G) -> dict[str, Any]: ...  # added last to both views
    def status(self, game: G) -> dict[str, Any]: ...  # extra fields for the admin status
