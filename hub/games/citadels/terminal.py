"""The game told on the terminal while ``citadels-hub sim`` plays: public events only.

One line per meaningful moment: a round's opening (crown, face-up cards), its draft
folded into one line (who chose, never what), then one line per character called, with
what that player did, then the final scores with names. It reads the same public event
stream as the scoreboard (``TableService.subscribe``), so it cannot tell a secret the
phones do not show.

Every sentence is the word catalogue's (``hub/games/citadels/words/data/terminal.json``); English is the
terminal's language, and no engine id (a gold reason, a score key) is ever printed.
"""

from __future__ import annotations

import copy
import re
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from . import words

LANG = "en"  # the terminal's language
_ONE_CARD = re.compile(r"([+-]?\b1) cards\b")  # English: "+1 card", never "+1 cards"


def say(key: str, lang: str = LANG, **params: object) -> str:
    """One terminal sentence from the catalogue (``terminal.<key>``)."""
    text = words.say(f"terminal.{key}", lang, None, **params)
    return _ONE_CARD.sub(r"\1 card", text) if lang == "en" else text


def character_label(character: str, lang: str = LANG) -> str:
    return words.card_name(character, lang)


def district_label(district: str, lang: str = LANG) -> str:
    return words.district_name(district, lang)


def _is_character(card: str) -> bool:
    return words.has(words.character_key(card, "name"))


def _is_district(card: str) -> bool:
    return words.has(f"district.{card}")


def signed(n: int) -> str:
    return f"{n:+d}"


UNDO_DEPTH = 1000
"""Actions a story can take back, one by one (a whole game is about 200)."""
_NOT_UNDONE = frozenset({"names", "lang", "undo"})
TABLE_KINDS = frozenset({"prompt", "paused", "resumed", "new_game", "refusal", "admin_card", "store_failed",
                         "correction", "voided", "undone"})
"""Public events the table says of itself, never an action's own (``reader_...`` too)."""


def is_action_event(event: Mapping[str, Any]) -> bool:
    """Whether `event` is one of an action's events: the game's, not the table's."""
    kind = str(event.get("kind"))
    return kind not in TABLE_KINDS and not kind.startswith("reader_")


