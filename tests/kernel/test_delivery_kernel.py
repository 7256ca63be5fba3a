"""End-to-end delivery, the hub's half, on the kernel with the toy game (in process):
every event is answered with its `ref` (so a seat can forget it), duplicate records are
the sending seat's own and bounded, a retained event is never a move, and a seat that
broke its heartbeat promise is offline to the hub."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hub.protocol import SeatCommand, parse_command
from hub.transport import InProcessBus
from tests.kernel.test_kernel import toy_table

STONE = "57070001"


class Device:
    """A raw seat device: `send` publishes one event as the firmware would (or not)."""

    def __init__(self, bus: InProcessBus, seat: int, device: str | None = None, boot: int = 1) -> None:
        self.seat = seat
        self.device = device or f"toy-{seat}"
        self.boot = boot
        self.client = bus.client(f"dev-{seat}-{self.device}", will=(f"citadels/t1/seat/{seat}/status", b"offline", 1, True))
        self.commands: list[SeatCommand] = []
        self.client.subscribe(f"citadels/t1/seat/{seat}/cmd", lambda _t, p: self.commands.append(parse_command(p)))
        self.client.publish(f"citadels/t1/seat/{seat}/status", b"online", retain=True)

    def send(self, seq: int, type: str, *, retain: bool = False, **fields: Any) -> int:
        event = {"v": 1, "device": self.device, "boot": self.boot, "seq": seq, "t": 0, "type": type, **fields}
        self.client.publish(f"citadels/t1/seat/{self.seat}/event", json.dumps(event).encode(), retain=retain)
        return seq

    def hello(self, alive_s: int | None) -> None:
        hello = {"v": 1, "device": self.device, "boot": self.boot, "fw": "1.2.0", "reader": "pn532-hsu",
                 "buttons": ["a", "b", "ok"], "display": None, "inventory": True}
        if alive_s is not None:
            hello["alive_s"] = alive_s
        self.client.publish(f"citadels/t1/seat/{self.seat}/hello", json.dumps(hello).encode(), retain=True)

    def answers(self, seq: int) -> list[SeatCommand]:
        return [c for c in self.commands if c.ref == seq]


@pytest.fixture
def toy() -> Any:
    bus = InProcessBus()
    table, journal = toy_table(bus)
    yield bus, table, journal
    table.stop()
    bus.close()


def test_every_event_is_answered_with_its_ref_even_those_that_change_nothing(toy: Any) -> None:
    """A seat keeps an event until the hub answers it: an event the hub never answered
    would be sent again for ever. Lifts, faults and heartbeats get a bare answer (only
    `ref`: nothing shown changes); a duplicate gets the seat's display again."""
    bus, table, journal = toy
    seat = Device(bus, 1)
    seat.send(1, "tag", edge="added", uid=STONE)
    assert seat.answers(1)[0].text == ("Take 1", "Accepted")
    quiet: list[tuple[int, str, dict[str, Any]]] = [(2, "tag", {"edge": "removed", "uid": STONE}),
                                                    (3, "fault", {"what": "reader", "detail": "no ACK"}),
                                                    (4, "recovered", {"what": "reader"}),
                                                    (5, "alive", {})]
    for seq, kind, fields in quiet:
        seat.send(seq, kind, **fields)
        [answer] = seat.answers(seq)
        assert (answer.led, answer.text, answer.beep, answer.code) == (None, None, None, None), kind
    shown = table._shown(1)
    seat.send(1, "tag", edge="added", uid=STONE)  # its answer was lost: sent again
    again = seat.answers(1)[-1]
    assert len(seat.answers(1)) == 2 and again.beep is None and list(again.text or ()) == shown["text"]
    assert table.counters["duplicate"] == 1 and [str(a) for a in journal] == ["1 take 1"]


def test_a_seat_cannot_silence_another_by_sending_with_its_device_and_boot(toy: Any) -> None:
    bus, table, journal = toy
    honest = Device(bus, 1, device="esp32-aaaaaa", boot=777)
    forger = Device(bus, 2, device="esp32-aaaaaa", boot=777)  # seat 2's login, seat 1's ids
    for seq in (1, 2, 3):
        forger.send(seq, "button", button="a")
    honest.send(1, "tag", edge="added", uid=STONE)
    assert honest.answers(1)[0].code is None and [str(a) for a in journal] == ["1 take 1"]
    assert table.counters["duplicate"] == 0


