"""Nim with one pile, "take the last stone": the smallest game the table hosts, and the
template a new game's author copies (its table side is `hub.games.nim`).

The seats take turns, seat 1 first, each taking 1 or 2 stones from one pile; whoever
takes the last stone wins. Pure rules, like every engine: standard library only, no I/O,
no clock, no global random. What the template shows:

- actions are `TextAction`s with a text round-trip: ``"1 take 2"``, and the table's undo
  ``"0 void misread card"``, which takes back the last take that stands;
- the state is the log replayed (`NimGame.replay`); the views say everything a page shows;
- bots keep no state (`hub.engine.play.RandomBot`): a resumed game makes the same choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from hub.engine.actions import IllegalAction, TextAction, is_void
from hub.engine.play import RandomBot, make_bot as pick_bot

MAX_TAKE = 2
NimRefusal = IllegalAction  # a move the rules refuse, with a stable code (``not_your_turn``, ``too_many``...)


class Take(TextAction):
    """``"1 take 2"``: seat 1 takes 2 stones; ``"0 void <reason...>"``: the table's undo."""

    VERBS = ("take", "void")
    EXAMPLE = "1 take 2"

    @classmethod
    def of(cls, seat: int, n: int) -> Take:
        return cls(seat, "take", (str(n),))

    @property
    def n(self) -> int:
        return int(self.args[0])


class Decision(NamedTuple):
    seat: int
    kind: str


@dataclass(frozen=True)
class Took:
    """An event: `seat` took `n`, `left` stones remain."""

    seat: int
    n: int
    left: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": "took", "seat": self.seat, "n": self.n, "left": self.left}


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
    """One pile; the seats take turns, seat 1 first. `log` is every action, undos
    included; `takes` the takes that stand."""

    def __init__(self, setup: NimSetup) -> None:
        self.setup = setup
        self.n = setup.players
        self.stones = setup.stones
        self.log: list[Take] = []
        self.takes: list[Take] = []

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
        return self.takes[-1].seat if self.over else None

    @property
    def pending(self) -> Decision | None:
        return None if self.over else Decision(1 + len(self.takes) % self.n, "take")

    def legal_actions(self) -> list[Take]:
        pending = self.pending
        return [] if pending is None else [Take.of(pending.seat, k) for k in range(1, min(MAX_TAKE, self.stones) + 1)]

    def apply(self, action: Take | str) -> list[Took]:
        action = Take.parse(action) if isinstance(action, str) else action
        if is_void(action):
            if not self.takes:
                raise IllegalAction("nothing_to_undo", "there is no take to undo")
            self.stones += self.takes.pop().n
            self.log.append(action)
            return []
        pending = self.pending
        if pending is None:
            raise IllegalAction("game_over", "no stones left")
        if action.seat != pending.seat:
            raise IllegalAction("not_your_turn", f"seat {pending.seat} takes now")
        if action not in self.legal_actions():
            raise IllegalAction("too_many", f"take 1 or {MAX_TAKE}, at most the {self.stones} stones left")
        self.stones -= action.n
        self.takes.append(action)
        self.log.append(action)
        return [Took(action.seat, action.n, self.stones)]

    def public_view(self) -> dict[str, Any]:
        pending = self.pending
        names = self.setup.names
        return {"stones": self.stones, "winner": self.winner, "over": self.over,
                "pending": None if pending is None else {"seat": pending.seat, "kind": pending.kind},
                "seats": [{"seat": s, "name": names[s - 1] if s <= len(names) else f"Seat {s}"}
                          for s in range(1, self.n + 1)]}

    def seat_view(self, seat: int) -> dict[str, Any]:
        """The public view and the seat's own (``you``): its options, the stones it took."""
        return {**self.public_view(), "you": {"seat": seat, "taken": sum(t.n for t in self.takes if t.seat == seat),
                                              "options": [str(a) for a in self.legal_actions() if a.seat == seat]}}


def perfect_take(game: NimGame) -> int:
    """The winning move where there is one (leave a multiple of 3), else 1."""
    return game.stones % (MAX_TAKE + 1) or 1


class PerfectBot:
    """The winning move when there is one, else the smallest."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: NimGame) -> Take:
        options = game.legal_actions()
        want = perfect_take(game)
        return next((a for a in options if a.n == want), options[0])


BOTS = {"perfect": PerfectBot, "random": RandomBot}


def make_bot(kind: str, seed: int) -> Any:
    return pick_bot(BOTS, kind, seed)
