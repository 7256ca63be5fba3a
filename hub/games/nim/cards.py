"""Nim's cards for the hub's tag registry (`hub.games.tags`): stone cards, three for each
of the four seats, all printing one face (any stone takes one stone). In the registry file
a stone is ``stone:<seat>:<k>``; enrolled with ``citadels-hub enroll --game nim``. A tag
whose UID starts with ``5707`` ("stone") is a stone even when no file lists it: the
simulator's stones and the tests' are such tags."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hub.games.tags import OneDeckCatalogue, TagRegistry

STONE = "5707"
DECK = "stones"
SEATS, PER_SEAT = 4, 3
STONE_NAMES = {"en": "Stone", "zh-Hant": "石子", "zh-Hans": "石子"}


def stone_uid(ref: str) -> str:
    """A simulated stone's UID: ``5707``, its seat and its number (a stone at sight)."""
    _, seat, k = ref.split(":")
    return f"{STONE}{int(seat):02d}{int(k):08d}"


CARDS = OneDeckCatalogue(game="nim", title="Nim", deck=DECK,
                         cards=[f"stone:{seat}:{k}" for seat in range(1, SEATS + 1) for k in range(1, PER_SEAT + 1)],
                         name=lambda ref, lang: STONE_NAMES.get(lang, "Stone"), face=lambda ref: "stone",
                         virtual_uid=stone_uid)  # twelve stones of one face


@dataclass
class StoneTags(TagRegistry):
    """Nim's tag registry: which tags are stones (all of a seat's stone cards)."""

    deck: str = DECK
    tags: dict[str, Any] = field(default_factory=dict)
    catalogue = CARDS

    @classmethod
    def for_seats(cls, seats: int) -> StoneTags:
        """The simulator's stones: three for each seat in play, with made-up fixed UIDs."""
        return cls(DECK, {CARDS.virtual_uid(ref): ref for ref in CARDS.cards(DECK)
                          if int(ref.split(":")[1]) <= seats})

    def is_stone(self, uid: str) -> bool:
        return uid.upper() in self.tags or uid.upper().startswith(STONE)

    def stone_of(self, seat: int) -> str:
        return next(uid for uid, ref in self.tags.items() if ref.startswith(f"stone:{seat}:"))


def card_names(registry: StoneTags) -> dict[str, list[str]]:
    """Each stone by its label ("Stone (copy 4 of 12)"), then "stone 4": what a maker types
    to the soft seat."""
    order = CARDS.cards(DECK)
    return {uid: [registry.label(ref), f"stone {order.index(ref) + 1}", ref]
            for uid, ref in sorted(registry.tags.items(), key=lambda item: order.index(item[1]))}
