"""The Builders' 84 cards for the hub's tag registry (`hub.games.tags`).

A card is its id in the registry file (``b07``, ``m3``, ``w25``). Cards that print the
same face are interchangeable at the table: the two copies of each machine (``m1``/``m5``
Circular Saw, ``m2``/``m6`` Crane, ``m3``/``m7`` Survey Tools, ``m4``/``m8`` Tile Oven) and
the two craftsmen with one of each resource (``w25``/``w26``). Where the rules want a
Crane, either Crane's tag is taken; the adapter keeps which physical card stands for which
card of the rules (`hub.games.kit.copies.CopyBinding`).

File format (JSON): ``{"version": 1, "game": "builders", "deck": "builders", "tags":
{"04A1B2C3D4E580": "b07", ...}}`` (files written before the registry was the hub's have
no ``deck``: they are read as they are).
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable

from hub.engine.builders.cards import ALL_CARDS
from hub.games import tags
from hub.games.tags import CardCatalogue

from .words import card_name

DECK = "builders"


def virtual_uid(card: str) -> str:
    """A stable, realistic 7-byte NXP-style UID for a simulated card."""
    return "04" + hashlib.sha256(f"builders:{card}".encode()).hexdigest().upper()[:12]


class BuildersCards(CardCatalogue):
    """The `hub.games.tags.Catalogue` of The Builders: one deck of 84 cards."""

    game = "builders"
    title = "The Builders: Middle Ages"
    default_deck = DECK

    def cards(self, deck: str) -> list[str]:
        if deck != DECK:
            raise KeyError(f"unknown deck {deck!r}: The Builders has one deck, {DECK!r}")
        return list(ALL_CARDS)

    def parse(self, text: str) -> str:
        if text not in ALL_CARDS:
            raise ValueError(f"{text!r} is not a card of The Builders")
        return text

    def name(self, ref: str, lang: str = "en") -> str:
        return card_name(ref, lang)

    def face(self, ref: str) -> Hashable:
        return card_name(ref, "en")  # the printed name (a worker's: its type and outputs)

    def virtual_uid(self, ref: str) -> str:
        return virtual_uid(ref)


CARDS = BuildersCards()


class BuildersTags(tags.TagRegistry):
    """Which card of The Builders each tag is glued to (``BuildersTags.virtual()``: the simulator's)."""

    catalogue = CARDS


def label(card: str) -> str:
    """How a person is asked for a card: its name, and which copy when several cards
    print the same ("Circular Saw (copy 2 of 2)", "Craftsman S1W1K1T1 (copy 1 of 2)")."""
    return CARDS.label(card, DECK)
