"""Bots playing a whole game, for every engine: the loop the simulator's engine-only mode,
the benchmarks and the random-game tests share. A game is anything with ``pending`` (who
must decide, or None when it is over), ``apply(action)`` and ``round``; a bot is anything
with ``choose(game)``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

B = TypeVar("B")
G = TypeVar("G", bound="Playable")


class Playable(Protocol):
    @property
    def pending(self) -> Any: ...
    @property
    def round(self) -> int: ...
    def apply(self, action: Any) -> Any: ...


def play(game: G, bots: dict[int, Any] | Any, max_actions: int = 100_000) -> G:
    """Let bots play until the game is over (or the action budget runs out): one bot for
    every seat, or a bot per seat."""
    for _ in range(max_actions):
        pending = game.pending
        if pending is None:
            return game
        bot = bots[pending.seat] if isinstance(bots, dict) else bots
        game.apply(bot.choose(game))
    raise RuntimeError(f"no end after {max_actions} actions (round {game.round})")


def make_bot(kinds: Mapping[str, Callable[[int], B]], kind: str, seed: int) -> B:
    """The bot of kind `kind` seeded with `seed`; ValueError names the kinds there are."""
    try:
        return kinds[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}: {' or '.join(kinds)}") from None
