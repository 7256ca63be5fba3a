"""The adapter's everyday parts (`hub.kernel.GameAdapter`), for a game whose actions are
`hub.engine.actions.TextAction`s: undo as the log writes it, ``0 void <reason...>``, and
what a game with buttons and a phone needs no more than its words for."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, is_dataclass
from typing import Any, TypeVar

from hub.kernel import GameAdapter, Prompt
from hub.kernel.interfaces import G
from hub.seeds import fresh_seed
from hub.words import template as table_word

from .words import Words

A = TypeVar("A")


class VoidUndo:
    """Undo through the game's `TextAction` (its class in `action`): the engine applies
    ``0 void <reason...>`` by taking back the last move that stands."""

    action: Any  # the game's TextAction class

    def undo_action(self, game: Any, reason: str) -> Any:
        """``0 void <reason...>``: the reason stays in the log."""
        return self.action(0, "void", tuple(reason.split()))

    def undo_reason(self, action: Any) -> str | None:
        return " ".join(action.args) if action.seat == 0 and action.verb == "void" else None


def the_end_alone(public: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A move's public events as its seats are told them: the ``game_over`` alone when the
    move ends the game (every display says the end, not "Last round!" or an attack over it)."""
    ending = [e for e in public if e["kind"] == "game_over"]
    return ending or public


def adjust(action: Callable[[int, str, tuple[str, ...]], A], seat: int, delta: int, reason: str) -> A:
    """The admin's correction of what a seat holds as the log says it, a `TextAction`
    (the game's class in `action`): ``0 adjust <seat> <delta> <reason...>``."""
    return action(0, "adjust", (str(seat), str(delta), *(tuple(reason.split()) or ("correction",))))


def card_of(lookup: Any, uid: str, game: Any, refusal: Any) -> Any:
    """What a tag laid on a reader stands for, when it may make a move: `refusal`
    ``unknown_tag`` for a tag the registry (`lookup`) does not know, ``game_over`` after the end."""
    card = lookup(uid)
    if card is None:
        raise refusal("unknown_tag", "this tag is not enrolled: re-run enrollment")
    if game.over:
        raise refusal("game_over", "the game is over")
    return card


def event_json(event: Any) -> dict[str, Any]:
    """An engine's event as JSON: a mapping as it is, its own ``to_json()``, or a
    dataclass's fields with its ``kind`` (the class's ``KIND``, else its name in lower case)."""
    if isinstance(event, Mapping):
        return dict(event)
    if hasattr(event, "to_json"):
        return dict(event.to_json())
    kind = getattr(event, "KIND", type(event).__name__.lower())
    return {"kind": kind, **(asdict(event) if is_dataclass(event) and not isinstance(event, type) else {})}


def waiting_words(game: Any, lang: str = "en") -> list[str]:
    """The kit's waiting display in `lang`, in the table's own words (the pages' "Waiting
    for Ann", "Game over", "Winner: Seat 2"): the seat that decides (``game.pending``), by
    its name where the setup names it; once none does, the end and the game's ``winner``
    if it has one. A display's line ends with no full stop."""
    names = getattr(game.setup, "names", ()) or ()

    def name(seat: int) -> str:
        return names[seat - 1] if 0 < seat <= len(names) and names[seat - 1] else \
            table_word("page.seat_n", lang).format(n=seat)
    pending = game.pending
    if pending is not None:
        return [table_word("page.wait_for", lang).format(seat=name(pending.seat)).rstrip(".。")]
    winner = getattr(game, "winner", None)
    won = [table_word("page.winner", lang) + (": " if lang == "en" else "：") + name(winner)] \
        if type(winner) is int else []
    return [table_word("page.phase_over", lang), *won]


class KitAdapter(VoidUndo, GameAdapter[G]):
    """A `GameAdapter` that needs only the game's action class (`action`), its game class
    (`game_class`, made from a setup), its `words` (``your_turn``) and what its cards
    mean (`card_action`; none: buttons and phones only).

    Given: replay, undo, a phone's answer read as the action's text, events as JSON
    (`event_json`), the decider's display (its turn, its `status_lines`; the kernel adds
    the option), the others' display (who decides, who won: `waiting_words`), no card to
    lift, buttons as the page's hint, an action described by its text. A game overrides
    what it says otherwise."""

    game_class: Any
    words: Words

    def __init__(self, registry: Any = None, setup: Any = None) -> None:
        self.registry = registry

    def replay(self, setup: Any, log: Sequence[Any]) -> G:
        """The game `log` makes: a new one (``game_class(setup)``), each action applied."""
        game: G = self.game_class(setup)
        for action in log:
            game.apply(action)
        return game

    def new_setup(self, config: dict[str, Any], current: G) -> Any:
        """The admin's new game: its players, names and seed (none: a fresh one) and any
        other field of the setup the form gives ("mode"); the rest as in the current game."""
        setup = current.setup
        players = int(config.get("players", current.n))
        changes: dict[str, Any] = {"players": players, "names": tuple(str(n) for n in config.get("names") or ())[:players],
                                   "seed": fresh_seed() if config.get("seed") is None else int(config["seed"])}
        for field in dataclasses.fields(setup):
            if field.name not in changes and field.name in config:
                changes[field.name] = type(getattr(setup, field.name))(config[field.name])
        return dataclasses.replace(setup, **changes)

    def card_action(self, game: G, seat: int, uid: str) -> Any:
        raise self.refusals[0]("unknown_tag", "this game is played with the buttons")

    def read_action(self, game: G, text: str) -> Any:
        return self.action.parse(text)

    def public_events(self, events: Sequence[Any]) -> list[dict[str, Any]]:
        return [event_json(e) for e in events]

    def prompt(self, game: G) -> Prompt:
        """Its turn, then what `status_lines` says of the game; the kernel places the option
        under the cursor below them (`hub.kernel.compose`)."""
        return Prompt(head=(self.words.say("your_turn"),), purse=tuple(self.status_lines(game)))

    def status_lines(self, game: G) -> list[str]:
        """What the decider's display says of the game between its turn and its option."""
        return []

    def waiting_display(self, game: G) -> dict[str, Any]:
        """Who decides now, or that the game is over and who won (`waiting_words`): a seat
        that waits reads whose turn it is, as Citadels' and The Builders' seats do."""
        over = game.pending is None
        return {"led": "white" if over else "off", "text": self.lines(*waiting_words(game))}

    def misplaced(self, game: G, seat: int, uids: list[str]) -> list[str]:
        return []

    def hint(self, game: G, seat: int) -> str:
        return "use_buttons"

    def describe(self, action: Any) -> str:
        return str(action)

    def option_words(self, action: Any) -> dict[str, str]:
        """An option as the seat's page words it, in each language it can (the page falls
        back on English, then the action's text). Default: the display's words."""
        return {"en": self.describe(action)}

    def seat_view(self, game: G, seat: int) -> dict[str, Any]:
        """The game's seat view, its options worded as the seat's display words them
        (``you.option_words``: text -> {lang: words}), so its page's buttons say "Take 2",
        as its display does, not "1 take 2"."""
        view = game.seat_view(seat)
        you = view.get("you")
        if isinstance(you, dict) and you.get("options"):
            you["option_words"] = {text: self.option_words(self.action.parse(text)) for text in you["options"]}
        return view
