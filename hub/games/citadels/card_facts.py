"""What Citadels' pages show of a card besides its name: a district's type and cost, and
what a unique district does, per edition and language (served in ``/api/i18n``)."""

from __future__ import annotations

from typing import Any

from hub.engine.citadels.cards import card_set, deck_names
from hub.engine.citadels.editions import EDITIONS

from . import words


def _decks_of(edition: str) -> list[str]:
    """The decks an edition is played with: its own, and the other printings of its unique
    districts (Classic's Museum and Quarry set); never another edition's deck."""
    own = EDITIONS[edition].deck
    others = {e.deck for name, e in EDITIONS.items() if name != edition}
    return [own, *(d for d in deck_names() if d != own and d not in others)]


def district_facts() -> dict[str, dict[str, dict[str, Any]]]:
    """{edition: {district: {"type", "cost"}}}: the 2000 Observatory costs 5, Classic's 4."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for edition in EDITIONS:
        facts = out[edition] = {}
        for deck in reversed(_decks_of(edition)):  # the edition's own deck last: its costs win
            facts.update({d.id: {"type": d.type, "cost": d.cost} for d in card_set(deck).districts.values()})
    return out


def district_abilities() -> dict[str, dict[str, dict[str, str]]]:
    """{edition: {lang: {district: what it does}}} for every district with an ability."""
    with_ability = [d for d in sorted({d for facts in district_facts().values() for d in facts})
                    if words.district_ability(d, "en")]
    return {edition: {lang: {d: words.district_ability(d, lang, edition) for d in with_ability}
                      for lang in words.LANGS} for edition in EDITIONS}


def card_facts() -> dict[str, Any]:
    return {"districts": district_facts(), "district_abilities": district_abilities()}
