"""Cities & Knights' card data: the file shipped in the package is the rules folder's
``progress-cards.csv``, and the digest's counts hold in it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from hub.engine.cities_knights import cards
from hub.engine.cities_knights.cards import BY_COLOUR, CARDS

RULES = Path(__file__).resolve().parents[4] / "shared" / "rules" / "cities-knights"
CANDIDATES = [RULES, Path("/work/shared/rules/cities-knights")]


def test_the_shipped_file_is_the_rules_folders() -> None:
    folder = next((f for f in CANDIDATES if (f / "progress-cards.csv").is_file()), None)
    if folder is None:
        pytest.skip("the rules folder (shared/rules/cities-knights) is not beside this checkout")
    assert cards.DATA.read_bytes() == (folder / "progress-cards.csv").read_bytes()


def test_54_cards_18_a_colour_two_of_them_worth_a_point() -> None:
    assert len(CARDS) == 54 and {c: len(v) for c, v in BY_COLOUR.items()} == {"green": 18, "yellow": 18, "blue": 18}
    assert sorted(c.name for c in CARDS.values() if c.vp) == ["Constitution", "Printer"]
    assert [c.name for c in CARDS.values() if c.when == "before roll"] == ["Alchemist", "Alchemist"]
    assert Counter(c.name for c in CARDS.values() if c.colour == "yellow") == {
        "Commercial Harbor": 2, "Master Merchant": 2, "Merchant": 6, "Merchant Fleet": 2, "Resource Monopoly": 4,
        "Trade Monopoly": 2}
