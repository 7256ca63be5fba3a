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

from hub.errors import HubError
from hub.kernel import Journal, JournalFunction
from hub.voice.speech import GameVoice


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
class CorrectionField:
    """One whole-number field of an admin correction: the request's key, the words key of
    its label on the admin page, and its limits (`seat`: a seat of the running game)."""

    name: str
    label: str
    low: int = 0
    high: int = 0
    seat: bool = False
    nonzero: bool = False

    def to_json(self) -> dict[str, Any]:
        limits = {} if self.seat else {"low": self.low, "high": self.high}
        return {"name": self.name, "label": self.label, "seat": self.seat, "nonzero": self.nonzero, **limits}


@dataclass(frozen=True)
class Correction:
    """A correction of the game's own the admin may make (Citadels: a seat's gold), besides
    the undo every game has. The web serves it at ``POST /api/admin/<token>/correct/<name>``
    (the fields and a ``reason``) and the admin page draws its form from `to_json`.

    `action` makes the game's action from the checked fields and the reason, applied
    through the game's table (``Table.correct``) and journaled like any move. `shows`: the
    public view's seat key the page shows beside it for every seat ("gold"). `fields_of`:
    which field a refusal of the game's names (its code -> the field's name)."""

    name: str
    label: str
    fields: tuple[CorrectionField, ...]
    action: Callable[[Mapping[str, int], str], Any]
    shows: str | None = None
    fields_of: Mapping[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label, "fields": [f.to_json() for f in self.fields],
                "shows": self.shows}


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

    # -- what every game must bring
    setup_from_options: Callable[..., Any]  # (args, seed, registry=None) -> setup (the game reads its own options); a real table's registry may say the deck
    setup_from_json: Callable[[dict[str, Any]], Any]  # a stored setup read back
    new_game: Callable[[Any], Any]  # setup -> a fresh game (`hub.kernel.HostedGame`)
    replay: Callable[[Any, Sequence[str]], Any]  # setup, action texts -> the game they make
    parse_action: Callable[[str], Any]  # an action's text -> the action (the game's coded refusal if it is none)
    summary: Callable[[Any], dict[str, Any]]  # a finished game, as ``sim --json`` prints it
    make_table: Callable[..., Any]  # (bus, registry, setup, **table options) -> `hub.kernel.Table` hosting it
    virtual_registry: Callable[[Any], Any]  # setup -> every card it needs with a made-up fixed tag
    load_registry: Callable[[str], Any]  # a registry file written by ``enroll``
    sim_player: Callable[..., SimPlayer]  # (seat, device, bot, setup, table, world, hub_elsewhere)

    # -- what a simple game may leave as it is
    add_options: Callable[[argparse.ArgumentParser], None] = no_options  # its own CLI options
    admin_options: Callable[[Mapping[str, Any]], dict[str, Any]] = lambda body: {}  # its admin form's own fields (ValueError)
    corrections: tuple[Correction, ...] = ()  # the admin's corrections of its own (the undo is every game's)
    page_facts: Callable[[], dict[str, Any]] = dict  # what its pages read in ``/api/i18n`` besides the hub's words (its ``ui`` over the hub's)
    summary_lines: Callable[[dict[str, Any]], list[str]] = lambda summary: [str(summary)]  # the summary, for people
    replay_report: Callable[[int, Any], tuple[dict[str, Any], list[str]]] = (
        lambda game_id, game: ({"game": game_id, "over": game.over, "actions": len(game.log)},
                               [f"game {game_id}: {len(game.log)} actions replayed"]))  # (JSON, lines) for ``replay``
    export_text: Callable[[StoredGameLike], str] = (
        lambda stored: "".join(f"{i + 1:4d}  {text}\n" for i, text in enumerate(stored.actions)))
    bots: tuple[str, ...] = ("random",)
    engine_only: Callable[[Any, str], Any] | None = None  # (setup, bot) -> a finished game, no table
    enroll: Callable[..., Any] | None = None  # (bus, args, out) -> an enrollment session; None: nothing to enroll
    card_names: Callable[[Any], dict[str, list[str]]] = lambda registry: {}
    """(registry) -> tag UID: the names a person may type for its card (the soft seat's
    ``place``), the first as it is shown. Empty: cards are given by their tags' UIDs."""
    sim_world: Callable[..., SimWorld | None] = lambda registry, setup, game_of: _NoWorld()  # (registry, setup, game_of)
    """The simulated table top of a game of `setup`; None when the hub deals that game (no
    cards on the table: the simulated people press the seat buttons)."""
    follow_stored: Callable[[Any, Any, StoredGameLike], None] | None = None
    """(world, game, stored): a stored game carried on (``sim --resume``): apply its log to
    the table's `game` and move the table top `world` as the people did; StoredMoveError
    where it cannot. None: the log is applied and the table top moves nothing."""
    terminal: Callable[[dict[int, str]], TerminalTeller] | None = None  # (names) -> teller; None: silent
    result_line: Callable[[int, dict[str, Any], dict[int, str]], str] = (
        lambda number, summary, names: f"game {number}: {summary}")
    progress: Callable[[Any], str] = lambda game: f"after {len(game.log)} moves"  # how far an unfinished game got

    # -- its own pages and voice
    page_assets: str | None = None
    """The package whose ``static/`` holds its pages' scripts (``common.js``, then
    ``scoreboard.js``, ``seat.js``, ``admin.js``, loaded after the hub's ``hub.js``) and,
    if it has one, whose ``templates/`` holds its pages (``scoreboard.html``... extending
    the hub's ``base.html``). None: the hub's plain pages (seats, whose turn, the log, the
    seat's options as buttons, pause and new game)."""
    event_words: Callable[[Mapping[str, Any], Mapping[int, str]], dict[str, Any]] | None = None
    """(event, names) -> ``{"words": {lang: text}, "speech": {lang: text}}``: a public
    event's sentence for the page's log and what the speak switch says. None: no words (the
    plain pages' log shows the event's kind)."""
    speech: GameVoice | None = None
    """What the table's voice says of it (`hub.voice.GameVoice`): a narrator per table, fed
    every public event, giving utterances with their priority (a refusal jumps the queue, a
    prompt replaces the queued one); the events that make a queued prompt stale; its own
    names respelled for espeak-ng; samples for ``citadels-hub voice --game NAME``. A game that only tells its story in order gives
    ``hub.voice.sentences(fn)`` of a function (event, lang, names) -> sentences. None: the
    voice is silent for it (there is no fallback to another game's words)."""

    # -- secrets, declared: what the web and the voice keep from every public audience
    private_event_kinds: frozenset[str] = frozenset()
    private_view_keys: frozenset[str] = frozenset({"you"})


