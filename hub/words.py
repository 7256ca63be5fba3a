"""The words every game's table shares, and the languages they are said in.

The languages (English, Traditional and Simplified Chinese), the check of a ``--lang``,
the ``{placeholders}`` of a template and its singular form (``key.when_n_is_1``), and the
few lines the table kernel writes on a seat's display whatever the game ("Accepted", "One
card at a time"). Names no game: a game's own words live in its plug-in
(``hub/games/<game>/``), whose catalogue includes these lines.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Final

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


TABLE_WORDS: Final[dict[str, Texts]] = {
    # the kernel's own lines on a seat's display (4 lines of 21 characters)
    "display.no_seat": {"en": "No seat {seat} in this game", "zh-Hant": "本局沒有{seat}號座位", "zh-Hans": "本局没有{seat}号座位"},
    "display.bad_message": {"en": "Bad message", "zh-Hant": "訊息有誤", "zh-Hans": "消息有误"},
    "display.option": {"en": "{i}/{n} {option}", "zh-Hant": "{i}/{n} {option}", "zh-Hans": "{i}/{n} {option}"},
    "display.ok_do_it": {"en": "OK: do it", "zh-Hant": "OK：執行", "zh-Hans": "OK：执行"},
    "display.accepted": {"en": "Accepted", "zh-Hant": "已接受", "zh-Hans": "已接受"},
    "display.one_card": {"en": "One card at a time", "zh-Hant": "一次只放一張卡", "zh-Hans": "一次只放一张卡"},
    "display.lift_others": {"en": "Lift the others", "zh-Hant": "請拿起其他卡", "zh-Hans": "请拿起其他卡"},
    "display.lift_more": {"en": "and {n} more cards: lift them", "zh-Hant": "還有{n}張卡：請拿起", "zh-Hans": "还有{n}张卡：请拿起"},
    "display.lift_more.when_n_is_1": {"en": "and {n} more card: lift it", "zh-Hant": "還有{n}張卡：請拿起",
                                      "zh-Hans": "还有{n}张卡：请拿起"},
    "display.entered": {"en": "Entered by the table", "zh-Hant": "由桌面輸入", "zh-Hans": "由桌面输入"},
}
"""The table's own words, key -> {lang: template}: every game's catalogue includes them."""


def entries() -> dict[str, Texts]:
    return TABLE_WORDS


def has(key: str) -> bool:
    return key in TABLE_WORDS


def template(key: str, lang: str, edition: str | None = None) -> str:
    """The raw template; a missing key is a bug, so it raises KeyError."""
    return TABLE_WORDS[key][check_lang(lang)]


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


def say(key: str, lang: str, edition: str | None = None, /, **params: object) -> str:
    """The table's line `key` in `lang` with its named parameters filled in (KeyError if
    one is missing); a count of 1 takes the singular form if it has one."""
    return template(form_key(key, params), lang, edition).format(**params)
