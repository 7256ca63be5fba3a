"""Tag registries: which physical card each RFID tag UID is glued to, for every game.

A UID says nothing by itself; the registry maps it to one physical card of a game's
catalogue. A game declares its cards once (`Catalogue`, usually a `CardCatalogue`): which
cards each of its decks has, in enrollment order, how a card is written in the file, how a
person is asked for it, and its *face*: cards that print the same face (two Cranes, five
Manors) are interchangeable at the table, so where the rules want "a Crane" any Crane tag
is taken (`TagRegistry.same_face`). One file format for every game (JSON, written
atomically after every enrolled card so an interrupted enrollment resumes where it stopped):

    {"version": 1, "game": "builders", "deck": "builders", "tags": {"04A1B2C3D4E580": "m2", ...}}

A file without ``"game"`` is the game whose catalogue says it writes such files
(``unnamed_files``: Citadels', whose files said only their deck); a file of another game
is refused in one line that says whose it is.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol


class Catalogue(Hashable, Protocol):
    """A game's cards as its registry knows them. A card (`ref`) is a hashable value whose
    ``str()`` is its form in the registry file."""

    game: str  # the plug-in's name, written in the file: a file of another game is refused
    title: str  # how people name the game ("The Builders: Middle Ages")
    default_deck: str
    unnamed_files: bool  # a file that names no game is this game's (files older than the "game" key)

    def cards(self, deck: str) -> list[Any]: ...  # every physical card of a deck, in enrollment order (KeyError: no such deck)
    def parse(self, text: str) -> Any: ...  # a card read back from the file (ValueError if it is none)
    def label(self, ref: Any, deck: str) -> str: ...  # how a person is asked for it: "Manor (copy 3 of 5)"
    def name(self, ref: Any, lang: str = "en") -> str: ...  # its name in en, zh-Hant or zh-Hans
    def face(self, ref: Any) -> Hashable: ...  # what the card prints: cards of one face are interchangeable
    def virtual_uid(self, ref: Any) -> str: ...  # the simulator's made-up but fixed UID of a card


def virtual_uid(ref: Any) -> str:
    """A stable, realistic 7-byte NXP-style UID for a simulated card."""
    digest = hashlib.sha256(str(ref).encode()).hexdigest().upper()
    return "04" + digest[:12]


class CardCatalogue:
    """The defaults a game's catalogue starts from: one deck, each card its own face unless
    ``face`` says otherwise, asked for by ``name`` and, when several cards of the deck print
    the same face, by copy ("Crane (copy 2 of 2)")."""

    game: str = ""
    title: str = ""
    default_deck: str = ""
    unnamed_files: bool = False

    def cards(self, deck: str) -> list[Any]:
        raise NotImplementedError

    def parse(self, text: str) -> Any:
        return text

    def name(self, ref: Any, lang: str = "en") -> str:
        """The card as people name it, in `lang` (en, zh-Hant, zh-Hans) where the game has words."""
        return str(ref)

    def face(self, ref: Any) -> Hashable:
        return ref  # type: ignore[no-any-return]

    def label(self, ref: Any, deck: str) -> str:
        same = _same_face(self, deck).get(self.face(ref), (ref,))
        return self.name(ref) if len(same) == 1 else f"{self.name(ref)} (copy {same.index(ref) + 1} of {len(same)})"

    def virtual_uid(self, ref: Any) -> str:
        return virtual_uid(ref)


class OneDeckCatalogue(CardCatalogue):
    """The catalogue of a game with one deck, declared rather than written: its cards in
    enrollment order, how they are named (`name(ref, lang)`) and, where several print one
    face, what they print (default: the English name). A card's form in the file is its id;
    a simulated card's UID is hashed from the game and the id (``virtual_uid`` to say
    otherwise)."""

    def __init__(self, *, game: str, title: str, deck: str, cards: Iterable[str], name: Callable[[str, str], str],
                 face: Callable[[str], Hashable] | None = None,
                 virtual_uid: Callable[[str], str] | None = None) -> None:
        self.game, self.title, self.default_deck = game, title, deck
        self.listed = tuple(cards)
        self.known = frozenset(self.listed)
        self.naming, self.facing, self.uid_maker = name, face, virtual_uid

    def cards(self, deck: str) -> list[str]:
        if deck != self.default_deck:
            raise KeyError(f"unknown deck {deck!r}: {self.title} has one deck, {self.default_deck!r}")
        return list(self.listed)

    def parse(self, text: str) -> str:
        if text not in self.known:
            raise ValueError(f"{text!r} is not a card of {self.title}")
        return text

    def name(self, ref: str, lang: str = "en") -> str:
        return self.naming(ref, lang)

    def face(self, ref: str) -> Hashable:
        return self.facing(ref) if self.facing else self.naming(ref, "en")

    def virtual_uid(self, ref: str) -> str:
        return self.uid_maker(ref) if self.uid_maker else virtual_uid(f"{self.game}:{ref}")


@functools.cache
def _same_face(catalogue: Catalogue, deck: str) -> dict[Hashable, tuple[Any, ...]]:
    """Every face of a deck -> its cards in enrollment order (computed once per process)."""
    faces: dict[Hashable, list[Any]] = {}
    for ref in catalogue.cards(deck):
        faces.setdefault(catalogue.face(ref), []).append(ref)
    return {face: tuple(refs) for face, refs in faces.items()}


@functools.cache
def _virtual_tags(catalogue: Catalogue, deck: str) -> dict[str, Any]:
    """Every card of `deck` by its virtual UID, hashed once per process (every simulated
    table, e.g. each game of `sim --games N`, starts from the same registry)."""
    return {catalogue.virtual_uid(ref): ref for ref in catalogue.cards(deck)}


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
        catalogue = cls.catalogue
        enroll = f"citadels-hub enroll --game {catalogue.game} --tags {path}"
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise FileNotFoundError(f"tag registry {path} not found: run '{enroll}'") from None
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
                             "(expected {\"version\": 1, \"game\": ..., \"tags\": {...}})")
        game = data.get("game")
        if game != catalogue.game and not (game is None and catalogue.unnamed_files):
            whose = f"of {game}" if isinstance(game, str) and game else "of another game"
            raise ValueError(f"tag registry {path} holds the cards {whose}, not of {catalogue.game}: enroll "
                             f"the cards of {catalogue.title} into a file of their own "
                             f"(citadels-hub enroll --game {catalogue.game} --tags FILE)")
        deck = data.get("deck", catalogue.default_deck)
        try:
            known = set(catalogue.cards(deck)) if isinstance(deck, str) else None
        except KeyError:
            known = None
        if known is None:
            raise ValueError(f"tag registry {path} names an unknown deck {deck!r}")
        tags: dict[str, Any] = {}
        for uid, text in data["tags"].items():
            try:
                ref = catalogue.parse(text) if isinstance(text, str) else None
            except ValueError:
                ref = None
            if ref not in known:
                raise ValueError(f"tag registry {path}: tag {uid} is glued to {text!r}, not a card of deck {deck}")
            tags[uid.upper()] = ref
        return cls(deck, tags)

    def save(self, path: str | Path) -> None:
        path = Path(path)
        body = json.dumps({"version": 1, "game": self.catalogue.game, "deck": self.deck,
                           "tags": {u: str(r) for u, r in self.tags.items()}}, indent=1, sort_keys=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent or ".", prefix=".tags-")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(body + "\n")
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

    def same_face(self, ref: Any) -> tuple[Any, ...]:
        """The cards of this deck that print the same face as `ref`, `ref` first: any of
        them will do where the rules want that face."""
        same = _same_face(self.catalogue, self.deck).get(self.catalogue.face(ref), ())
        return (ref, *(other for other in same if other != ref))

    def missing(self) -> list[Any]:
        """The cards no tag stands for yet, in enrollment order (none: enrollment is complete)."""
        enrolled = set(self.tags.values())
        return [ref for ref in self.catalogue.cards(self.deck) if ref not in enrolled]


class Enrollment:
    """Walk a person through tapping every card once; pure logic, fed UIDs from a reader."""

    def __init__(self, registry: TagRegistry) -> None:
        self.registry = registry
        self.todo = registry.missing()
        self.total = len(registry.catalogue.cards(registry.deck))

    @property
    def done(self) -> bool:
        return not self.todo

    def next_card(self) -> Any:
        return self.todo[0] if self.todo else None

    def prompt(self) -> str:
        ref = self.next_card()
        if ref is None:
            return f"All {self.total} cards are enrolled."
        return f"Tap {self.registry.label(ref)} ({self.total - len(self.todo) + 1}/{self.total})"

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


def card_names(registry: TagRegistry) -> dict[str, list[str]]:
    """Each tag's card by the label enrollment asks for it by ("Crane (copy 2 of 2)"),
    then its name, its form in the file and, for a card printed more than once, its name
    and copy ("Crane 2", as Citadels' "Manor 3"): what a maker types to the soft seat
    (`GamePlugin.card_names`) for a game that needs nothing more."""
    catalogue = registry.catalogue
    order = {ref: n for n, ref in enumerate(catalogue.cards(registry.deck))}
    faces = _same_face(catalogue, registry.deck)
    names: dict[str, list[str]] = {}
    for uid, ref in sorted(registry.tags.items(), key=lambda item: (order.get(item[1], 0), item[0])):
        keys = [registry.label(ref), catalogue.name(ref), str(ref)]
        same = faces.get(catalogue.face(ref), (ref,))
        if len(same) > 1:
            keys.append(f"{catalogue.name(ref)} {same.index(ref) + 1}")
        names[uid] = keys
    return names
