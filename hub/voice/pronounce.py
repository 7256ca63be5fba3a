"""How each espeak-ng voice should read the hub's Chinese: voices, respellings, checks.

The words shown on screens and written in WAV indexes stay as the game's catalogue has
them; only the text handed to espeak-ng is respelled, where espeak-ng 1.51 misreads a word
(a polyphonic character read with its other sound, "2" read "èr" before a measure word).
The everyday words are respelled here; a game's own names (its cards) by its plug-in's
voice (`hub.voice.GameVoice.respellings`).
`phoneme_problems` asks espeak-ng itself how it reads a text, so a test (and
``citadels-hub voice --render``) can prove every phrase is read in the intended language.
"""

from __future__ import annotations

import re
import subprocess
from typing import Final

from hub.voice.speech import Respellings
from hub.voice.switching import MANDARIN, marked_up
from hub.words import check_lang

# How Chinese text is spoken: Mandarin by default (the Classic rulebook in Traditional
# Chinese is mostly played by Mandarin speakers), Cantonese on request.
SPOKEN: Final = ("cmn", "yue")
DEFAULT_SPOKEN: Final = "cmn"
# espeak-ng 1.51's plain "cmn" voice reads every character as pinyin with its tone
# number spoken in English ("guo two wang two", espeak-ng issue #1370); the
# "cmn-latn-pinyin" voice reads the same Traditional or Simplified characters in
# Mandarin, and also reads pinyin written with tone digits, which the respellings use.
SPOKEN_VOICES: Final = {"cmn": "cmn-latn-pinyin", "yue": "yue"}
ENGLISH_VOICE: Final = "en"

# Everyday words espeak-ng misreads, per voice, whatever the game (a game's own names are
# its plug-in's). Pinyin with tone digits is what the cmn-latn-pinyin voice reads exactly.
_MANDARIN_RESPELLINGS: Final = {
    "獲得": "huo4de2", "获得": "huo4de2",  # read huòde (particle)
    "更換": "geng1huan4", "更换": "geng1huan4",  # read gèng
    "處理": "chu3li3", "处理": "chu3li3",  # read chù
    "應答": "ying4da2", "应答": "ying4da2",  # read yīng
    "感應區": "gan3ying4qu1", "感应区": "gan3ying4qu1",  # the seat's reader
}
RESPELLINGS: Final[dict[str, dict[str, str]]] = {"cmn-latn-pinyin": _MANDARIN_RESPELLINGS, "yue": {}}

# "2" before a measure word is 兩/两 in both Mandarin and Cantonese ("兩枚金幣"), not 二.
_TWO_BEFORE_MEASURE: Final = re.compile(r"(?<![0-9])2(?=[枚張张個个分])")
_HAN: Final = re.compile(r"[\u3400-\u9fff]")


class UnknownSpoken(ValueError):
    """Raised for a spoken language the hub has no voice for."""


def espeak_voice(lang: str, spoken: str | None = None) -> str:
    """The espeak-ng voice for text in `lang` spoken as `spoken` (cmn or yue; Chinese only)."""
    if check_lang(lang) == "en":
        if spoken not in (None, "en"):
            raise UnknownSpoken(f"--voice-lang {spoken} reads Chinese text; use it with --lang zh-Hant or zh-Hans")
        return ENGLISH_VOICE
    spoken = spoken or DEFAULT_SPOKEN
    if spoken not in SPOKEN_VOICES:
        raise UnknownSpoken(f"unknown spoken language {spoken!r}; expected one of {', '.join(SPOKEN)}")
    return SPOKEN_VOICES[spoken]


def speakable(text: str, voice: str, game: Respellings | None = None) -> str:
    """The text as it should be handed to espeak-ng's `voice`; `game`: the hosted game's
    own respellings (its card names), applied before the everyday words'."""
    if voice == ENGLISH_VOICE:
        return text
    text = _TWO_BEFORE_MEASURE.sub("兩", text)  # espeak-ng reads 兩 in either script
    for word, respelled in [*(game or {}).get(voice, {}).items(), *RESPELLINGS.get(voice, {}).items()]:
        text = text.replace(word, f" {respelled} ")
    return text


