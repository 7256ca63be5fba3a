"""Cities & Knights' progress cards for the hub's tag registry (`hub.games.tags`): the 54
cards, one id per copy (``S01a``, ``S01b``); the copies of a card print one face (any
Alchemist is an Alchemist: the adapter takes the copy the move needs, and once a move was
said with a tag, that tag stands for the card it named: `hub.games.kit.copies.CopyBinding`).

File format (JSON): ``{"version": 1, "game": "cities-knights", "deck": "progress", "tags":
{"04A1B2C3D4E580": "S01a", ...}}``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable

from hub.engine.cities_knights.cards import CARDS
from hub.games import tags
from hub.games.tags import CardCatalogue

from .words import card_name

DECK = "progress"


def virtual_uid(card: str) -> str:
    """A stable, realistic 7-byte NXP-style UID for a simulated card."""
    return "04" + hashlib.sha256(f"cities-knights:{card}".encode()).hexdigest().upper()[:12]


class ProgressCards(CardCatalogue):
    """The `hub.games.tags.Catalogue` of Cities & Knights: its progress cards."""

    game = "cities-knights"
    title = "Catan: Cities & Knights"
    default_deck = DECK

    def cards(self, deck: str) -> list[str]:
        if deck != DECK:
            raise KeyError(f"unknown deck {deck!r}: Cities & Knights has one deck of progress cards, {DECK!r}")
        return list(CARDS)

    def parse(self, text: str) -> str:
        if text not in CARDS:
            raise ValueError(f"{text!r} is not a progress card of Cities & Knights")
        return text

    def name(self, ref: str, lang: str = "en") -> str:
        return card_name(ref, lang)

    def face(self, ref: str) -> Hashable:
        return CARDS[ref].kind  # S01a and S01b: two Alchemists

    def virtual_uid(self, ref: str) -> str:
        return virtual_uid(ref)


class ProgressTags(tags.TagRegistry):
    """Which progress card each tag is glued to (``ProgressTags.virtual()``: the simulator's)."""

    catalogue = ProgressCards()
