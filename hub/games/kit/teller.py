"""The game told on the terminal while ``sim`` plays: one sentence per public event."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any, TextIO

Sentences = Callable[[Mapping[str, Any], Mapping[int, str], str], list[str]]
"""(event, the seats' names, lang) -> the sentences people read of a public event."""


def plain_sentences(event: Mapping[str, Any], names: Mapping[int, str], lang: str = "en") -> list[str]:
    """A public event as a line when the game words none: its kind, then its fields
    (``took: seat=1 n=2 left=5``); the kernel's own bookkeeping (prompts) left out."""
    kind = event.get("kind")
    if kind in (None, "prompt", "new_game"):
        return []
    fields = " ".join(f"{key}={value}" for key, value in event.items() if key not in ("kind", "to"))
    return [f"{kind}: {fields}" if fields else str(kind)]


class Teller:
    """The terminal's account of the game: its public events, in `sentences`' words
    (`plain_sentences` by default), in the players' names once the new game says them."""

    def __init__(self, names: Mapping[int, str] | None = None, out: TextIO | None = None, lang: str = "en",
                 sentences: Sentences = plain_sentences) -> None:
        self.names = dict(names or {})
        self.out = out or sys.stdout
        self.lang = lang
        self.sentences = sentences
        self.muted = False

    @classmethod
    def of(cls, sentences: Sentences) -> Callable[[dict[int, str]], Teller]:
        """The plug-in's ``terminal``: (names) -> a teller in the game's words."""
        return lambda names: cls(names, sentences=sentences)

    def on_message(self, event_id: int, message: Mapping[str, Any]) -> None:
        if self.muted:
            return
        for event in message.get("events", ()):
            if event.get("kind") == "new_game" and isinstance(event.get("names"), list):  # its players' names
                self.names = {seat: str(name) for seat, name in enumerate(event["names"], start=1) if name}
            if event.get("to") is None:
                for line in self.sentences(event, self.names, self.lang):
                    print(line, file=self.out, flush=True)

    def mute(self) -> None:
        self.muted = True
