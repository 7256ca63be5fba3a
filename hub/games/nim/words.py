"""Every word Nim shows or says, in one place, in the hub's three languages: seat
displays, the terminal, the page log and the speak switch read these sentences."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hub.games.kit import Words

WORDS = Words(Path(__file__).with_name("words.json"))
say = WORDS.say


def sentences(event: Mapping[str, Any], names: Mapping[int, str], lang: str = "en") -> list[str]:
    """A public event in words: the terminal's line, the page log's and the speak switch's."""
    kind = event.get("kind")
    if kind == "pile":
        return [say("pile", lang, stones=event["stones"])]
    if kind == "took":
        name = WORDS.seat_name(event["seat"], names, lang)
        return [say("won", lang, name=name) if event["left"] == 0 else
                say("took", lang, name=name, n=event["n"], left=event["left"])]
    if kind == "undone":
        return [say("undone", lang, reason=event.get("reason") or "-")]
    return []
