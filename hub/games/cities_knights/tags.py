"""Which progress card each tag UID is glued to (the 54 cards, one id per copy: ``S01a``).

File format (JSON): ``{"version": 1, "game": "cities-knights", "tags": {"04A1B2C3D4E580": "S01a", ...}}``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from hub.engine.cities_knights.cards import CARDS


def virtual_uid(card: str) -> str:
    """A stable, realistic 7-byte NXP-style UID for a simulated card."""
    return "04" + hashlib.sha256(f"cities-knights:{card}".encode()).hexdigest().upper()[:12]


class ProgressTags:
    """UID -> progress card id. ``virtual()`` is the simulator's: one tag per card."""

    def __init__(self, tags: dict[str, str]) -> None:
        unknown = sorted(set(tags.values()) - set(CARDS))
        if unknown:
            raise ValueError(f"tags name cards Cities & Knights does not have: {unknown}")
        self.tags = {uid.upper(): card for uid, card in tags.items()}
        self.uid_of: dict[str, str] = {}
        for uid, card in self.tags.items():
            self.uid_of.setdefault(card, uid)

    @classmethod
    def virtual(cls) -> ProgressTags:
        return cls({virtual_uid(card): card for card in CARDS})

    @classmethod
    def load(cls, path: Path) -> ProgressTags:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != 1 or data.get("game") != "cities-knights":
            raise ValueError(f"{path}: not a version 1 tag file of Cities & Knights")
        return cls(dict(data["tags"]))

    def lookup(self, uid: str) -> str | None:
        return self.tags.get(uid.upper())

    def missing(self) -> list[str]:
        return [card for card in CARDS if card not in self.uid_of]
