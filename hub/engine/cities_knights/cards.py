"""The 54 progress cards, one id per physical copy (``S01a``, ``S01b``, ``T03f``...), as
``data/progress-cards.csv`` lists them (a copy of the rules folder's file, checked against
it by ``tests/engine/cities_knights/test_ck_data.py``)."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

COLOURS = ("green", "yellow", "blue")  # the science, trade and politics gates and decks
TRACKS = {"green": "science", "yellow": "trade", "blue": "politics"}
DATA = Path(__file__).parent / "data" / "progress-cards.csv"


@dataclass(frozen=True)
class Card:
    id: str  # the code of its kind and a copy letter: "S01a"
    kind: str  # "S01": the CSV row
    colour: str  # green, yellow or blue
    name: str  # English name
    name_zh: str  # the seed's Chinese name ("?" marks a usual translation without a source)
    when: str  # "before roll", "immediately when drawn" or "any time on own turn"
    effect: str
    checks: str  # what the companion checks

    @property
    def slug(self) -> str:
        """The kind's name as one word: "alchemist", "master_merchant"."""
        return self.name.lower().replace(" ", "_")

    @property
    def vp(self) -> bool:
        """Printer and Constitution: laid face up at once for 1 VP, never in a hand."""
        return self.when == "immediately when drawn"


def _load() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    with DATA.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            colour = row["colour"].split("/")[1]
            for k in range(int(row["count"])):
                cid = f"{row['id']}{'abcdef'[k]}"
                cards[cid] = Card(cid, row["id"], colour, row["name_en"], row["name_zh_hans"], row["when"],
                                  row["effect"], row["companion_checks"])
    return cards


CARDS: dict[str, Card] = _load()
BY_COLOUR: dict[str, tuple[str, ...]] = {c: tuple(k for k, v in CARDS.items() if v.colour == c) for c in COLOURS}


def slug(card_id: str) -> str:
    return CARDS[card_id].slug


def card_name(card_id: str) -> str:
    card = CARDS.get(card_id)
    return f"{card.name} ({card_id})" if card else repr(card_id)
