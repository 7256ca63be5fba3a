"""``citadels-hub enroll --game builders``: each of the 84 cards asked for in turn on one
seat's display, a tag already enrolled refused, the file saved after every card and an
interrupted enrollment resumed from it; the file then says every card to the hub."""

from __future__ import annotations

import json
from pathlib import Path

from hub.engine.builders.cards import ALL_CARDS
from hub.games import plugin_named
from hub.games.builders.tags import BuildersTags, label
from hub.games.enroll import EnrollmentSession
from hub.protocol import parse_command
from hub.transport import InProcessBus


class Reader:
    """Seat 1's reader on the in-process bus: taps tags, keeps what its display is told."""

    def __init__(self, bus: InProcessBus) -> None:
        self.client = bus.client("seat-1")
        self.shown: list[list[str]] = []
        self.client.subscribe("citadels/t1/seat/1/cmd", lambda _t, p: self.shown.append(list(parse_command(p).text or ())))
        self.seq = 0

    def tap(self, uid: str) -> None:
        self.seq += 1
        event = {"v": 1, "device": "seat-1", "boot": 1, "seq": self.seq, "t": 0, "type": "tag", "edge": "added",
                 "uid": uid}
        self.client.publish("citadels/t1/seat/1/event", json.dumps(event).encode())


def uid(n: int) -> str:
    return f"04{n:012X}"


def test_every_card_is_asked_for_a_repeat_refused_and_an_interrupted_enrollment_resumed(tmp_path: Path) -> None:
    path = tmp_path / "builders-tags.json"
    bus = InProcessBus()
    reader = Reader(bus)
    session = EnrollmentSession(bus, path, seat=1, registry_type=BuildersTags)
    session.start()
    assert reader.shown[-1] == ["Tap Covered Bridge", "(1/84)"] and label(ALL_CARDS[0]) == "Covered Bridge"
    for n in range(10):
        reader.tap(uid(n))
    reader.tap(uid(3))  # a tag already enrolled
    assert "already enrolled" in " ".join(reader.shown[-1]) and not session.finished.is_set()
    saved = BuildersTags.load(path)
    assert len(saved.tags) == 10 and saved.lookup(uid(3)) == ALL_CARDS[3]

    bus2 = InProcessBus()  # the enrollment was stopped; the same command resumes it
    reader2 = Reader(bus2)
    resumed = EnrollmentSession(bus2, path, seat=1, registry_type=BuildersTags)
    resumed.start()
    assert "(11/84)" in " ".join(reader2.shown[-1])
    for n in range(10, 84):
        reader2.tap(uid(n))
    assert resumed.finished.is_set() and reader2.shown[-1][-2:] == ["All 84 cards are", "enrolled."]
    tags = plugin_named("builders").load_registry(str(path))
    assert tags.missing() == [] and [tags.lookup(uid(n)) for n in range(84)] == list(ALL_CARDS)


def test_cards_printing_the_same_are_asked_for_by_copy() -> None:
    assert label("m1") == "Circular Saw (copy 1 of 2)" and label("m5") == "Circular Saw (copy 2 of 2)"
    assert label("b28") == "Chapel"
    assert label("w25").endswith("(copy 1 of 2)") and label("w26").endswith("(copy 2 of 2)")
