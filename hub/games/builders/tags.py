"""The Builders' 84 cards for the hub's tag registry (`hub.games.tags`).

A card is its id in the registry file (``b07``, ``m3``, ``w25``). Cards that print the
same face are interchangeable at the table: the two copies of each machine (``m1``/``m5``
Circular Saw, ``m2``/``m6`` Crane, ``m3``/``m7`` Survey Tools, ``m4``/``m8`` Tile Oven) and
the two craftsmen with one of each resource (``w25``/``w26``): their printed name (a
worker's: its type and outputs) is their face. Where the rules want a Crane, either
Crane's tag is taken; the adapter keeps which physical card stands for which card of the
rules (`hub.games.kit.copies.CopyBinding`).

File format (JSON): ``{"version": 1, "game": "builders", "deck": "builders", "tags":
{"04A1B2C3D4E580": "b07", ...}}`` (files written before the registry was the hub's have
no ``deck``: they are read as they are).
"""

from __future__ import annotations

from hub.engine.builders.cards import ALL_CARDS
from hub.games.tags import OneDeckCatalogue, TagRegistry

from .words import card_name

DECK = "builders"
CARDS = OneDeckCatalogue(game="builders", title="The Builders: Middle Ages", deck=DECK, cards=ALL_CARDS, name=card_name)
virtual_uid = CARDS.virtual_uid  # a stable, realistic 7-byte NXP-style UID for a simulated card


class BuildersTags(TagRegistry):
    """Which card of The Builders each tag is glued to (``BuildersTags.virtual()``: the simulator's)."""

    catalogue = CARDS


def label(card: str) -> str:
    """How a person is asked for a card: its name, and which copy when several cards
    print the same ("Circular Saw (copy 2 of 2)", "Craftsman S1W1K1T1 (copy 1 of 2)")."""
    return CARDS.label(card, DECK)
