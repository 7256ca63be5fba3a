"""The random bot's roll, computed with its constant half made once, is SplitMix64's."""

from __future__ import annotations

from typing import cast

from hub.engine.citadels import Action, Decision, Game
from hub.engine.citadels.bots import RandomBot, _roll


class LogOfLength:
    """A log only as long as a test needs (``len`` is all the roll reads of it)."""

    def __init__(self, length: int) -> None:
        self.length = length

    def __len__(self) -> int:
        return self.length


class GameStub:
    def __init__(self, length: int, seat: int) -> None:
        self.log = LogOfLength(length)
        self.pending = Decision(seat, "turn")


def test_the_random_bots_choice_is_the_roll_of_mix64() -> None:
    options = [Action(1, "build", (str(k),)) for k in range(37)]
    lengths = [*range(0, 600, 7), (1 << 22) - 1, 1 << 22, (1 << 22) + 5, 1 << 40]  # v past bit 30 too
    big_seeds = [(k * 0x9E3779B97F4A7C15) % 2**64 for k in range(1, 40)]  # every bit of the salt in play
    for seed in [0, 1, 2, 99, 2**63 + 5, *range(1000, 1010), *big_seeds]:
        bot = RandomBot(seed)
        for length in lengths:
            for seat in (*range(1, 8), 15, 16, 17, 40):  # (15: the last seat of the bot's table by seat)
                game = cast(Game, GameStub(length, seat))
                for n in (2, 3, 7, 37):
                    assert bot.choose(game, options[:n]) == options[_roll(seed, game) % n]
