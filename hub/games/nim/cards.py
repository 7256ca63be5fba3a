"""Nim's cards: stones, any number of them, each an RFID tag whose UID starts with
``5707`` ("stone"). A registry file lists none: every such tag is a stone."""

from __future__ import annotations

from dataclasses import dataclass, field

STONE = "5707"


@dataclass
class StoneTags:
    """Nim's tag registry: which tags are stones (all of a seat's stone cards)."""

    tags: dict[str, str] = field(default_factory=dict)

    @classmethod
    def virtual(cls, seats: int) -> StoneTags:
        """The simulator's stones: three for each seat, with made-up fixed UIDs."""
        return cls({f"{STONE}{seat:02d}{k:08d}": f"stone:{seat}:{k}" for seat in range(1, seats + 1)
                    for k in range(1, 4)})

    @classmethod
    def load(cls, path: str) -> StoneTags:
        return cls()  # every stone is known by its UID

    def is_stone(self, uid: str) -> bool:
        return uid.upper().startswith(STONE)

    def stone_of(self, seat: int) -> str:
        return next(uid for uid, ref in self.tags.items() if ref.startswith(f"stone:{seat}:"))
