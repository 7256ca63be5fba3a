"""Bots playing a whole game, for every engine: the loop the simulator's engine-only mode,
the benchmarks and the random-game tests share. A game is anything with ``pending`` (who
must decide, or None when it is over), ``apply(action)`` and ``round``; a bot is anything
with ``choose(game)``.

A bot keeps no state: its choice follows from its seed and the game (who decides, how long
the log is), so a game replayed or resumed after a crash makes the same choices.
`RandomBot` is every engine's stateless random bot (`roll`, written out for speed)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from .rng import MASK64, mix64

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


def roll(seed: int, game: Any, salt: int = 0) -> int:
    """A well-mixed number made of the bot's seed, the deciding seat and the log's length
    alone (and a `salt` for a bot's second, independent roll at the same decision): a
    bot's dice, thrown again the same after a resume. Every engine's bots roll with it."""
    pending = game.pending
    # the length and the seat joined by |, as RandomBot does (the same as ^ below seat 16,
    # where their bits do not meet; past it, ^ would make another roll than the bot's)
    return mix64((seed * 0x100000001B3) ^ ((len(game.log) << 8) | ((pending.seat if pending else 0) << 4)) ^ salt)


class RandomBot:
    """Uniform over the legal options (or the `options` given), without a stream of its own:
    the option ``roll(seed, game) % len(options)``, the roll written out (it is the
    benchmarks' hot loop). A game may keep its options at hand in ``options_made``."""

    __slots__ = ("seed", "_mixed", "_low", "_high_product", "_by_seat", "_length_bits")

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        salted = (seed * 0x100000001B3) & MASK64  # the part of the roll's input that never changes
        mixed = self._mixed = salted ^ (salted >> 30)  # and mix64's first step on it, done once
        # the roll's varying bits v stay below bit 30 (a game of under 4 million actions), so
        # mixed ^ v = high + (low ^ v) and mix64's first product, mod 2**64, is
        # high * C + (low ^ v) * C: the first term is made here, the second is a small number's
        low = self._low = mixed & 0x3FFFFFFF
        self._high_product = ((mixed - low) * 0xBF58476D1CE4E5B9) & MASK64
        # and v's two parts touch separate bits (seat < 16: bits 4-7; log length < 2**22: bits
        # 8-29), so low ^ v = ((low & 0xFF) ^ seat << 4) + (((low >> 8) ^ length) << 8): the
        # product's seat part is looked up by seat, its length part is one small product
        self._by_seat = [self._high_product + ((low & 0xFF) ^ (seat << 4)) * 0xBF58476D1CE4E5B9 for seat in range(16)]
        self._length_bits = low >> 8

    def choose(self, game: Any, options: Any = None, hand: Any = None) -> Any:
        if options is None:
            try:
                options = game.options_made  # the options at hand (Citadels, The Builders): no call
            except AttributeError:  # a game that keeps none (Nim, a kit game)
                options = None
            if not options:
                options = game.legal_actions()
        n = len(options)
        if n == 1:  # one option: the roll cannot change the choice
            return options[0]
        pending = game.pending
        seat = pending[0] if pending else 0
        length = len(game.log)
        # mix64(salted ^ v), v = (length << 8) | (seat << 4), written out: mix64 starts with
        # z ^ (z >> 30), which is (salted ^ (salted >> 30)) ^ v ^ (v >> 30)
        if length < 0x400000 and seat < 16:  # v >> 30 is 0: see __init__ (a third of the big-integer work)
            z = (self._by_seat[seat] + (self._length_bits ^ length) * 0xBF58476D1CE4E5B900) & MASK64
        else:
            v = (length << 8) | (seat << 4)
            z = ((self._mixed ^ v ^ (v >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return options[(z ^ (z >> 31)) % n]


def check_per_seat(players: int, **per_seat: Any) -> None:
    """A setup's lists given seat by seat (``names``, ``start``; None: not given) must have
    one item per player; ValueError says which does not."""
    what = {"names": "names", "start": "start positions"}
    for key, items in per_seat.items():
        if items is not None and len(items) != players:
            raise ValueError(f"{len(items)} {what.get(key, key)} given for {players} players")
