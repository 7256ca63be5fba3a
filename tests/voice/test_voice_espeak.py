"""Real speech: espeak-ng renders every language to WAV, and the backends behave.

espeak-ng is a real dependency (scripts/test installs it): these tests fail, never skip,
when it is missing, because a skipped audio test would hide a silent table.
"""

from __future__ import annotations

import array
import logging
import shutil
import stat
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from hub.voice import backends
from hub.voice.backends import (
    ESPEAK_VOICES,
    EspeakBackend,
    NullBackend,
    WavDirBackend,
    make_backend,
    render_wav,
)
from hub.games.citadels.voice.catalogue import LANGS, phrase
from hub.games.citadels.voice.narrator import phrases_for_event
from hub.voice.speaker import Speaker
from hub.games.citadels.voice import VOICE

pytestmark = pytest.mark.espeak  # the real espeak-ng speaks

SHORT = {"event": {"kind": "called", "rank": 1, "character": "assassin"}}
LONG_ID = "prompt.turn.magician"


@pytest.fixture(autouse=True)
def fresh_warnings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test sees 'warn once' afresh."""
    monkeypatch.setattr(backends, "_warned", set())


def require_espeak() -> None:
    if shutil.which("espeak-ng") is None:
        pytest.fail("espeak-ng is required (Debian: apt-get install espeak-ng)", pytrace=False)


def wav_stats(path: Path) -> tuple[float, int]:
    """(seconds, peak amplitude) of a 16-bit mono WAV."""
    with wave.open(str(path), "rb") as audio:
        assert audio.getsampwidth() == 2 and audio.getnchannels() == 1
        frames = audio.readframes(audio.getnframes())
        seconds = audio.getnframes() / audio.getframerate()
    samples = array.array("h", frames)
    if sys.byteorder == "big":
        samples.byteswap()
    return seconds, max((abs(s) for s in samples), default=0)


@pytest.mark.parametrize("lang", LANGS)
def test_espeak_renders_each_language_to_plausible_audio(lang: str, tmp_path: Path) -> None:
    require_espeak()
    short_text = phrases_for_event(SHORT["event"], lang)[0]
    long_text = phrase(LONG_ID, lang)
    short_seconds, short_peak = wav_stats(render_wav(short_text, lang, tmp_path / "short.wav"))
    long_seconds, long_peak = wav_stats(render_wav(long_text, lang, tmp_path / "long.wav"))
    assert 0.4 < short_seconds < 5, f"{short_text!r}: {short_seconds:.2f}s"
    assert 1.5 < long_seconds < 20, f"{long_text!r}: {long_seconds:.2f}s"
    assert long_seconds > short_seconds * 1.5
    assert short_peak > 1000 and long_peak > 1000, "the audio is silent"


def test_sox_agrees_on_the_length(tmp_path: Path) -> None:
    require_espeak()
    if shutil.which("sox") is None:
        pytest.fail("sox is required (Debian: apt-get install sox)", pytrace=False)
    path = render_wav(phrase("call.no_answer", "zh-Hans"), "zh-Hans", tmp_path / "a.wav")
    seconds, _ = wav_stats(path)
    sox_seconds = float(subprocess.run(["soxi", "-D", str(path)], check=True,
                                       capture_output=True, text=True).stdout)
    assert abs(sox_seconds - seconds) < 0.01


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_the_chinese_voices_read_chinese_characters_not_tone_numbers(lang: str) -> None:
    """espeak-ng 1.51's plain 'cmn' voice switches to English for every character."""
    require_espeak()
    for phrase_id in ("call.assassinated", "round.started", "end.tiebreak"):
        text = phrase(phrase_id, lang, character=phrase("character.king", lang), round=3,
                      seat=phrase("seat", lang, n=2))
        phonemes = subprocess.run(
            ["espeak-ng", "-q", "-x", "-v", ESPEAK_VOICES[lang], "-b", "1", "--stdin"],
            input=text.encode(), capture_output=True, check=True).stdout.decode()
        assert phonemes.strip() and "(en)" not in phonemes, f"{text!r} -> {phonemes!r}"


def test_the_configured_voices_exist_in_espeak() -> None:
    require_espeak()
    listed = subprocess.run(["espeak-ng", "--voices"], capture_output=True, text=True,
                            check=True).stdout
    names = {line.split()[1] for line in listed.splitlines()[1:] if line.split()}
    files = {line.split()[4].split("/")[-1].lower() for line in listed.splitlines()[1:]
             if len(line.split()) > 4}
    for voice in ESPEAK_VOICES.values():
        assert voice in names or voice.lower() in files, voice


def test_the_wav_directory_gets_numbered_files_and_an_index(tmp_path: Path) -> None:
    require_espeak()
    backend = WavDirBackend(tmp_path / "voice", "zh-Hant")
    with Speaker(backend, "zh-Hant", names={2: "Bob"}, speech=VOICE) as speaker:
        speaker.on_events([{"kind": "called", "rank": 4, "character": "king"},
                           {"kind": "revealed", "seat": 2, "character": "king"}])
        assert speaker.wait_idle(20)
    files = sorted(p.name for p in (tmp_path / "voice").glob("*.wav"))
    assert files == ["0001.wav", "0002.wav"]
    index = (tmp_path / "voice" / "index.txt").read_text(encoding="utf-8").splitlines()
    assert index == ["0001.wav\tzh-Hant\t四號，國王！", "0002.wav\tzh-Hant\tBob是國王。"]
    for name in files:
        seconds, peak = wav_stats(tmp_path / "voice" / name)
        assert seconds > 0.3 and peak > 1000


