"""The interfaces through which the table kernel hosts a game and keeps its record
(docs/architecture.md).

The kernel only ever touches a game through `HostedGame` and a `GameAdapter`; it imports
no game. A second game is a new engine that fits `HostedGame` plus a new adapter. What
stands is written to a `Journal` (the store's `Recorder`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from hub.errors import HubError

from .compose import Prompt
from .wrap import wrap_lines


class Refusal(HubError):
    """A coded refusal made by the kernel itself (paused, not your turn, store failed).
    Games and adapters raise their own coded errors (`hub.errors.HubError`s), listed in
    `GameAdapter.refusals`."""

    def __init__(self, code: str, message: str, short: str | None = None) -> None:
        """`short`: the seat display's words for it (`GameAdapter.refusal_words`' default
        shows them, else `message`)."""
        super().__init__(code, message, text=message)
        self.short = short


class GestureStep(Refusal):
    """Not a move and not a mistake: one step of a gesture that takes several inputs (The
    Builders' site card, laid before the workers sent there). Nothing is applied; the seat
    gets the game's words for it with a blue LED and the ok beep, not a refusal's red and
    error beep."""


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


@runtime_checkable
class Journal(Protocol):
    """Where the table writes down each action that stands, before anyone hears of it
    (the store's `Recorder` is one). A journal that raises refuses the action: the table
    rolls it back and accepts nothing more (its store failed)."""

    def __call__(self, action: Any, meta: dict[str, Any]) -> None:
        """Journal `action`; `meta` says what said it (``uid``; ``device``/``boot``/``seq``;
        ``admin`` and ``reason`` for a card the admin entered)."""
        ...

    def amend(self, index: int, fields: dict[str, Any]) -> None:
        """Keep `fields` beside the journaled action `index` (the adapter learned them later)."""
        ...


class JournalFunction:
    """A `Journal` made of a function of (action, meta): it cannot amend, so what the
    adapter learns later of a journaled action is not kept (tests, benchmarks)."""

    __slots__ = ("record",)

    def __init__(self, record: Callable[[Any, dict[str, Any]], None]) -> None:
        self.record = record

    def __call__(self, action: Any, meta: dict[str, Any]) -> None:
        self.record(action, meta)

    def amend(self, index: int, fields: dict[str, Any]) -> None:
        pass


def as_journal(journal: Journal | Callable[[Any], None] | None) -> Journal | None:
    """`journal` itself if it is a `Journal`; a function of the action alone (a test's
    ``list.append``) made one, which keeps no meta and cannot amend."""
    if journal is None or isinstance(journal, Journal):
        return journal
    record = journal
    return JournalFunction(lambda action, _meta: record(action))


class GameAdapter(Protocol[G]):
    """What a card, a button or a phone's answer means in one game, and what each seat
    should be told about that game's events. No I/O: the kernel sends what it returns.

    Card UIDs come from the seat readers; what a UID stands for is the adapter's business
    (its tag registry). Display text is at most a few short lines (`lines`).

    The methods with a body (21 of the 30) are defaults for what a simple game does not
    need: an adapter that subclasses `GameAdapter[ItsGame]` gets them; the game kit's
    `hub.games.kit.KitAdapter` adds the other 9 for a game of `TextAction`s (Nim's adapter,
    `hub/games/nim/adapter.py`, writes 7). One that subclasses neither (the Citadels
    adapter) is still checked against this contract by mypy."""

    refusals: tuple[type[HubError], ...]
    """The coded errors its game and itself raise for a refused input (the kernel's own
    are `Refusal`s). Any other exception is a bug: the input fails, the hub goes on."""

    # -- making and rebuilding games
    def replay(self, setup: Any, log: Sequence[Any]) -> G:
        """The game `setup` starts, after the actions of `log` (resume, rollback)."""
        ...

    def new_setup(self, config: dict[str, Any], current: G) -> Any:
        """The setup of a new game the admin asks for (`config` from the admin page);
        ValueError, KeyError or TypeError if `config` is bad. Default: `current`'s again."""
        return current.setup

    def reset(self) -> None:
        """A new game: forget what lay where."""
        return None

    def opening_events(self, game: G) -> list[dict[str, Any]]:
        """Public events (JSON-ready) before any action: a deal, who begins."""
        return []

    def setup_lines(self, game: G) -> dict[int, list[str]]:
        """How each seat lays out the table at a new physical game's start (the apprentice
        it takes, the cards it lays face up): its display's lines, told once as a note
        before the first move. Default: nothing to lay out."""
        return {}

    def game_facts(self, game: G) -> dict[str, Any]:
        """What a ``new_game`` event says of `game` besides its player count (rule set...)."""
        return {}

    # -- input -> action (or a refusal)
    def card_action(self, game: G, seat: int, uid: str) -> Any:
        """The action of laying the card `uid` on `seat`'s reader, or a refusal."""
        ...

    def button_options(self, game: G, seat: int) -> list[Any]:
        """What `seat`'s buttons cycle through now (cards say the rest). Default: every
        legal action of that seat. A value of many parts (three dice) is offered as
        `hub.kernel.Menu`s, one part at a time, instead of every whole value on one ring:
        OK on a menu opens it and applies nothing (`hub.kernel.cursor`)."""
        return [action for action in game.legal_actions() if action.seat == seat]

    def undo_action(self, game: G, reason: str) -> Any | None:
        """The action that takes back the last move that stands, as the game writes it in
        its log with the admin's `reason` (e.g. ``0 void misread card``): the game is then its
        log replayed without that move. Default: None, this game cannot undo."""
        return None

    def undo_reason(self, action: Any) -> str | None:
        """`action`'s reason if it is an undo (`undo_action`'s), else None. Default: None."""
        return None

    def read_action(self, game: G, text: str) -> Any:
        """The action `text` says (a phone's answer, the admin's card), or a refusal."""
        ...

    def check_answer(self, game: G, action: Any) -> None:
        """Refuse what a phone may not say (e.g. a card, which only a reader says). Default: any."""
        return None

    def check_admin_card(self, game: G, action: Any) -> None:
        """Refuse what the admin may not enter for a seat as its card. Default: any."""
        return None

    def applied(self, action: Any, uid: str | None) -> None:
        """Every action that stands, with the tag UID that said it (if a card did)."""
        return None

    def remember_applied(self, action: Any, meta: dict[str, Any]) -> None:
        """On resume: an action that stood, with the meta it was journaled with."""
        return None

    def learned(self) -> list[tuple[int, dict[str, Any]]]:
        """Since last asked: (log index, meta fields to keep beside that action)."""
        return []

    # -- events -> what seats and listeners are told
    def public_events(self, events: Sequence[Any]) -> list[dict[str, Any]]:
        """The game's events as everyone may read them: JSON-ready, no secrets."""
        ...

    def feedback(self, public: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
        """(seat, command fields) to tell seats after `public` (coins to take, cards to
        lift). Default: nothing."""
        return []

    def prompt(self, game: G) -> Prompt:
        """The game's words for the deciding seat's display: what it decides, its coins or
        gold, what else helps. The kernel places them with the notes and the option its
        cursor is on (`describe`), so OK never applies an option the display does not show
        (`hub.kernel.compose`)."""
        ...

    def prompt_event(self, game: G) -> dict[str, Any]:
        """The public event that says who decides now: ``{"kind": "prompt", "seat": ...}``."""
        pending = game.pending
        assert pending is not None, "a prompt only while someone decides"
        return {"kind": "prompt", "seat": pending.seat}

    def waiting_display(self, game: G) -> dict[str, Any]:
        """``{"led", "text"}`` of a seat that does not decide and was told nothing yet."""
        ...

    def misplaced(self, game: G, seat: int, uids: list[str]) -> list[str]:
        """What of `uids` (lying on `seat`'s reader) may not rest there: one line each, to lift."""
        ...

    def hint(self, game: G, seat: int) -> str:
        """What the decider does now (a key of its page's hints)."""
        ...

    def describe(self, action: Any) -> str:
        """`action` in one display line."""
        ...

    def refusal_words(self, game: G, exc: HubError, action: Any | None) -> tuple[list[str], dict[str, Any]]:
        """(the refused seat's display lines, fields added to the public refusal event).
        Default: the error's own reason, in its short form for the display where the
        game gives one (``short``), nothing added. Never other words than the reason's."""
        return self.lines(getattr(exc, "short", None) or exc.message), {}

    def lines(self, *text: str) -> list[str]:
        """Free text made to fit a seat display. Default: the kernel's wrapper (`hub.kernel.wrap`:
        each text wrapped at spaces to the display's width, a seat kept with its number, at
        most the display's lines), the one every game's display text goes through."""
        return wrap_lines(*text)

    # -- views
    def public_view(self, game: G) -> dict[str, Any]:
        """What everyone may see (JSON-ready, no secrets). Default: the game's own."""
        return game.public_view()

    def seat_view(self, game: G, seat: int) -> dict[str, Any]:
        """What `seat` may see, its secrets included. Default: the game's own."""
        return game.seat_view(seat)

    def view_extras(self, game: G) -> dict[str, Any]:
        """Fields added last to both views."""
        return {}

    def status(self, game: G) -> dict[str, Any]:
        """Extra fields for the admin's status."""
        return {}
