"""The phrase catalogue: the one place that holds every word the hub says.

Phrases live in ``phrases.json`` (package data) keyed by phrase id, each with the same
``{placeholders}`` in every language, so a translator edits data, not code. District
names come from the engine's card data (``hub.engine.cards``) when it is importable.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterable, Mapping
from functools import lru_cache
from importlib import resources
from typing import Any, Final

LANGS: Final = ("en", "zh-Hant", "zh-Hans")
CHARACTERS: Final = (
    "assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord",
)


class UnknownLanguage(ValueError):
    """Raised for a language the catalogue does not speak (a typo in --lang)."""


@lru_cache(maxsize=1)
def load_catalogue() -> dict[str, dict[str, str]]:
    """Read phrases.json once; keys starting with '_' are comments."""
    raw = resources.files("hub.voice").joinpath("phrases.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(raw)
    return {key: value for key, value in data.items() if not key.startswith("_")}


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise UnknownLanguage(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
    return lang


def placeholders(template: str) -> set[str]:
    """The {names} a template expects."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def phrase(phrase_id: str, lang: str, **values: object) -> str:
    """Render one phrase; a missing id or placeholder is a bug, so it raises KeyError."""
    template = load_catalogue()[phrase_id][check_lang(lang)]
    return template.format(**values)


def has_phrase(phrase_id: str) -> bool:
    return phrase_id in load_catalogue()


def character_name(character: str, lang: str) -> str:
    return phrase(f"character.{character}", lang)


def join_list(items: Iterable[str], lang: str) -> str:
    """'A, B and C' in English, 'A、B和C' in Chinese."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    separator = phrase("list.separator", lang)
    last = phrase("list.last", lang)
    return separator.join(words[:-1]) + last + words[-1]


def seat_label(seat: int, lang: str, names: Mapping[int, str] | None = None) -> str:
    """A player's name when the table set one, else 'Seat 3'."""
    if names and names.get(seat):
        return names[seat]
    return phrase("seat", lang, n=seat)


@lru_cache(maxsize=8)
def _district_names(lang: str) -> dict[str, str]:
    """District id -> printed name, from the engine's card data (every printing)."""
    try:
        from hub.engine.cards import all_districts
    except ImportError:  # the engine is optional for the voice: fall back to readable ids
        return {}
    return {card_id: district.names[lang] for card_id, district in all_districts().items()}


def district_name(district: str, lang: str) -> str:
    """The card's printed name in this language, or a readable form of its id."""
    return _district_names(check_lang(lang)).get(district) or district.replace("_", " ").title()


def catalogue(lang: str) -> dict[str, Any]:
    """Everything a client needs to speak for itself: phrases plus card names."""
    check_lang(lang)
    return {
        "lang": lang,
        "phrases": {key: texts[lang] for key, texts in sorted(load_catalogue().items())},
        "districts": dict(sorted(_district_names(lang).items())),
    }


def catalogue_json(lang: str) -> str:
    """Stable JSON export of the catalogue for the scoreboard's speech synthesis."""
    return json.dumps(catalogue(lang), ensure_ascii=False, sort_keys=True, indent=1)
