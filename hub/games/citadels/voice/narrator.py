"""Turn Citadels' public events and the hub's feedback into what a caller would say out loud.

`utterances` is pure: the same event, language and context always give the same words.
It reads only public events; anything addressed to one seat (``to`` set) or of a private
kind is ignored, so the voice cannot leak a hand even if a caller forwards everything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from hub.voice.speech import PROMPT_KEY, Priority, Utterance, names_by_seat, normalize_event

from .. import words
from .catalogue import (
    CHARACTERS,
    character_name,
    check_lang,
    district_name,
    has_phrase,
    join_list,
    phrase,
    seat_label,
)

PROMPT_TTL: Final = 15.0  # seconds: a prompt older than this is about a moment that passed
REFUSAL_TTL: Final = 5.0

SILENT_KINDS: Final = frozenset({"picked", "turn_ended", "cards"})
ANSWERED_KINDS: Final = frozenset({"picked", "turn_ended", "round_ended", "game_over"})
"""Public events that answer the pending decision: a prompt still queued is then stale."""


@dataclass(frozen=True)
class PublicContext:
    """What everyone at the table knows that a single event does not carry."""

    names: Mapping[int, str] = field(default_factory=dict)
    killed: str | None = None
    edition: str | None = None  # the rule set's words (None: Classic); a new_game event may name it

    def after(self, event: Mapping[str, Any] | object) -> PublicContext:
        """The context once `event` has happened (only public events change it)."""
        data = normalize_event(event)
        if data is None:
            return self
        kind = data["kind"]
        if kind == "killed":
            return replace(self, killed=str(data.get("character")))
        if kind == "round_started":
            return replace(self, killed=None)
        if kind == "new_game":  # a new game's rule set and players' names, when it says them
            edition = str(data["edition"]) if data.get("edition") else self.edition
            names = names_by_seat(data["names"]) if isinstance(data.get("names"), list) else self.names
            return replace(self, edition=edition, names=names)
        return self


Handler = Callable[[dict[str, Any], str, PublicContext], list[Utterance]]


def _seat(data: Mapping[str, Any], key: str, lang: str, context: PublicContext) -> str:
    return seat_label(int(data[key]), lang, context.names)


def _announce(text: str, kind: str) -> Utterance:
    return Utterance(text, Priority.ANNOUNCE, kind)


def _round_started(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    text = phrase("round.started", lang, round=data["round"], seat=_seat(data, "crowned", lang, ctx))
    return [_announce(text, "round_started")]


def _faceup_removed(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    characters = [character_name(c, lang, ctx.edition) for c in data.get("characters") or []]
    if not characters:
        return []
    text = phrase("round.faceup_removed", lang, characters=join_list(characters, lang))
    # physical mode reports them one by one: a longer list replaces a queued shorter one
    return [Utterance(text, Priority.ANNOUNCE, "faceup_removed", "faceup_removed")]


def _draft_turn(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    phrase_id = "prompt.discard" if data.get("step") == "discard" else "draft.turn"
    text = phrase(phrase_id, lang, seat=_seat(data, "seat", lang, ctx))
    return [Utterance(text, Priority.PROMPT, "draft_turn", PROMPT_KEY, PROMPT_TTL)]


def _called(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    rank = int(data["rank"])
    text = phrase(
        "call.character", lang,
        rank=phrase(f"rank.{rank}", lang), character=character_name(data["character"], lang, ctx.edition),
    )
    return [_announce(text, "called")]


def _no_answer(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    character = data.get("character")
    if character and (character == ctx.killed or data.get("killed") is True):
        text = phrase("call.assassinated", lang, character=character_name(character, lang, ctx.edition))
    else:
        text = phrase("call.no_answer", lang)
    return [_announce(text, "no_answer")]


def _revealed(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    if data["character"] == ctx.killed:
        return []  # the killed King shown at round end: the heir's crown says it
    text = phrase(
        "call.revealed", lang,
        seat=_seat(data, "seat", lang, ctx), character=character_name(data["character"], lang, ctx.edition),
    )
    return [_announce(text, "revealed")]


def _killed(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    text = phrase("ability.kill", lang, character=character_name(data["character"], lang, ctx.edition))
    return [_announce(text, "killed")]


def _robbed_named(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    text = phrase("ability.rob", lang, character=character_name(data["character"], lang, ctx.edition))
    return [_announce(text, "robbed_named")]


def _robbery(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    victim = _seat(data, "victim_seat", lang, ctx)
    amount = int(data.get("amount") or 0)
    if amount <= 0:
        return [_announce(phrase("ability.robbery_empty", lang, victim=victim), "robbery")]
    thief = _seat(data, "thief_seat", lang, ctx)
    text = phrase("ability.robbery", lang, victim=victim, thief=thief, amount=amount)
    return [_announce(text, "robbery")]


def _crown(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    phrase_id = "crown.heir" if data.get("heir") else "crown.taken"
    return [_announce(phrase(phrase_id, lang, seat=_seat(data, "seat", lang, ctx)), "crown")]


_GOLD_PHRASES: Final = {"gather": "gold.gather", "tax": "gold.tax", "merchant": "gold.bonus"}


def _gold(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    delta = int(data.get("delta") or 0)
    phrase_id = _GOLD_PHRASES.get(str(data.get("reason")))
    if delta <= 0 or phrase_id is None:
        return []  # payments are told by the build / destroy / robbery announcements
    text = phrase(phrase_id, lang, seat=_seat(data, "seat", lang, ctx), n=delta)
    return [Utterance(text, Priority.CHATTER, "gold")]


def _instruct(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    """Physical mode: what to do with the real deck. Never dropped, never replaced."""
    what = str(data.get("what") or data.get("text_key"))
    draw = data.get("draw", data.get("n", ""))
    keep = data.get("keep", draw)
    if what == "draw_keep" and keep == draw:
        what = "draw"
    phrase_id = f"instruct.{what}" if has_phrase(f"instruct.{what}") else "instruct.generic"
    text = phrase(phrase_id, lang, seat=_seat(data, "seat", lang, ctx), draw=draw, keep=keep)
    return [_announce(text, "instruct")]


def _built(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    text = phrase(
        "build.built", lang,
        seat=_seat(data, "seat", lang, ctx), district=district_name(data["district"], lang),
    )
    return [_announce(text, "built")]


def _destroyed(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    text = phrase(
        "ability.destroy", lang,
        attacker=_seat(data, "warlord_seat", lang, ctx), victim=_seat(data, "seat", lang, ctx),
        district=district_name(data["district"], lang),
    )
    return [_announce(text, "destroyed")]


def _graveyard_taken(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    text = phrase(
        "ability.graveyard", lang,
        seat=_seat(data, "seat", lang, ctx), district=district_name(data["district"], lang),
    )
    return [_announce(text, "graveyard_taken")]


def _swapped(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    text = phrase(
        "ability.swap", lang,
        seat=_seat(data, "seat", lang, ctx), other=_seat(data, "other", lang, ctx),
    )
    return [_announce(text, "swapped")]


def _completed(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    phrase_id = "build.completed_first" if data.get("first") else "build.completed"
    return [_announce(phrase(phrase_id, lang, seat=_seat(data, "seat", lang, ctx)), "completed")]


def _round_ended(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    return [_announce(phrase("round.ended", lang, round=data["round"]), "round_ended")]


def ranking(scores: object) -> list[tuple[int, int]]:
    """(seat, score) best first, from a list of {"seat", "score"} or a {seat: score} map."""
    pairs: list[tuple[int, int]] = []
    if isinstance(scores, Mapping):
        pairs = [(int(seat), int(score)) for seat, score in scores.items()]
    elif isinstance(scores, (list, tuple)):
        for row in scores:
            if isinstance(row, Mapping):
                pairs.append((int(row["seat"]), int(row.get("score", row.get("total", 0)))))
    return sorted(pairs, key=lambda pair: -pair[1])


def _game_over(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    scores = data.get("scores")
    if isinstance(scores, Mapping) and "seats" in scores:  # a whole result() dict
        scores = scores["seats"]
    order = ranking(scores)
    winner = data.get("winner")
    if winner is not None:  # the engine's tiebreak decides who is first among equals
        order.sort(key=lambda pair: (-pair[1], pair[0] != int(winner)))
    said = [_announce(phrase("end.game_over", lang), "game_over")]
    if winner is not None:
        score = dict(order).get(int(winner), "")
        said.append(_announce(
            phrase("end.winner", lang, seat=seat_label(int(winner), lang, ctx.names), score=score),
            "game_over",
        ))
    tied = len(order) > 1 and order[0][1] == order[1][1]
    if data.get("tiebreak") or tied:
        said.append(_announce(phrase("end.tiebreak", lang), "game_over"))
    for place, (seat, score) in enumerate(order, start=1):
        if not has_phrase(f"place.{place}"):
            break
        said.append(_announce(
            phrase("end.ranking", lang, place=phrase(f"place.{place}", lang),
                   seat=seat_label(seat, lang, ctx.names), score=score),
            "ranking",
        ))
    return said


def _refusal(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    code = str(data.get("code"))
    seat = int(data["seat"])
    character = data.get("character")  # its ability refused the move: its own words say why
    if character and words.has(words.character_key(str(character), "refusal")):
        text = words.say(words.character_key(str(character), "refusal"), lang, ctx.edition)
    else:
        phrase_id = f"refusal.{code}" if has_phrase(f"refusal.{code}") else "refusal.generic"
        text = phrase(phrase_id, lang, seat=seat_label(seat, lang, ctx.names))
    return [Utterance(text, Priority.URGENT, "refusal", f"refusal:{seat}:{code}", REFUSAL_TTL)]


_DECISION_PHRASES: Final = {
    "faceup": "prompt.faceup", "pick": "prompt.pick", "discard": "prompt.discard",
    "keep": "prompt.keep", "toss": "prompt.toss", "graveyard": "prompt.graveyard",
}


def _prompt(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    """Turn prompts address the character, never the seat: the seat's identity stays secret."""
    decision = str(data.get("decision"))
    character = data.get("character")
    values: dict[str, object] = {}
    if decision == "turn":
        if character not in CHARACTERS:
            return []
        values["character"] = character_name(str(character), lang, ctx.edition)
        if data.get("step") == "gather":
            phrase_id = "prompt.gather"
        else:  # the character's own call, in the words of the game's edition
            text = words.say(words.character_key(str(character), "prompt"), lang, ctx.edition)
            return [Utterance(text, Priority.PROMPT, "prompt", PROMPT_KEY, PROMPT_TTL)]
    elif decision in _DECISION_PHRASES:
        phrase_id = _DECISION_PHRASES[decision]
        values["seat"] = seat_label(int(data["seat"]), lang, ctx.names)
    else:
        return []
    return [Utterance(phrase(phrase_id, lang, **values), Priority.PROMPT, "prompt",
                      PROMPT_KEY, PROMPT_TTL)]


