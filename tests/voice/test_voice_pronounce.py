"""Every phrase is read in the intended language, by the real espeak-ng, in every voice.

espeak-ng's phoneme transcription (``-x``) marks each switch to another language's rules,
e.g. "(en)oU11keI11(cmn)": that is how espeak-ng 1.51's plain "cmn" voice reads every
Chinese character (pinyin with English-spoken tone numbers) and how a character it does
not know comes out ("Chinese letter"). These tests run the real espeak-ng and fail,
never skip, when it is missing.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from hub.cli import main
from hub.commands import voice as voice_main
from hub.games.citadels.voice import VOICE
from hub.games.citadels.voice.samples import spoken_texts
from hub.games.citadels.voice.catalogue import load_catalogue
from hub.voice.pronounce import (
    UnknownSpoken,
    espeak_voice,
    phoneme_problems,
    phonemes,
    phonemes_of_many,
    speakable,
)

pytestmark = pytest.mark.espeak  # reads and renders with the real espeak-ng


def require_espeak() -> None:
    if shutil.which("espeak-ng") is None:
        pytest.fail("espeak-ng is required (Debian: apt-get install espeak-ng)", pytrace=False)


@pytest.mark.parametrize(("lang", "spoken"), voice_main.READINGS)
def test_every_phrase_and_card_name_is_read_in_the_intended_language(lang: str, spoken: str | None) -> None:
    require_espeak()
    voice = espeak_voice(lang, spoken)
    texts = spoken_texts(lang)
    assert set(load_catalogue()) <= set(texts) and any(k.startswith("district.") for k in texts)
    said = phonemes_of_many(list(texts.values()), voice, game=VOICE.respellings)
    problems = {phrase_id: phoneme_problems(text, voice, transcription)
                for (phrase_id, text), transcription in zip(texts.items(), said)}
    assert {k: v for k, v in problems.items() if v} == {}


def test_one_run_for_many_texts_gives_what_one_run_per_text_gives() -> None:
    require_espeak()
    texts = ["刺客：放上你要刺殺的角色，或者按OK。", "墓地", "、", "第3輪。"]
    assert [p.split() for p in phonemes_of_many(texts, "cmn-latn-pinyin")] == \
        [phonemes(t, "cmn-latn-pinyin").split() for t in texts]


def raw_phonemes(text: str, voice: str) -> str:
    """What espeak-ng makes of `text` handed to `voice` as it is, with no voice switches."""
    return subprocess.run(["espeak-ng", "-q", "-x", "-v", voice, "-b", "1", "--stdin"], input=text.encode(),
                          capture_output=True, check=True).stdout.decode()


def test_the_check_catches_the_plain_cmn_voice_and_letter_spelling() -> None:
    """The checker is itself checked: readings the hub must never ship are flagged."""
    require_espeak()
    assert phoneme_problems("國王拿取皇冠。", "cmn"), "plain cmn reads tone numbers in English"
    assert phoneme_problems("國王", "en", raw_phonemes("國王", "en")), "English says 'Chinese letter'"
    assert phoneme_problems("國王 Bob", "cmn", raw_phonemes("國王 Bob", "cmn")), "cmn switches by itself"
    assert phoneme_problems("請按OK。", "cmn-latn-pinyin") == []
    assert phoneme_problems("國王", "en") == [], "the hub hands Chinese to a Chinese voice"


def test_the_check_counts_a_syllable_per_character() -> None:
    assert phoneme_problems("國王", "cmn-latn-pinyin", "k'uo35_|\n") != []
    assert phoneme_problems("國王", "cmn-latn-pinyin", "k'uo35_| w'A35N_|\n") == []
    assert phoneme_problems("國王", "yue", "gw'o3k_| w'ong4_|\n") == []


@pytest.mark.parametrize(("text", "voice", "heard"), [
    ("請選擇角色。", "cmn-latn-pinyin", "請選擇 jue2se4 。"),  # not jiǎosè
    ("3號座位收稅，獲得2枚金幣。", "cmn-latn-pinyin", "3號座位收稅， huo4de2 兩枚金幣。"),
    ("3号座位，抽2张牌。", "yue", "3号座位，抽兩张牌。"),  # 兩 before a measure word, both voices
    ("第2輪。22分。2號座位", "cmn-latn-pinyin", "第2輪。22分。2號座位"),  # èr stays èr
    ("墓地", "yue", "墓地"),  # Cantonese reads it right: no respelling
    ("Seat 2, take 2 gold.", "en", "Seat 2, take 2 gold."),
])
def test_only_espeak_hears_the_respelling(text: str, voice: str, heard: str) -> None:
    assert speakable(text, voice, VOICE.respellings) == heard


def test_a_games_own_names_are_respelled_only_for_that_game() -> None:
    """Citadels' card names are its plug-in's respellings; the everyday words the voice's."""
    assert speakable("墓地，獲得", "cmn-latn-pinyin") == "墓地， huo4de2 "
    assert speakable("墓地，獲得", "cmn-latn-pinyin", VOICE.respellings) == " mu4di4 ， huo4de2 "


def test_chinese_is_mandarin_by_default_and_cantonese_on_request() -> None:
    assert espeak_voice("zh-Hant") == espeak_voice("zh-Hans") == "cmn-latn-pinyin"
    assert espeak_voice("zh-Hant", "yue") == "yue"
    assert espeak_voice("en") == "en"
    with pytest.raises(UnknownSpoken, match="--lang zh-Hant"):
        espeak_voice("en", "yue")
    with pytest.raises(UnknownSpoken, match="klingon"):
        espeak_voice("zh-Hant", "klingon")


def test_render_writes_a_wav_and_a_phoneme_line_per_phrase(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """`citadels-hub voice --render DIR`, on a few phrases so the test stays short."""
    require_espeak()
    few = ("call.no_answer", "prompt.turn.king")
    voice = replace(VOICE, readings=lambda lang: {k: spoken_texts(lang)[k] for k in few})
    monkeypatch.setattr(voice_main, "game_voice", lambda name: voice)
    monkeypatch.setattr(voice_main, "READINGS", (("zh-Hant", "cmn"), ("zh-Hant", "yue")))
    assert main(["voice", "--render", str(tmp_path)]) == 0
    for folder in ("zh-Hant-cmn", "zh-Hant-yue"):
        assert sorted(p.name for p in (tmp_path / folder).glob("*.wav")) == [f"{k}.wav" for k in few]
        rows = (tmp_path / folder / "phonemes.tsv").read_text(encoding="utf-8").splitlines()
        assert rows[0] == "id\ttext\tphonemes\tproblems" and len(rows) == 3
        assert rows[2].startswith("prompt.turn.king\t國王：") and rows[2].endswith("\t")
