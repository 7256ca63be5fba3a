"""The voice of a game that tells its story in order (`hub.voice.sentences`), with the
samples `citadels-hub voice --game NAME` says: the game declares a few public events, each
under the id of the sentence it shows off, and they are said in its own words with sample
names (one Latin, one Chinese: each said by its own voice); ``--all`` and ``--render`` add
what else it may say (``more``: every card's name)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from hub.voice.speech import GameVoice, Sentences, sentences

SAMPLE_NAMES: Mapping[int, str] = {1: "Ann", 2: "蔡明", 3: "Bob", 4: "Li"}


def story_voice(say: Sentences, samples: Mapping[str, Mapping[str, Any]], *,
                more: Callable[[str], Mapping[str, str]] | None = None,
                names: Mapping[int, str] = SAMPLE_NAMES) -> GameVoice:
    """`say`'s sentences said in the game's order, and its `samples` (id -> a public event)."""

    def said(lang: str, everything: bool = False) -> dict[str, str]:
        gap = " " if lang == "en" else ""  # Chinese sentences follow each other with no space
        texts = {key: gap.join(say(event, lang, names)) for key, event in samples.items()}
        return {**texts, **more(lang)} if everything and more else texts

    if not samples:
        return sentences(say)  # nothing to show off: ``citadels-hub voice`` says the game gives no samples
    return replace(sentences(say), samples=said, readings=lambda lang: said(lang, True))
