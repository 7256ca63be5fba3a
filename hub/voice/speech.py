"""What the voice says, and what a game gives it: the utterance, its priority, and
`GameVoice` (a game plug-in's ``speech``). Names no game: each game's words live in its
plug-in (``hub/games/<game>/``); a game without a voice is silent."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Final, Protocol


class Priority(IntEnum):
    """What survives a full queue, and what may jump it (only URGENT does)."""

    CHATTER = 0  # nice to hear, first to go (an income)
    PROMPT = 1  # what the player at hand must do now; superseded by the next prompt
    ANNOUNCE = 2  # the story of the game: calls, reveals, builds, the ranking
    URGENT = 3  # a refusal or a pause: said before anything queued


PROMPT_KEY: Final = "prompt"
"""The stale key of a prompt: a newer prompt replaces a queued one, and an event of the
game's `GameVoice.answered_kinds` drops it."""


@dataclass(frozen=True)
class Utterance:
    """One thing to say. `stale_key`: a newer utterance with the same key replaces it."""

    text: str
    priority: Priority = Priority.ANNOUNCE
    kind: str = ""
    stale_key: str | None = None
    ttl: float | None = None  # seconds it may wait in the queue before it is stale


def normalize_event(event: Mapping[str, Any] | object,
                    private_kinds: frozenset[str] = frozenset()) -> dict[str, Any] | None:
    """A flat dict {"kind", ...data} for a public event, or None for a private one: one
    addressed to a seat (``to``) or of a kind the hosted game declares private.

    Accepts flat dicts, dicts with a "data" dict, and engine `Event(kind, data, to)` objects.
    """
    if isinstance(event, Mapping):
        flat = {key: value for key, value in event.items() if key != "data"}
        nested = event.get("data")
    else:
        flat = {"kind": getattr(event, "kind", None), "to": getattr(event, "to", None)}
        nested = getattr(event, "data", None)
    if isinstance(nested, Mapping):
        flat = {**nested, **flat}
    kind = flat.get("kind")
    if not isinstance(kind, str) or flat.get("to") is not None or kind in private_kinds:
        return None
    return flat


class Narration(Protocol):
    """One table's narrator: fed every public event in order, it says what to say."""

    def narrate(self, event: Mapping[str, Any] | object) -> list[Utterance]: ...


Respellings = Mapping[str, Mapping[str, str]]
"""espeak-ng voice -> {word: how to write it so that voice reads it right}."""


@dataclass(frozen=True)
class GameVoice:
    """What one game gives the table's voice (its plug-in's ``speech``)."""

    narrator: Callable[[str, Mapping[int, str], Any], Narration]
    """(lang, {seat: name}, the table's game setup or None) -> the narrator of one table
    (the setup is the game's own: what its narrator reads there is its business)."""
    answered_kinds: frozenset[str] = frozenset()
    """Public events that answer the pending decision: a prompt still queued is then stale."""
    respellings: Respellings = field(default_factory=dict)
    """The game's own words espeak-ng misreads (card names), added to the voice's own."""
    samples: Callable[[str, bool], dict[str, str]] | None = None
    """(lang, everything) -> {phrase id: text}: a sample call, or every phrase with sample
    values in its placeholders (``citadels-hub voice [--all]``)."""
    readings: Callable[[str], dict[str, str]] | None = None
    """lang -> {id: text}: every text it may say, card names too (``citadels-hub voice --render``)."""


Sentences = Callable[[Mapping[str, Any], str, Mapping[int, str]], list[str]]
"""A simple game's words: (public event, lang, names) -> sentences."""


def names_by_seat(names: Iterable[object]) -> dict[int, str]:
    """{seat: name} from a game's names, seat 1 first (a setup's ``names``, a ``new_game`` event's)."""
    return {seat: str(name) for seat, name in enumerate(names, start=1) if name}


class _SaidInOrder:
    def __init__(self, sentences: Sentences, lang: str, names: Mapping[int, str]) -> None:
        self.sentences, self.lang, self.names = sentences, lang, dict(names)

    def narrate(self, event: Mapping[str, Any] | object) -> list[Utterance]:
        data = normalize_event(event)
        if data is None:
            return []
        if data["kind"] == "new_game" and isinstance(data.get("names"), list):  # the new game's players
            self.names = names_by_seat(data["names"])
        return [Utterance(text, Priority.ANNOUNCE, str(data["kind"])) for text in self.sentences(data, self.lang, self.names)]


def sentences(say: Sentences) -> GameVoice:
    """The voice of a game that only tells its story: each sentence said in the order of
    the game (`Priority.ANNOUNCE`), none dropped for a newer one."""
    return GameVoice(lambda lang, names, setup: _SaidInOrder(say, lang, names))
