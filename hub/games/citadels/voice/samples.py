"""What ``citadels-hub voice --game citadels`` says: a sample call, every phrase with
sample values in its placeholders, and every text the voice may say (``--render``)."""

from __future__ import annotations

import string

from .. import words
from .catalogue import (
    TURN_PROMPT,
    catalogue,
    character_name,
    district_name,
    join_list,
    load_catalogue,
    phrase,
    placeholders,
    seat_label,
)

NUMBERS = {"n": 2, "round": 3, "amount": 4, "score": 27, "draw": 2, "keep": 1}


def sample_values(lang: str) -> dict[str, object]:
    """Values a real game would put in the placeholders, in `lang`."""
    return {
        **NUMBERS,
        "seat": seat_label(3, lang), "victim": seat_label(1, lang), "thief": seat_label(2, lang),
        "attacker": seat_label(2, lang), "other": seat_label(1, lang),
        "rank": phrase("rank.4", lang), "place": phrase("place.1", lang),
        "character": character_name("king", lang),
        "characters": join_list([character_name("thief", lang), character_name("bishop", lang)], lang),
        "district": district_name("watchtower", lang),
    }


def sample_phrases(lang: str, everything: bool) -> dict[str, str]:
    """phrase id -> text: one call, or every phrase with sample values in its placeholders."""
    catalogue = load_catalogue()
    ids = sorted(catalogue) if everything else ["rank.1", "character.assassin", "call.no_answer"]
    values = sample_values(lang)
    texts = {}
    for phrase_id in ids:
        template = catalogue[phrase_id][lang]
        texts[phrase_id] = string.Formatter().vformat(
            template, (), {name: values[name] for name in placeholders(template)})
    return texts


def spoken_texts(lang: str) -> dict[str, str]:
    """Everything the hub can say in `lang`: every phrase, and every district's name."""
    texts = sample_phrases(lang, everything=True)
    texts.update({f"district.{card}": name for card, name in catalogue(lang)["districts"].items()})
    for edition, own in words.edition_overrides().items():  # an edition's own calls (the 2000 Warlord's)
        for key in own:
            if key.endswith(".prompt"):
                texts[f"{edition}.{TURN_PROMPT}{key.split('.')[1]}"] = words.template(key, lang, edition)
    return texts
