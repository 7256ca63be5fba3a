"""How espeak-ng should read Citadels' own Chinese words: its card and rule names that
espeak-ng 1.51 misreads (`hub.voice.pronounce` respells the everyday words). Only the text
handed to espeak-ng changes; screens and WAV indexes keep the catalogue's words."""

from __future__ import annotations

from typing import Final

# Pinyin with tone digits is what the cmn-latn-pinyin voice reads exactly; Cantonese (yue)
# reads these right as they are.
_MANDARIN: Final = {
    "角色": "jue2se4",  # the character cards; read jiǎosè, the word is juésè
    "墓地": "mu4di4",  # the Graveyard; 地 read as the particle "de"
    "地圖室": "di4tu2shi4", "地图室": "di4tu2shi4",  # the Map Room
    "地區": "di4qu1", "地区": "di4qu1",  # a district
    "扒竊": "pa2qie4",  # the Thief's theft; read bā
    "要塞": "yao4sai4",  # the Keep; read sāi
    "瞭望塔": "liao4wang4ta3",  # the Watchtower; read liǎo
}
RESPELLINGS: Final[dict[str, dict[str, str]]] = {"cmn-latn-pinyin": _MANDARIN}
