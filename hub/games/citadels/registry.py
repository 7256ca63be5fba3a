"""Citadels' cards for the tag registry (`hub.games.tags`): the characters, one card
each, and every copy of every district of a deck. In the registry file a card is
``character:<id>`` or ``district:<id>:<copy>``; the copies of a district print one face
(any Manor is a Manor to the rules: the table keeps which copy lies where)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

from hub.engine.citadels.cards import CHARACTERS, card_set
from hub.games import tags
from hub.games.tags import CardCatalogue, Enrollment, virtual_uid

__all__ = ["CARDS", "CardRef", "Enrollment", "TagRegistry", "all_cards", "virtual_uid"]


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


class CitadelsCards(CardCatalogue):
    """The `hub.games.tags.Catalogue` of Citadels (its files written before the registry
    named its game say only their deck: ``unnamed_files``)."""

    game = "citadels"
    title = "Citadels"
    default_deck = "classic"
    unnamed_files = True

    def cards(self, deck: str) -> list[CardRef]:
        return all_cards(deck)

    def parse(self, text: str) -> CardRef:
        return CardRef.parse(text)

    def label(self, ref: CardRef, deck: str) -> str:
        return ref.label(deck)

    def name(self, ref: CardRef, lang: str = "en") -> str:
        from .texts import card_name  # the words load on first use, not with the registry

        return card_name(ref.id, lang)

    def face(self, ref: CardRef) -> Hashable:
        return (ref.kind, ref.id)  # every copy of a district prints the same


CARDS = CitadelsCards()


class TagRegistry(tags.TagRegistry):
    """Which Citadels card each tag is glued to (``TagRegistry.virtual()``: the simulator's)."""

    catalogue = CARDS
