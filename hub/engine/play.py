"""Bots playing a whole game, for every engine: the loop the simulator's engine-only mode,
the benchmarks and the random-game tests share. A game is anything with ``pending`` (who
must decide, or None when it is over), ``apply(action)`` and ``round``; a bot is anything
with ``choose(game)``.

A bot keeps no state: its choice follows from its seed and the game (who decides, how long
the log is), so a game replayed or resumed after a crash makes the same choices.
`RandomBot` is every engine's stateless random bot."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from .rng import mix64

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


def roll(seed: int, game: Any) -> int:
    """A well-mixed number made of the bot's seed, the deciding seat and the log's length
    alone: a bot's dice, thrown again the same after a resume."""
    pending = game.pending
    return mix64((seed * 0x100000001B3) ^ (len(game.log) << 8) ^ ((pending.seat if pending else 0) << 4))


class RandomBot:
    """Uniform over the legal options (or the `options` given), without a stream of its own."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Any, options: list[Any] | None = None) -> Any:
        options = options if options is not None else game.legal_actions()
        return options[roll(self.seed, game) % len(options)]


def check_per_seat(players: int, **per_seat: Any) -> None:
    """A setup's lists given seat by seat (``names``, ``start``; None: not given) must have
    one item per player; ValueError says which does not."""
    what = {"names": "names", "start": "start positions"}
    for key, items in per_seat.items():
        if items is not None and len(items) != players:
            raise ValueError(f"{len(items)} {what.get(key, key)} given for {players} players")