def _paused(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    if data.get("seat") is None:
        text = phrase("table.paused", lang)
    else:
        text = phrase("table.paused_for", lang, seat=_seat(data, "seat", lang, ctx))
    return [Utterance(text, Priority.URGENT, "paused", "pause")]


def _resumed(data: dict[str, Any], lang: str, ctx: PublicContext) -> list[Utterance]:
    return [Utterance(phrase("table.resumed", lang), Priority.URGENT, "resumed", "pause")]


HANDLERS: Final[dict[str, Handler]] = {
    "round_started": _round_started,
    "faceup_removed": _faceup_removed,
    "draft_turn": _draft_turn,
    "called": _called,
    "no_answer": _no_answer,
    "revealed": _revealed,
    "killed": _killed,
    "robbed_named": _robbed_named,
    "robbery": _robbery,
    "crown": _crown,
    "gold": _gold,
    "instruct": _instruct,
    "built": _built,
    "destroyed": _destroyed,
    "graveyard_taken": _graveyard_taken,
    "swapped": _swapped,
    "completed": _completed,
    "round_ended": _round_ended,
    "game_over": _game_over,
    "refusal": _refusal,
    "prompt": _prompt,
    "paused": _paused,
    "resumed": _resumed,
}


def utterances(
    event: Mapping[str, Any] | object, lang: str, context: PublicContext | None = None
) -> list[Utterance]:
    """What to say for one event; [] for private, silent or unknown events."""
    check_lang(lang)
    data = normalize_event(event)
    if data is None:
        return []
    handler = HANDLERS.get(data["kind"])
    if handler is None:
        return []
    return handler(data, lang, context or PublicContext())


def phrases_for_event(
    event: Mapping[str, Any] | object, lang: str, context: PublicContext | None = None
) -> list[str]:
    """Just the texts, for the scoreboard's browser speech synthesis."""
    return [said.text for said in utterances(event, lang, context)]


class Narrator:
    """Feeds events in order and remembers the public context between them."""

    def __init__(self, lang: str, names: Mapping[int, str] | None = None, edition: str | None = None) -> None:
        self.lang = check_lang(lang)
        self.context = PublicContext(names=dict(names or {}), edition=edition)

    def narrate(self, event: Mapping[str, Any] | object) -> list[Utterance]:
        said = utterances(event, self.lang, self.context)
        self.context = self.context.after(event)
        return said
