"""Citadels' word catalogue: every word its seat displays, pages, voice and terminal say, in
English, Traditional and Simplified Chinese (the hub's languages, `hub.words.LANGS`).

The words are data (``data/*.json``, one file per medium plus the shared names and the
characters), keyed by a dotted id, each entry holding the same ``{placeholders}`` in every
language; the table's own lines (``hub.words``: "Accepted") are entries too. The seat display
(``hub.games.citadels.texts``), the pages (``hub.games.citadels.pages``) and the voice
(``hub.games.citadels.voice.catalogue``) are thin facades over this module, so a name
("Thief", a district type, "round") is written once and said the same way everywhere.

A character's words live in ``data/characters.json`` per edition: ``classic`` holds every
character; another edition lists only the words it says differently (the 2000 Warlord,
who destroys at the end of his turn). A new character or edition adds its words there.
What a unique district does is in ``data/districts.json`` the same way (the 2000
Laboratory pays 1 gold): ``district_ability.<id>``.

    say("page.round_n", "zh-Hant", n=3)                      -> "第3輪"
    say("page.hand_unknown", "en", n=1)                      -> "1 card not yet read"
    say("character.warlord.prompt", "en", edition="2000")    -> the 2000 Warlord's call
    card_name("trading_post", "zh-Hans")                     -> "商站"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache, cache
from importlib import resources
from typing import Any, Final

from hub import words as table_words
from hub.words import LANGS as LANGS, UnknownLanguage as UnknownLanguage, check_lang as check_lang  # the hub's, said here too
from hub.words import is_one, placeholders as placeholders, read_words, singular_key as singular_key

DEFAULT_EDITION: Final = "classic"
# one file per medium, plus the names every medium shares and the characters' words
FILES: Final = ("names", "characters", "districts", "display", "page", "voice", "terminal")
CHARACTER_FIELDS: Final = ("name", "ability", "prompt", "refusal")
Texts = dict[str, str]


class CatalogueError(ValueError):
    """The data files contradict themselves (a key defined twice, an override of nothing)."""


def _read(name: str) -> dict[str, Any]:
    return read_words(resources.files(__package__).joinpath(f"data/{name}.json"))


def character_key(character: str, field: str) -> str:
    """`character.thief` for the name, `character.thief.ability` for the other fields."""
    return f"character.{character}" if field == "name" else f"character.{character}.{field}"


def district_ability_key(district: str) -> str:
    return f"district_ability.{district}"


def _flatten_characters(by_character: Mapping[str, Mapping[str, Texts]]) -> dict[str, Texts]:
    return {character_key(character, field): texts
            for character, fields in by_character.items() for field, texts in fields.items()}


def _flatten_districts(by_district: Mapping[str, Mapping[str, Texts]]) -> dict[str, Texts]:
    return {district_ability_key(district): fields["ability"] for district, fields in by_district.items()}


_BY_EDITION: Final = {"characters": _flatten_characters, "districts": _flatten_districts}
"""The files written per edition (``classic`` whole, another edition what it says differently)."""


@cache
def file_keys(name: str) -> tuple[str, ...]:
    """The keys one data file defines (``voice``: the voice's own phrases)."""
    data = _read(name)
    return tuple(_BY_EDITION[name](data[DEFAULT_EDITION]) if name in _BY_EDITION else data)


@lru_cache(maxsize=1)
def _load() -> tuple[dict[str, Texts], dict[str, dict[str, Texts]]]:
    """(every entry as Classic says it, {edition: the entries it says differently})."""
    entries: dict[str, Texts] = dict(table_words.entries())  # the table's own lines
    overrides: dict[str, dict[str, Texts]] = {}
    for name in FILES:
        data = _read(name)
        if name in _BY_EDITION:
            flatten = _BY_EDITION[name]
            for edition, own in data.items():
                if edition != DEFAULT_EDITION:
                    overrides.setdefault(edition, {}).update(flatten(own))
            data = flatten(data[DEFAULT_EDITION])
        for key, texts in data.items():
            if key in entries:
                raise CatalogueError(f"word {key!r} is defined twice (again in {name}.json)")
            entries[key] = texts
    for edition, words in overrides.items():
        unknown = sorted(set(words) - set(entries))
        if unknown:
            raise CatalogueError(f"edition {edition} words {unknown} have no Classic entry to replace")
    return entries, overrides


def entries() -> dict[str, Texts]:
    """Every entry, key -> {lang: template}, as the Classic edition says it."""
    return _load()[0]


def edition_overrides() -> dict[str, dict[str, Texts]]:
    """{edition: {key: {lang: template}}}: what each other edition says differently."""
    return _load()[1]


def editions() -> list[str]:
    return [DEFAULT_EDITION, *edition_overrides()]


def has(key: str) -> bool:
    return key in entries()


def keys(prefix: str = "") -> list[str]:
    return [key for key in entries() if key.startswith(prefix)]


def texts_of(key: str, edition: str | None = None) -> Texts:
    """The entry's templates in every language, the edition's own words first."""
    own = edition_overrides().get(edition or DEFAULT_EDITION, {})
    return own.get(key) or entries()[key]


def template(key: str, lang: str, edition: str | None = None) -> str:
    """The raw template; a missing key is a bug, so it raises KeyError."""
    return texts_of(key, edition)[check_lang(lang)]


def form_key(key: str, params: Mapping[str, object]) -> str:
    """`key`, or its singular entry when a count it has one for is one in `params` (1, or
    the text "1", "+1" or "-1"; never True)."""
    for name, value in params.items():
        if is_one(value) and has(singular_key(key, name)):
            return singular_key(key, name)
    return key


def say(key: str, lang: str, edition: str | None = None, /, **params: object) -> str:
    """The message `key` in `lang` with its named parameters filled in (KeyError if one is
    missing); a count of 1 takes the entry's singular form (`singular_key`) if it has one."""
    return template(form_key(key, params), lang, edition).format(**params)


def table(prefix: str, lang: str, edition: str | None = None) -> dict[str, str]:
    """{rest of key: template} for every key under `prefix` (the pages' UI table, the verbs)."""
    return {key[len(prefix):]: template(key, lang, edition) for key in keys(prefix)}


# -- names -------------------------------------------------------------------------------
def _readable(card_id: str) -> str:
    return card_id.replace("_", " ").title()


def character_name(character: str, lang: str, edition: str | None = None) -> str:
    return template(character_key(character, "name"), lang, edition)


def characters() -> list[str]:
    """Every character id with words, in the data's (rank) order."""
    return [key.split(".")[1] for key in keys("character.") if key.count(".") == 1]


def character_words(character: str, lang: str, edition: str | None = None) -> dict[str, str]:
    """{field: text} of one character in an edition: name, ability, prompt, and refusal if it has one."""
    return {field: template(character_key(character, field), lang, edition) for field in CHARACTER_FIELDS
            if has(character_key(character, field))}


def district_ability(district: str, lang: str, edition: str | None = None) -> str:
    """What a unique district does, in its edition's words ("" for a district without an ability)."""
    key = district_ability_key(district)
    return template(key, lang, edition) if has(key) else ""


def district_name(district: str, lang: str) -> str:
    """The card's printed name in this language, or a readable form of an unknown id."""
    key = f"district.{district}"
    return template(key, lang) if has(key) else _readable(district)


def card_name(card: str, lang: str = "en", edition: str | None = None) -> str:
    """A character's or district's name; an unknown id reads as words, never as an id."""
    if has(character_key(card, "name")):
        return character_name(card, lang, edition)
    return district_name(card, lang)


def card_names(lang: str, edition: str | None = None) -> dict[str, str]:
    """{card id: name} of every character and district."""
    names = {key.split(".", 1)[1]: template(key, lang) for key in keys("district.")}
    names.update({c: character_name(c, lang, edition) for c in characters()})
    return names


def type_name(district_type: str, lang: str) -> str:
    return template(f"type.{district_type}", lang)


def seat_label(seat: int, lang: str) -> str:
    """"Seat 3" in the reader's language (the label of a seat the table gave no name)."""
    return say("seat", lang, n=seat)


def join_list(items: Iterable[str], lang: str) -> str:
    """'A, B and C' in English, 'A、B和C' in Chinese."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return template("list.separator", lang).join(words[:-1]) + template("list.last", lang) + words[-1]
