"""The hub's voice: calls the characters and speaks prompts, never a secret.

`utterances(event, lang)` maps public events to phrases from the hub's one word
catalogue (``hub.words``); `Speaker` says them on a worker thread through a backend.
"""

from hub.voice.backends import (
    EspeakBackend,
    NullBackend,
    WavDirBackend,
    espeak_available,
    make_backend,
    render_wav,
)
from hub.voice.catalogue import LANGS, catalogue, catalogue_json, phrase
from hub.voice.narrator import (
    Narrator,
    Priority,
    PublicContext,
    Utterance,
    phrases_for_event,
    utterances,
)
from hub.voice.speaker import Speaker

__all__ = [
    "LANGS",
    "EspeakBackend",
    "Narrator",
    "NullBackend",
    "Priority",
    "PublicContext",
    "Speaker",
    "Utterance",
    "WavDirBackend",
    "catalogue",
    "catalogue_json",
    "espeak_available",
    "make_backend",
    "phrase",
    "phrases_for_event",
    "render_wav",
    "utterances",
]
