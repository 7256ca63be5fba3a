"""Ways to make sound: espeak-ng out loud, numbered WAV files, or nothing.

A backend's `speak` may block for as long as the speech lasts; the Speaker calls it from
its own worker thread so the game never waits for it. A missing espeak-ng is reported
once and the hub carries on silently.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import subprocess
import threading
import wave
from pathlib import Path
from typing import Final, Protocol

from hub.words import LANGS, check_lang
from hub.voice.pronounce import espeak_voice as pronounced_voice
from hub.voice.pronounce import espeak_text
from hub.voice.speech import Respellings

log = logging.getLogger(__name__)

ESPEAK: Final = "espeak-ng"
# The voice for each language's default reading (see hub.voice.pronounce): Mandarin for
# both Chinese scripts; Cantonese is a choice (spoken="yue").
ESPEAK_VOICES: Final = {lang: pronounced_voice(lang) for lang in LANGS}
ESPEAK_RATE: Final = 160  # words per minute; a little slower than the default 175
ESPEAK_TIMEOUT: Final = 30.0
SILENT_SECONDS: Final = 0.2  # placeholder WAV length when espeak-ng is missing
SAMPLE_RATE: Final = 22050

_warned: set[str] = set()


def warn_once(key: str, message: str) -> None:
    """Log a problem the first time only: a missing synthesizer must not flood the log."""
    if key not in _warned:
        _warned.add(key)
        log.warning(message)


def espeak_available(executable: str = ESPEAK) -> bool:
    return shutil.which(executable) is not None


def espeak_voice(lang: str, spoken: str | None = None) -> str:
    """The espeak-ng voice for `lang`; `spoken` ("cmn" or "yue") chooses how Chinese sounds."""
    return pronounced_voice(lang, spoken)


def espeak_command(voice: str, rate: int = ESPEAK_RATE, wav_path: Path | None = None,
                   executable: str = ESPEAK) -> list[str]:
    """Text goes on stdin (UTF-8), so no phrase can be mistaken for an option; as SSML
    (``-m``), so a name in another script switches voice (`hub.voice.pronounce.espeak_text`)."""
    command = [executable, "-m", "-v", voice, "-s", str(rate), "-b", "1", "--stdin"]
    if wav_path is not None:
        command += ["-w", str(wav_path)]
    return command


def render_wav(text: str, lang: str, path: Path, voice: str | None = None,
               rate: int = ESPEAK_RATE, executable: str = ESPEAK, respellings: Respellings | None = None) -> Path:
    """Synthesize `text` into a WAV file with espeak-ng; raises if that fails. `respellings`:
    the hosted game's own (`hub.voice.pronounce.speakable`)."""
    voice = voice or espeak_voice(lang)
    command = espeak_command(voice, rate, path, executable)
    subprocess.run(command, input=espeak_text(text, voice, respellings).encode("utf-8"), check=True, timeout=ESPEAK_TIMEOUT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return path


def write_silence(path: Path, seconds: float = SILENT_SECONDS) -> Path:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(b"\x00\x00" * int(SAMPLE_RATE * seconds))
    return path


class Backend(Protocol):
    def speak(self, text: str) -> None:
        """Say `text`; may block until it has been said."""

    def close(self) -> None:
        """Stop speaking now and release resources."""


class NullBackend:
    """Says nothing: --voice none, or no synthesizer on this machine."""

    def __init__(self) -> None:
        self.spoken: list[str] = []

    def speak(self, text: str) -> None:
        self.spoken.append(text)

    def close(self) -> None:
        pass


class EspeakBackend:
    """Speaks through the sound card with espeak-ng, one process per utterance."""

    def __init__(self, lang: str, voice: str | None = None, rate: int = ESPEAK_RATE,
                 executable: str = ESPEAK, respellings: Respellings | None = None) -> None:
        self.voice = voice or espeak_voice(lang)
        self.respellings = respellings  # the hosted game's own words espeak-ng misreads
        self.rate = rate
        self.executable = executable
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._closed = False
        self.silent = False  # set once playing failed: no sound device

    def speak(self, text: str) -> None:
        command = espeak_command(self.voice, self.rate, executable=self.executable)
        with self._lock:
            if self._closed or self.silent:
                return
            try:
                self._process = subprocess.Popen(
                    command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE, start_new_session=True,
                )
            except OSError as error:
                self.silent = True
                warn_once("espeak-start", f"voice: cannot run {self.executable}: {error}; the hub goes on silent")
                return
        process = self._process
        try:
            _, stderr = process.communicate(espeak_text(text, self.voice, self.respellings).encode("utf-8"), timeout=ESPEAK_TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            return
        finally:
            with self._lock:
                self._process = None
        message = stderr.decode(errors="replace").strip()
        killed_by_close = process.returncode in (-15, -9)
        # with no sound device espeak-ng 1.51 still exits 0 but prints "error: ..."
        if not killed_by_close and (process.returncode != 0 or "error" in message.lower()):
            self.silent = True  # one clear line, then no more attempts: the hub goes on silent
            warn_once("espeak-play", f"voice: espeak-ng cannot play sound (no sound device?): "
                      f"{(message.splitlines() or [f'exit {process.returncode}'])[-1]}; the hub goes on silent")

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._process is not None and self._process.poll() is None:
                try:  # its own process group: nothing it started keeps the pipes open
                    os.killpg(self._process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass


class WavDirBackend:
    """Writes each utterance to DIR/0001.wav, 0002.wav ... and its text to DIR/index.txt.

    Numbering continues after files already there, so nothing is overwritten. Without
    espeak-ng the files are short silence but index.txt still records what was said.
    """

    def __init__(self, directory: Path | str, lang: str, voice: str | None = None,
                 rate: int = ESPEAK_RATE, synthesize: bool | None = None,
                 executable: str = ESPEAK, respellings: Respellings | None = None) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.lang = check_lang(lang)
        self.voice = voice or espeak_voice(lang)
        self.respellings = respellings  # the hosted game's own words espeak-ng misreads
        self.rate = rate
        self.executable = executable
        self.synthesize = espeak_available(executable) if synthesize is None else synthesize
        if not self.synthesize:
            warn_once("espeak-missing-wav",
                      "voice: espeak-ng is not installed; --voice-dir gets silent WAV files")
        existing = [int(p.stem) for p in self.directory.glob("[0-9][0-9][0-9][0-9]*.wav")
                    if p.stem.isdigit()]
        self.count = max(existing, default=0)
        self.paths: list[Path] = []

    def speak(self, text: str) -> None:
        self.count += 1
        path = self.directory / f"{self.count:04d}.wav"
        try:
            if self.synthesize:
                render_wav(text, self.lang, path, self.voice, self.rate, self.executable, self.respellings)
            else:
                write_silence(path)
        except (OSError, subprocess.SubprocessError) as error:
            warn_once("espeak-wav", f"voice: espeak-ng could not render {path.name}: {error}")
            write_silence(path)
        with (self.directory / "index.txt").open("a", encoding="utf-8") as index:
            index.write(f"{path.name}\t{self.lang}\t{text}\n")
        self.paths.append(path)

    def close(self) -> None:
        pass


def make_backend(kind: str, lang: str, voice_dir: Path | str | None = None,
                 spoken: str | None = None, respellings: Respellings | None = None) -> Backend:
    """The backend for --voice KIND [--voice-dir DIR] [--voice-lang cmn|yue]; a WAV
    directory wins over sound. `respellings`: the hosted game's (`GameVoice.respellings`).

    kind: "espeak" or "none". Without espeak-ng, "espeak" warns once and stays silent.
    """
    voice = espeak_voice(lang, spoken)  # checks lang and spoken
    if voice_dir is not None:
        return WavDirBackend(voice_dir, lang, voice=voice, respellings=respellings)
    if kind == "none":
        return NullBackend()
    if kind != "espeak":
        raise ValueError(f"unknown voice backend {kind!r}; expected 'espeak' or 'none'")
    if not espeak_available():
        warn_once("espeak-missing", "voice: espeak-ng is not installed; the hub stays silent "
                  "(Debian: apt-get install espeak-ng)")
        return NullBackend()
    return EspeakBackend(lang, voice=voice, respellings=respellings)
