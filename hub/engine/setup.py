"""Game setup: everything needed, with the log, to rebuild a game exactly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import card_set

MODES = ("digital", "physical")
VARIANTS = ("classic7", "classic8")


@dataclass(frozen=True)
class StartPosition:
    """A scripted starting position for one seat (scenario tests, table corrections).

    ``hand`` lists known cards (digital mode: the whole hand); ``hand_size`` is used in
    physical mode when the cards are not known.
    """

    gold: int = 2
    city: tuple[str, ...] = ()
    hand: tuple[str, ...] | None = None
    hand_size: int | None = None


@dataclass(frozen=True)
class Setup:
    players: int
    seed: int = 0
    mode: str = "digital"
    variant: str = "classic7"
    names: tuple[str, ...] = ()
    crowned: int = 1
    deck: str = "classic"
    start: tuple[StartPosition, ...] | None = None

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 7:
            raise ValueError(f"Citadels is played by 2 to 7 players, not {self.players}")
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {self.mode!r}")
        if self.variant not in VARIANTS:
            raise ValueError(f"variant must be one of {VARIANTS}, not {self.variant!r}")
        if not 1 <= self.crowned <= self.players:
            raise ValueError(f"the crowned seat must be 1..{self.players}, not {self.crowned}")
        if self.names and len(self.names) != self.players:
            raise ValueError(f"{len(self.names)} names given for {self.players} players")
        if self.start is not None and len(self.start) != self.players:
            raise ValueError(f"{len(self.start)} start positions given for {self.players} players")
        card_set(self.deck)  # raises KeyError naming the known decks

    @property
    def complete_at(self) -> int:
        """City size that completes a city (8 with 2-3 players or the classic variant)."""
        return 8 if self.players <= 3 or self.variant == "classic8" else 7

    def seat_name(self, seat: int) -> str:
        return self.names[seat - 1] if self.names else f"Seat {seat}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": self.players, "seed": self.seed, "mode": self.mode,
            "variant": self.variant, "names": list(self.names), "crowned": self.crowned,
            "deck": self.deck,
        }
        if self.start is not None:
            out["start"] = [
                {"gold": p.gold, "city": list(p.city),
                 "hand": None if p.hand is None else list(p.hand), "hand_size": p.hand_size}
                for p in self.start
            ]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        start = None
        if data.get("start") is not None:
            start = tuple(
                StartPosition(
                    gold=int(p.get("gold", 2)), city=tuple(p.get("city", ())),
                    hand=None if p.get("hand") is None else tuple(p["hand"]),
                    hand_size=p.get("hand_size"),
                )
                for p in data["start"]
            )
        return cls(
            players=int(data["players"]), seed=int(data.get("seed", 0)),
            mode=str(data.get("mode", "digital")), variant=str(data.get("variant", "classic7")),
            names=tuple(data.get("names", ())), crowned=int(data.get("crowned", 1)),
            deck=str(data.get("deck", "classic")), start=start,
        )

