"""Every word The Builders shows or says, in one place, in the hub's three languages:
seat displays (``display.*``), the terminal and the page log (``log.*``), the voice
(``voice.*``) and the pages' own labels (``page.*``).

The Chinese follows the Traditional Chinese rulebook
(``rules/original/builders-middle-ages-rules-zh-Hant.txt``): 石頭, 木頭, 技術, 瓦片 for the
four resources, 學徒 and 工匠 for two worker types, 開始施工 / 招募 / 派遣 / 獲得錢幣 for
the actions, 元 for coins, 分 for points, 竣工 for a finished building, 機械 for machines,
起始玩家 for the first player, 最後一輪 for the last round. Simplified Chinese is the same
words in simplified characters. Where the rulebook is silent we chose, and say so:

- the labourer and the master (the rulebook names only 學徒 and 工匠): 勞工 and 大師, our
  translation;
- the buildings' and machines' names: the rulebook names only the Chapel (小禮拜堂); the
  others keep their English names on Chinese pages, displays and in the Chinese voice,
  as printed in the card list (``rules/builders/buildings.csv``), rather than a
  translation of ours that no player would find on a card.

The words are data: every sentence in ``data/words.json``, the cards' names that are not
English in ``data/names.json``, read by the hub's one reader of words files
(`hub.words.read_words`); this module says them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hub.engine.builders.cards import BUILDINGS, CREW
from hub.games.kit import Words
from hub.words import LANGS as LANGS, check_lang, is_one, read_words

DATA = Path(__file__).with_name("data")
WORDS = Words(DATA / "words.json", check=check_lang)
"""Every sentence (``data/words.json``), read when first said."""
seat_name = WORDS.seat_name  # a seat's name, or "Seat 3" in `lang`


@functools.cache
def _names() -> dict[str, Any]:
    """The cards' names that are not English (``data/names.json``): the buildings' and the
    resources' letters that name a worker."""
    return read_words(DATA / "names.json")


_COUNTED = re.compile(r"\{(\w+)\} (coin|point|action|worker|card)s\b")
"""A count before an English plural noun: "{coins} coins" says "1 coin" when the count is 1."""


def say(key: str, lang: str = "en", **params: object) -> str:
    """One sentence in `lang`; in English a count of 1 takes the singular ("1 coin", "1 point")."""
    if lang != "en" or not any(is_one(value) for value in params.values()):
        return WORDS.say(key, lang, **params)
    template = _COUNTED.sub(lambda m: m.group(0)[:-1] if is_one(params.get(m.group(1))) else m.group(0),
                            WORDS.table[key]["en"])
    return template.format(**params)


def names_joined(seats: list[int], names: Mapping[int, str], lang: str = "en") -> str:
    return say("log.and", lang).join(seat_name(s, names, lang) for s in seats)


@functools.lru_cache(maxsize=1024)
def card_name(card_id: str | None, lang: str = "en") -> str:
    """A card as people name it: 'Chapel' / '小禮拜堂', 'Crane', 'Craftsman S1T3' / '工匠 石1瓦3'
    (workers print no name, only a type and four outputs); '-' for no card."""
    if card_id is None:
        return say("none", lang)
    if card_id in BUILDINGS and card_id not in CREW:
        name: str = _names()["buildings"].get(card_id, {}).get(check_lang(lang), BUILDINGS[card_id].name)
        return name
    w = CREW[card_id]
    if w.type == "machine":
        return w.name
    letters = _names()["resource_letters"][check_lang(lang)]
    outputs = "".join(f"{letter}{n}" for letter, n in zip(letters, w.output) if n)
    kind = WORDS.table["type." + w.type][lang]
    return f"{kind} {outputs}" if lang == "en" else f"{kind}（{outputs}）"  # no space beside Chinese


def catalogue() -> dict[str, dict[str, str]]:
    """{lang: {key: template}} and every card's name, for the pages (served as JSON)."""
    cards = [*BUILDINGS, *(w for w in CREW if w not in BUILDINGS)]
    return {lang: {**{key: forms[lang] for key, forms in WORDS.table.items()},
                   **{f"card.{c}": card_name(c, lang) for c in cards}} for lang in LANGS}
