"""Card data: the 8 characters and the district deck, loaded from data/cards.json.

The card set is data, not code: the rules key off a district's *effect* (``"wall"``,
``"graveyard"``...), never off its name, so a printing with other unique districts is a
data edit (see the ``decks`` table in the JSON file).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

TYPES = ("noble", "religious", "trade", "military", "unique")
_DECK_ORDER: dict[str, tuple[str, ...]] = {}  # CardSet name -> deck_list (CardSets are made once per name)


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    rank: int
    tax: str | None
    name: str  # English, for the engine's refusal messages; every word shown or said is hub/words'


@dataclass(frozen=True, slots=True)
class District:
    id: str
    type: str
    cost: int
    copies: int
    effect: str | None
    name: str  # English, for the engine's refusal messages; every word shown or said is hub/words'


@dataclass(frozen=True, slots=True)
class CardSet:
    """One deck's worth of cards: all characters and the districts of that printing."""

    name: str
    characters: tuple[Character, ...]
    districts: dict[str, District]

    def deck_list(self) -> list[str]:
        """Every physical district card as its id, copies repeated, in a fixed order."""
        order = _DECK_ORDER.get(self.name)
        if order is None:  # made once per deck: every new game starts from it
            order = _DECK_ORDER[self.name] = tuple(d.id for d in self.districts.values() for _ in range(d.copies))
        return list(order)

    def size(self) -> int:
        return sum(d.copies for d in self.districts.values())


@cache
def _raw() -> dict[str, Any]:
    text = resources.files("hub.engine.citadels").joinpath("data/cards.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def card_set(deck: str = "classic") -> CardSet:
    """The named printing's card set; raises KeyError naming the known decks."""
    raw = _raw()
    if deck not in raw["decks"]:
        raise KeyError(f"unknown deck {deck!r}; known: {', '.join(sorted(raw['decks']))}")
    spec = _deck_spec(raw["decks"][deck])
    uniques = set(spec["uniques"])
    swap: dict[str, str] = spec["swap"]
    swapped_in = {new for entry in raw["decks"].values() for new in _deck_spec(entry)["swap"].values()}
    costs: dict[str, int] = spec["cost"]

    def in_deck(d: dict[str, Any]) -> bool:
        if d["type"] == "unique":
            return d["id"] in uniques
        return d["id"] not in swap and (d["id"] not in swapped_in or d["id"] in swap.values())

    districts = {
        d["id"]: District(d["id"], d["type"], int(costs.get(d["id"], d["cost"])), int(d["copies"]), d["effect"],
                          str(d["en"]))
        for d in raw["districts"]
        if in_deck(d)
    }
    characters = tuple(
        Character(c["id"], int(c["rank"]), c["tax"], str(c["en"])) for c in raw["characters"]
    )
    return CardSet(deck, characters, districts)


def _deck_spec(entry: list[str] | dict[str, Any]) -> dict[str, Any]:
    """A deck entry of the JSON file: a list of unique districts, or an object with
    ``uniques``, ``swap`` (ordinary districts replaced by another printing's) and ``cost``
    (printed costs that differ)."""
    if isinstance(entry, list):
        return {"uniques": entry, "swap": {}, "cost": {}}
    return {"uniques": entry["uniques"], "swap": dict(entry.get("swap", {})), "cost": dict(entry.get("cost", {}))}


def deck_names() -> list[str]:
    return sorted(_raw()["decks"])


def all_districts() -> dict[str, District]:
    """Every district of every printing, for name look-ups (tags, translations)."""
    return {
        d["id"]: District(d["id"], d["type"], int(d["cost"]), int(d["copies"]), d["effect"], str(d["en"]))
        for d in _raw()["districts"]
    }


CHARACTERS: tuple[Character, ...] = card_set().characters
CHARACTER_BY_ID: dict[str, Character] = {c.id: c for c in CHARACTERS}
CHARACTER_BY_RANK: dict[int, Character] = {c.rank: c for c in CHARACTERS}
