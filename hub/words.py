"""The words every game's table shares, and the languages they are said in.

The languages (English, Traditional and Simplified Chinese), the check of a ``--lang``,
the ``{placeholders}`` of a template and its singular form (``key.when_n_is_1``), and the
table's own words (``hub/words.json``): the lines the kernel writes on a seat's display
whatever the game ("Accepted", "One card at a time") and the frame every page shares
("Live", "Paused", the admin's new-game form). Names no game: a game's own words live in
its plug-in (``hub/games/<game>/``), whose catalogue includes these.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Final

LANGS: Final = ("en", "zh-Hant", "zh-Hans")
Texts = dict[str, str]


class UnknownLanguage(ValueError):
    """Raised for a language the hub does not speak (a typo in --lang)."""


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise UnknownLanguage(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
    return lang


def placeholders(text: str) -> set[str]:
    """The {names} a template expects."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@cache
def entries() -> dict[str, Texts]:
    """The table's own words, key -> {lang: template} (``hub/words.json``): the kernel's
    display lines (``display.*``) and the frame every page shares (``page.*``). Every
    game's catalogue includes them."""
    return read_words(resources.files("hub").joinpath("words.json"))


def read_words(file: Traversable) -> dict[str, Any]:
    """A words file (JSON, ``{key: {lang: template}}`` or a game's own tables of names) as
    data: its keys in the file's order, without the notes (keys starting ``_``: "_about").
    The one reader of every game's words files and the table's own."""
    data: dict[str, Any] = json.loads(file.read_text(encoding="utf-8"))
    return {key: value for key, value in data.items() if not key.startswith("_")}


def has(key: str) -> bool:
    return key in entries()


def template(key: str, lang: str) -> str:
    """The raw template; a missing key is a bug, so it raises KeyError."""
    return entries()[key][check_lang(lang)]


def singular_key(key: str, param: str) -> str:
    """The entry that says `key` when its count `param` is 1 ("1 card", not "1 cards"), if
    the catalogue has one: English needs it; Chinese repeats its one form there."""
    return f"{key}.when_{param}_is_1"


_ONE_AS_TEXT = frozenset({"1", "+1", "-1"})  # a count of one given as text (an option's argument, "+1 card")


def is_one(value: object) -> bool:
    """A count of one: 1, or the text "1", "+1" or "-1"; never True."""
    return value == 1 and type(value) is int or type(value) is str and value in _ONE_AS_TEXT


def form_key(key: str, params: Mapping[str, object]) -> str:
    """`key`, or its singular entry when a count it has one for is one in `params`."""
    for name, value in params.items():
        if is_one(value) and has(singular_key(key, name)):
            return singular_key(key, name)
    return key


def say(key: str, lang: str, /, **params: object) -> str:
    """The table's line `key` in `lang` with its named parameters filled in (KeyError if
    one is missing); a count of 1 takes the singular form if it has one."""
    return template(form_key(key, params), lang).format(**params)
