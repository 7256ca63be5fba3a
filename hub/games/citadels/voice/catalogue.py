"""Citadels' voice's view of its word catalogue (``hub.games.citadels.words``): its phrases
by phrase id.

The words themselves live in ``hub/games/citadels/words/data`` (the voice's own phrases in
``voice.json``, the names every medium shares in ``names.json``, each character's turn
prompt in ``characters.json``); this module keeps the phrase API the narrator, the
plug-in's voice and ``citadels-hub voice`` call.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, Final

from .. import words
from ..words import UnknownLanguage, check_lang, placeholders

LANGS: Final = words.LANGS
CHARACTERS: Final = tuple(words.characters())
TURN_PROMPT: Final = "prompt.turn."  # the voice's id of a character's call: prompt.turn.thief
_SHARED_NAMES: Final = ("character.", "rank.", "place.", "seat", "list.")

__all__ = [
    "CHARACTERS", "LANGS", "UnknownLanguage", "catalogue", "catalogue_json", "character_name", "check_lang",
    "district_name", "has_phrase", "join_list", "load_catalogue", "phrase", "placeholders", "seat_label",
]


def _catalogue_key(phrase_id: str) -> str:
    if phrase_id.startswith(TURN_PROMPT):
        return words.character_key(phrase_id[len(TURN_PROMPT):], "prompt")
    return phrase_id


@lru_cache(maxsize=1)
def load_catalogue() -> dict[str, dict[str, str]]:
    """Every phrase the voice says, phrase id -> {lang: template} (Classic words)."""
    out = {key: texts for key, texts in words.entries().items()
           if key.startswith(_SHARED_NAMES) and key.count(".") <= 1}
    out.update({key: words.entries()[key] for key in words.file_keys("voice")})
    out.update({TURN_PROMPT + c: words.texts_of(words.character_key(c, "prompt")) for c in CHARACTERS})
    return out


def phrase(phrase_id: str, lang: str, **values: object) -> str:
    """Render one phrase; a missing id or placeholder is a bug, so it raises KeyError."""
    if phrase_id not in load_catalogue():
        raise KeyError(phrase_id)
    return words.say(_catalogue_key(phrase_id), lang, None, **values)


def has_phrase(phrase_id: str) -> bool:
    return phrase_id in load_catalogue()


def character_name(character: str, lang: str, edition: str | None = None) -> str:
    return words.character_name(character, lang, edition)


def join_list(items: Iterable[str], lang: str) -> str:
    """'A, B and C' in English, 'A、B和C' in Chinese."""
    return words.join_list(items, lang)


def seat_label(seat: int, lang: str, names: Mapping[int, str] | None = None) -> str:
    """A player's name when the table set one, else 'Seat 3'."""
    if names and names.get(seat):
        return names[seat]
    return words.seat_label(seat, lang)


def district_name(district: str, lang: str) -> str:
    """The card's printed name in this language, or a readable form of its id."""
    return words.district_name(district, check_lang(lang))


def catalogue(lang: str) -> dict[str, Any]:
    """Everything a client needs to speak for itself: phrases plus card names."""
    check_lang(lang)
    districts = {key.split(".", 1)[1]: words.template(key, lang) for key in words.keys("district.")}
    return {
        "lang": lang,
        "phrases": {key: texts[lang] for key, texts in sorted(load_catalogue().items())},
        "districts": dict(sorted(districts.items())),
    }


def catalogue_json(lang: str) -> str:
    """Stable JSON export of the catalogue for the scoreboard's speech synthesis."""
    return json.dumps(catalogue(lang), ensure_ascii=False, sort_keys=True, indent=1)
