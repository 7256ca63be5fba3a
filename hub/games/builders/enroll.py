"""``citadels-hub enroll --game builders``: pair each of the 84 cards with its RFID tag,
one tap at a time on one seat's reader; the file is saved after every card, so an
interrupted enrollment resumes where it stopped."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, TextIO

from hub.engine.builders.cards import ALL_CARDS
from hub.protocol import ProtocolError, cmd_topic, event_topic, make_command, parse_event

from . import texts
from .tags import BuildersTags


def label(card: str) -> str:
    """How a person is asked for a card: its name, and which copy when several cards
    print the same ("Circular Saw (copy 2 of 2)", "Craftsman S1W1K1T1 (copy 1 of 2)")."""
    name = texts.card(card)
    same = [c for c in ALL_CARDS if texts.card(c) == name]
    return name if len(same) == 1 else f"{name} (copy {same.index(card) + 1} of {len(same)})"


class Enrollment:
    """Walk a person through tapping every card once; pure logic, fed UIDs from a reader."""

    def __init__(self, tags: BuildersTags) -> None:
        self.tags = tags
        self.todo = tags.missing()

    @property
    def done(self) -> bool:
        return not self.todo

    def prompt(self) -> str:
        total = len(ALL_CARDS)
        if not self.todo:
            return f"All {total} cards are enrolled."
        return f"Tap {label(self.todo[0])} ({total - len(self.todo) + 1}/{total})"

    def offer(self, uid: str) -> tuple[bool, str]:
        """Enroll `uid` as the card asked for; refuse a tag already enrolled."""
        if not self.todo:
            return False, "every card is already enrolled"
        known = self.tags.lookup(uid)
        if known is not None:
            return False, f"that tag is already enrolled as {label(known)}"
        card = self.todo.pop(0)
        self.tags.add(uid, card)
        return True, f"{label(card)} enrolled"


class EnrollmentSession:
    """Reads one seat's reader over the bus, asks for each card in turn on its display and
    the terminal, saves after each."""

    def __init__(self, bus: Any, path: str | Path, seat: int, table: str = "t1", out: TextIO | None = None) -> None:
        self.bus = bus
        self.path = Path(path)
        self.seat = seat
        self.table = table
        self.out = out
        self.enrollment = Enrollment(BuildersTags.load(self.path) if self.path.exists() else BuildersTags({}))
        self.finished = threading.Event()
        self._cmd = 0
        self._seen: set[tuple[str, int, int]] = set()

    def start(self) -> None:
        self.bus.subscribe(event_topic(self.table, self.seat), self._on_event)
        self._tell(self.enrollment.prompt(), led="blue")
        if self.enrollment.done:
            self.finished.set()

    def _on_event(self, topic: str, payload: bytes) -> None:
        try:
            event = parse_event(payload)
        except ProtocolError as exc:
            self._tell(f"Bad message from the reader: {exc.message}", led="red")
            return
        if event.key in self._seen or event.type != "tag" or event.edge != "added" or event.uid is None:
            return
        self._seen.add(event.key)
        ok, message = self.enrollment.offer(event.uid)
        if ok:
            self.enrollment.tags.save(self.path)
        self._tell(message, led="green" if ok else "red")
        self._tell(self.enrollment.prompt(), led="blue")
        if self.enrollment.done:
            self.finished.set()

    def _tell(self, line: str, led: str) -> None:
        if self.out is not None:
            print(line, file=self.out, flush=True)
        self._cmd += 1
        beep = {"green": "ok", "red": "error"}.get(led, "none")
        self.bus.publish(cmd_topic(self.table, self.seat),
                         make_command(self._cmd, led=led, beep=beep, text=texts.lines(line)), qos=1)


def enroll(bus: Any, args: Any, out: Any) -> EnrollmentSession:
    return EnrollmentSession(bus, args.tags, args.seat, table=args.table, out=out)
