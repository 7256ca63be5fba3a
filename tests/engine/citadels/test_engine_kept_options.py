"""What a game keeps between decisions stays in step with what it would make afresh.

For speed the engine keeps some of a turn's options instead of making them at every
decision (``hub/engine/citadels/game.py``): a fixed ability's options (the Assassin's, the Thief's)
for the turn, the Warlord's priced targets until a city changes, each city's districts as
a set; and it makes a digital turn's build options in one loop. Over seeded games of both
editions, digital and physical, with corrections, every decision's options must be the
ones made from scratch, so a kept list that went stale fails here.
"""

from __future__ import annotations

import pytest

from hub.engine.citadels import Action, Game, Setup
from hub.engine.citadels.bots import Bot, HeuristicBot, RandomBot
from hub.engine.citadels.state import OUT_OF_REACH


def fresh_turn_options(game: Game) -> list[Action]:
    """The turn's options with nothing kept: the ability asked again, the Warlord's targets priced again."""
    assert game.pending is not None
    kept = game._ability_kept, game._destroy_kept
    game._ability_kept = None if game._ability.verbs else []
    game._destroy_kept = None
    try:
        return game._turn_options(game.pending.seat)
    finally:
        game._ability_kept, game._destroy_kept = kept


def build_options_from_scratch(game: Game) -> list[Action]:
    """A digital turn's build options by the rule: each distinct card of the hand, in the hand's
    order, that the gold pays for and (without a Quarry) is not in the city yet."""
    assert game.pending is not None
    p = game.player(game.pending.seat)
    if not game.gathered or game.builds_left <= 0 or p.hand_size <= 0 or len(p.city) >= game.complete_at:
        return []
    dupes_ok = "duplicates" in p.effects
    return [Action(p.seat, "build", (c,)) for c in dict.fromkeys(p.hand)
            if game.district(c).cost <= p.gold and (dupes_ok or c not in p.city)]


def play_comparing(setup: Setup, bot: Bot) -> int:
    """Play a game, comparing at every turn decision; returns the decisions compared."""
    game = Game.new(setup)
    compared = steps = 0
    while game.pending is not None:
        assert all(p.in_city == set(p.city) for p in game.players)
        assert all(p.build_price == {c: OUT_OF_REACH if c in p.city else cost for c, cost in game._cost.items()}
                   for p in game.players)
        options = game.legal_actions()
        if game.pending.kind == "turn":
            assert options == fresh_turn_options(game), (setup, [str(a) for a in game.log])
            if game.digital:
                assert [a for a in options if a.verb == "build"] == build_options_from_scratch(game)
            compared += 1
        game.apply(bot.choose(game))
        steps += 1
        if steps == 60 and setup.seed % 3 == 0:  # a correction rebuilds the game from its log
            game.apply("0 void")
        assert steps < 5000, "the game does not end"
    return compared


@pytest.mark.parametrize("edition", ["classic", "2000"])
@pytest.mark.parametrize("mode", ["digital", "physical"])
def test_kept_options_are_the_options_made_afresh(edition: str, mode: str) -> None:
    compared = 0
    for players in range(2, 8):
        for seed in range(12):
            deck = "museum_quarry" if edition == "classic" and seed % 3 == 1 else ""
            setup = Setup(players=players, seed=seed, mode=mode, edition=edition, deck=deck)
            compared += play_comparing(setup, RandomBot(seed) if seed % 2 else HeuristicBot(seed))
    assert compared > 5000


def test_a_stale_kept_list_is_caught() -> None:
    """The comparison above sees a Warlord's kept targets that a change should have dropped."""
    game = Game.new(Setup(players=4, seed=3))
    bot = RandomBot(3)
    while not (game.pending is not None and game.pending.kind == "turn" and game.turn_char == "warlord"
               and any(a.verb == "destroy" for a in fresh_turn_options(game))):
        game.apply(bot.choose(game))
        assert game.pending is not None, "no Warlord with a target in this game"
    game._destroy_kept = []  # kept from before the cities had anything to destroy
    assert game._turn_options(game.turn_seat) != fresh_turn_options(game)
