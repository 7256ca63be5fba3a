"""What one game brings to the table: the `GamePlugin` every game registers once.

The kernel, the simulator's loop, the store, the web, the voice and the command line know
a game only through this object: they pick it by ``--game`` (`hub.games.plugin_named`), by
a stored game's ``game`` column, or by the type of a setup in hand
(`hub.games.plugin_for`). Everything behind its fields lives in the game's own packages
(``hub/engine/<game>/``, ``hub/games/<game>/``); ``hub/games/nim/`` is the smallest
complete example, the one a new game's author copies.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


class SimWorld(Protocol):
    """The simulated table top: where each tagged card lies, moved as people would move
    them when the hub tells them to. It hears the public event stream only."""

    def follow(self, message: Mapping[str, Any], game: Any) -> None: ...


class SimPlayer(Protocol):
    """A simulated person at one seat: decides like a bot, acts with cards and buttons
    (`hub.games.simulated.SeatHands`), sees only what a person at the table sees."""

    def act(self) -> None: ...


class TerminalTeller(Protocol):
    """The game told on the terminal while ``sim`` plays (public events only)."""

    def on_message(self, event_id: int, message: Mapping[str, Any]) -> None: ...
    def mute(self) -> None: ...


class StoredGameLike(Protocol):
    """What a game's export reads of a stored game (`hub.store.StoredGame`)."""

    id: int
    created: str
    setup: Any
    actions: list[str]
    meta: list[dict[str, Any]]


def no_options(parser: argparse.ArgumentParser) -> None:
    """A game with no options of its own (players and seed are everyone's)."""


@dataclass(frozen=True)
class GamePlugin:
    """Everything table-side one game needs, behind one registered object.

    The rules engine stays pure (``hub/engine/<game>``); these fields are its table side.
    A game that has no use for a field leaves its default."""

    # -- who it is
    name: str  # ``--game NAME``, the store's ``game`` column
    title: str  # what people read ("Citadels")
    rules_version: str  # stored with every game: which rules wrote the log
    setup_type: type  # the setups it makes: how a setup in hand finds its plug-in
    seats: range  # how many players it takes: the one seat limit of this game
    default_players: int

    # -- setup and options
    setup_from_options: Callable[..., Any]  # (args, seed, mode, registry=None) -> setup; a real table's registry may say the deck
    setup_from_json: Callable[[dict[str, Any]], Any]  # a stored setup read back
    add_options: Callable[[argparse.ArgumentParser], None] = no_options  # its own CLI options
    admin_options: Callable[[Mapping[str, Any]], dict[str, Any]] = lambda body: {}  # its admin form's own fields (ValueError)
    page_facts: Callable[[], dict[str, Any]] = dict  # what its pages read besides the words (``/api/i18n``)

    # -- rules: replay, action parsing, summary, export
    new_game: Callable[[Any], Any] = lambda setup: None  # setup -> a fresh game
    replay: Callable[[Any, Sequence[str]], Any] = lambda setup, log: None  # setup, action texts -> game
    parse_action: Callable[[str], Any] = str
    refusals: tuple[type[Exception], ...] = ()  # what its engine raises for a log that does not fit
    summary: Callable[[Any], dict[str, Any]] = lambda game: {}  # a finished game, as ``sim --json`` prints it
    summary_lines: Callable[[dict[str, Any]], list[str]] = lambda summary: [str(summary)]  # the same, for people
    replay_report: Callable[[int, Any], tuple[dict[str, Any], list[str]]] = (
        lambda game_id, game: ({"game": game_id}, [f"game {game_id}"]))  # (JSON, lines) for ``replay``
    export_text: Callable[[StoredGameLike], str] = lambda stored: ""
    bots: tuple[str, ...] = ("random",)
    engine_only: Callable[[Any, str], Any] | None = None  # (setup, bot) -> a finished game, no table

    # -- the table: the kernel hosting it, its cards' tags
    make_table: Callable[..., Any] = lambda *args, **kwargs: None  # (bus, registry, setup, **table options)
    virtual_registry: Callable[[Any], Any] = lambda setup: None  # every card with a made-up fixed tag
    load_registry: Callable[[str], Any] = lambda path: None  # a registry file written by ``enroll``
    enroll: Callable[..., Any] | None = None  # (bus, args, out) -> an enrollment session

    # -- the simulator: its world and its people
    sim_world: Callable[..., SimWorld] = lambda registry, setup, game_of: _NoWorld()  # (registry, setup, game_of)
    sim_player: Callable[..., SimPlayer] | None = None  # (seat, device, bot, setup, table, world, hub_elsewhere)
    follow_stored: Callable[[Any, Any, StoredGameLike], None] | None = None
    """(world, game, stored): a stored game carried on (``sim --resume``): apply its log to
    the table's `game` and move the table top `world` as the people did; StoredMoveError
    where it cannot. None: the log is applied and the table top moves nothing."""
    terminal: Callable[[dict[int, str]], TerminalTeller] | None = None  # (names) -> teller
    result_line: Callable[[int, dict[str, Any], dict[int, str]], str] = (
        lambda number, summary, names: f"game {number}: {summary}")
    progress: Callable[[Any], str] = lambda game: f"after {len(game.log)} moves"  # how far an unfinished game got

    # -- its own pages and voice (None: the hub's own, which are Citadels')
    page_assets: str | None = None  # the package whose ``static/`` holds its pages' scripts: common.js, scoreboard.js, seat.js, admin.js
    event_words: Callable[[Mapping[str, Any], Mapping[int, str]], dict[str, Any]] | None = None  # (event, names) -> {"words": {lang: text}, "speech": {lang: text}}
    speech: Callable[[Mapping[str, Any], str, Mapping[int, str]], list[str]] | None = None  # (event, lang, names) -> what the voice says

    # -- secrets, declared: what the web and the voice keep from every public audience
    private_event_kinds: frozenset[str] = frozenset()
    private_view_keys: frozenset[str] = frozenset({"you"})

    extras: dict[str, Any] = field(default_factory=dict)  # what one game alone uses