def test_duplicate_records_are_bounded_whatever_a_seat_sends() -> None:
    from hub.kernel.dedupe import BOOTS, WINDOW, SeenEvents

    seen = SeenEvents()
    for device in range(5000):  # fresh device ids: the records stay a few per seat
        assert seen.first_time(2, f"fresh-{device}", device, 1)
    assert len(seen.boots()) == BOOTS
    assert seen.first_time(1, "esp32-a", 1, 1) and not seen.first_time(1, "esp32-a", 1, 1)
    assert seen.first_time(1, "esp32-a", 1, 2**52)  # a jump: no huge bit field, the older ones are gone
    assert not seen.first_time(1, "esp32-a", 1, 5) and seen.too_old == 1
    for seq in range(2**52 + 1, 2**52 + 3 * WINDOW):
        assert seen.first_time(1, "esp32-a", 1, seq)
    record = seen._seats[1][("esp32-a", 1)]
    assert record[1].bit_length() <= WINDOW
    assert not seen.first_time(1, "esp32-a", 1, 2**52 + 3 * WINDOW - 7)  # in the window: a duplicate
    assert seen.first_time(1, "esp32-a", 2, 3) and seen.taken(1, "esp32-a", 2, 3) and not seen.taken(2, "esp32-a", 2, 3)


def test_a_retained_event_is_never_a_move() -> None:
    bus = InProcessBus()
    stale = Device(bus, 1)
    stale.send(1, "tag", retain=True, edge="added", uid=STONE)  # e.g. left by a broken device
    table, journal = toy_table(bus)
    try:
        assert journal == [] and table.counters["events"] == 0
        stale.send(2, "tag", edge="added", uid=STONE)
        assert [str(a) for a in journal] == ["1 take 1"]
    finally:
        table.stop()
        bus.close()


def test_a_seat_silent_past_its_promise_is_offline_and_pauses_the_game(toy: Any) -> None:
    """Whatever the broker does (amqtt never drops a silent client): the hub's own clock."""
    bus, table, _journal = toy
    now = [1000.0]
    table.clock = lambda: now[0]
    seat = Device(bus, 1)
    seat.hello(alive_s=2)
    other = Device(bus, 2)
    other.hello(alive_s=None)  # promised nothing: only its will says it is gone
    table.loop.submit("check", table._check_silence, wait=True)
    assert table.online == {1: True, 2: True} and not table.paused
    now[0] += 5.9  # within 3 x 2 s
    table.loop.submit("check", table._check_silence, wait=True)
    assert not table.paused
    now[0] += 0.2
    table.loop.submit("check", table._check_silence, wait=True)
    assert table.online == {1: False, 2: True} and table.paused and "seat 1" in table.pause_text()
    assert table.counters["silent_offline"] == 1
    seat.send(1, "alive")  # it speaks again: online, the game goes on
    assert table.online[1] and not table.paused and seat.answers(1)


def test_a_flapping_seat_pauses_once_and_resumes_once_it_has_stayed_back(toy: Any) -> None:
    """Issue 31: a seat whose status flapped while it decided paused and resumed the game
    50 times in 5 s; each edge was a hub event (said by the voice, logged) and a pause
    shown and taken back on every seat's display. The hub's own clock, no waiting."""
    bus, table, _journal = toy
    now = [1000.0]
    table.clock = lambda: now[0]
    heard: list[str] = []
    watcher = bus.client("watcher")
    watcher.subscribe("citadels/t1/hub/events", lambda _t, p: heard.extend(e["kind"] for e in json.loads(p)["events"]))
    decider, other = Device(bus, 1), Device(bus, 2)
    assert table.game.pending.seat == 1 and not table.paused
    shown_before = len(other.commands)
    now[0] += 10
    for _ in range(50):  # 10 flaps a second while seat 1 decides
        decider.client.publish("citadels/t1/seat/1/status", b"offline", retain=True)
        now[0] += 0.05
        decider.client.publish("citadels/t1/seat/1/status", b"online", retain=True)
        now[0] += 0.05
    flaps = [kind for kind in heard if kind in ("paused", "resumed")]
    # the first returns are reconnects (resumed at once); a fourth within 10 s makes the
    # seat unsteady: paused, and held while it flaps
    assert flaps == ["paused", "resumed"] * 3 + ["paused"]
    assert table.paused and "seat 1" in table.pause_text()
    assert decider.send(1, "button", button="ok") and decider.answers(1)[0].code == "paused"
    pauses_shown = [c for c in other.commands[shown_before:] if c.led == "amber"]
    assert len(pauses_shown) == 4, other.commands[shown_before:]
    now[0] += 2.1  # it has stayed back: the ticker resumes the game, once
    table.loop.submit("check", table._check_silence, wait=True)
    assert [kind for kind in heard if kind in ("paused", "resumed")] == ["paused", "resumed"] * 4
    assert not table.paused and other.commands[-1].led != "amber"
    now[0] += 10
    decider.client.publish("citadels/t1/seat/1/status", b"offline", retain=True)  # dropping once, long after,
    assert table.paused
    decider.client.publish("citadels/t1/seat/1/status", b"online", retain=True)  # and back: resumed at once
    assert not table.paused and heard[-2:] == ["paused", "resumed"]