def espeak_text(text: str, voice: str, game: Respellings | None = None) -> str:
    """What espeak-ng ``-m`` is handed for `text` in `voice`: each run of letters in a voice
    that can say it (`hub.voice.switching`), each respelled for its voice (`speakable`)."""
    return marked_up(text, voice, lambda run, said_by: speakable(run, said_by, game))


def phonemes(text: str, voice: str, executable: str = "espeak-ng", game: Respellings | None = None) -> str:
    """espeak-ng's phoneme transcription (``-x``) of what `voice` would say for `text`."""
    return phonemes_of_many([text], voice, executable, game)[0]


_SEPARATOR: Final = "九九九九九"  # a clause no phrase contains: its own line of phonemes


def phonemes_of_many(texts: list[str], voice: str, executable: str = "espeak-ng",
                     game: Respellings | None = None) -> list[str]:
    """Transcriptions of many texts from one espeak-ng run (loading a voice is the slow part).

    The texts are separated by a clause of their own whose transcription is a line of its
    own; anything else (a text whose phonemes cannot be told apart) raises RuntimeError.
    """
    def run(text: str) -> list[str]:
        done = subprocess.run([executable, "-q", "-x", "-m", "-v", voice, "-b", "1", "--stdin"],
                              input=text.encode("utf-8"), capture_output=True, check=True, timeout=120)
        return done.stdout.decode("utf-8", errors="replace").splitlines()

    separator = run(espeak_text(_SEPARATOR + "。", voice))
    joined = espeak_text(f"。\n{_SEPARATOR}。\n".join(texts), voice, game)
    parts: list[list[str]] = [[]]
    for line in run(joined):
        if line.strip() and line in separator:
            parts.append([])
        else:
            parts[-1].append(line)
    if len(parts) != len(texts):
        raise RuntimeError(f"espeak-ng's phonemes for {len(texts)} texts came back in {len(parts)} parts")
    return ["\n".join(lines).strip() + "\n" for lines in parts]


_SWITCH: Final = re.compile(r"\(([a-z-]+)\)")
_LETTER: Final = re.compile(r"l,?Et3")  # the English voice's "letter" ("tS'aIni:zl,Et3": Chinese letter)
_SYLLABLE_TONES: Final = {"cmn-latn-pinyin": re.compile(r"[1-5]{2,3}"), "yue": re.compile(r"[1-7]")}


def phoneme_problems(text: str, voice: str, transcription: str | None = None) -> list[str]:
    """Why `voice` would not read `text` in its own language (empty: it would).

    Each run of letters is handed to a voice of its own script (`espeak_text`), so espeak-ng
    should never have to switch rules by itself: it marks each such switch in its
    transcription, e.g. "(en)oU11keI11(cmn)" (the plain "cmn" voice's tone numbers, a Latin
    word the voice cannot say). An English voice must never say "... letter" for a
    character, and every Chinese character must get a toned syllable of its own.
    """
    said = phonemes(text, voice) if transcription is None else transcription
    problems = []
    if not said.strip() and re.search(r"\w", text):
        problems.append("nothing is said")
    if _LETTER.search(said) and "letter" not in text.lower():
        problems.append(f"a character is spelled out as '... letter': {said.strip()!r}")
    switches = sorted({m.group(1) for m in _SWITCH.finditer(said)})
    if switches:
        problems.append(f"espeak-ng switches to {', '.join(switches)} by itself: {said.strip()!r}")
    tones = _SYLLABLE_TONES.get(voice if voice in _SYLLABLE_TONES else MANDARIN)
    if tones is not None:
        syllables = len(tones.findall(said))
        characters = len(_HAN.findall(text))
        if syllables < characters:
            problems.append(f"{characters} Chinese characters but {syllables} toned syllables: {said.strip()!r}")
    return problems
