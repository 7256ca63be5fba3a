"""A game's words: every sentence it shows or says, in the hub's three languages."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from importlib.resources.abc import Traversable
from typing import Any

from hub.words import LANGS, is_one, read_words, singular_key


class Words:
    """``say(key, lang, **params)`` over a table ``{key: {lang: template}}``, or the JSON
    file holding one (read by `hub.words.read_words`; English where a language lacks the
    key, unless `check` refuses the language), and ``seat_name``: a seat's name, or the
    table's ``seat`` sentence ("Seat 3") when it has none."""

    def __init__(self, table: Mapping[str, Mapping[str, str]] | Traversable,
                 check: Callable[[str], str] | None = None) -> None:
        self._table = table
        self.check = check
        self._template = functools.lru_cache(maxsize=4096)(self._find)  # the same few lines on every move

    @property
    def table(self) -> Mapping[str, Mapping[str, str]]:
        """The words; a game's words kept as data (a JSON file ``{key: {lang: template}}``,
        keys starting ``_`` are notes) are read when first said, never at import."""
        if not isinstance(self._table, Mapping):
            self._table = read_words(self._table)
        return self._table

    def _find(self, key: str, lang: str) -> str:
        forms = self.table[key]
        if self.check is not None:
            return forms[self.check(lang)]
        return forms.get(lang) or forms["en"]

    def say(self, key: str, lang: str = "en", **params: object) -> str:
        """One sentence in `lang`; a count of 1 takes the key's singular entry where the
        table has one (``stones.when_stones_is_1``: "1 stone", not "1 stones")."""
        for name, value in params.items():
            if is_one(value) and singular_key(key, name) in self.table:
                key = singular_key(key, name)
                break
        return self._template(key, lang).format(**params)

    def seat_name(self, seat: int, names: Mapping[int, str], lang: str = "en") -> str:
        return names.get(seat) or self.say("seat", lang, seat=seat)

    def page_words(self, *keys: str) -> dict[str, Any]:
        """A plug-in's ``page_facts``: these keys' words for its pages, in every language
        (``field_<name>``: how the hub's plain pages label a field of its views)."""
        return {"ui": {lang: {key: self.say(key, lang) for key in keys} for lang in LANGS}}
