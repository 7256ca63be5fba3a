"""Every game's seat display wraps its free text as the kernel's wrapper does
(hub/kernel/wrap.py): each game once wrapped in its own way, and Citadels alone kept a seat
with its number, while The Builders' and Citadels' broke a word at its hyphen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from hub.games.builders.adapter import BuildersAdapter
from hub.games.citadels.adapter import CitadelsAdapter
from hub.games.citadels.registry import TagRegistry
from hub.games.cities_knights.adapter import CitiesKnightsAdapter
from hub.games.cities_knights.tags import ProgressTags
from hub.games.nim.adapter import NimAdapter
from hub.games.nim.cards import StoneTags

ADAPTERS: dict[str, Callable[[], Any]] = {
    "citadels": lambda: CitadelsAdapter(TagRegistry.virtual()),
    "builders": lambda: BuildersAdapter(),
    "nim": lambda: NimAdapter(StoneTags.virtual()),
    "cities-knights": lambda: CitiesKnightsAdapter(ProgressTags.virtual()),
}


@pytest.mark.parametrize("game", ADAPTERS)
def test_every_games_display_text_is_wrapped_by_the_kernels_rules(game: str) -> None:
    lines = ADAPTERS[game]().lines
    assert lines("Play Deserter on Seat 2") == ["Play Deserter on", "Seat 2"]  # a seat with its number
    assert lines("Take the twenty face-up cards") == ["Take the twenty", "face-up cards"]  # no word cut
    assert lines("Tag 0102030405060708090A0B0C") == ["Tag", "0102030405060708090A0", "B0C"]  # nothing lost
    assert lines("Game over", "", "Seat 2 wins") == ["Game over", "", "Seat 2 wins"]  # a blank line kept
