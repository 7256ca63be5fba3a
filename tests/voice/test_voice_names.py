"""Names said right, heard from the real espeak-ng: what each game's voice hands the
synthesizer is transcribed (``-q -x``) exactly as the backend ran it, and the phonemes are
checked, not the text: a Chinese name in the English voice is said in Mandarin, never
"Chinese letter"; a Latin name or an English card name in a Chinese voice is said in
English, never spelled as pinyin. These tests fail, never skip, when espeak-ng is missing.
"""

from __future__ import annotations

import shutil
import stat
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from hub.games import GAMES
from hub.voice.backends import EspeakBackend, NullBackend, espeak_voice
from hub.voice.pronounce import phoneme_problems, phonemes_of_many
from hub.voice.speaker import Speaker

pytestmark = pytest.mark.espeak  # listens to the real espeak-ng

# A public event of each game that names the seat playing it.
NAMING_EVENTS: dict[str, dict[str, Any]] = {
    "citadels": {"kind": "revealed", "seat": 2, "character": "king"},
    "builders": {"kind": "turn_started", "seat": 2},
    "nim": {"kind": "took", "seat": 2, "n": 1, "left": 3},
    "cities-knights": {"kind": "rolled", "seat": 2, "red": 3, "yellow": 4, "total": 7, "event": "ship"},
}
CIRCULAR_SAW = {"kind": "finished", "seat": 1, "building": "m1", "coins": 0, "points": 1, "machine": True,
                "returned": [], "total_points": 1, "balance": 0}


def require_espeak() -> None:
    if shutil.which("espeak-ng") is None:
        pytest.fail("espeak-ng is required (Debian: apt-get install espeak-ng)", pytrace=False)


def said(game: str, event: Mapping[str, Any], lang: str, names: Mapping[int, str]) -> list[str]:
    speech = GAMES[game].speech
    assert speech is not None, game
    return [u.text for u in speech.narrator(lang, dict(names), None).narrate(event)]


def heard(text: str, lang: str, tmp_path: Path, spoken: str | None = None) -> str:
    """espeak-ng's phonemes for exactly what the hub's espeak backend hands it for `text`."""
    require_espeak()
    recorder = tmp_path / "espeak-ng"
    recorder.write_text(f'#!/bin/sh\necho "$@" > "{tmp_path}/args"\ncat > "{tmp_path}/stdin"\n')
    recorder.chmod(recorder.stat().st_mode | stat.S_IEXEC)
    EspeakBackend(lang, voice=espeak_voice(lang, spoken), executable=str(recorder)).speak(text)
    args = (tmp_path / "args").read_text().split()
    return subprocess.run(["espeak-ng", "-q", "-x", *args], input=(tmp_path / "stdin").read_bytes(),
                          capture_output=True, check=True, timeout=60).stdout.decode()


def alone(text: str, voice: str) -> list[str]:
    """The phonemes `voice` gives `text` said on its own: how that voice says it right."""
    return subprocess.run(["espeak-ng", "-q", "-x", "-v", voice, "--stdin"], input=text.encode(),
                          capture_output=True, check=True, timeout=60).stdout.decode().split()


def contains_in_order(phonemes: str, wanted: list[str]) -> bool:
    words = iter(phonemes.split())
    return all(any(w == want for w in words) for want in wanted)


def test_every_game_has_a_naming_event_here() -> None:
    assert set(NAMING_EVENTS) == set(GAMES), "a new game's voice must be heard saying a name"


@pytest.mark.parametrize("game", sorted(NAMING_EVENTS))
def test_a_chinese_name_in_the_english_voice_is_said_in_mandarin(game: str, tmp_path: Path) -> None:
    [text] = said(game, NAMING_EVENTS[game], "en", {1: "Ann", 2: "蔡明"})
    assert "蔡明" in text
    phonemes = heard(text, "en", tmp_path)
    assert "l,Et3" not in phonemes, f"{text!r} is read 'Chinese letter': {phonemes!r}"
    assert contains_in_order(phonemes, alone("蔡明", "cmn-latn-pinyin")), phonemes


@pytest.mark.parametrize("game", sorted(NAMING_EVENTS))
@pytest.mark.parametrize(("lang", "spoken"), [("zh-Hant", None), ("zh-Hans", "yue")])
def test_a_latin_name_in_a_chinese_voice_is_said_in_english(game: str, lang: str, spoken: str | None,
                                                             tmp_path: Path) -> None:
    [text] = said(game, NAMING_EVENTS[game], lang, {1: "Ann", 2: "Maximilian"})
    assert "Maximilian" in text
    phonemes = heard(text, lang, tmp_path, spoken)
    assert contains_in_order(phonemes, alone("Maximilian", "en")), f"{text!r}: {phonemes!r}"
    assert "(en)" not in phonemes  # no letter left for the Chinese voice to switch over by itself


