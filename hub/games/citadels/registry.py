"""Tag registry: which physical card each RFID tag UID is glued to.

A UID says nothing by itself; the registry maps it to one physical copy (the 3rd Manor,
the King). File format (JSON, written atomically after every enrolled card so an
interrupted enrollment resumes where it stopped):

    {"version": 1, "deck": "classic", "tags": {"04A1B2C3D4E580": "district:manor:3", ...}}
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from hub.engine.citadels.cards import CHARACTERS, card_set


class CardRef(NamedTuple):
    kind: str  # "district" | "character"
    id: str
    copy: int = 1

    def __str__(self) -> str:
        return f"{self.kind}:{self.id}:{self.copy}" if self.kind == "district" else f"character:{self.id}"

    @classmethod
    def parse(cls, text: str) -> CardRef:
        parts = text.split(":")
        if parts[0] == "character" and len(parts) == 2:
            return cls("character", parts[1])
        if parts[0] == "district" and len(parts) == 3 and parts[2].isdigit():
            return cls("district", parts[1], int(parts[2]))
        raise ValueError(f"{text!r} is not 'district:<id>:<copy>' or 'character:<id>'")

    def label(self, deck: str = "classic") -> str:
        """How a person is asked for this card: 'Manor (copy 3 of 5)'."""
        if self.kind == "character":
            return next(c.name for c in CHARACTERS if c.id == self.id)
        d = card_set(deck).districts[self.id]
        return f"{d.name} (copy {self.copy} of {d.copies})" if d.copies > 1 else d.name


def all_cards(deck: str = "classic") -> list[CardRef]:
    """Every physical card of a table, in enrollment order: characters, then districts."""
    refs = [CardRef("character", c.id) for c in CHARACTERS]
    for d in card_set(deck).districts.values():
        refs.extend(CardRef("district", d.id, k) for k in range(1, d.copies + 1))
    return refs


def virtual_uid(ref: CardRef) -> str:
    """A stable, realistic 7-byte NXP-style UID for a simulated card."""
    digest = hashlib.sha256(str(ref).encode()).hexdigest().upper()
    return "04" + digest[:12]


@functools.cache
def _virtual_tags(deck: str) -> dict[str, CardRef]:
    """Every card of `deck` by its virtual UID, hashed once per process (every simulated
    table, e.g. each game of `sim --games N`, starts from the same registry)."""
    return {virtual_uid(ref): ref for ref in all_cards(deck)}


@dataclass
class TagRegistry:
    deck: str
    tags: dict[str, CardRef]

    @classmethod
    def empty(cls, deck: str = "classic") -> TagRegistry:
        return cls(deck, {})

    @classmethod
    def virtual(cls, deck: str = "classic") -> TagRegistry:
        """The simulator's registry: every card with a made-up but fixed UID."""
        return cls(deck, dict(_virtual_tags(deck)))  # a copy: a registry's tags may be edited

    @classmethod
    def load(cls, path: str | Path) -> TagRegistry:
        """Read a registry file; any unusable file is one ValueError/FileNotFoundError line."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise FileNotFoundError(f"tag registry {path} not found: run 'citadels-hub enroll --tags {path}'") from None
        except IsADirectoryError:
            raise ValueError(f"tag registry {path} is a folder, not a file") from None
        except PermissionError:
            raise ValueError(f"tag registry {path} cannot be read (permission denied)") from None
        except OSError as exc:
            raise ValueError(f"tag registry {path} cannot be read ({exc.strerror or exc})") from None
        except UnicodeDecodeError:
            raise ValueError(f"tag registry {path} is not a text file") from None
        except (json.JSONDecodeError, RecursionError) as exc:
            raise ValueError(f"tag registry {path} is not valid JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(data.get("tags"), dict):
            raise ValueError(f"tag registry {path} is not a version-1 registry "
                             "(expected {\"version\": 1, \"deck\": ..., \"tags\": {...}})")
        deck = data.get("deck", "classic")
        try:
            known = set(all_cards(deck)) if isinstance(deck, str) else None
        except KeyError:
            known = None
        if known is None:
            raise ValueError(f"tag registry {path} names an unknown deck {deck!r}")
        tags: dict[str, CardRef] = {}
        for uid, text in data["tags"].items():
            try:
                ref = CardRef.parse(text) if isinstance(text, str) else None
            except ValueError:
                ref = None
            if ref not in known:
                raise ValueError(f"tag registry {path}: tag {uid} is glued to {text!r}, not a card of deck {deck}")
            tags[uid.upper()] = ref
        return cls(deck, tags)

    def save(self, path: str | Path) -> None:
        path = Path(path)
        body = json.dumps({"version": 1, "deck": self.deck, "tags": {u: str(r) for u, r in self.tags.items()}},
                          indent=1, sort_keys=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent or ".", prefix=".tags-")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(body)
        os.replace(tmp, path)

    def lookup(self, uid: str) -> CardRef | None:
        return self.tags.get(uid.upper())

    def uid_of(self, ref: CardRef) -> str | None:
        for uid, r in self.tags.items():
            if r == ref:
                return uid
        return None


class Enrollment:
    """Walk a person through tapping every card once; pure logic, fed UIDs from a reader."""

    def __init__(self, registry: TagRegistry) -> None:
        self.registry = registry
        enrolled = set(registry.tags.values())
        self.todo = [ref for ref in all_cards(registry.deck) if ref not in enrolled]

    @property
    def done(self) -> bool:
        return not self.todo

    def next_card(self) -> CardRef | None:
        return self.todo[0] if self.todo else None

    def prompt(self) -> str:
        ref = self.next_card()
        total = len(all_cards(self.registry.deck))
        if ref is None:
            return f"All {total} cards are enrolled."
        return f"Tap {ref.label(self.registry.deck)} ({total - len(self.todo) + 1}/{total})"

    def offer(self, uid: str) -> tuple[bool, str]:
        """Enroll ``uid`` as the card asked for; refuse a UID already enrolled."""
        uid = uid.upper()
        ref = self.next_card()
        if ref is None:
            return False, "every card is already enrolled"
        known = self.registry.lookup(uid)
        if known is not None:
            return False, f"that tag is already enrolled as {known.label(self.registry.deck)}"
        self.registry.tags[uid] = ref
        self.todo.pop(0)
        return True, f"{ref.label(self.registry.deck)} enrolled"
