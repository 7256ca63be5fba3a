"""Game setup: everything needed, with the log, to rebuild a game exactly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import card_set
from .editions import Edition, edition as edition_named

MODES = ("digital", "physical")
VARIANTS = ("classic7", "classic8")  # Classic's; every edition names its own


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
    variant: str = ""  # "": the edition's default (classic7 in Classic)
    names: tuple[str, ...] = ()
    crowned: int = 1
    deck: str = ""  # "": the edition's own card set
    start: tuple[StartPosition, ...] | None = None
    edition: str = "classic"

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 7:
            raise ValueError(f"Citadels is played by 2 to 7 players, not {self.players}")
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {self.mode!r}")
        try:
            rules = edition_named(self.edition)
        except KeyError as exc:
            raise ValueError(exc.args[0]) from None
        if not self.variant:
            object.__setattr__(self, "variant", rules.default_variant)
        if not self.deck:
            object.__setattr__(self, "deck", rules.deck)
        if self.variant not in rules.variants:
            raise ValueError(f"the {rules.title} edition's variant must be one of {tuple(rules.variants)}, "
                             f"not {self.variant!r}")
        if not 1 <= self.crowned <= self.players:
            raise ValueError(f"the crowned seat must be 1..{self.players}, not {self.crowned}")
        if self.names and len(self.names) != self.players:
            raise ValueError(f"{len(self.names)} names given for {self.players} players")
        if self.start is not None and len(self.start) != self.players:
            raise ValueError(f"{len(self.start)} start positions given for {self.players} players")
        card_set(self.deck)  # raises KeyError naming the known decks

    @property
    def rules(self) -> Edition:
        """The edition (rule set) this game is played by."""
        return edition_named(self.edition)

    @property
    def complete_at(self) -> int:
        """City size that completes a city (Classic: 8 with 2-3 players or the classic8 variant)."""
        return self.rules.complete_at(self.players, self.variant)

    def seat_name(self, seat: int) -> str:
        return self.names[seat - 1] if self.names else f"Seat {seat}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": self.players, "seed": self.seed, "mode": self.mode,
            "variant": self.variant, "names": list(self.names), "crowned": self.crowned,
            "deck": self.deck,
        }
        if self.edition != "classic":  # a setup without an edition is Classic (stored games)
            out["edition"] = self.edition
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
            mode=str(data.get("mode", "digital")), variant=str(data.get("variant", "")),
            names=tuple(data.get("names", ())), crowned=int(data.get("crowned", 1)),
            deck=str(data.get("deck", "")), start=start, edition=str(data.get("edition", "classic")),
        )

