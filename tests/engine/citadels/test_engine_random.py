"""Thousands of seeded random games: invariants after every action, replay, views."""

from __future__ import annotations

import pytest

from hub.engine.citadels import Game, Setup
from hub.engine.citadels.bots import Bot, HeuristicBot, RandomBot
from tests.engine_support import check_events, check_invariants, check_views

pytestmark = pytest.mark.slow  # 2,760 random games


def play_checked(setup: Setup, bot: Bot) -> Game:
    """Play a whole game, checking the invariants after every action; replay(log) == state."""
    game = Game.new(setup)
    steps = 0
    while not game.over:
        events = game.apply(bot.choose(game))
        check_invariants(game)
        check_events(game, events)
        assert all(e.data["character"] in game.in_game for e in events if e.kind == "called")
        if steps % 7 == 0:
            check_views(game)
        steps += 1
        assert steps < 5000, "the game does not end"
    check_views(game)
    assert Game.replay(setup, list(game.log)).state_hash() == game.state_hash()
    return game


GAMES_PER_COUNT = 170  # x 6 player counts x 2 modes x 1 bot = 2,040 random games


@pytest.mark.parametrize("mode", ["digital", "physical"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_random_games_keep_every_invariant(players: int, mode: str) -> None:
    for seed in range(GAMES_PER_COUNT):
        setup = Setup(players=players, seed=seed, mode=mode,
                      variant="classic8" if seed % 3 == 0 else "classic7",
                      deck="museum_quarry" if seed % 5 == 0 else "classic")
        game = play_checked(setup, RandomBot(seed) if seed % 4 else HeuristicBot(seed))
        assert game.result() is not None


EDITION_GAMES_PER_COUNT = 60  # x 6 player counts x 2 modes = 720 random games of the 2000 edition


@pytest.mark.parametrize("mode", ["digital", "physical"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_random_games_of_the_2000_edition_keep_every_invariant(players: int, mode: str) -> None:
    for seed in range(EDITION_GAMES_PER_COUNT):
        setup = Setup(players=players, seed=seed, mode=mode, edition="2000",
                      variant="short" if seed % 3 == 0 else "standard")
        game = play_checked(setup, RandomBot(seed) if seed % 4 else HeuristicBot(seed))
        assert Game.replay(Setup.from_json(setup.to_json()), list(game.log)).state_hash() == game.state_hash()
        result = game.result()
        assert result is not None and max(len(p.city) for p in game.players) == game.complete_at
