"""Thousands of seeded random games: invariants after every action, replay, views."""

from __future__ import annotations

import pytest

from hub.engine import Game, Setup
from hub.engine.bots import HeuristicBot, RandomBot
from tests.engine_support import check_events, check_invariants, check_views

GAMES_PER_COUNT = 170  # x 6 player counts x 2 modes x 1 bot = 2,040 random games


@pytest.mark.parametrize("mode", ["digital", "physical"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_random_games_keep_every_invariant(players: int, mode: str) -> None:
    for seed in range(GAMES_PER_COUNT):
        setup = Setup(players=players, seed=seed, mode=mode,
                      variant="classic8" if seed % 3 == 0 else "classic7",
                      deck="museum_quarry" if seed % 5 == 0 else "classic")
        game = Game.new(setup)
        bot = RandomBot(seed) if seed % 4 else HeuristicBot(seed)
        steps = 0
        while not game.over:
            events = game.apply(bot.choose(game))
            check_invariants(game)
            check_events(game, events)
            if steps % 7 == 0:
                check_views(game)
            steps += 1
            assert steps < 5000, "the game does not end"
        check_views(game)
        assert Game.replay(setup, list(game.log)).state_hash() == game.state_hash()
        assert game.result() is not None
