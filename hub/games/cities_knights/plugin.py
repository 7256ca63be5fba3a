"""Catan: Cities & Knights as one plug-in (`hub.games.plugin.GamePlugin`): the companion
that referees the dice, the barbarians, progress cards, improvements and points while the
board stays with the players. The rules are `hub.engine.cities_knights`; the pages are
its own (`static/`)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from hub.engine.cities_knights import Action, Game, Setup, make_bot, play
from hub.engine.cities_knights.setup import DICE_MODES, MAX_PLAYERS, MIN_PLAYERS
from hub.engine.cities_knights.refusals import CORRECTABLE
from hub.games.plugin import Correction, CorrectionField, GamePlugin, names_of

from .people import table_people
from .record import Teller, export_text, replay_report, result_line, summary, summary_lines
from .sim import sim_player, sim_world
from .table import make_table
from .tags import ProgressTags
from .voice import VOICE
from .words import LANGS, catalogue, event_sentences, speech

RULES_VERSION = "1"
PRIVATE_EVENT_KINDS = frozenset({"drew_card", "discarded_card", "took_card"})
"""Which card a seat drew, discarded or took: for that seat (and a Spy's victim) alone."""
PRIVATE_VIEW_KEYS = frozenset({"you"})


def correction(what: str) -> Correction:
    """The admin sets one thing the hub keeps of a seat: ``0 set <seat> <what> <value> <reason>``
    (the engine checks the value against the components' limits)."""
    return Correction(
        name=what, label=f"correct.{what}",
        fields=(CorrectionField("seat", "page.seat", seat=True), CorrectionField("value", "page.value", low=0, high=5)),
        action=lambda values, reason: Action(0, "set", (str(values["seat"]), what, str(values["value"]),
                                                        *reason.split())),
        shows="vp", fields_of={"out_of_range": "value", "unknown_seat": "seat"})


CORRECTIONS = tuple(correction(what) for what in CORRECTABLE)
"""A seat's settlements, cities, walls, Defender points or an improvement level, corrected."""


def add_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dice", choices=DICE_MODES, default="hub",
                   help="hub: the hub rolls when the seat presses OK; physical: the table's dice, entered at the seat")


def admin_options(body: Mapping[str, Any]) -> dict[str, Any]:
    """The admin's new game may choose the dice: the hub's, or the table's own entered at the seat."""
    dice = body.get("dice", "hub")
    if dice not in DICE_MODES:
        raise ValueError(f"'dice' must be one of {', '.join(DICE_MODES)}")
    return {"dice": dice}


def setup_from_options(args: argparse.Namespace, seed: int, registry: Any = None) -> Setup:
    return Setup(players=args.players, seed=seed, names=names_of(args), dice=getattr(args, "dice", "hub"))


def engine_only(setup: Setup, bot: str) -> Game:
    return play(Game.new(setup), make_bot(bot, setup.seed))


def joined(sentences: list[str], lang: str) -> str:
    """Sentences as one text: a space between them in English, none in Chinese."""
    return (" " if lang == "en" else "").join(sentences)


def event_words(event: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, dict[str, str]]:
    names = {seat: name for seat, name in names.items() if name != f"Seat {seat}"}
    shown = {lang: joined(event_sentences(event, names, lang), lang) for lang in LANGS}
    spoken = {lang: joined(speech(event, lang, names), lang) for lang in LANGS}
    return {"words": shown, "speech": spoken} if any(spoken.values()) else {"words": shown}


PLUGIN = GamePlugin(
    name="cities-knights", title="Catan: Cities & Knights", rules_version=RULES_VERSION, setup_type=Setup,
    seats=range(MIN_PLAYERS, MAX_PLAYERS + 1), default_players=4,
    setup_from_options=setup_from_options, setup_from_json=Setup.from_json, add_options=add_options,
    new_game=Game.new, replay=Game.replay, parse_action=Action.parse,
    summary=summary, summary_lines=summary_lines, replay_report=replay_report, export_text=export_text,
    bots=("table", "random"), engine_only=engine_only,
    make_table=make_table, registry=ProgressTags,
    sim_world=sim_world, sim_player=sim_player, table_people=table_people, table_players=4,
    table_variants=((), ("--dice", "physical", "--seed", "3")),
    terminal=Teller, result_line=result_line,
    progress=lambda game: f"round {game.round}",
    page_assets=__package__, page_facts=lambda: {"cities-knights": catalogue()}, event_words=event_words,
    corrections=CORRECTIONS, admin_options=admin_options,
    speech=VOICE,
    private_event_kinds=PRIVATE_EVENT_KINDS, private_view_keys=PRIVATE_VIEW_KEYS,
)
