"""What the table's voice says of Cities & Knights (the sentences of `words.SPOKEN`: the
roll and its event, the barbarians' approach and attack, the cards to draw, a card played,
a metropolis, the winner), and its samples for ``citadels-hub voice --game cities-knights``:
one public event for each way a sentence is said."""

from __future__ import annotations

from typing import Any

from hub.engine.cities_knights.cards import CARDS
from hub.games.kit import story_voice

from .words import card_name, speech

SAMPLE_EVENTS: dict[str, dict[str, Any]] = {
    "voice.rolled": {"kind": "rolled", "seat": 1, "red": 5, "yellow": 4, "event": "green", "total": 9, "alchemist": False},
    "voice.rolled_ship": {"kind": "rolled", "seat": 2, "red": 6, "yellow": 2, "event": "ship", "total": 8, "alchemist": False},
    "voice.ship": {"kind": "ship", "position": 5, "steps": 7, "arrived": False, "barbarians": 4, "knights": 3},
    "voice.arrived": {"kind": "ship", "position": 7, "steps": 7, "arrived": True, "barbarians": 5, "knights": 6},
    "voice.attack_won": {"kind": "attack", "barbarians": 5, "knights": 6, "won": True, "defender": 2, "tied": [],
                         "losers": [], "skipped": []},
    "voice.attack_tied": {"kind": "attack", "barbarians": 5, "knights": 6, "won": True, "defender": None, "tied": [1, 2],
                          "losers": [], "skipped": []},
    "voice.attack_lost": {"kind": "attack", "barbarians": 8, "knights": 3, "won": False, "losers": [1, 3], "skipped": []},
    "voice.gate": {"kind": "gate", "colour": "green", "red": 5, "drawers": [1, 2]},
    "voice.played": {"kind": "played", "seat": 1, "card": "P08a", "slug": "warlord", "colour": "blue"},
    "voice.played_on": {"kind": "played", "seat": 2, "card": "P07a", "slug": "spy", "colour": "blue", "target": 4},
    "voice.vp_card": {"kind": "vp_card", "seat": 4, "card": "S08a", "slug": "printer", "colour": "green", "vp": 12},
    "voice.metropolis": {"kind": "metropolis", "seat": 3, "colour": "yellow", "previous": 0, "vp": 10},
    "voice.pillaged": {"kind": "pillaged", "seat": 4, "wall": True, "sided": False, "vp": 9},
    "voice.game_over": {"kind": "game_over", "winner": 2, "round": 12, "points": {"1": 9, "2": 13, "3": 10, "4": 8}},
}


def card_names(lang: str) -> dict[str, str]:
    """Every progress card's name in `lang` (one per card, not per copy): what ``--all`` and ``--render`` add."""
    return {f"card.{card.kind}": card_name(card.id, lang) for card in CARDS.values()}


VOICE = story_voice(speech, SAMPLE_EVENTS, more=card_names)
