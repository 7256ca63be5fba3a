"""Tag registries: which physical card each RFID tag UID is glued to, for any game.

A UID says nothing by itself; the registry maps it to one physical card of a game's
catalogue (`Catalogue`: which cards a deck has, how a card is written in the file and
asked for). File format (JSON, written atomically after every enrolled card so an
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
from collections.abc import Hashable
from typing import Any, ClassVar, Protocol


class Catalogue(Hashable, Protocol):
    """A game's cards as its registry knows them. A card (`ref`) is a hashable value whose
    ``str()`` is its form in the registry file."""

    default_deck: str

    def cards(self, deck: str) -> list[Any]: ...  # every physical card of a deck, in enrollment order (KeyError: no such deck)
    def parse(self, text: str) -> Any: ...  # a card read back from the file (ValueError if it is none)
    def label(self, ref: Any, deck: str) -> str: ...  # how a person is asked for it: "Manor (copy 3 of 5)"


def virtual_uid(ref: Any) -> str:
    """A stable, realistic 7-byte NXP-style UID for a simulated card."""
    digest = hashlib.sha256(str(ref).encode()).hexdigest().upper()
    return "04" + digest[:12]


@functools.cache
def _virtual_tags(catalogue: Catalogue, deck: str) -> dict[str, Any]:
    """Every card of `deck` by its virtual UID, hashed once per process (every simulated
    table, e.g. each game of `sim --games N`, starts from the same registry)."""
    return {virtual_uid(ref): ref for ref in catalogue.cards(deck)}


@dataclass
class TagRegistry:
    """UID -> card, for one deck of one game's `catalogue` (a game's subclass names it)."""

    deck: str
    tags: dict[str, Any]
    catalogue: ClassVar[Catalogue]

    @classmethod
    def empty(cls, deck: str | None = None) -> TagRegistry:
        return cls(deck or cls.catalogue.default_deck, {})

    @classmethod
    def virtual(cls, deck: str | None = None) -> TagRegistry:
        """The simulator's registry: every card with a made-up but fixed UID."""
        deck = deck or cls.catalogue.default_deck
        return cls(deck, dict(_virtual_tags(cls.catalogue, deck)))  # a copy: a registry's tags may be edited

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
        deck = data.get("deck", cls.catalogue.default_deck)
        try:
            known = set(cls.catalogue.cards(deck)) if isinstance(deck, str) else None
        except KeyError:
            known = None
        if known is None:
            raise ValueError(f"tag registry {path} names an unknown deck {deck!r}")
        tags: dict[str, Any] = {}
        for uid, text in data["tags"].items():
            try:
                ref = cls.catalogue.parse(text) if isinstance(text, str) else None
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

    def lookup(self, uid: str) -> Any:
        """The card glued to `uid`, or None."""
        return self.tags.get(uid.upper())

    def uid_of(self, ref: Any) -> str | None:
        for uid, r in self.tags.items():
            if r == ref:
                return uid
        return None

    def label(self, ref: Any) -> str:
        return self.catalogue.label(ref, self.deck)


class Enrollment:
    """Walk a person through tapping every card once; pure logic, fed UIDs from a reader."""

    def __init__(self, registry: TagRegistry) -> None:
        self.registry = registry
        enrolled = set(registry.tags.values())
        self.todo = [ref for ref in registry.catalogue.cards(registry.deck) if ref not in enrolled]

    @property
    def done(self) -> bool:
        return not self.todo

    def next_card(self) -> Any:
        return self.todo[0] if self.todo else None

    def prompt(self) -> str:
        ref = self.next_card()
        total = len(self.registry.catalogue.cards(self.registry.deck))
        if ref is None:
            return f"All {total} cards are enrolled."
        return f"Tap {self.registry.label(ref)} ({total - len(self.todo) + 1}/{total})"

    def offer(self, uid: str) -> tuple[bool, str]:
        """Enroll ``uid`` as the card asked for; refuse a UID already enrolled."""
        uid = uid.upper()
        ref = self.next_card()
        if ref is None:
            return False, "every card is already enrolled"
        known = self.registry.lookup(uid)
        if known is not None:
            return False, f"that tag is already enrolled as {self.registry.label(known)}"
        self.registry.tags[uid] = ref
        self.todo.pop(0)
        return True, f"{self.registry.label(ref)} enrolled"
