"""The defaults of a `hub.games.plugin.GamePlugin`'s fields, made from what the game says
(its setup type, its game, its actions' text, its adapter, its bot, its sentences)."""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hub.engine.play import RandomBot, play
from hub.games.tags import card_names
from hub.words import LANGS

from .players import bot_players
from .table import table_maker
from .teller import Teller
from .voice import story_voice


def derived(*args: Any, **kwargs: Any) -> Any:
    """A field's default made from the plug-in's other fields (`derived_fields`)."""
    raise AssertionError("a derived default is replaced when the plug-in is made")


def names_of(args: argparse.Namespace) -> tuple[str, ...]:
    """The table's names from the command line, seat 1 first (``()``: none given); checked
    before the command starts (`hub.cli_args.preflight`, `hub.text.player_names`)."""
    names = getattr(args, "names", None) or ()
    return tuple(names.split(",")) if isinstance(names, str) else tuple(names)


MODES = ("digital", "physical")
"""A setup's ``mode``, for a game that has one: the hub deals (every decision on the seat's
buttons and phones), or the cards lie on the table, read by the seats."""


def has_mode(setup_type: type) -> bool:
    return dataclasses.is_dataclass(setup_type) and any(f.name == "mode" for f in dataclasses.fields(setup_type))


def setup_maker(setup_type: type) -> Callable[..., Any]:
    """``setup_from_options`` of a setup with ``players``, ``seed`` and ``names``: the
    command line's own, ``mode`` if it has one (its cards are the table's, but the engine
    played alone, ``--engine-only``, is dealt by the hub), and each field named as one of
    the game's own options (``--stones`` fills ``stones``)."""
    own = [f.name for f in dataclasses.fields(setup_type) if f.name not in ("players", "seed", "names", "mode")] \
        if dataclasses.is_dataclass(setup_type) else []
    moded = has_mode(setup_type)

    def setup_from_options(args: argparse.Namespace, seed: int, registry: Any = None) -> Any:
        options = {name: getattr(args, name) for name in own if getattr(args, name, None) is not None}
        if moded:
            options["mode"] = "digital" if getattr(args, "engine_only", False) else "physical"
        return setup_type(players=args.players, seed=seed, names=names_of(args), **options)
    return setup_from_options


def form_reader(setup_type: type) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """``admin_options``: the admin form's mode (default digital) for a setup that has one."""
    if not has_mode(setup_type):
        return lambda body: {}

    def admin_options(body: Mapping[str, Any]) -> dict[str, Any]:
        mode = body.get("mode", "digital")
        if mode not in MODES:
            raise ValueError(f"'mode' must be one of {', '.join(MODES)}")
        return {"mode": mode}
    return admin_options


class NoWorld:
    """The simulated table top of a game whose people move nothing on their own."""

    def follow(self, message: Mapping[str, Any], game: Any) -> None:
        pass


def world_maker(setup_type: type) -> Callable[..., Any]:
    """``sim_world``: none for a game the hub deals (its mode is digital), else a table top
    that moves nothing."""
    moded = has_mode(setup_type)
    return lambda registry, setup, game_of: None if moded and setup.mode == "digital" else NoWorld()


def replayer(new_game: Callable[[Any], Any], parse_action: Callable[[str], Any]) -> Callable[[Any, Sequence[Any]], Any]:
    """``replay``: a new game with each action of the log applied (state = replay(log))."""

    def replay(setup: Any, log: Sequence[Any]) -> Any:
        game = new_game(setup)
        for action in log:
            game.apply(parse_action(action) if isinstance(action, str) else action)
        return game
    return replay


def plain_summary(name: str) -> Callable[[Any], dict[str, Any]]:
    """``summary``: what ``sim --json`` prints of any finished game."""
    return lambda game: {"game": name, "seed": game.setup.seed, "players": game.n,
                         "winner": getattr(game, "winner", None), "actions": len(game.log)}


def meta_note(meta: Mapping[str, Any]) -> str:
    """What an export line says of an action's meta, for every game: who entered it by
    hand, and why; the tag of its card (read later: a card entered by hand, read at last)."""
    note = f"  (entered by the admin: {meta.get('reason') or 'no reason given'})" if meta.get("admin") else ""
    if meta.get("uid"):
        note += f"  (tag {meta['uid']}{', read later' if meta.get('uid_read_later') else ''})"
    return note