@pytest.mark.parametrize(("lang", "spoken"), [("zh-Hant", None), ("zh-Hans", None), ("zh-Hant", "yue")])
def test_an_english_card_name_in_a_chinese_voice_is_said_in_english(lang: str, spoken: str | None,
                                                                   tmp_path: Path) -> None:
    """The Builders keep their buildings' printed English names: 'Circular Saw', not 'ci-er-cu-la-er'."""
    [text] = said("builders", CIRCULAR_SAW, lang, {1: "小明"})
    assert "Circular Saw" in text
    phonemes = heard(text, lang, tmp_path, spoken)
    assert contains_in_order(phonemes, alone("Circular Saw", "en")), f"{text!r}: {phonemes!r}"
    assert contains_in_order(phonemes, alone("小明", espeak_voice(lang, spoken))), phonemes


@pytest.mark.parametrize(("name", "voice"), [("Иван", "ru"), ("김민수", "ko"), ("Ελένη", "el")])
def test_a_name_in_another_script_is_said_by_a_voice_of_that_script(name: str, voice: str, tmp_path: Path) -> None:
    [text] = said("builders", NAMING_EVENTS["builders"], "en", {2: name})
    phonemes = heard(text, "en", tmp_path)
    assert contains_in_order(phonemes, alone(name, voice)), f"{text!r}: {phonemes!r}"
    assert contains_in_order(phonemes, alone("turn.", "en")) and "'Es" not in phonemes  # "'s" is not the letter


def test_the_builders_last_round_is_heard_naming_who_and_why(tmp_path: Path) -> None:
    event = {"kind": "last_round", "seat": 2, "reason": "points", "points": 17, "last_seat": 1, "players": 2}
    [text] = said("builders", event, "zh-Hans", {2: "Bob"})
    phonemes = heard(text, "zh-Hans", tmp_path)
    assert contains_in_order(phonemes, alone("Bob", "en")), phonemes  # who: in English, not pinyin
    assert "tS;h'i55" in phonemes, phonemes  # why: 17 points ("shi qi")


def spoken_by_the_speaker(game: str, lang: str, names: Mapping[int, str], events: list[Mapping[str, Any]]) -> list[str]:
    """What the table's Speaker hands its backend for `events`, with the game's voice."""
    backend = NullBackend()
    with Speaker(backend, lang, names=names, speech=GAMES[game].speech) as speaker:
        speaker.on_events(events)
        assert speaker.wait_idle(10)
    return backend.spoken


@pytest.mark.parametrize("game", sorted(NAMING_EVENTS))
@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_a_name_no_voice_can_say_is_replaced_by_its_seat(game: str, lang: str, tmp_path: Path) -> None:
    """Khmer has no espeak-ng voice: 'Khmer letter ...' is never said; the game's own 'seat 2' is."""
    khmer = "សុខា"
    [text] = spoken_by_the_speaker(game, lang, {1: "Ann", 2: khmer}, [NAMING_EVENTS[game]])
    assert khmer not in text and "2" in text, text
    phonemes = heard(text, lang, tmp_path)
    assert "l,Et3" not in phonemes, phonemes


def test_a_new_games_names_no_voice_can_say_are_replaced_too() -> None:
    new_game = {"kind": "new_game", "names": ["Ann", "བསོད་ནམས"]}
    assert spoken_by_the_speaker("builders", "en", {}, [new_game, NAMING_EVENTS["builders"]]) == ["Seat 2's turn."]
    assert spoken_by_the_speaker("builders", "en", {}, [new_game, {**NAMING_EVENTS["builders"], "seat": 1}]) == ["Ann's turn."]


@pytest.mark.parametrize(("lang", "spoken"), [("zh-Hant", None), ("zh-Hans", None), ("zh-Hant", "yue")])
def test_every_english_card_name_of_the_builders_is_heard_in_english_in_the_chinese_voices(
        lang: str, spoken: str | None) -> None:
    require_espeak()
    voice = espeak_voice(lang, spoken)
    speech = GAMES["builders"].speech
    assert speech is not None and speech.readings is not None  # `citadels-hub voice --render` hears them all
    texts = speech.readings(lang)
    english = sorted({text for key, text in texts.items() if key.startswith("card.") and text.isascii()})
    assert "Circular Saw" in english and len(english) > 30
    for name, chinese, spoken_alone in zip(english, phonemes_of_many(english, voice), phonemes_of_many(english, "en")):
        assert contains_in_order(chinese, spoken_alone.split()), f"{name!r} in {voice}: {chinese!r}"
    problems = {key: phoneme_problems(text, voice, said)
                for (key, text), said in zip(texts.items(), phonemes_of_many(list(texts.values()), voice))}
    assert {key: found for key, found in problems.items() if found} == {}
