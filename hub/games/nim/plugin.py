"""Nim as one plug-in: the whole of what the hub needs to host it (copy this package and
`hub/engine/nim/` to start a new game, then add one line to `hub/games/__init__.py`)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from hub.engine.nim import BOTS, Bot, NimGame, NimSetup, Take, play
from hub.games.plugin import GamePlugin, names_of

from .cards import StoneTags
from .record import Teller, export_text, replay_report, result_line, summary, summary_lines
from .sim import sim_player, sim_world
from .table import make_table

PRIVATE_EVENT_KINDS = frozenset({"hint"})
"""A seat's hint (the winning take) is said to that seat alone: never on a public page."""
PRIVATE_VIEW_KEYS = frozenset({"you", "hint"})


def add_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--stones", type=int, default=7, help="stones in the pile (default 7)")


def setup_from_options(args: argparse.Namespace, seed: int, registry: Any = None) -> NimSetup:
    """The stones are the table's cards, but the engine played alone (``--engine-only``) has no table."""
    mode = "digital" if getattr(args, "engine_only", False) else "physical"
    return NimSetup(players=args.players, seed=seed, stones=getattr(args, "stones", 7), mode=mode,
                    names=names_of(args))


def admin_options(body: Mapping[str, Any]) -> dict[str, Any]:
    """The admin form's mode: the hub deals (digital, the default) or the stones lie on the table."""
    if body.get("mode", "digital") not in ("digital", "physical"):
        raise ValueError("'mode' must be one of digital, physical")
    return {"mode": body.get("mode", "digital")}


PLUGIN = GamePlugin(
    name="nim", title="Nim", rules_version="1", setup_type=NimSetup, seats=range(2, 5), default_players=2,
    setup_from_options=setup_from_options, setup_from_json=NimSetup.from_json, add_options=add_options,
    admin_options=admin_options,
    new_game=NimGame, replay=NimGame.replay, parse_action=Take.parse,
    summary=summary, summary_lines=summary_lines, replay_report=replay_report, export_text=export_text,
    bots=BOTS, engine_only=lambda setup, bot: play(NimGame(setup), Bot(bot, setup.seed)),
    make_table=make_table, virtual_registry=lambda setup: StoneTags.virtual(setup.players),
    load_registry=StoneTags.load,
    sim_world=sim_world, sim_player=sim_player, terminal=Teller, result_line=result_line,
    private_event_kinds=PRIVATE_EVENT_KINDS, private_view_keys=PRIVATE_VIEW_KEYS,
)
