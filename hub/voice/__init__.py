"""The hub's voice: says what the hosted game gives it, never a secret, never making the game wait.

A game's plug-in gives its words as a `GameVoice` (its ``speech``: a narrator fed the public
events, and how its prompts go stale); `Speaker` says them on a worker thread through a
backend (espeak-ng, WAV files, or nothing). Names no game: a game with no voice is silent.
"""

from hub.voice.backends import (
    EspeakBackend,
    NullBackend,
    WavDirBackend,
    espeak_available,
    make_backend,
    render_wav,
)
from hub.voice.speaker import Speaker
from hub.voice.speech import PROMPT_KEY, GameVoice, Narration, Priority, Utterance, normalize_event, sentences
from hub.words import LANGS

__all__ = [
    "LANGS",
    "PROMPT_KEY",
    "EspeakBackend",
    "GameVoice",
    "Narration",
    "NullBackend",
    "Priority",
    "Speaker",
    "Utterance",
    "WavDirBackend",
    "espeak_available",
    "make_backend",
    "normalize_event",
    "render_wav",
    "sentences",
]
