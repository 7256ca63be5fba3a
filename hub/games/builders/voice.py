"""What the table's voice says of The Builders, in the three languages: whose turn it
is, a building finished, the last round (who and why), the winner. Plain sentences: the
speaker (``hub.voice``) queues and says them; the scoreboard's speak switch says the same.
The buildings keep their printed English names in Chinese: the voice hands those to an
English voice inside the sentence (``hub.voice.switching``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hub.engine.builders.cards import ALL_CARDS
from hub.games.kit import story_voice

from .words import card_name, names_joined, say, seat_name

SAMPLE_EVENTS: dict[str, dict[str, Any]] = {
    "voice.turn": {"kind": "turn_started", "seat": 2},
    "voice.finished": {"kind": "finished", "seat": 1, "building": "m1"},
    "voice.last_round": {"kind": "last_round", "seat": 2, "reason": "points", "points": 17},
    "voice.last_round_blocked": {"kind": "last_round", "seat": 1, "reason": "blocked", "points": 9},
    "voice.winner": {"kind": "game_over", "winners": [1], "seats": [{"seat": 1, "score": 22}]},
    "voice.shared": {"kind": "game_over", "winners": [1, 2], "seats": []},
}


def speech(event: Mapping[str, Any], lang: str, names: Mapping[int, str]) -> list[str]:
    """The sentences the voice says for one public event ([] for the rest)."""
    if event.get("to") is not None:
        return []  # addressed to one seat: never said aloud (The Builders has none)
    kind = event.get("kind")
    seat = event.get("seat")
    name = seat_name(seat, names, lang) if isinstance(seat, int) else ""
    if kind == "turn_started":
        return [say("voice.turn", lang, name=name)]
    if kind == "finished":
        return [say("voice.finished", lang, name=name, card=card_name(event["building"], lang))]
    if kind == "last_round":  # who ended the game with this round, and why
        if event.get("reason") == "blocked":
            return [say("voice.last_round_blocked", lang, name=name)]
        return [say("voice.last_round", lang, name=name, points=event.get("points"))]
    if kind == "game_over":
        winners = list(event.get("winners") or ())
        if len(winners) > 1:
            return [say("voice.shared", lang, names=names_joined(winners, names, lang))]
        if winners:
            best = next(s for s in event["seats"] if s["seat"] == winners[0])
            return [say("voice.winner", lang, name=seat_name(winners[0], names, lang), score=best["score"])]
    return []


def card_names(lang: str) -> dict[str, str]:
    """Every card's name in `lang`: what ``citadels-hub voice --all`` and ``--render`` add to the samples."""
    return {f"card.{card}": card_name(card, lang) for card in ALL_CARDS}


VOICE = story_voice(speech, SAMPLE_EVENTS, more=card_names)
"""What the table's voice says of The Builders, and its samples (``citadels-hub voice --game builders``)."""