class StoredMoveError(HubError):
    """A stored game's action `index` cannot be followed when a simulated game is carried
    on: its rules refuse it (code ``refused``, the rules' own code in `refusal`), or the
    simulated people do not hold the cards it names (code ``cannot_follow``)."""

    def __init__(self, index: int, refused: bool, refusal: str = "") -> None:
        super().__init__("refused" if refused else "cannot_follow",
                         f"action {index + 1}: {'refused (' + refusal + ')' if refused else 'cannot be followed'}")
        self.index, self.refused, self.refusal = index, refused, refusal


def names_of(args: argparse.Namespace) -> tuple[str, ...]:
    """The table's names from the command line, seat 1 first (``()``: none given); checked
    before the command starts (`hub.cli_args.preflight`, `hub.text.player_names`)."""
    names = getattr(args, "names", None) or ()
    return tuple(names.split(",")) if isinstance(names, str) else tuple(names)


def replay_moves(game_plugin: GamePlugin, game: Any, stored: StoredGameLike) -> None:
    """Apply a stored game's actions to `game`, for a game whose simulated table top moves
    nothing on its own (the default ``follow_stored``)."""
    for index, text in enumerate(stored.actions):
        try:
            game.apply(game_plugin.parse_action(text))
        except Exception as exc:
            raise StoredMoveError(index, True, getattr(exc, "code", type(exc).__name__)) from exc


class _NoWorld:
    def follow(self, message: Mapping[str, Any], game: Any) -> None:
        pass


JournalMeta = Journal | Callable[[Any, dict[str, Any]], None]
"""A journal of each action with its meta: the store's `Recorder`, or a function of (action, meta)."""


def one_journal(journal: Callable[[Any], None] | None, journal_meta: JournalMeta | None) -> Any:
    """The kernel's one journal from a game table's two arguments: `journal_meta` (a
    `Journal`, or a function of (action, meta)) if given, else `journal` (a function of the
    action alone, which the kernel takes as it is)."""
    if journal_meta is None:
        return journal
    return journal_meta if isinstance(journal_meta, Journal) else JournalFunction(journal_meta)


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