class TableStory:
    """Folds public events into terminal lines; pure: events in, lines out."""

    def __init__(self, names: Mapping[int, str] | None = None, lang: str = LANG) -> None:
        self.names = dict(names or {})
        self.lang = words.check_lang(lang)
        self.undo: list[dict[str, Any]] = []  # the story before each action still standing, the last one last
        self.start()

    def start(self) -> None:
        """Nothing told yet of the game: a new game starts from here."""
        self.undo.clear()
        self.round = 0
        self.crowned: int | None = None
        self.faceup: list[str] = []
        self.draft: list[tuple[int, str]] = []  # (seat, "picks" | "discards"), in order
        self.draft_open = False
        self.turn: list[str] | None = None  # the line being built for the character called
        self.turn_seat = 0
        self.called = ""  # "4 King": the character being called
        self.round_over = False  # after round_ended, a revealed King is the killed heir
        self.build_cost: int | None = None
        self.destroy_price: int | None = None
        self.gold: dict[int, int] = {}  # where each seat stands, kept by the events
        self.built: dict[int, int] = {}

    def sync(self, view: Mapping[str, Any] | None) -> None:
        """Take gold and city sizes from a public view (the state before the next events)."""
        for seat in (view or {}).get("seats") or []:
            self.gold[int(seat["seat"])] = int(seat.get("gold") or 0)
            self.built[int(seat["seat"])] = len(seat.get("city") or [])

    def who(self, seat: Any) -> str:
        return self.names.get(int(seat)) or words.seat_label(int(seat), self.lang)

    def say(self, key: str, **params: object) -> str:
        return say(key, self.lang, **params)

    def character(self, character: Any) -> str:
        return character_label(str(character), self.lang)

    def district(self, district: Any) -> str:
        return district_label(str(district), self.lang)

    def reason(self, kind: str, reason: str, delta: int) -> str:
        """A gold or card change by its reason, worded: a character's or district's own
        (the Merchant, the Smithy) by its name, taxes and gathering by their words."""
        if words.has(f"terminal.{kind}_{reason}"):
            return self.say(f"{kind}_{reason}", delta=signed(delta))
        if _is_character(reason):
            return self.say(f"{kind}_character", delta=signed(delta), character=self.character(reason))
        if _is_district(reason):
            return self.say(f"{kind}_district", delta=signed(delta), district=self.district(reason))
        return self.say(kind, delta=signed(delta))

    # -- undo: an admin's correction takes the last action back ------------------------
    def before_action(self) -> None:
        """Remember the story as it stands before an action's events (`_on_voided` goes back to it)."""
        kept = {key: copy.deepcopy(value) for key, value in vars(self).items() if key not in _NOT_UNDONE}
        self.undo = [*self.undo[-(UNDO_DEPTH - 1):], kept]

    def _on_voided(self, event: Mapping[str, Any]) -> list[str]:
        """The last action standing was undone: the story goes back to before it, so the
        turn it touched is told once, as it stands (not again with the undone action in it)."""
        if self.undo:
            vars(self).update(self.undo.pop())
        else:  # undone before anything this story heard (a resumed game): the open turn cannot be told right
            self.turn = None
        return []

    # -- the one entry point ---------------------------------------------------------
    def feed(self, event: Mapping[str, Any]) -> list[str]:
        """The lines this public event completes (often none: it joins a line being built)."""
        if event.get("to") is not None:
            return []  # private: never shown
        handler: Callable[[Mapping[str, Any]], list[str]] | None = getattr(self, "_on_" + str(event.get("kind")), None)
        return handler(event) if handler is not None else []

    # -- a round's opening and draft -------------------------------------------------
    def _on_new_game(self, event: Mapping[str, Any]) -> list[str]:
        """Another game on this table (the admin's, or the simulator's next): its players by name."""
        lines = self._flush()
        given = event.get("names")
        if isinstance(given, list):
            self.names = {seat: str(name) for seat, name in enumerate(given, start=1) if name}
        self.start()
        told = self.say("new_game", players=event.get("players"))
        if self.names:
            told += ": " + words.template("list.separator", self.lang).join(self.names.values())
        return [*lines, told]

    def _on_round_started(self, event: Mapping[str, Any]) -> list[str]:
        lines = self._flush()
        self.round, self.crowned = int(event["round"]), int(event["crowned"])
        self.faceup, self.draft, self.draft_open, self.round_over = [], [], True, False
        return lines

    def _on_round_ended(self, event: Mapping[str, Any]) -> list[str]:
        self.round_over = True
        return self._flush()

    def _on_faceup_removed(self, event: Mapping[str, Any]) -> list[str]:
        self.faceup = [str(c) for c in event.get("characters") or []]
        return []

    def _on_picked(self, event: Mapping[str, Any]) -> list[str]:
        self.draft.append((int(event["seat"]), "picks"))
        return []

    def _on_draft_turn(self, event: Mapping[str, Any]) -> list[str]:
        if event.get("step") == "discard":
            self.draft.append((int(event["seat"]), "discards"))
        return []

    def _round_lines(self) -> list[str]:
        """The round's two opening lines, once its draft is over."""
        if not self.draft_open:
            return []
        self.draft_open = False
        crowned = self.who(self.crowned)
        if self.faceup:
            faceup = words.template("list.separator", self.lang).join(self.character(c) for c in self.faceup)
            head = self.say("round_faceup", round=self.round, seat=crowned, characters=faceup)
        else:
            head = self.say("round", round=self.round, seat=crowned)
        steps: list[tuple[int, str]] = []  # (seat, how it is told)
        for seat, step in self.draft:
            if step == "discards" and steps and steps[-1] == (seat, self.who(seat)):
                steps[-1] = (seat, self.say("draft_also_face_down", seat=self.who(seat)))
            else:
                steps.append((seat, self.who(seat) if step == "picks" else
                              self.say("draft_face_down", seat=self.who(seat))))
        told = words.template("list.separator", self.lang).join(text for _, text in steps)
        return [head, "  " + (self.say("draft", seats=told) if steps else self.say("draft_nobody"))]

    # -- the calls -------------------------------------------------------------------
    def _on_called(self, event: Mapping[str, Any]) -> list[str]:
        self.called = self.say("called", rank=event["rank"], character=self.character(event["character"]))
        return [*self._flush(), *self._round_lines()]

    def _on_no_answer(self, event: Mapping[str, Any]) -> list[str]:
        return ["  " + self.say("no_answer_killed" if event.get("killed") else "no_answer", called=self.called)]

    def _on_revealed(self, event: Mapping[str, Any]) -> list[str]:
        if self.round_over or self.turn is not None:
            return []  # the killed King revealed at the round's end: the crown line says it
        self.turn = [self.who(event["seat"])]
        self.turn_seat = int(event["seat"])
        return []

    def _note(self, text: str) -> list[str]:
        """Add to the turn being told, or print on its own when no turn is open."""
        if self.turn is None:
            return [f"  {text}"]
        self.turn.append(text)
        return []

    def _on_killed(self, event: Mapping[str, Any]) -> list[str]:
        return self._note(self.say("killed", character=self.character(event["character"])))

    def _on_robbed_named(self, event: Mapping[str, Any]) -> list[str]:
        return self._note(self.say("robbed_named", character=self.character(event["character"])))

    def _on_robbery(self, event: Mapping[str, Any]) -> list[str]:
        return self._note(self.say("robbery", amount=event["amount"], seat=self.who(event["thief_seat"])))

    def _on_crown(self, event: Mapping[str, Any]) -> list[str]:
        if event.get("heir"):
            return [*self._flush(), "  " + self.say("crown_heir", seat=self.who(event["seat"]))]
        return self._note(self.say("crown"))

    def _on_gold(self, event: Mapping[str, Any]) -> list[str]:
        delta, reason = int(event["delta"]), str(event.get("reason"))
        seat = int(event["seat"])
        self.gold[seat] = self.gold.get(seat, 0) + delta
        if reason == "build":
            self.build_cost = -delta
            return []
        if reason == "destroy":
            self.destroy_price = -delta
            return []
        if delta == 0 or reason in ("robbery", "graveyard"):
            return []  # said by the robbery, destroy and graveyard lines
        if reason == "correction":
            return ["  " + self.say("gold_correction", seat=self.who(event["seat"]), delta=signed(delta))]
        return self._note(self.say("gold", delta=signed(delta)) if reason == "gather" else
                          self.reason("gold", reason, delta))

    def _on_cards(self, event: Mapping[str, Any]) -> list[str]:
        delta, reason = int(event["delta"]), str(event.get("reason"))
        if reason in ("graveyard", "museum") or delta == 0:
            return []
        if reason == "magician":
            return self._note(self.say("cards_exchanged", n=-delta))
        if reason in ("gather", "draw"):
            return self._note(self.say("cards", delta=signed(delta)))
        return self._note(self.reason("cards", reason, delta))

    def _on_built(self, event: Mapping[str, Any]) -> list[str]:
        cost, self.build_cost = self.build_cost, None
        self.built[int(event["seat"])] = self.built.get(int(event["seat"]), 0) + 1
        district = self.district(event["district"])
        return self._note(self.say("built", district=district) if cost is None else
                          self.say("built_cost", district=district, cost=cost))

    def _on_destroyed(self, event: Mapping[str, Any]) -> list[str]:
        victim = int(event["seat"])
        self.built[victim] = self.built.get(victim, 1) - 1
        price, self.destroy_price = self.destroy_price, None
        told = {"seat": self.who(victim), "district": self.district(event["district"])}
        return self._note(self.say("destroyed_paid", price=price, **told) if price else self.say("destroyed", **told))

    def _on_graveyard_taken(self, event: Mapping[str, Any]) -> list[str]:
        return ["  " + self.say("graveyard_taken", seat=self.who(event["seat"]), district=self.district(event["district"]))]

    def _on_swapped(self, event: Mapping[str, Any]) -> list[str]:
        return self._note(self.say("swapped", seat=self.who(event["other"])))

    def _on_completed(self, event: Mapping[str, Any]) -> list[str]:
        return self._note(self.say("completed_first" if event.get("first") else "completed"))

    def _on_turn_ended(self, event: Mapping[str, Any]) -> list[str]:
        return self._flush()

    def _flush(self) -> list[str]:
        """The finished turn's line, with where the player stands now."""
        if self.turn is None:
            return []
        seat, *done = self.turn
        self.turn = None
        told = words.template("list.separator", self.lang).join(done)
        line = self.say("turn", called=self.called, seat=seat, done=told) if done else \
            self.say("turn_passes", called=self.called, seat=seat)
        if self.turn_seat in self.gold:
            line = self.say("standing", line=line, gold=self.gold[self.turn_seat],
                            built=self.built.get(self.turn_seat, 0))
        return ["  " + line]

    # -- the table ---------------------------------------------------------------------
    def _on_paused(self, event: Mapping[str, Any]) -> list[str]:
        seat = event.get("seat")
        return ["  " + (self.say("paused_for", seat=self.who(seat)) if seat else self.say("paused"))]

    def _on_resumed(self, event: Mapping[str, Any]) -> list[str]:
        return ["  " + self.say("resumed")]

    def _on_correction(self, event: Mapping[str, Any]) -> list[str]:
        """A void is told here; a gold correction by its gold line (the action's text is the engine's)."""
        return ["  " + self.say("voided")] if str(event.get("action")).split()[1:2] == ["void"] else []

    def _on_game_over(self, event: Mapping[str, Any]) -> list[str]:
        lines = self._flush()
        scores = sorted(event.get("scores") or [], key=lambda s: -int(s["score"]))
        lines.append(self.say("game_over", rounds=self.round, seat=self.who(event["winner"])))
        separator = words.template("list.separator", self.lang)
        for place, s in enumerate(scores, start=1):
            parts = separator.join(self.say(f"score_{k}" if words.has(f"terminal.score_{k}") else "score_other", n=v)
                                   for k, v in (s.get("breakdown") or {}).items() if v)
            lines.append("  " + self.say("ranking", place=place, seat=self.who(s["seat"]), score=s["score"],
                                         parts=parts or self.say("nothing_built")))
        return lines