def report_maker(summary: Callable[[Any], dict[str, Any]],
                  progress: Callable[[Any], str]) -> Callable[[int, Any], tuple[dict[str, Any], list[str]]]:
    """``replay_report``: a finished game's summary, or where an unfinished one stands."""

    def replay_report(game_id: int, game: Any) -> tuple[dict[str, Any], list[str]]:
        out = summary(game) if game.over else {"game": game_id, "over": False, "actions": len(game.log),
                                               "view": game.public_view()}
        state = f"seat {getattr(game, 'winner', None)} wins" if game.over else f"unfinished, {progress(game)}"
        return out, [f"game {game_id}: {len(game.log)} actions replayed, {state}"]
    return replay_report


def exporter(title: str, new_game: Callable[[Any], Any], parse_action: Callable[[str], Any],
             progress: Callable[[Any], str]) -> Callable[[Any], str]:
    """``export_text``: a stored game as text, its setup, each action (with who entered it
    and its tag), how it ended."""

    def export_text(stored: Any) -> str:
        lines = [f"# {title} game {stored.id}, started {stored.created}",
                 "# " + ", ".join(f"{key} {value}" for key, value in stored.setup.to_json().items())]
        game = new_game(stored.setup)
        for i, (text, meta) in enumerate(zip(stored.actions, stored.meta)):
            game.apply(parse_action(text))
            lines.append(f"{i + 1:4d}  {text}{meta_note(meta)}")
        lines.append(f"# over: seat {getattr(game, 'winner', None)} wins" if game.over
                     else f"# unfinished, {progress(game)}")
        return "\n".join(lines) + "\n"
    return export_text


def words_of(sentences: Callable[[Mapping[str, Any], Mapping[int, str], str], list[str]]) -> Callable[..., dict[str, Any]]:
    """``event_words`` from a game's sentences: the page's log line and the speak switch's
    words, in every language (none for an event the game words none)."""

    def event_words(event: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
        said = {lang: " ".join(sentences(event, names, lang)) for lang in LANGS}
        return {"words": said, "speech": said} if said["en"] else {}
    return event_words


def derived_fields(plugin: Any) -> dict[str, Any]:
    """The fields `plugin` left to the kit, made from those it gave."""
    made: dict[str, Any] = {}

    def given(name: str) -> Any:
        return made.get(name, getattr(plugin, name))

    def derive(name: str, make: Callable[[], Any]) -> None:
        if name not in made and getattr(plugin, name) is derived:
            made[name] = make()

    if not plugin.default_players:
        made["default_players"] = plugin.seats.start
    if not plugin.table_players:
        made["table_players"] = min(max(3, plugin.seats.start), plugin.seats[-1])
    derive("setup_from_options", lambda: setup_maker(plugin.setup_type))
    derive("admin_options", lambda: form_reader(plugin.setup_type))
    derive("sim_world", lambda: world_maker(plugin.setup_type))
    derive("setup_from_json", lambda: plugin.setup_type.from_json)
    derive("replay", lambda: replayer(plugin.new_game, plugin.parse_action))
    derive("summary", lambda: plain_summary(plugin.name))
    if plugin.make_table is derived and plugin.adapter is None:
        raise TypeError(f"the game {plugin.name!r} says neither its adapter nor its make_table")
    derive("make_table", lambda: table_maker(plugin.adapter, plugin.new_game))
    registry = plugin.registry  # its cards declared for the hub's tag registry, or None
    derive("virtual_registry", lambda: (lambda setup: registry.virtual()) if registry else (lambda setup: None))
    derive("load_registry", lambda: registry.load if registry else (lambda path: None))
    derive("card_names", lambda: card_names if registry else (lambda tags: {}))
    derive("make_bot", lambda: lambda kind, seed: RandomBot(seed))
    derive("sim_player", lambda: bot_players(given("make_bot")))
    derive("engine_only", lambda: lambda setup, bot: play(plugin.new_game(setup), given("make_bot")(bot, setup.seed)))
    if plugin.sentences is not None:
        derive("terminal", lambda: Teller.of(plugin.sentences))
        if plugin.event_words is None:
            made["event_words"] = words_of(plugin.sentences)
        if plugin.speech is None:  # the table's voice tells its story in order, with the game's samples
            told = plugin.sentences
            made["speech"] = story_voice(lambda event, lang, names: told(event, names, lang), plugin.voice_samples)
    derive("terminal", lambda: Teller)
    derive("replay_report", lambda: report_maker(given("summary"), plugin.progress))
    derive("export_text", lambda: exporter(plugin.title, plugin.new_game, plugin.parse_action, plugin.progress))
    return made
