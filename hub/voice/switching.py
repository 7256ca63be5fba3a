"""Each run of a text said by a voice that can say it: espeak-ng's SSML voice switches.

The English voice says each Chinese character "Chinese letter"; the Mandarin voice reads
Latin letters as pinyin ("Circular" -> "ci-er-cu-la-er"). A player's name or a card name
kept in its printed English may be in either script, in any language's sentence. espeak-ng
1.51 (``-m``) switches voice inside one text with SSML's ``<voice name=...>``, so each run
of letters goes, within the sentence, to a voice of its own script. Every run is wrapped
in its voice, the table's too: espeak-ng 1.51 does not always return to the outer voice
after ``</voice>``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Final
from xml.sax.saxutils import escape

ENGLISH: Final = "en"
MANDARIN: Final = "cmn-latn-pinyin"  # the voice that reads Chinese characters in Mandarin
CHINESE_VOICES: Final = frozenset({MANDARIN, "yue", "cmn"})

# (script, its letters, the espeak-ng voice that says it). Latin and Chinese are the hub's
# own languages; the others are there so a name in any common script is said, not spelled.
_HAN: Final = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f"
SCRIPTS: Final = (
    ("latin", "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0300-\u036f\u1e00-\u1eff", ENGLISH),
    ("han", _HAN + "\u3007", MANDARIN),
    ("kana", "\u3040-\u309f\u30a0-\u30ff\u31f0-\u31ff", "ja"),
    ("hangul", "\u1100-\u11ff\u3130-\u318f\uac00-\ud7af", "ko"),
    ("cyrillic", "\u0400-\u04ff", "ru"),
    ("greek", "\u0370-\u03ff", "el"),
    ("arabic", "\u0600-\u06ff", "ar"),
    ("hebrew", "\u0590-\u05ff", "he"),
    ("devanagari", "\u0900-\u097f", "hi"),
    ("bengali", "\u0980-\u09ff", "bn"),
    ("gurmukhi", "\u0a00-\u0a7f", "pa"),
    ("gujarati", "\u0a80-\u0aff", "gu"),
    ("oriya", "\u0b00-\u0b7f", "or"),
    ("tamil", "\u0b80-\u0bff", "ta"),
    ("telugu", "\u0c00-\u0c7f", "te"),
    ("kannada", "\u0c80-\u0cff", "kn"),
    ("malayalam", "\u0d00-\u0d7f", "ml"),
    ("sinhala", "\u0d80-\u0dff", "si"),
    ("thai", "\u0e00-\u0e7f", "th"),
    ("myanmar", "\u1000-\u109f", "my"),
    ("georgian", "\u10a0-\u10ff", "ka"),
    ("armenian", "\u0530-\u058f", "hy"),
    ("ethiopic", "\u1200-\u137f", "am"),
)
# What may join two words of one run: "Circular Saw", "O'Brien", "Jean-Luc", "J. R.", "克里斯·李"
_JOINER: Final = r"[ '\u2019\-.\u00b7\u30fb]"
_RUN: Final = re.compile("|".join(rf"(?P<{name}>[{letters}]+(?:{_JOINER}+[{letters}]+)*)"
                                  for name, letters, _ in SCRIPTS))
_VOICE_OF: Final = {name: voice for name, _, voice in SCRIPTS}
_ANY_SCRIPT: Final = re.compile("[" + "".join(letters for _, letters, _ in SCRIPTS) + "]")
# An English possessive right after a name said by another voice: alone, espeak-ng says
# the letter ("Es"); its sound is given as espeak-ng's phoneme input instead.
_POSSESSIVE: Final = re.compile(r"^['\u2019]s\b")
_NO_PHONEME_INPUT: Final = str.maketrans("[]", "()")  # espeak-ng reads "[[...]]" as phonemes


def sayable(name: str) -> bool:
    """True when some voice can say every letter of `name`: a name in a script espeak-ng has
    no voice for (Khmer, Tibetan...) would be spelled "... letter one seven eight"."""
    return all(_ANY_SCRIPT.match(ch) or not unicodedata.category(ch).startswith(("L", "M")) for ch in name)


def own_scripts(voice: str) -> frozenset[str]:
    """The scripts `voice` says itself (anything else goes to another voice)."""
    if voice in CHINESE_VOICES:
        return frozenset({"han"})
    return frozenset(name for name, _, other in SCRIPTS if other == voice) or frozenset({"latin"})


def voice_of_run(script: str, voice: str) -> str:
    """Who says a run of `script` in a text of `voice`: itself, or the script's voice."""
    return voice if script in own_scripts(voice) else _VOICE_OF[script]


def voiced_runs(text: str, voice: str) -> list[tuple[str, str]]:
    """`text` cut into (voice, run): digits, spaces and punctuation stay with the table's voice."""
    runs: list[tuple[str, str]] = []
    at = 0
    for match in _RUN.finditer(text):
        script = match.lastgroup or "latin"
        said_by = voice_of_run(script, voice)
        if said_by == voice:
            continue
        if match.start() > at:
            runs.append((voice, text[at:match.start()]))
        runs.append((said_by, match.group()))
        at = match.end()
    if at < len(text):
        runs.append((voice, text[at:]))
    return runs


def marked_up(text: str, voice: str, respell: Callable[[str, str], str] = lambda run, voice: run) -> str:
    """`text` as SSML for espeak-ng ``-m``: each run in the voice that can say it, each run
    respelled for its voice by `respell(run, voice)`."""
    parts = []
    after_switch = False
    for said_by, run in voiced_runs(text, voice):
        phoneme = ""
        if after_switch and said_by == ENGLISH and _POSSESSIVE.match(run):
            phoneme, run = "[[z]]", run[2:]
        run = respell(run, said_by).translate(_NO_PHONEME_INPUT)  # a name never turns into phoneme input
        parts.append(f'<voice name="{said_by}">{phoneme}{escape(run)}</voice>')
        after_switch = said_by != voice
    return "".join(parts)