class TerminalNarrator:
    """Prints a TableStory as the service publishes (subscribe `on_message`)."""

    def __init__(self, names: Mapping[int, str] | None = None, out: TextIO | None = None) -> None:
        self.story = TableStory(names)
        self.out = out
        self._lock = threading.Lock()  # the service may publish from more than one thread
        self._last_view: Mapping[str, Any] | None = None
        self.muted = False

    def mute(self) -> None:
        """Say nothing more: the table is being taken down (seats going offline is no news)."""
        with self._lock:
            self.muted = True

    def on_message(self, _event_id: int, message: Mapping[str, Any]) -> None:
        out = self.out or sys.stdout
        with self._lock:
            if self.muted:
                return
            # a message's view is the state after its events: the previous one is the state before
            self.story.sync(self._last_view or message.get("view"))
            self._last_view = message.get("view")
            events = message.get("events") or []
            if any(is_action_event(event) for event in events):
                self.story.before_action()
            for event in events:
                for line in self.story.feed(event):
                    print(line, file=out, flush=True)


def result_line(number: int, summary: Mapping[str, Any], names: Mapping[int, str] | None = None) -> str:
    """The one line per finished game that even --quiet prints."""
    names = names or {}
    game = {"number": number, "seed": summary["seed"], "rounds": summary["rounds"], "winner": int(summary["winner"])}
    separator = words.template("list.separator", LANG)
    if not names:
        return say("result", scores=separator.join(str(s["score"]) for s in summary["seats"]), **game)
    label = {int(s["seat"]): names.get(int(s["seat"])) or words.seat_label(int(s["seat"]), LANG) for s in summary["seats"]}
    scores = separator.join(f"{label[int(s['seat'])]} {s['score']}" for s in summary["seats"])
    winner = names.get(game["winner"]) or words.seat_label(game["winner"], LANG)
    return say("result_named", name=winner, scores=scores, **game)
