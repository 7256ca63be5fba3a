"""OK applies only what the display shows, for every registered game and every state.

Not screen by screen: seeded random tables of every game in `hub.games.GAMES` (Citadels
in both editions, Cities & Knights with the hub's dice and the table's own entered one die at
a time through menus, and any game registered later) are played through their seats by the simulated people, with random
presses of A, B and OK and random cards laid between their moves. Whenever an OK applies
a move, the words of that move are exactly the option the display the seat had been sent
last marks as the one OK applies (what a person reads before pressing: from its "> " to
its last indented line, `hub.kernel.compose.option_read`), not words found anywhere on it
(a note above the prompt, "Take 2 gold from the bank", holds "Take 2 gold"). A note, a refusal or a card to lift that covers the option
makes the first OK show it instead.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import pytest

from hub.games import GAMES
from hub.kernel.compose import OPTION_FIRST, option_read
from hub.table.sim import SimTable
from tests.tiers import seeds

EDITIONS: dict[str, list[dict[str, Any]]] = {"citadels": [{"edition": "classic"}, {"edition": "2000"}],
                                             "cities-knights": [{}, {"dice": "physical"}]}  # its dice entered in parts
TABLES = [pytest.param(name, options, id=f"{name}-{'-'.join(options.values()) or 'base'}")
          for name in GAMES for options in EDITIONS.get(name, [{}])]
STEPS = 400  # random inputs per table


def words(text: Any) -> str:
    """Lines as a person reads them: one string, whatever the wrapping."""
    return " ".join(" ".join(text).split())


def uids_of(game_name: str, registry: Any, players: int) -> list[str]:
    names = GAMES[game_name].card_names(registry)
    if names:
        return sorted(names)
    tags = getattr(registry, "tags", None)
    return sorted(tags) if isinstance(tags, dict) and tags else [f"5707{s:02d}{k:08d}" for s in range(1, players + 1)
                                                                for k in range(1, 4)]


def tolerant(do: Any, *args: Any) -> None:
    """The simulated people's table top does not know of the random cards this test lays,
    so it may lose track of a hand: their next move is then skipped, not the check."""
    try:
        do(*args)
    except (KeyError, ValueError, IndexError, RuntimeError, StopIteration):
        pass


def play_checking_ok(game_name: str, options: dict[str, Any], seed: int) -> int:
    """A seeded random table; returns how many OKs applied a move (each one checked)."""
    rng = random.Random(seed)
    plugin = GAMES[game_name]
    players = rng.choice(list(plugin.seats))
    args = argparse.Namespace(players=players, names=None, **options)
    sim = SimTable(plugin.setup_from_options(args, seed))
    follow = sim.world.follow
    sim.world.follow = lambda message, game: tolerant(follow, message, game)
    uids = uids_of(game_name, sim.registry, players) + ["DEADBEEF"]
    checked = 0
    try:
        for _ in range(STEPS):
            game = sim.service.game
            if game.over or game.pending is None:
                break
            seat = game.pending.seat
            device = sim.devices[seat]
            roll = rng.random()
            if roll < 0.3:
                tolerant(sim.players[seat].act)  # a move the game's simulated person chose, through the seat
            elif roll < 0.55:
                device.answer_to(device.press(rng.choice("ab")))
            elif roll < 0.8:
                shown = device.shown["text"]  # what the person reads before pressing
                before = len(game.log)
                device.answer_to(device.press("ok"))
                if len(sim.service.game.log) > before:
                    assert len(sim.service.game.log) == before + 1, f"{game_name} seed {seed}: one OK, one move"
                    applied = sim.service.game.log[-1]
                    said = words([sim.service.adapter.describe(applied)])
                    assert sum(line.startswith(OPTION_FIRST) for line in shown) == 1, (game_name, seed, shown)
                    marked = option_read(shown)  # the option as the display marks it, exactly
                    assert marked is not None and words([marked]) == said, (
                        f"{game_name} seed {seed}: OK applied {applied} ({said!r}), not the option the display "
                        f"{shown!r} marks ({marked!r})")
                    checked += 1
            else:
                uid = rng.choice(uids)
                device.answer_to(device.place(uid))
                device.lift(uid)
    finally:
        sim.close()
    return checked


@pytest.mark.parametrize("game_name,options", TABLES)
@pytest.mark.parametrize("seed_range", seeds(24, 2))
def test_ok_applies_only_an_option_the_display_shows(game_name: str, options: dict[str, Any],
                                                     seed_range: range) -> None:
    applied = sum(play_checking_ok(game_name, options, seed) for seed in seed_range)
    assert applied > 0  # the property was put to the test
