"""How `run` and `sim` wire the voice: flags, the opening, and a whole paced game."""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

import pytest

from hub.voice import backends
from hub.voice.backends import NullBackend, WavDirBackend
from hub.voice.cli import (
    add_voice_arguments,
    seat_names,
    speaker_from_args,
)
from hub.games.citadels.voice import VOICE, opening_events
from hub.games.citadels.voice.narrator import Narrator
from hub.voice.speaker import Speaker


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_voice_arguments(parser)
    return parser.parse_args(list(argv))


def test_voice_flags_and_their_defaults() -> None:
    args = parse()
    assert (args.voice, args.lang, args.voice_dir) == ("espeak", "en", None)
    args = parse("--voice", "none", "--lang", "zh-Hant", "--voice-dir", "out")
    assert (args.voice, args.lang, args.voice_dir) == ("none", "zh-Hant", "out")
    with pytest.raises(SystemExit):
        parse("--lang", "fr")


def test_speaker_from_args_builds_the_requested_backend(tmp_path: Path) -> None:
    with speaker_from_args(parse("--voice", "none"), ("Ann", "Bob"), speech=VOICE) as speaker:
        assert isinstance(speaker.backend, NullBackend)
        assert isinstance(speaker.narrator, Narrator) and speaker.narrator.context.names == {1: "Ann", 2: "Bob"}
    with speaker_from_args(parse("--voice-dir", str(tmp_path), "--lang", "zh-Hans")) as speaker:
        assert isinstance(speaker.backend, WavDirBackend) and speaker.lang == "zh-Hans"
        assert speaker.narrator is None and speaker.backend.respellings is None  # no game's voice: silent
    with speaker_from_args(parse("--voice-dir", str(tmp_path), "--lang", "zh-Hans"), speech=VOICE) as speaker:
        assert isinstance(speaker.backend, WavDirBackend) and speaker.backend.respellings == VOICE.respellings


def test_voice_lang_chooses_mandarin_or_cantonese_for_chinese(tmp_path: Path) -> None:
    assert parse().voice_lang is None
    with speaker_from_args(parse("--voice-dir", str(tmp_path / "a"), "--lang", "zh-Hant")) as speaker:
        assert speaker.backend.voice == "cmn-latn-pinyin"
    with speaker_from_args(parse("--voice-dir", str(tmp_path / "b"), "--lang", "zh-Hant",
                                 "--voice-lang", "yue")) as speaker:
        assert speaker.backend.voice == "yue"
    with pytest.raises(ValueError, match="--voice-lang yue reads Chinese"):
        speaker_from_args(parse("--voice", "none", "--voice-lang", "yue"))
    with pytest.raises(SystemExit):
        parse("--voice-lang", "fr")


def test_seat_names_from_setup_names_or_a_mapping() -> None:
    assert seat_names(("Ann", "Bob")) == {1: "Ann", 2: "Bob"}
    assert seat_names({3: "Cy", 4: ""}) == {3: "Cy"}
    assert seat_names(None) == {}


def test_the_opening_is_rebuilt_from_the_public_view() -> None:
    view = {"round": 1, "crowned": 2, "faceup_removed": ["thief"],
            "pending": {"seat": 2, "kind": "pick"}}
    assert opening_events(view) == [
        {"kind": "round_started", "round": 1, "crowned": 2},
        {"kind": "faceup_removed", "characters": ["thief"]},
        {"kind": "draft_turn", "seat": 2, "step": "pick"},
    ]
    physical = {"round": 1, "crowned": 1, "faceup_removed": [],
                "pending": {"seat": 1, "kind": "faceup"}}
    assert opening_events(physical)[-1] == {"kind": "prompt", "seat": 1, "decision": "faceup"}


def test_a_paced_simulated_game_is_said_in_full_and_in_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = importlib.import_module("hub.engine.citadels")
    bots = importlib.import_module("hub.engine.citadels.bots")
    monkeypatch.setattr(backends, "_warned", set())
    setup = engine.Setup(players=5, seed=11, names=("Ann", "Bob", "Cy", "Dee", "Eve"))
    game = engine.Game.new(setup)
    bot = bots.make_bot("heuristic", 11)
    expected = Narrator("zh-Hant", seat_names(setup.names))
    said: list[str] = []
    backend = WavDirBackend(tmp_path, "zh-Hant", synthesize=False)
    with Speaker(backend, "zh-Hant", names=seat_names(setup.names), speech=VOICE) as speaker:
        batches = [opening_events(game.public_view())]
        while True:
            for event in batches[-1]:
                said += [u.text for u in expected.narrate(event)]
            speaker.on_events(batches[-1])
            assert speaker.wait_idle(10)  # pacing: what sim does when someone listens
            if game.pending is None:
                break
            batches.append(game.apply(bot.choose(game)))
        assert speaker.stats.dropped_full == 0
    index = (tmp_path / "index.txt").read_text(encoding="utf-8").splitlines()
    texts = [line.split("\t", 2)[2] for line in index]
    assert len(texts) > 100
    assert texts[0] == "第1輪。Ann持有皇冠，先選擇角色。"
    assert texts[-1].startswith("第五名：")
    # prompts may be dropped once answered; everything else is said, in order
    assert texts == [t for t in said if t in set(texts)]
    assert set(said) - set(texts) <= {t for t in said if "請選擇角色" in t}
    assert len(list(tmp_path.glob("*.wav"))) == len(texts)


def test_citadels_hub_voice_writes_every_phrase(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from hub.cli import main
    from hub.games.citadels.voice.catalogue import load_catalogue

    monkeypatch.setattr(backends, "espeak_available", lambda executable="espeak-ng": False)
    monkeypatch.setattr(backends, "_warned", set())
    assert main(["voice", "--lang", "zh-Hans", "--all", "--voice-dir", str(tmp_path)]) == 0
    lines = (tmp_path / "index.txt").read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(load_catalogue())
    assert not any("{" in line for line in lines)
