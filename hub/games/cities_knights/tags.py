"""Cities & Knights' progress cards for the hub's tag registry (`hub.games.tags`): the 54
cards, one id per copy (``S01a``, ``S01b``); the copies of a card print one face (any
Alchemist is an Alchemist: the adapter takes the copy the move needs, and once a move was
said with a tag, that tag stands for the card it named: `hub.games.kit.copies.CopyBinding`).

File format (JSON): ``{"version": 1, "game": "cities-knights", "deck": "progress", "tags":
{"04A1B2C3D4E580": "S01a", ...}}``.
"""

from __future__ import annotations

from hub.engine.cities_knights.cards import CARDS
from hub.games.tags import OneDeckCatalogue, TagRegistry

from .words import card_name

DECK = "progress"
PROGRESS_CARDS = OneDeckCatalogue(game="cities-knights", title="Catan: Cities & Knights", deck=DECK, cards=CARDS,
                                  name=card_name, face=lambda ref: CARDS[ref].kind)  # S01a and S01b: two Alchemists


class ProgressTags(TagRegistry):
    """Which progress card each tag is glued to (``ProgressTags.virtual()``: the simulator's)."""

    catalogue = PROGRESS_CARDS
