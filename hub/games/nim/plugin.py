"""Nim as one plug-in: what the hub must be told of it, the game kit (`hub.games.kit`)
giving the rest (copy this package and `hub/engine/nim/` to start a new game, then add
one line to `hub/games/__init__.py`; `docs/architecture.md`, "Adding a game")."""

from __future__ import annotations

import argparse
from typing import Any

from hub.engine.nim import BOTS, NimGame, NimSetup, Take, make_bot
from hub.games.kit import BotPlayer, bot_players
from hub.games.plugin import GamePlugin

from .adapter import NimAdapter
from .cards import StoneTags, card_names
from .people import table_people
from .words import WORDS, sentences

PRIVATE_EVENT_KINDS = frozenset({"hint"})
"""A seat's hint (the winning take) is said to that seat alone: never on a public page."""
PRIVATE_VIEW_KEYS = frozenset({"you", "hint"})


def add_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--stones", type=int, default=7, help="stones in the pile (default 7)")


class NimPlayer(BotPlayer):
    """A simulated person: takes one stone by laying a stone card, two with the buttons."""

    def do(self, choice: Take) -> None:
        if choice.n == 1:
            self.hands.lay(self.table.adapter.registry.stone_of(self.seat))
        else:
            self.hands.press_to(choice)


def summary(game: NimGame) -> dict[str, Any]:
    return {"game": "nim", "seed": game.setup.seed, "players": game.n, "stones": game.setup.stones,
            "winner": game.winner, "actions": len(game.log), "log": [str(a) for a in game.log]}


PLUGIN = GamePlugin(
    name="nim", title="Nim", setup_type=NimSetup, seats=range(2, 5), new_game=NimGame, parse_action=Take.parse,
    adapter=NimAdapter, add_options=add_options, summary=summary, sentences=sentences,
    page_facts=lambda: WORDS.page_words("field_stones", "field_taken"),
    result_line=lambda number, result, names: WORDS.say(
        "result", number=number, name=WORDS.seat_name(result["winner"], names), actions=result["actions"]),
    bots=tuple(BOTS), make_bot=make_bot, sim_player=bot_players(make_bot, NimPlayer),
    registry=StoneTags, card_names=card_names, table_people=table_people,
    private_event_kinds=PRIVATE_EVENT_KINDS, private_view_keys=PRIVATE_VIEW_KEYS,
    voice_samples={"pile": {"kind": "pile", "stones": 7}, "took": {"kind": "took", "seat": 2, "n": 2, "left": 5},
                   "won": {"kind": "took", "seat": 1, "n": 1, "left": 0}},
)
