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

from .kit.defaults import derived, derived_fields
from .kit.defaults import meta_note as meta_note, names_of as names_of  # the games' helpers, here as before
from .people import TablePeople, button_people
from hub.voice.speech import GameVoice

from .tags import TagRegistry


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

    @classmethod
    def of_count(cls, name: str, label: str, labels: tuple[str, str], most: int,
                 adjust: Callable[[int, int, str], Any]) -> Correction:
        """A seat's count of `name` ("coins", shown beside it) corrected by a whole
        delta within ±`most`: ``adjust(seat, delta, reason)`` writes ``0 adjust <seat> <delta>
        <reason>``; `labels`: the words keys of the seat's and the delta's fields."""
        return cls(name=name, label=label,
                   fields=(CorrectionField("seat", labels[0], seat=True),
                           CorrectionField("delta", labels[1], low=-most, high=most, nonzero=True)),
                   action=lambda values, reason: adjust(values["seat"], values["delta"], reason),
                   shows=name, fields_of={"cannot_afford": "delta", "unknown_seat": "seat"})


@dataclass(frozen=True)
class GamePlugin:
    """Everything table-side one game needs, behind one registered object.

    The rules engine stays pure (``hub/engine/<game>``); these fields are its table side.
    A game must say who it is, its setup, its game and its actions' text, and how its table
    hears the seats (`adapter`, or a whole `make_table`); every other field has a default
    that works (the game kit's, `hub.games.kit`), made from those it gives."""

    # -- what every game must say
    name: str  # ``--game NAME``, the store's ``game`` column
    title: str  # what people read ("Citadels")
    setup_type: type  # the setups it makes (``players``, ``seed``, ``names``; ``to_json``/``from_json``)
    seats: range  # how many players it takes: the one seat limit of this game
    new_game: Callable[[Any], Any]  # setup -> a fresh game (`hub.kernel.HostedGame`)
    parse_action: Callable[[str], Any]  # an action's text -> the action (the game's coded refusal if it is none)
    adapter: Callable[[Any, Any], Any] | None = None  # (registry, setup) -> its `hub.kernel.GameAdapter` (`hub.games.kit.KitAdapter`)

    # -- what a simple game may leave as it is (derived: made from the fields above)
    rules_version: str = "1"  # stored with every game: which rules wrote the log
    default_players: int = 0  # 0: the fewest it takes
    setup_from_options: Callable[..., Any] = derived  # (args, seed, registry=None) -> setup, the game reading its own options; derived: players, seed, names (and its mode)
    setup_from_json: Callable[[dict[str, Any]], Any] = derived  # a stored setup read back; derived: ``setup_type.from_json``
    replay: Callable[[Any, Sequence[str]], Any] = derived  # setup, action texts -> the game they make; derived: each applied
    summary: Callable[[Any], dict[str, Any]] = derived  # a finished game, as ``sim --json`` prints it; derived: seed, players, winner, actions
    make_table: Callable[..., Any] = derived  # (bus, registry, setup, **table options) -> `hub.kernel.Table`; derived: `kit.table_maker(adapter, new_game)`
    virtual_registry: Callable[[Any], Any] = derived  # setup -> every card it needs with a made-up fixed tag; derived: its `registry`'s virtual one (None without)
    load_registry: Callable[[str], Any] = derived  # a registry file written by ``enroll``; derived: its `registry`'s (None without)
    make_bot: Callable[[str, int], Any] = derived  # (kind, seed) -> a bot of `bots` (``choose(game)``, stateless); derived: the engine's `RandomBot`
    sim_player: Callable[..., SimPlayer] = derived  # (seat, device, bot, setup, table, world, hub_elsewhere); derived: `kit.bot_players(make_bot)`
    sentences: Callable[[Mapping[str, Any], Mapping[int, str], str], list[str]] | None = None
    """(public event, names, lang) -> its sentences: the terminal's lines and, unless
    `event_words` and `speech` say otherwise, the page log's, the speak switch's and the
    table voice's, in every language. None: the terminal shows each event's kind and fields."""
    add_options: Callable[[argparse.ArgumentParser], None] = no_options  # its own CLI options
    add_enroll_options: Callable[[argparse.ArgumentParser], None] = no_options
    """Those of its own options that say which of its cards ``enroll`` pairs (which deck, of
    which printing), added by `add_options` too: ``enroll`` has these alone, not its rules'."""
    admin_options: Callable[[Mapping[str, Any]], dict[str, Any]] = derived  # its admin form's own fields (ValueError); derived: the form's mode, if its setup has one
    corrections: tuple[Correction, ...] = ()  # the admin's corrections of its own (the undo is every game's)
    page_facts: Callable[[], dict[str, Any]] = dict  # what its pages read in ``/api/i18n`` besides the hub's words (its ``ui`` over the hub's)
    summary_lines: Callable[[dict[str, Any]], list[str]] = lambda summary: [str(summary)]  # the summary, for people
    replay_report: Callable[[int, Any], tuple[dict[str, Any], list[str]]] = derived  # (JSON, lines) for ``replay``; derived: the summary, or where it stands
    export_text: Callable[[StoredGameLike], str] = derived  # a stored game as text; derived: each action, its meta, the end
    bots: tuple[str, ...] = ("random",)
    engine_only: Callable[[Any, str], Any] = derived  # (setup, bot) -> a finished game, no table; derived: `make_bot` plays it
    registry: type[TagRegistry] | None = None
    """Its cards' tag registry (`hub.games.tags.TagRegistry` naming the game's declared
    `Catalogue`): ``citadels-hub enroll --game NAME`` pairs each card with its tag through
    the hub's one enrollment (`hub.games.enroll`). None: nothing to enroll."""
    enroll_deck: Callable[[argparse.Namespace], str | None] = lambda args: None
    """(enroll's options) -> which of its decks to enroll (None: its registry's default)."""
    card_names: Callable[[Any], dict[str, list[str]]] = derived  # derived: its `registry`'s labels (`hub.games.tags.card_names`), or none
    """(registry) -> tag UID: the names a person may type for its card (the soft seat's
    ``place``), the first as it is shown. Empty: cards are given by their tags' UIDs."""
    sim_world: Callable[..., SimWorld | None] = derived  # (registry, setup, game_of); derived: a table top that moves nothing
    """The simulated table top of a game of `setup`; None when the hub deals that game (no
    cards on the table: the simulated people press the seat buttons; derived: a setup whose
    mode is digital)."""
    follow_stored: Callable[[Any, Any, StoredGameLike], None] | None = None
    """(world, game, stored): a stored game carried on (``sim --resume``): apply its log to
    the table's `game` and move the table top `world` as the people did; StoredMoveError
    where it cannot. None: the log is applied and the table top moves nothing."""
    terminal: Callable[[dict[int, str]], TerminalTeller] = derived  # (names) -> teller; derived: `kit.Teller` of `sentences`
    result_line: Callable[[int, dict[str, Any], dict[int, str]], str] = (
        lambda number, summary, names: f"game {number}: {summary}")
    progress: Callable[[Any], str] = lambda game: f"after {len(game.log)} moves"  # how far an unfinished game got

    # -- its own pages and voice
    page_assets: str | None = None
    """The package whose ``static/`` holds its pages' scripts (``common.js``, then
    ``scoreboard.js``, ``seat.js``, ``admin.js``, loaded after the hub's ``hub.js``) and,
    if it has one, whose ``templates/`` holds its pages (``scoreboard.html``... extending
    the hub's ``base.html``). None: the hub's plain pages (the seats and the public view's
    fields, whose turn, the log, the seat's own view and its options as buttons, pause and
    new game)."""
    event_words: Callable[[Mapping[str, Any], Mapping[int, str]], dict[str, Any]] | None = None
    """(event, names) -> ``{"words": {lang: text}, "speech": {lang: text}}``: a public
    event's sentence for the page's log and what the speak switch says. None: its
    `sentences` in every language, or no words (the plain pages' log shows the event's kind)."""
    speech: GameVoice | None = None
    """What the table's voice says of it (`hub.voice.GameVoice`): a narrator per table, fed
    every public event, giving utterances with their priority (a refusal jumps the queue, a
    prompt replaces the queued one); the events that make a queued prompt stale; its own
    names respelled for espeak-ng; samples for ``citadels-hub voice --game NAME``. A game that only tells its story in order gives
    ``hub.voice.sentences(fn)`` of a function (event, lang, names) -> sentences, or
    ``hub.games.kit.story_voice(fn, samples)`` with its samples. None: its `sentences` said
    in order, with its `voice_samples`, or silent (there is no fallback to another game's words)."""
    voice_samples: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """What ``citadels-hub voice --game NAME`` says of a game whose voice is its `sentences`:
    phrase id -> a public event, said with sample names (``{"took": {"kind": "took", "seat": 2,
    "n": 2, "left": 5}}``)."""

    # -- people at a real table (tests/system/test_table_acceptance.py plays every game so)
    table_people: Callable[[Any, Any, int], TablePeople] = button_people
    """(setup, the physical cards' tag registry, seed) -> the simulated people at a table of
    real seat firmware (`hub.games.people`): which card they lay or which option they walk
    the buttons to for each move. Default: every move on the buttons, the option's text shown."""
    table_variants: tuple[tuple[str, ...], ...] = ((),)
    """The option sets (``run``'s own options; ``enroll`` gets those it has, its
    `add_enroll_options`) a real table is checked with, one whole game each (a game's rule
    sets, Cities & Knights' dice); default its options as they are. A set may name the game's ``--seed`` (else the check's own): one
    whose game plays what the set is for (Cities & Knights' table dice: an Alchemist)."""
    table_players: int = 0
    """How many play the whole game a real table is checked with (every variant); 0: three
    where it takes three (fast, and every rule of a table bigger than two), else its nearest.
    A game whose product asks for a bigger table says so (Cities & Knights: four)."""

    # -- secrets, declared: what the web and the voice keep from every public audience
    private_event_kinds: frozenset[str] = frozenset()
    private_view_keys: frozenset[str] = frozenset({"you"})

    def __post_init__(self) -> None:
        for name, value in derived_fields(self).items():
            object.__setattr__(self, name, value)


class StoredMoveError(HubError):
    """A stored game's action `index` cannot be followed when a simulated game is carried
    on: its rules refuse it (code ``refused``, the rules' own code in `refusal`), or the
    simulated people do not hold the cards it names (code ``cannot_follow``)."""

    def __init__(self, index: int, refused: bool, refusal: str = "") -> None:
        super().__init__("refused" if refused else "cannot_follow",
                         f"action {index + 1}: {'refused (' + refusal + ')' if refused else 'cannot be followed'}")
        self.index, self.refused, self.refusal = index, refused, refusal


def replay_moves(game_plugin: GamePlugin, game: Any, stored: StoredGameLike) -> None:
    """Apply a stored game's actions to `game`, for a game whose simulated table top moves
    nothing on its own (the default ``follow_stored``)."""
    for index, text in enumerate(stored.actions):
        try:
            game.apply(game_plugin.parse_action(text))
        except Exception as exc:
            raise StoredMoveError(index, True, getattr(exc, "code", type(exc).__name__)) from exc


def waiting_for(game: Any) -> str:
    """Who an unfinished game waits for, in words: "seat 4's turn", "seat 2's pick"."""
    pending = game.pending
    return "nobody" if pending is None else f"seat {pending.seat}'s {pending.kind}"
