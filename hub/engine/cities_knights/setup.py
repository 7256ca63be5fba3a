"""Game setup: everything needed, with the log, to rebuild a game exactly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MIN_PLAYERS, MAX_PLAYERS = 3, 4
DICE_MODES = ("hub", "physical")


@dataclass(frozen=True)
class Setup:
    """``dice``: "hub" (the hub rolls, seeded, when the seat presses OK) or "physical" (the
    table rolls its own dice and enters them at the seat). ``first``: the seat that plays
    first. Every seat starts as after the setup placement: 1 settlement and 1 city (3 VP)."""

    players: int
    seed: int = 0
    names: tuple[str, ...] = ()
    dice: str = "hub"
    first: int = 1

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"Cities & Knights is refereed for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                             f"not {self.players}")
        if self.dice not in DICE_MODES:
            raise ValueError(f"dice are {' or '.join(DICE_MODES)}, not {self.dice!r}")
        if not 1 <= self.first <= self.players:
            raise ValueError(f"the first player must be a seat 1..{self.players}, not {self.first}")
        if self.names and len(self.names) != self.players:
            raise ValueError(f"{len(self.names)} names given for {self.players} players")

    def seat_name(self, seat: int) -> str:
        return self.names[seat - 1] if self.names else f"Seat {seat}"

    def to_json(self) -> dict[str, Any]:
        return {"game": "cities-knights", "players": self.players, "seed": self.seed, "names": list(self.names),
                "dice": self.dice, "first": self.first}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        return cls(players=int(data["players"]), seed=int(data.get("seed", 0)), names=tuple(data.get("names", ())),
                   dice=str(data.get("dice", "hub")), first=int(data.get("first", 1)))
