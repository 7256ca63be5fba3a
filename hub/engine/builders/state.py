"""A seat's holdings (``Player``) and who must decide what (``Decision``)."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, Protocol

from .actions import Action
from .cards import BUILDINGS, CREW, Amounts
from .setup import Setup

DecisionKind = Literal["turn"]
END_POINTS = 17  # a player at this many points at the end of a turn starts the last round


class Decision(NamedTuple):
    seat: int
    kind: DecisionKind  # a Builders decision is always a turn


class Player:
    """One seat: its coins, its idle workers (``crew``, finished machines included), its
    sites under construction (building -> the workers on it, in the order sent) and its
    finished buildings. ``machines`` lists the finished machines it owns: they are in
    ``crew`` or on a site, where they work, and they score their points wherever they are.
    ``points`` counts them (``points_of``), kept by the engine as each one is finished
    rather than summed at every turn's end; ``lacking`` is what each site still needs
    (``missing`` of its workers' output), kept as workers are sent."""

    __slots__ = ("seat", "coins", "crew", "sites", "finished", "machines", "turns", "points", "lacking")

    def __init__(self, seat: int, coins: int = 10) -> None:
        self.seat = seat
        self.coins = coins
        self.crew: list[str] = []
        self.sites: dict[str, list[str]] = {}
        self.finished: list[str] = []
        self.machines: list[str] = []
        self.turns = 0
        self.points = 0  # from finished buildings and machines (coins do not count)
        self.lacking: dict[str, Amounts] = {}  # site -> the stone, wood, knowledge and tile it still needs

    def snapshot(self) -> dict[str, Any]:
        return {"seat": self.seat, "coins": self.coins, "crew": list(self.crew),
                "sites": [[b, *ws] for b, ws in self.sites.items()], "finished": list(self.finished),
                "machines": list(self.machines), "turns": self.turns}


def points_of(p: Player) -> int:
    """Points from a seat's finished buildings and machines, counted afresh."""
    return sum(BUILDINGS[b].points for b in p.finished) + sum(BUILDINGS[m].points for m in p.machines)


def output(workers: list[str]) -> Amounts:
    """The stone, wood, knowledge and tile that ``workers`` produce together."""
    s = w = k = t = 0
    for card in workers:
        a, b, c, d = CREW[card].output
        s, w, k, t = s + a, w + b, k + c, t + d
    return (s, w, k, t)


def meets(have: Amounts, needs: Amounts) -> bool:
    """True when ``have`` meets or exceeds each of the four ``needs``."""
    return have[0] >= needs[0] and have[1] >= needs[1] and have[2] >= needs[2] and have[3] >= needs[3]


def missing(have: Amounts, needs: Amounts) -> Amounts:
    a, b, c, d = (max(0, n - h) for h, n in zip(have, needs))
    return (a, b, c, d)


class GameState(Protocol):
    """The game as the refusals and views read it (``game.Game`` is the one implementation;
    they type their argument with this so that they need not import ``game``)."""

    n: int
    players: list[Player]
    building_row: list[str]
    worker_row: list[str]
    building_deck: list[str]
    worker_deck: list[str]
    first: int
    round: int
    turn_seat: int
    actions: int
    bought: int
    sent: dict[str, int]
    last_round: str | None
    ended_by: int
    pending: Decision | None
    log: list[Action]

    @property
    def setup(self) -> Setup: ...

    @property
    def over(self) -> bool: ...

    @property
    def last_seat(self) -> int: ...

    def player(self, seat: int) -> Player: ...

    def send_cost(self, site: str) -> int: ...

    def cost_of(self, action: Action) -> dict[str, int]: ...

    def legal_actions(self) -> list[Action]: ...

    def result(self) -> dict[str, Any] | None: ...
