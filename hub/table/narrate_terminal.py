"""The game told on the terminal while ``citadels-hub sim`` plays: public events only.

One line per meaningful moment: a round's opening (crown, face-up cards), its draft
folded into one line (who chose, never what), then one line per character called, with
what that player did, then the final scores with names. It reads the same public event
stream as the scoreboard (``TableService.subscribe``), so it cannot tell a secret the
phones do not show.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from hub import words


def character_label(character: str) -> str:
    return words.card_name(character, "en")


def district_label(district: str) -> str:
    return words.district_name(district, "en")


class TableStory:
    """Folds public events into terminal lines; pure: events in, lines out."""

    def __init__(self, names: Mapping[int, str] | None = None) -> None:
        self.names = dict(names or {})
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
        return self.names.get(int(seat)) or words.seat_label(int(seat), "en")

    # -- the one entry point ---------------------------------------------------------
    def feed(self, event: Mapping[str, Any]) -> list[str]:
        """The lines this public event completes (often none: it joins a line being built)."""
        if event.get("to") is not None:
            return []  # private: never shown
        handler: Callable[[Mapping[str, Any]], list[str]] | None = getattr(self, "_on_" + str(event.get("kind")), None)
        return handler(event) if handler is not None else []

    # -- a round's opening and draft -------------------------------------------------
    def _on_new_game(self, event: Mapping[str, Any]) -> list[str]:
        return [*self._flush(), f"New game: {event.get('players')} players"]

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
        head = f"Round {self.round}: {self.who(self.crowned)} holds the crown"
        if self.faceup:
            head += "; face up out of the round: " + ", ".join(character_label(c) for c in self.faceup)
        steps: list[str] = []
        for seat, step in self.draft:
            if step == "discards" and steps and steps[-1] == self.who(seat):
                steps[-1] += " (+1 face down)"
            else:
                steps.append(self.who(seat) if step == "picks" else f"{self.who(seat)} (1 face down)")
        return [head, "  draft: " + (", ".join(steps) if steps else "-") + " chose"]

    # -- the calls -------------------------------------------------------------------
    def _on_called(self, event: Mapping[str, Any]) -> list[str]:
        self.called = f"{event['rank']} {character_label(str(event['character']))}"
        return [*self._flush(), *self._round_lines()]

    def _on_no_answer(self, event: Mapping[str, Any]) -> list[str]:
        return [f"  {self.called}: " + ("assassinated, loses the turn" if event.get("killed") else "nobody")]

    def _on_revealed(self, event: Mapping[str, Any]) -> list[str]:
        if self.round_over or self.turn is not None:
            return []  # the killed King revealed at the round's end: the crown line says it
        self.turn = [f"  {self.called}: {self.who(event['seat'])}"]
        self.turn_seat = int(event["seat"])
        return []

    def _note(self, text: str) -> list[str]:
        """Add to the turn being told, or print on its own when no turn is open."""
        if self.turn is None:
            return [f"  {text}"]
        self.turn.append(text)
        return []

    def _on_killed(self, event: Mapping[str, Any]) -> list[str]:
        return self._note(f"kills the {character_label(str(event['character']))}")

    def _on_robbed_named(self, event: Mapping[str, Any]) -> list[str]:
        return self._note(f"will rob the {character_label(str(event['character']))}")

    def _on_robbery(self, event: Mapping[str, Any]) -> list[str]:
        return self._note(f"robbed: {event['amount']} gold to {self.who(event['thief_seat'])}")

    def _on_crown(self, event: Mapping[str, Any]) -> list[str]:
        if event.get("heir"):
            return [*self._flush(), f"  {self.who(event['seat'])} was the killed King and takes the crown"]
        return self._note("takes the crown")

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
            return [f"  correction: {self.who(event['seat'])} {delta:+d} gold"]
        return self._note(f"+{delta} gold" if reason == "gather" else f"{delta:+d} gold ({reason})")

    def _on_cards(self, event: Mapping[str, Any]) -> list[str]:
        delta, reason = int(event["delta"]), str(event.get("reason"))
        if reason in ("graveyard", "museum") or delta == 0:
            return []
        if reason == "magician":
            return self._note(f"exchanges {-delta} card{'' if delta == -1 else 's'} with the deck")
        cards = f"{delta:+d} card" + ("" if abs(delta) == 1 else "s")
        return self._note(cards + ("" if reason in ("gather", "draw") else f" ({reason})"))

    def _on_built(self, event: Mapping[str, Any]) -> list[str]:
        cost = f" ({self.build_cost})" if self.build_cost is not None else ""
        self.build_cost = None
        self.built[int(event["seat"])] = self.built.get(int(event["seat"]), 0) + 1
        return self._note(f"builds {district_label(str(event['district']))}{cost}")

    def _on_destroyed(self, event: Mapping[str, Any]) -> list[str]:
        victim = int(event["seat"])
        self.built[victim] = self.built.get(victim, 1) - 1
        price = f" (paid {self.destroy_price})" if self.destroy_price else ""
        self.destroy_price = None
        return self._note(f"destroys {self.who(victim)}'s {district_label(str(event['district']))}{price}")

    def _on_graveyard_taken(self, event: Mapping[str, Any]) -> list[str]:
        return [f"  {self.who(event['seat'])} pays 1 gold and takes back the "
                f"{district_label(str(event['district']))} (Graveyard)"]

    def _on_swapped(self, event: Mapping[str, Any]) -> list[str]:
        return self._note(f"swaps hands with {self.who(event['other'])}")

    def _on_completed(self, event: Mapping[str, Any]) -> list[str]:
        return self._note("completes the city, first!" if event.get("first") else "completes the city")

    def _on_turn_ended(self, event: Mapping[str, Any]) -> list[str]:
        return self._flush()

    def _flush(self) -> list[str]:
        """The finished turn's line, with where the player stands now."""
        if self.turn is None:
            return []
        head, *done = self.turn
        self.turn = None
        line = head + (" - " + ", ".join(done) if done else " - passes")
        if self.turn_seat in self.gold:
            line += f" | {self.gold[self.turn_seat]} gold, {self.built.get(self.turn_seat, 0)} built"
        return [line]

    # -- the table ---------------------------------------------------------------------
    def _on_paused(self, event: Mapping[str, Any]) -> list[str]:
        seat = event.get("seat")
        return [f"  paused: waiting for {self.who(seat)}" if seat else "  paused"]

    def _on_resumed(self, event: Mapping[str, Any]) -> list[str]:
        return ["  resumed"]

    def _on_correction(self, event: Mapping[str, Any]) -> list[str]:
        return [f"  admin correction: {event.get('action')}"]

    def _on_game_over(self, event: Mapping[str, Any]) -> list[str]:
        lines = self._flush()
        scores = sorted(event.get("scores") or [], key=lambda s: -int(s["score"]))
        lines.append(f"Game over after {self.round} rounds: {self.who(event['winner'])} wins")
        for place, s in enumerate(scores, start=1):
            parts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in (s.get("breakdown") or {}).items() if v)
            lines.append(f"  {place}. {self.who(s['seat'])}: {s['score']} points ({parts or 'nothing built'})")
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
            for event in message.get("events") or []:
                for line in self.story.feed(event):
                    print(line, file=out, flush=True)


def result_line(number: int, summary: Mapping[str, Any], names: Mapping[int, str] | None = None) -> str:
    """The one line per finished game that even --quiet prints."""
    names = names or {}
    head = f"game {number}: seed {summary['seed']}, {summary['rounds']} rounds"
    winner = int(summary["winner"])
    if not names:
        scores = ", ".join(str(s["score"]) for s in summary["seats"])
        return f"{head}, seat {winner} wins ({scores})"
    scores = ", ".join(f"{names.get(int(s['seat'])) or 'seat ' + str(s['seat'])} {s['score']}"
                       for s in summary["seats"])
    return f"{head}, {names.get(winner) or 'seat ' + str(winner)} (seat {winner}) wins ({scores})"
