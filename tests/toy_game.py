"""A second game for the table kernel: "Take the last stone" (Nim with one pile).

Two seats take turns taking 1 or 2 stones from a pile; whoever takes the last stone wins.
A *stone card* (any tag whose UID starts with ``5707``, "stone") laid on a reader takes one stone;
the buttons cycle through "take 1" / "take 2". It exists only to show that a game other
than Citadels is hosted by `hub.kernel.Table` through its own small adapter, the kernel
untouched (tests/test_kernel.py). Pure rules here, no I/O, like hub/engine. Its adapter
subclasses `GameAdapter` and keeps its defaults for what the toy does not need."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from hub.errors import HubError
from hub.kernel import GameAdapter

STONE = "5707"  # the UID prefix of stone cards


class ToyRefusal(HubError):
    """The toy's coded refusals."""


class Take(NamedTuple):
    """An action: `seat` takes `n` stones. Text form: ``"1 take 2"``."""

    seat: int
    n: int

    def __str__(self) -> str:
        return f"{self.seat} take {self.n}"

    @classmethod
    def parse(cls, text: str) -> Take:
        try:
            seat, verb, n = text.split()
            assert verb == "take"
            return cls(int(seat), int(n))
        except (ValueError, AssertionError):
            raise ToyRefusal("bad_action", f"cannot read {text!r}: say '<seat> take <n>'") from None


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
class ToySetup:
    stones: int = 7


class ToyGame:
    """One pile, two seats, seat 1 starts."""

    n = 2

    def __init__(self, setup: ToySetup) -> None:
        self.setup = setup
        self.stones = setup.stones
        self.log: list[Take] = []
        self.apply_threads: list[str] = []  # which thread applied each action (the one-hub-thread check)

    @classmethod
    def replay(cls, setup: ToySetup, log: Sequence[Take]) -> ToyGame:
        game = cls(setup)
        for action in log:
            game.apply(action)
        return game

    @property
    def over(self) -> bool:
        return self.stones == 0

    @property
    def pending(self) -> Decision | None:
        return None if self.over else Decision(1 + len(self.log) % 2, "take")

    def legal_actions(self) -> list[Take]:
        pending = self.pending
        return [] if pending is None else [Take(pending.seat, k) for k in (1, 2) if k <= self.stones]

    def apply(self, action: Take) -> list[Took]:
        if self.over:
            raise ToyRefusal("game_over", "no stones left")
        seat = 1 + len(self.log) % 2  # who takes now (the game is not over)
        if action.seat != seat:
            raise ToyRefusal("not_your_turn", f"seat {seat} takes now")
        if action not in self.legal_actions():
            raise ToyRefusal("too_many", f"only {self.stones} stones left")
        self.apply_threads.append(threading.current_thread().name)
        self.stones -= action.n
        self.log.append(action)
        return [Took(action.seat, action.n, self.stones)]

    def public_view(self) -> dict[str, Any]:
        winner = self.log[-1].seat if self.over else None
        return {"stones": self.stones, "winner": winner, "seats": [{"seat": s} for s in (1, 2)]}

    def seat_view(self, seat: int) -> dict[str, Any]:
        return {**self.public_view(), "you": {"seat": seat, "options": [str(a) for a in self.legal_actions()
                                                                       if a.seat == seat]}}


class ToyAdapter(GameAdapter[ToyGame]):
    """`hub.kernel.GameAdapter` for `ToyGame`: stone cards and buttons -> `Take`. The
    defaults serve for the rest (buttons cycle the legal actions, views are the game's)."""

    refusals: tuple[type[HubError], ...] = (ToyRefusal,)

    def replay(self, setup: ToySetup, log: Sequence[Take]) -> ToyGame:
        return ToyGame.replay(setup, log)

    def new_setup(self, config: dict[str, Any], current: ToyGame) -> ToySetup:
        return ToySetup(stones=int(config["stones"]))

    def opening_events(self, game: ToyGame) -> list[dict[str, Any]]:
        return [{"kind": "pile", "stones": game.stones}]

    def card_action(self, game: ToyGame, seat: int, uid: str) -> Take:
        if not uid.startswith(STONE):
            raise ToyRefusal("unknown_tag", "not a stone card")
        return Take(seat, 1)

    def read_action(self, game: ToyGame, text: str) -> Take:
        return Take.parse(text)

    def feedback(self, public: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
        return [(e["seat"], {"text": [f"{e['left']} stones left"]}) for e in public if e["left"] == 0]

    def public_events(self, events: Sequence[Took]) -> list[dict[str, Any]]:
        return [{"kind": "took", "seat": e.seat, "n": e.n, "left": e.left} for e in events]

    def prompt_lines(self, game: ToyGame, options: list[Take]) -> list[str]:
        return ["Your turn", f"{game.stones} stones"]

    def waiting_display(self, game: ToyGame) -> dict[str, Any]:
        return {"led": "white" if game.over else "off", "text": ["Game over" if game.over else "Wait"]}

    def misplaced(self, game: ToyGame, seat: int, uids: list[str]) -> list[str]:
        return [f"{uid} is no stone: lift it" for uid in uids if not uid.startswith(STONE)]

    def hint(self, game: ToyGame, seat: int) -> str:
        return "use_buttons"

    def describe(self, action: Take) -> str:
        return f"Take {action.n}"

    def status(self, game: ToyGame) -> dict[str, Any]:
        return {"stones": game.stones}
