"""Which card each tag UID is glued to, for The Builders' 84 cards.

A UID says nothing by itself: the map says which card id (``b07``, ``m3``, ``w25``) it
stands for. Several tags may stand for the same card id (a replacement tag, a second
copy), and two cards that print the same worker (``w25`` and ``w26``, craftsmen with one
of each resource) are the same worker to the rules: the adapter takes whichever of them
lies where the move needs it (``same_worker``).

File format (JSON): ``{"version": 1, "game": "builders", "tags": {"04A1B2C3D4E580": "b07", ...}}``.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from hub.engine.builders.cards import ALL_CARDS, WORKERS


def virtual_uid(card: str) -> str:
    """A stable, realistic 7-byte NXP-style UID for a simulated card."""
    return "04" + hashlib.sha256(f"builders:{card}".encode()).hexdigest().upper()[:12]


def same_worker(card: str) -> tuple[str, ...]:
    """The worker cards that print the same worker as ``card`` (type and outputs), itself first."""
    if card not in WORKERS:
        return (card,)
    w = WORKERS[card]
    return (card, *(o.id for o in WORKERS.values() if o.id != card and (o.type, o.output) == (w.type, w.output)))


class BuildersTags:
    """UID -> card id. ``virtual()`` is the simulator's: one tag per card (``virtual_uid``)."""

    def __init__(self, tags: dict[str, str]) -> None:
        unknown = sorted(set(tags.values()) - set(ALL_CARDS))
        if unknown:
            raise ValueError(f"tags name cards The Builders does not have: {unknown}")
        self.tags = {uid.upper(): card for uid, card in tags.items()}
        self.uid_of: dict[str, str] = {}
        for uid, card in self.tags.items():
            self.uid_of.setdefault(card, uid)

    @classmethod
    def virtual(cls) -> BuildersTags:
        return cls({virtual_uid(card): card for card in ALL_CARDS})

    @classmethod
    def load(cls, path: Path) -> BuildersTags:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != 1 or data.get("game") != "builders":
            raise ValueError(f"{path}: not a version 1 tag file of The Builders")
        return cls(dict(data["tags"]))

    def save(self, path: Path) -> None:
        """Write the file atomically (an interrupted enrollment resumes from it)."""
        data = json.dumps({"version": 1, "game": "builders", "tags": self.tags}, indent=1, sort_keys=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data + "\n")
        os.replace(tmp, path)

    def add(self, uid: str, card: str) -> None:
        self.tags[uid.upper()] = card
        self.uid_of.setdefault(card, uid.upper())

    def lookup(self, uid: str) -> str | None:
        return self.tags.get(uid.upper())

    def missing(self) -> list[str]:
        """The cards no tag stands for yet (enrollment is complete when this is empty)."""
        return [card for card in ALL_CARDS if card not in self.uid_of]
