"""Each public event of Nim in words, for the plain pages' log in the reader's language
(without them a Chinese page would show the events' English kinds)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .words import LANGS, say, seat_name


def event_words(event: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    """``{"words": {lang: sentence}}``; nothing for an event Nim does not tell."""
    named = {seat: name for seat, name in names.items() if name != f"Seat {seat}"}  # a default: said in each language
    kind = event.get("kind")
    if kind == "pile":
        return {"words": {lang: say("pile", lang, stones=event["stones"]) for lang in LANGS}}
    if kind == "took":
        def sentence(lang: str) -> str:
            name = seat_name(int(event["seat"]), dict(named), lang)
            if event["left"] == 0:
                return say("won", lang, name=name)
            return say("took", lang, name=name, n=event["n"], left=event["left"])
        return {"words": {lang: sentence(lang) for lang in LANGS}}
    return {}