def test_a_reused_wav_directory_is_never_overwritten(tmp_path: Path) -> None:
    first = WavDirBackend(tmp_path, "en", synthesize=False)
    first.speak("one")
    second = WavDirBackend(tmp_path, "en", synthesize=False)
    second.speak("two")
    assert sorted(p.name for p in tmp_path.glob("*.wav")) == ["0001.wav", "0002.wav"]
    assert (tmp_path / "index.txt").read_text().splitlines() == [
        "0001.wav\ten\tone", "0002.wav\ten\ttwo"]


def test_without_espeak_the_wav_directory_still_records_what_was_said(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(backends, "espeak_available", lambda executable="espeak-ng": False)
    with caplog.at_level(logging.WARNING):
        backend = make_backend("espeak", "en", tmp_path)
        backend.speak("Five: the Bishop!")
    assert isinstance(backend, WavDirBackend)
    seconds, peak = wav_stats(tmp_path / "0001.wav")
    assert seconds > 0 and peak == 0
    assert "Five: the Bishop!" in (tmp_path / "index.txt").read_text()
    assert "espeak-ng is not installed" in caplog.text


def test_a_missing_espeak_is_reported_once_and_the_hub_goes_on_silently(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(backends, "espeak_available", lambda executable="espeak-ng": False)
    with caplog.at_level(logging.WARNING):
        first = make_backend("espeak", "en")
        second = make_backend("espeak", "zh-Hans")
        first.speak("nobody hears this")
    assert isinstance(first, NullBackend) and isinstance(second, NullBackend)
    warnings = [r for r in caplog.records if "not installed" in r.getMessage()]
    assert len(warnings) == 1


def test_make_backend_picks_what_the_flags_ask_for(tmp_path: Path) -> None:
    assert isinstance(make_backend("none", "en"), NullBackend)
    assert isinstance(make_backend("none", "en", tmp_path), WavDirBackend)
    if shutil.which("espeak-ng"):
        assert isinstance(make_backend("espeak", "zh-Hant"), EspeakBackend)
    with pytest.raises(ValueError, match="festival"):
        make_backend("festival", "en")


def fake_espeak(tmp_path: Path, body: str = "") -> Path:
    """A stand-in espeak-ng that records its arguments and stdin."""
    script = tmp_path / "espeak-ng"
    script.write_text(
        "#!/bin/sh\n"
        f'echo "$@" >> "{tmp_path}/args"\n'
        f'cat >> "{tmp_path}/stdin"\n'
        f"{body}\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script


@pytest.mark.parametrize(("lang", "spoken", "voice"), [
    ("en", None, "en"), ("zh-Hans", None, "cmn-latn-pinyin"), ("zh-Hant", None, "cmn-latn-pinyin"),
    ("zh-Hant", "yue", "yue"), ("zh-Hans", "yue", "yue"), ("zh-Hant", "cmn", "cmn-latn-pinyin")])
def test_the_espeak_backend_passes_voice_and_utf8_text_on_stdin(
        tmp_path: Path, lang: str, spoken: str | None, voice: str) -> None:
    backend = EspeakBackend(lang, voice=backends.espeak_voice(lang, spoken),
                            executable=str(fake_espeak(tmp_path)))
    text = phrases_for_event(SHORT["event"], lang)[0]
    backend.speak(text)
    assert f"-m -v {voice} " in (tmp_path / "args").read_text()  # SSML: a name may switch voice
    assert (tmp_path / "stdin").read_text(encoding="utf-8") == f'<voice name="{voice}">{text}</voice>'


def test_espeak_gets_the_respelled_text_and_the_index_keeps_the_words(tmp_path: Path) -> None:
    """What is shown and recorded is the catalogue's text; only espeak-ng hears the respelling
    (of the hosted game's words: Citadels' 角色)."""
    backend = WavDirBackend(tmp_path / "out", "zh-Hant", executable=str(fake_espeak(tmp_path)),
                            synthesize=True, respellings=VOICE.respellings)
    backend.speak("3號座位，請選擇角色。")
    assert (tmp_path / "stdin").read_text(encoding="utf-8") == '<voice name="cmn-latn-pinyin">3號座位，請選擇 jue2se4 。</voice>'
    assert (tmp_path / "out" / "index.txt").read_text(encoding="utf-8").endswith("請選擇角色。\n")


def test_no_sound_device_is_one_clear_line_then_silence(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """espeak-ng 1.51 exits 0 without a sound device but says so on stderr."""
    script = fake_espeak(tmp_path, 'echo "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default" >&2\n'
                                   'echo "error: No such file or directory" >&2')
    backend = EspeakBackend("en", executable=str(script))
    with caplog.at_level(logging.WARNING):
        backend.speak("One: the Assassin!")
        backend.speak("Two: the Thief!")
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1 and "no sound device" in lines[0] and "goes on silent" in lines[0]
    assert "\n" not in lines[0]
    assert backend.silent
    assert len((tmp_path / "args").read_text().splitlines()) == 1, "espeak-ng was tried again"


def test_closing_interrupts_a_long_utterance(tmp_path: Path) -> None:
    import threading
    import time

    backend = EspeakBackend("en", executable=str(fake_espeak(tmp_path, "sleep 30")))
    speaking = threading.Thread(target=backend.speak, args=("a very long speech",))
    speaking.start()
    time.sleep(0.3)
    started = time.perf_counter()
    backend.close()
    speaking.join(5)
    assert not speaking.is_alive() and time.perf_counter() - started < 5
