"""Game setup: everything needed, with the log, to rebuild a game exactly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hub.engine.play import check_per_seat

from .cards import BUILDINGS, WORKERS

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # the box's


@dataclass(frozen=True)
class StartPosition:
    """A scripted starting position for one seat (scenario tests, a game set up by hand).

    ``crew``: idle workers (finished machines included); ``sites``: (building, its
    workers...) per site under construction; ``finished``: finished buildings. A seat
    with a start position gets no random apprentice."""

    coins: int = 10
    crew: tuple[str, ...] = ()
    sites: tuple[tuple[str, ...], ...] = ()
    finished: tuple[str, ...] = ()

    def cards(self) -> list[str]:
        return [*self.crew, *(c for site in self.sites for c in site), *self.finished]

    def to_json(self) -> dict[str, Any]:
        return {"coins": self.coins, "crew": list(self.crew), "sites": [list(s) for s in self.sites],
                "finished": list(self.finished)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StartPosition:
        return cls(coins=int(data.get("coins", 10)), crew=tuple(data.get("crew", ())),
                   sites=tuple(tuple(s) for s in data.get("sites", ())), finished=tuple(data.get("finished", ())))


@dataclass(frozen=True)
class Setup:
    """``first``: the first player's seat, 0 to draw it at random (the rulebook's way).
    ``start`` and ``rows`` script a position: the cards they name are taken out before
    the decks are shuffled; ``rows`` are the face-up buildings and workers laid first."""

    players: int
    seed: int = 0
    names: tuple[str, ...] = ()
    first: int = 0
    start: tuple[StartPosition, ...] | None = None
    rows: tuple[tuple[str, ...], tuple[str, ...]] | None = None

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"The Builders is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}")
        if not 0 <= self.first <= self.players:
            raise ValueError(f"the first player must be a seat 1..{self.players} (or 0: at random), not {self.first}")
        check_per_seat(self.players, names=self.names or None, start=self.start)
        named = [c for pos in self.start or () for c in pos.cards()]
        if self.rows is not None:
            if len(self.rows) != 2 or any(len(row) > 5 for row in self.rows):
                raise ValueError("rows are (buildings, workers), at most 5 cards each")
            if any(c not in BUILDINGS for c in self.rows[0]) or any(c not in WORKERS for c in self.rows[1]):
                raise ValueError("the first row holds buildings, the second workers")
            named += [*self.rows[0], *self.rows[1]]
        for pos in self.start or ():
            for site in pos.sites:
                if not site or site[0] not in BUILDINGS:
                    raise ValueError(f"a site starts with its building, not {site!r}")
            if any(c not in BUILDINGS for c in pos.finished):
                raise ValueError(f"finished cards must be buildings: {pos.finished!r}")
            if pos.coins < 0:
                raise ValueError("a seat's coins cannot be negative")
        unknown = [c for c in named if c not in BUILDINGS and c not in WORKERS]
        if unknown:
            raise ValueError(f"unknown cards: {unknown}")
        if len(set(named)) != len(named):
            raise ValueError("a card is named twice in the start positions or rows")

    def seat_name(self, seat: int) -> str:
        return self.names[seat - 1] if self.names else f"Seat {seat}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": "builders", "players": self.players, "seed": self.seed,
                               "names": list(self.names), "first": self.first}
        if self.start is not None:
            out["start"] = [p.to_json() for p in self.start]
        if self.rows is not None:
            out["rows"] = [list(self.rows[0]), list(self.rows[1])]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        start = None if data.get("start") is None else tuple(StartPosition.from_json(p) for p in data["start"])
        rows = None if data.get("rows") is None else (tuple(data["rows"][0]), tuple(data["rows"][1]))
        return cls(players=int(data["players"]), seed=int(data.get("seed", 0)), names=tuple(data.get("names", ())),
                   first=int(data.get("first", 0)), start=start, rows=rows)
