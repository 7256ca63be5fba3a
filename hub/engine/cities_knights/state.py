"""A seat's holdings as the hub knows them (``Player``, ``Knight``) and who must decide
what (``Decision``)."""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import COLOURS

PIECES = {"settlement": 5, "city": 4, "wall": 3}  # per player (PDFK)
KNIGHTS_PER_LEVEL = 2  # 2 basic, 2 strong, 2 mighty (UBG-R)
KNIGHT_NAMES = {1: "basic", 2: "strong", 3: "mighty"}


class Decision(NamedTuple):
    """``kind``: roll, turn, draw, discard, take, reward, confirm, pillage, desert, deserter;
    ``about``: the colour to draw, or the seat a decision concerns."""

    seat: int
    kind: str
    about: str = ""


class Knight:
    """One knight on the board: its level (1-3), whether it is active, whether it was
    activated this turn (``fresh``: it cannot act) and promoted this turn."""

    __slots__ = ("level", "active", "fresh", "promoted")

    def __init__(self, level: int = 1, active: bool = False) -> None:
        self.level = level
        self.active = active
        self.fresh = False
        self.promoted = False

    @property
    def token(self) -> str:
        """"2a": a strong active knight; "1i": a basic inactive one."""
        return f"{self.level}{'a' if self.active else 'i'}"

    def snapshot(self) -> list[Any]:
        return [self.level, self.active, self.fresh, self.promoted]


class Player:
    """What the hub knows of one seat: pieces reported on the board (``sided``: cities laid
    on their side after a pillage with no settlement piece left), knights, improvement
    levels, progress cards in hand, VP cards face up, Defender of Catan cards."""

    __slots__ = ("seat", "settlements", "cities", "sided", "walls", "knights", "levels", "hand", "vp_cards",
                 "defender", "played")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.settlements = 1
        self.cities = 1  # metropolises included
        self.sided = 0
        self.walls = 0
        self.knights: list[Knight] = []
        self.levels = dict.fromkeys(COLOURS, 0)
        self.hand: list[str] = []
        self.vp_cards: list[str] = []
        self.defender = 0
        self.played = 0

    @property
    def strength(self) -> int:
        """The active knights' strength."""
        return sum(k.level for k in self.knights if k.active)

    def on_board(self, level: int) -> int:
        return sum(1 for k in self.knights if k.level == level)

    def snapshot(self) -> dict[str, Any]:
        return {"seat": self.seat, "settlements": self.settlements, "cities": self.cities, "sided": self.sided,
                "walls": self.walls, "knights": [k.snapshot() for k in self.knights], "levels": dict(self.levels),
                "hand": list(self.hand), "vp_cards": list(self.vp_cards), "defender": self.defender,
                "played": self.played}
