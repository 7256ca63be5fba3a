"""What The Builders' pages read besides the view: every word in the three languages
(``/api/i18n``), and each public event's sentence for the log and for the speak switch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .record import event_sentences
from .voice import speech
from .words import LANGS, catalogue


def page_facts() -> dict[str, Any]:
    """The pages' words: ``{"builders": {lang: {key: template, "card.<id>": name}}}``."""
    return {"builders": catalogue()}


def joined(sentences: list[str], lang: str) -> str:
    """Sentences as one text for the page: the terminal's indentation dropped, each ended
    (a game over's seat lines would otherwise run into each other: "…Cathedral Bob: 16")."""
    stop = "." if lang == "en" else "。"
    ended = [text.strip() if text.strip()[-1:] in ".!?。！？" else text.strip() + stop for text in sentences if text.strip()]
    return (" " if lang == "en" else "").join(ended)


def event_words(event: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, dict[str, str]]:
    """``{"words": {lang: the log's sentence}, "speech": {lang: what the voice says}}``."""
    names = {seat: name for seat, name in names.items() if name != f"Seat {seat}"}  # a default: said in each language
    shown = {lang: joined(event_sentences(event, names, lang), lang) for lang in LANGS}
    spoken = {lang: " ".join(speech(event, lang, names)) for lang in LANGS}
    out: dict[str, dict[str, str]] = {"words": shown}
    if any(spoken.values()):
        out["speech"] = spoken
    return out
