"""Catan: Cities & Knights as one plug-in (`hub.games.plugin.GamePlugin`): the companion
that referees the dice, the barbarians, progress cards, improvements and points while the
board stays with the players. The rules are `hub.engine.cities_knights`; the pages are
the hub's plain pages."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hub.engine.cities_knights import Action, Game, Setup, make_bot, play
from hub.engine.cities_knights.setup import DICE_MODES, MAX_PLAYERS, MIN_PLAYERS
from hub.games.plugin import GamePlugin, names_of
from hub.voice.speech import sentences

from .record import Teller, export_text, replay_report, result_line, summary, summary_lines
from .sim import sim_player, sim_world
from .table import make_table
from .tags import ProgressTags
from .words import LANGS, catalogue, event_sentences, speech

RULES_VERSION = "1"
PRIVATE_EVENT_KINDS = frozenset({"drew_card", "discarded_card", "took_card"})
"""Which card a seat drew, discarded or took: for that seat (and a Spy's victim) alone."""
PRIVATE_VIEW_KEYS = frozenset({"you"})


def add_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dice", choices=DICE_MODES, default="hub",
                   help="hub: the hub rolls when the seat presses OK; physical: the table's dice, entered at the seat")


def setup_from_options(args: argparse.Namespace, seed: int, registry: Any = None) -> Setup:
    return Setup(players=args.players, seed=seed, names=names_of(args), dice=getattr(args, "dice", "hub"))


def engine_only(setup: Setup, bot: str) -> Game:
    return play(Game.new(setup), make_bot(bot, setup.seed))


def event_words(event: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, dict[str, str]]:
    names = {seat: name for seat, name in names.items() if name != f"Seat {seat}"}
    shown = {lang: " ".join(event_sentences(event, names, lang)) for lang in LANGS}
    spoken = {lang: " ".join(speech(event, lang, names)) for lang in LANGS}
    return {"words": shown, "speech": spoken} if any(spoken.values()) else {"words": shown}


PLUGIN = GamePlugin(
    name="cities-knights", title="Catan: Cities & Knights", rules_version=RULES_VERSION, setup_type=Setup,
    seats=range(MIN_PLAYERS, MAX_PLAYERS + 1), default_players=4,
    setup_from_options=setup_from_options, setup_from_json=Setup.from_json, add_options=add_options,
    new_game=Game.new, replay=Game.replay, parse_action=Action.parse,
    summary=summary, summary_lines=summary_lines, replay_report=replay_report, export_text=export_text,
    bots=("table", "random"), engine_only=engine_only,
    make_table=make_table, virtual_registry=lambda setup: ProgressTags.virtual(),
    load_registry=lambda path: ProgressTags.load(Path(path)),
    sim_world=sim_world, sim_player=sim_player, terminal=Teller, result_line=result_line,
    progress=lambda game: f"round {game.round}",
    page_facts=lambda: {"cities-knights": catalogue()}, event_words=event_words,
    speech=sentences(speech),
    private_event_kinds=PRIVATE_EVENT_KINDS, private_view_keys=PRIVATE_VIEW_KEYS,
)