class StoredMoveError(Exception):
    """A stored game's action `index` cannot be followed when a simulated game is carried
    on: its rules refuse it (`refused`, with the refusal's `code`), or the simulated people
    do not hold the cards it names."""

    def __init__(self, index: int, refused: bool, code: str = "") -> None:
        super().__init__(f"action {index + 1}: {'refused (' + code + ')' if refused else 'cannot be followed'}")
        self.index, self.refused, self.code = index, refused, code


def replay_moves(game_plugin: GamePlugin, game: Any, stored: StoredGameLike) -> None:
    """Apply a stored game's actions to `game`, for a game whose simulated table top moves
    nothing on its own (the default ``follow_stored``)."""
    for index, text in enumerate(stored.actions):
        try:
            game.apply(game_plugin.parse_action(text))
        except Exception as exc:  # noqa: BLE001 - the game's refusal, or any rule that cannot take it
            raise StoredMoveError(index, True, getattr(exc, "code", type(exc).__name__)) from exc


class _NoWorld:
    def follow(self, message: Mapping[str, Any], game: Any) -> None:
        pass


def journal_failure_text(exc: BaseException) -> str:
    """What everyone may read about a journal failure: the store's own explanation, which
    names the file and the fix and never an action (``exc.public``), or a generic line."""
    if getattr(exc, "public", False):
        return f"the game record cannot be written: {getattr(exc, 'message', exc)}"
    return "the game record cannot be written (see the hub's log); no more moves are accepted"


def meta_note(meta: Mapping[str, Any]) -> str:
    """What an export line says of an action's meta, for every game: who entered it by
    hand, and why; the tag of its card (read later: a card entered by hand, read at last)."""
    note = f"  (entered by the admin: {meta.get('reason') or 'no reason given'})" if meta.get("admin") else ""
    if meta.get("uid"):
        note += f"  (tag {meta['uid']}{', read later' if meta.get('uid_read_later') else ''})"
    return note


def waiting_for(game: Any) -> str:
    """Who an unfinished game waits for, in words: "seat 4's turn", "seat 2's pick"."""
    pending = game.pending
    return "nobody" if pending is None else f"seat {pending.seat}'s {pending.kind}"
