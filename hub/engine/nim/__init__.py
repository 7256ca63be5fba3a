"""Nim with one pile, "take the last stone": the smallest game the table hosts, and the
template a new game's author copies (its table side is `hub.games.nim`).

The seats take turns, seat 1 first, each taking 1 or 2 stones from one pile; whoever
takes the last stone wins. Pure rules, like every engine: standard library only, no I/O,
no clock, no global random (the random bot draws from the seeded `hub.engine.rng`).
Actions are small values with a text round-trip: ``Take(1, 2)`` is ``"1 take 2"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from hub.engine.rng import SplitMix64
from hub.errors import HubError

MAX_TAKE = 2


class NimRefusal(HubError):
    """A move the rules refuse, with a stable code (``not_your_turn``, ``too_many``...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message, text=message)


class Take(NamedTuple):
    """An action: `seat` takes `n` stones. Text form: ``"1 take 2"``."""

    seat: int
    n: int

    def __str__(self) -> str:
        return f"{self.seat} take {self.n}"

    @classmethod
    def parse(cls, text: str) -> Take:
        parts = str(text).split()
        if len(parts) != 3 or parts[1] != "take" or not parts[0].isdigit() or not parts[2].isdigit():
            raise NimRefusal("bad_action", f"cannot read {text!r}: say '<seat> take <n>'")
        return cls(int(parts[0]), int(parts[2]))


class Decision(NamedTuple):
    seat: int
    kind: str


@dataclass(frozen=True)
class Took:
    """An event: `seat` took `n`, `left` stones remain."""

    seat: int
    n: int
    left: int


@dataclass(frozen=True)
class NimSetup:
    """What a game is before its first move (stored as JSON with the game)."""

    players: int = 2
    seed: int = 0
    stones: int = 7
    mode: str = "physical"
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ValueError(f"Nim takes 2 to 4 players, not {self.players}")
        if not 1 <= self.stones <= 99:
            raise ValueError(f"a pile holds 1 to 99 stones, not {self.stones}")

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "seed": self.seed, "stones": self.stones, "mode": self.mode,
                "names": list(self.names)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NimSetup:
        return cls(players=int(data["players"]), seed=int(data.get("seed", 0)), stones=int(data.get("stones", 7)),
                   mode=str(data.get("mode", "physical")), names=tuple(str(n) for n in data.get("names", ())))


class NimGame:
    """One pile; the seats take turns, seat 1 first."""

    def __init__(self, setup: NimSetup) -> None:
        self.setup = setup
        self.n = setup.players
        self.stones = setup.stones
        self.log: list[Take] = []

    @classmethod
    def replay(cls, setup: NimSetup, log: Sequence[Take | str]) -> NimGame:
        game = cls(setup)
        for action in log:
            game.apply(action)
        return game

    @property
    def over(self) -> bool:
        return self.stones == 0

    @property
    def winner(self) -> int | None:
        return self.log[-1].seat if self.over else None

    @property
    def pending(self) -> Decision | None:
        return None if self.over else Decision(1 + len(self.log) % self.n, "take")

    def legal_actions(self) -> list[Take]:
        pending = self.pending
        return [] if pending is None else [Take(pending.seat, k) for k in range(1, MAX_TAKE + 1) if k <= self.stones]

    def apply(self, action: Take | str) -> list[Took]:
        if isinstance(action, str):
            action = Take.parse(action)
        pending = self.pending
        if pending is None:
            raise NimRefusal("game_over", "no stones left")
        if action.seat != pending.seat:
            raise NimRefusal("not_your_turn", f"seat {pending.seat} takes now")
        if action not in self.legal_actions():
            raise NimRefusal("too_many", f"take 1 or {MAX_TAKE}, at most the {self.stones} stones left")
        self.stones -= action.n
        self.log.append(action)
        return [Took(action.seat, action.n, self.stones)]

    def public_view(self) -> dict[str, Any]:
        pending = self.pending
        names = self.setup.names
        return {"stones": self.stones, "winner": self.winner, "over": self.over,
                "pending": None if pending is None else {"seat": pending.seat, "kind": pending.kind},  # whose turn: the hub's plain pages show it
                "seats": [{"seat": s, "name": names[s - 1] if s <= len(names) else f"Seat {s}"}
                          for s in range(1, self.n + 1)]}

    def seat_view(self, seat: int) -> dict[str, Any]:
        return {**self.public_view(),
                "you": {"seat": seat, "options": [str(a) for a in self.legal_actions() if a.seat == seat]}}


def perfect_take(game: NimGame) -> int:
    """The winning move where there is one (leave a multiple of 3), else 1."""
    return game.stones % (MAX_TAKE + 1) or 1


class Bot:
    """``perfect`` plays the winning move when there is one; ``random`` any legal move,
    drawn from its own seeded generator."""

    def __init__(self, kind: str, seed: int) -> None:
        if kind not in BOTS:
            raise ValueError(f"no Nim bot {kind!r}: {', '.join(BOTS)}")
        self.kind = kind
        self.rng = SplitMix64(seed)

    def choose(self, game: NimGame) -> Take:
        options = game.legal_actions()
        if self.kind == "perfect":
            want = perfect_take(game)
            return next((a for a in options if a.n == want), options[0])
        return options[self.rng.below(len(options))]


BOTS = ("perfect", "random")


def play(game: NimGame, bot: Bot) -> NimGame:
    """Play `game` to its end, every seat by `bot`."""
    while not game.over:
        game.apply(bot.choose(game))
    return game
