"""The Builders: Middle Ages as one plug-in (`hub.games.plugin.GamePlugin`): what the
generic table, the simulator, the store, the web, the voice and the command line need
of it. The rules are `hub.engine.builders`."""

from __future__ import annotations

import argparse
from typing import Any

from hub.engine.builders import Action, Game, Setup, make_bot, play
from hub.engine.builders.setup import MAX_PLAYERS, MIN_PLAYERS
from hub.games.plugin import Correction, GamePlugin, names_of

from .pages import event_words, page_facts
from .players import sim_player, table_people
from .record import Teller, export_text, replay_report, result_line, summary, summary_lines
from .adapter import adjust_coins
from .table import make_table
from .tags import BuildersTags
from .voice import VOICE
from .world import follow_stored, sim_world

RULES_VERSION = "1"
"""The rules that wrote a stored log: bump it when a same log would replay differently."""

PRIVATE_EVENT_KINDS: frozenset[str] = frozenset()
"""Nothing in The Builders is secret but the decks' order, which no event carries."""
PRIVATE_VIEW_KEYS = frozenset({"you"})
"""A seat's own options and chosen site (``you``) are for its page only."""


MAX_COINS_DELTA = 50

COINS = Correction.of_count("coins", "page.correct_coins", ("page.seat", "page.delta"), MAX_COINS_DELTA, adjust_coins)
"""A seat's coins corrected (the bank miscounted): ``0 adjust <seat> <delta> <reason>``."""


def setup_from_options(args: argparse.Namespace, seed: int, registry: Any = None) -> Setup:
    """The setup a command line asks for (The Builders has no options beyond players, seed and names)."""
    return Setup(players=args.players, seed=seed, names=names_of(args))


def engine_only(setup: Setup, bot: str) -> Game:
    return play(Game.new(setup), make_bot(bot, setup.seed))


PLUGIN = GamePlugin(
    name="builders", title="The Builders: Middle Ages", rules_version=RULES_VERSION, setup_type=Setup,
    seats=range(MIN_PLAYERS, MAX_PLAYERS + 1), default_players=3,
    setup_from_options=setup_from_options, setup_from_json=Setup.from_json,
    new_game=Game.new, replay=Game.replay, parse_action=Action.parse,
    summary=summary, summary_lines=summary_lines, replay_report=replay_report, export_text=export_text,
    bots=("heuristic", "random"), engine_only=engine_only,
    make_table=make_table, registry=BuildersTags, table_people=table_people,
    sim_world=sim_world, sim_player=sim_player, follow_stored=follow_stored, terminal=Teller, result_line=result_line,
    progress=lambda game: f"round {game.round}",
    page_assets=__package__, page_facts=page_facts, event_words=event_words, speech=VOICE,
    admin_options=lambda body: {}, corrections=(COINS,),
    private_event_kinds=PRIVATE_EVENT_KINDS, private_view_keys=PRIVATE_VIEW_KEYS,
)
