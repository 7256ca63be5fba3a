"""FakeSeat speaks the wire protocol exactly, over the in-process bus and over Mosquitto."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from hub.protocol import (
    ProtocolError,
    hub_status_topic,
    make_command,
    parse_event,
    parse_hello,
    parse_status,
    parse_topic,
)
from hub.transport import InProcessBus, MqttBus
from tests.broker import MosquittoFactory
from tests.fakes.seat import FakeSeat, MessageLog

UID = "04A1B2C3D4E580"


@dataclass
class Table:
    """A hub-side connection plus where fake seats should connect."""

    target: InProcessBus | str
    hub: InProcessBus | MqttBus
    log: MessageLog

    def seat(self, seat: int = 1, **options: object) -> FakeSeat:
        """A v1 seat unless `inventory=True`: the numbering tests count only the events made."""
        options.setdefault("inventory", False)
        fake = FakeSeat(self.target, seat=seat, **options)  # type: ignore[arg-type]
        self.seats.append(fake)
        return fake

    def __post_init__(self) -> None:
        self.seats: list[FakeSeat] = []

    def answer_every_event(self) -> None:
        """A minimal hub: answer each event on the seat's cmd with ref = its seq."""
        counter = iter(range(1, 10_000))

        def answer(topic: str, payload: bytes) -> None:
            table, seat, _ = parse_topic(topic)
            try:
                event = parse_event(payload)
            except ProtocolError as error:
                return self.hub.publish(f"citadels/{table}/seat/{seat}/cmd",
                                        make_command(next(counter), led="red", code=error.code))
            led = "green" if event.type == "tag" else "blue"
            self.hub.publish(f"citadels/{table}/seat/{seat}/cmd",
                             make_command(next(counter), led=led, ref=event.seq))

        self.hub.subscribe("citadels/+/seat/+/event", answer)


@pytest.fixture(params=["inproc", "mqtt"])
def table(request: pytest.FixtureRequest, mosquitto_factory: MosquittoFactory) -> Iterator[Table]:
    log = MessageLog()
    if request.param == "inproc":
        bus = InProcessBus()
        bus.subscribe("citadels/#", log)
        made = Table(bus, bus, log)
    else:
        broker = mosquitto_factory()
        hub = MqttBus.from_url(broker.url, "hub")
        hub.subscribe("citadels/#", log)
        made = Table(broker.url, hub, log)
    yield made
    for seat in made.seats:
        seat.close()
    made.hub.close()


def test_connect_publishes_online_and_hello_retained(table: Table) -> None:
    seat = table.seat(3, device="esp32-a1b2c3", boot=42, display=None)
    _, status = table.log.wait_for(lambda t, p: t == "citadels/t1/seat/3/status")
    _, hello = table.log.wait_for(lambda t, p: t == "citadels/t1/seat/3/hello")
    assert parse_status(status) == "online"
    assert parse_hello(hello) == parse_hello(json.dumps(seat.hello))
    assert parse_hello(hello).boot == 42 and parse_hello(hello).display is None
    late = MessageLog()
    table.hub.subscribe("citadels/t1/seat/3/+", late)  # retained: a hub started later still sees them
    late.wait_count(2)
    assert sorted(t for t, _ in late.messages) == ["citadels/t1/seat/3/hello", "citadels/t1/seat/3/status"]


def test_events_follow_the_spec_and_number_per_boot(table: Table) -> None:
    seat = table.seat(2, boot=7)
    seat.place(UID)
    seat.lift(UID)
    seat.press("ok", long=True)
    seat.press("a")
    seat.fault()
    seat.recovered()
    raw = [p for t, p in table.log.wait_count(8) if t.endswith("/event")]
    events = [parse_event(p) for p in raw]
    assert [e.seq for e in events] == [1, 2, 3, 4, 5, 6]
    assert {e.boot for e in events} == {7} and {e.device for e in events} == {"fake-2"}
    assert [(e.type, e.edge or e.button or e.what) for e in events] == [
        ("tag", "added"), ("tag", "removed"), ("button", "ok"), ("button", "a"),
        ("fault", "reader"), ("recovered", "reader")]
    assert [e.long for e in events[2:4]] == [True, False]
    assert "press" not in json.loads(raw[3])  # a short press carries no "press" key
    assert all(set(json.loads(p)) >= {"v", "device", "boot", "seq", "t", "type"} for p in raw)


@pytest.mark.parametrize("device, uid, button", [
    ("fake-1", UID, "a"),
    ('sé"at\\1', 'é"\\\n\u2028', 'ok"'),  # quotes, backslashes, non-ASCII, control characters
    ("sim-t1-1", "", ""),
])
def test_card_and_button_events_are_the_encoders_bytes(device: str, uid: str, button: str) -> None:
    """place, lift and press write their payloads without json's encoder (the simulator's
    hot path): byte for byte what `json.dumps(event, separators=(",", ":"))` writes."""
    bus = InProcessBus()
    log = MessageLog()
    bus.subscribe("citadels/t1/seat/2/event", log)
    seat = FakeSeat(bus, seat=2, device=device, boot=9, inventory=False)
    sent = [seat.place(uid), seat.lift(uid), seat.press(button), seat.press(button, long=True)]
    payloads = [p for _, p in log.wait_count(4)]
    assert payloads == [json.dumps(e, separators=(",", ":")).encode() for e in sent]
    assert [json.loads(p)["seq"] for p in payloads] == [1, 2, 3, 4]


def test_event_bytes_follow_a_new_boot_and_a_new_device_name() -> None:
    """The fields before `seq` are written once per device and boot (the hot path): a
    reboot's new boot, or a device renamed, is in the next event's bytes all the same."""
    bus = InProcessBus()
    log = MessageLog()
    bus.subscribe("citadels/t1/seat/2/event", log)
    seat = FakeSeat(bus, seat=2, device="fake-2", boot=9)
    sent = [seat.place(UID), seat.press("a")]
    seat.reboot(boot=10)
    sent += [seat.press("b")]
    seat.device = "fake-2b"
    sent += [seat.press("ok")]
    events = [json.loads(p) for _, p in log.messages if json.loads(p)["type"] != "inventory"]
    assert [(e["device"], e["boot"], e["seq"]) for e in events] == [
        ("fake-2", 9, 2), ("fake-2", 9, 3), ("fake-2", 10, 2), ("fake-2b", 10, 3)]
    assert [json.dumps(e, separators=(",", ":")).encode() for e in sent] == [
        p for _, p in log.messages if json.loads(p)["type"] != "inventory"]


def test_event_bytes_tell_a_boolean_boot_from_an_equal_number() -> None:
    """A boot of `True` after a boot of 1 (equal, not the same) is the encoder's `true`:
    the fields written once per device and boot are not reused for an equal value."""
    bus = InProcessBus()
    log = MessageLog()
    bus.subscribe("citadels/t1/seat/2/event", log)
    seat = FakeSeat(bus, seat=2, device="fake-2", boot=1, inventory=False)
    sent = [seat.press("a")]
    seat.boot = True  # a bad boot number: the encoder writes the event as it is
    sent += [seat.press("b")]
    assert [p for _, p in log.wait_count(2)] == [json.dumps(e, separators=(",", ":")).encode() for e in sent]


def test_commands_are_recorded_and_matched_by_ref(table: Table) -> None:
    table.answer_every_event()
    seat = table.seat(1)
    other = table.seat(4)
    placed = seat.place(UID)
    pressed = seat.press("b")
    assert seat.answer_to(placed).led == "green"
    assert seat.answer_to(pressed).led == "blue"
    other.press("a")
    assert other.wait_for_command().ref == 1
    assert len(seat.commands) == 2 and not seat.bad_commands


def test_bad_input_reaches_the_hub_unchanged(table: Table) -> None:
    table.answer_every_event()
    seat = table.seat(5)
    seat.send_raw(b"\xff not json")
    refused = seat.wait_for_command(lambda c: c.code is not None)
    assert refused.code == "bad_json" and refused.ref is None


def test_invalid_commands_are_kept_apart(table: Table) -> None:
    seat = table.seat(6)
    table.hub.publish(seat.cmd_topic, b'{"v":1,"id":1,"led":"pink"}')
    table.hub.publish(seat.cmd_topic, make_command(2, beep="ok"))
    assert seat.wait_for_command().id == 2
    assert [payload for payload, _ in seat.bad_commands] == [b'{"v":1,"id":1,"led":"pink"}']
    with pytest.raises(TimeoutError):
        seat.wait_for_command(lambda c: c.id == 99, timeout=0.05)


def test_resend_last_delivers_an_exact_duplicate(table: Table) -> None:
    seat = table.seat(1)
    seat.place(UID)
    seat.resend_last()
    events = [parse_event(p) for t, p in table.log.wait_count(4) if t.endswith("/event")]
    assert len(events) == 2 and events[0] == events[1] and events[0].key == events[1].key


def test_resend_delivers_the_move_still_waiting_not_the_inventory_after_it(table: Table) -> None:
    """A move whose answer was lost in a broker restart is sent again by itself: after the
    reconnect the seat's last event is its inventory (the sim once resent that forever)."""
    seat = table.seat(3, inventory=True)
    placed = seat.place(UID)
    seat.vanish()
    seat.reconnect()  # announces online, hello and a fresh inventory
    assert seat.sent[-1]["type"] == "inventory"
    seat.resend(placed)
    table.log.wait_for(lambda t, p: len(table.log.on(seat.event_topic)) >= 4)  # inventory, move, inventory, move
    assert parse_event(table.log.on(seat.event_topic)[-1]) == parse_event(json.dumps(placed).encode())
    with pytest.raises(ValueError):
        seat.reboot()
        seat.resend(placed)  # an old boot's event is not this boot's to send


def test_vanish_fires_will_then_reconnect_keeps_numbering(table: Table) -> None:
    seat = table.seat(2)
    seat.place(UID)
    seat.vanish()
    table.log.wait_for(lambda t, p: t == seat.status_topic and p == b"offline")
    lifted = seat.lift(UID)  # made while offline: it waits in the outbox, as on the firmware
    assert lifted["seq"] == 2
    assert len(table.log.on(seat.event_topic)) == 1
    seat.reconnect()
    pressed = seat.press("a")
    assert pressed["seq"] == 3
    statuses = [p for p in _wait_statuses(table, seat, 3)]
    assert statuses == [b"online", b"offline", b"online"]
    table.log.wait_for(lambda t, p: len(table.log.on(seat.event_topic)) >= 3)
    assert [parse_event(p).seq for p in table.log.on(seat.event_topic)] == [1, 2, 3]
    seat.close()
    with pytest.raises(RuntimeError):
        seat.press("a")  # a planned shutdown: nothing more is made


def test_reboot_gives_new_boot_and_restarts_seq(table: Table) -> None:
    seat = table.seat(3, boot=100)
    seat.place(UID)
    seat.place("04A1B2C3")
    seat.lift("04A1B2C3")
    seat.reboot(boot=101)  # a v1 seat re-reports the card still lying there as `added`
    again = seat.press("a")
    assert (again["boot"], again["seq"]) == (101, 2)
    assert _wait_statuses(table, seat, 3) == [b"online", b"offline", b"online"]
    hellos = [parse_hello(p).boot for p in table.log.on(seat.hello_topic)]
    assert hellos == [100, 101]
    table.log.wait_for(lambda t, p: len(table.log.on(seat.event_topic)) >= 5)
    keys = [parse_event(p).key for p in table.log.on(seat.event_topic)]
    assert keys == [("fake-3", 100, 1), ("fake-3", 100, 2), ("fake-3", 100, 3), ("fake-3", 101, 1), ("fake-3", 101, 2)]
    assert parse_event(table.log.on(seat.event_topic)[3]).uid == UID


def test_planned_close_says_offline_once(table: Table) -> None:
    seat = table.seat(7)
    seat.close()
    assert _wait_statuses(table, seat, 2) == [b"online", b"offline"]
    assert not seat.online


def _wait_statuses(table: Table, seat: FakeSeat, count: int) -> list[bytes]:
    table.log.wait_for(lambda t, p: len(table.log.on(seat.status_topic)) >= count)
    return table.log.on(seat.status_topic)


def test_named_inprocess_url() -> None:
    from hub.transport import named_inprocess_bus

    bus = named_inprocess_bus("fake-seat-test")
    log = MessageLog()
    bus.subscribe("citadels/t1/seat/1/event", log)
    with FakeSeat("inproc://fake-seat-test", seat=1, inventory=False) as seat:
        seat.press("a")
    assert parse_event(log.messages[0][1]).button == "a"
    with pytest.raises(ValueError):
        FakeSeat("inproc://", seat=1)


def test_inventory_seat_reports_what_lies_on_its_reader_after_every_connect(table: Table) -> None:
    seat = table.seat(4, boot=50, inventory=True)
    assert parse_hello(table.log.wait_for(lambda t, p: t == seat.hello_topic)[1]).inventory
    seat.place(UID)
    seat.reboot(boot=51)  # the card still lies there: an inventory, not an `added`
    seat.vanish()
    seat.reconnect()
    table.log.wait_for(lambda t, p: len(table.log.on(seat.event_topic)) >= 4)
    events = [parse_event(p) for p in table.log.on(seat.event_topic)]
    assert [(e.boot, e.seq, e.type, e.uids) for e in events] == [
        (50, 1, "inventory", ()), (50, 2, "tag", None), (51, 1, "inventory", (UID,)), (51, 2, "inventory", (UID,))]


def test_v1_seat_reports_cards_present_at_boot_as_added(table: Table) -> None:
    seat = table.seat(5, boot=60)
    seat.place(UID)
    seat.reboot(boot=61)
    table.log.wait_for(lambda t, p: len(table.log.on(seat.event_topic)) >= 2)
    events = [parse_event(p) for p in table.log.on(seat.event_topic)]
    assert [(e.key, e.edge, e.uid) for e in events] == [(("fake-5", 60, 1), "added", UID),
                                                        (("fake-5", 61, 1), "added", UID)]
    assert "inventory" not in seat.hello


def test_two_cards_on_one_reader_raise_the_multiple_cards_fault(table: Table) -> None:
    seat = table.seat(6, inventory=True)
    seat.place(UID)
    seat.place_second("04A1B2C3")
    seat.lift_second("04A1B2C3")
    table.log.wait_for(lambda t, p: len(table.log.on(seat.event_topic)) >= 4)
    events = [parse_event(p) for p in table.log.on(seat.event_topic)][2:]
    assert [(e.type, e.what, e.detail) for e in events] == [("fault", "multiple_cards", "2 cards"),
                                                             ("recovered", "multiple_cards", None)]
    assert seat.on_reader == [UID]


def test_answers_of_an_earlier_boot_are_not_taken_for_this_one(table: Table) -> None:
    table.answer_every_event()
    seat = table.seat(7, boot=70)
    first = seat.place(UID)
    assert seat.answer_to(first).ref == 1
    seat.lift(UID)
    seat.reboot(boot=71)
    again = seat.press("a")  # seq 1 again, in the new boot
    answer = seat.answer_to(again)
    assert answer.ref == 1 and answer.led == "blue"  # not the green answer to the old seq 1


def test_shown_is_what_the_commands_left_on_the_display(table: Table) -> None:
    table.hub.publish(hub_status_topic(), b"online", qos=1, retain=True)  # a hub is there
    seat = table.seat(1)
    table.hub.publish(seat.cmd_topic, make_command(1, led="blue", text=["Your turn", "Take 2 gold"]))
    table.hub.publish(seat.cmd_topic, make_command(2, beep="ok"))
    table.hub.publish(seat.cmd_topic, make_command(3, text=["Accepted"]))
    seat.wait_for_command(lambda c: c.id == 3)
    assert seat.shown == {"led": "blue", "text": ["Accepted"]}


def test_shown_says_the_hub_is_away_as_the_firmware_does(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The firmware's display says so while the hub is away, over the hub's last lines
    (which may be a prompt nobody can answer now); the virtual seat is no kinder."""
    from hub.table import virtual_seat

    monkeypatch.setattr(virtual_seat, "HUB_SILENT_S", 0.0)  # the firmware waits 3 s for a status
    seat = table.seat(1)
    assert seat.shown["text"] == list(virtual_seat.HUB_WAITING)  # no hub ever started on this broker
    table.hub.publish(hub_status_topic(), b"online", qos=1, retain=True)
    table.hub.publish(seat.cmd_topic, make_command(1, led="blue", text=["Your turn", "Take 2 gold"]))
    seat.wait_for_command(lambda c: c.id == 1)
    assert seat.shown == {"led": "blue", "text": ["Your turn", "Take 2 gold"]}
    table.hub.publish(hub_status_topic(), b"offline", qos=1, retain=True)  # the hub's will
    _wait_for(lambda: seat.shown["text"] == list(virtual_seat.HUB_OFFLINE), "the hub is offline")
    assert seat.shown["led"] == "blue"  # the LED keeps the hub's colour while the link is up
    table.hub.publish(hub_status_topic(), b"online", qos=1, retain=True)
    _wait_for(lambda: seat.shown["text"] == ["Your turn", "Take 2 gold"], "the hub's lines back")
    table.hub.publish(hub_status_topic(), b"", qos=1, retain=True)  # the status gone
    _wait_for(lambda: seat.shown["text"] == list(virtual_seat.HUB_OFFLINE), "offline once the status is gone")
    seat.vanish()
    assert seat.shown["text"] == list(virtual_seat.HUB_UNREACHABLE)
    seat.reconnect()  # the retained status is empty: nothing heard, so it waits for the hub
    _wait_for(lambda: seat.shown["text"] == list(virtual_seat.HUB_WAITING), "waiting for the hub")


def test_the_virtual_seats_hub_away_words_are_the_firmwares() -> None:
    from hub.softseat.firmware import firmware_modules
    from hub.table import virtual_seat

    with firmware_modules() as fw:
        for name in ("HUB_UNREACHABLE", "HUB_OFFLINE", "HUB_WAITING"):
            assert list(getattr(virtual_seat, name)) == getattr(fw.seat, name), name
        assert virtual_seat.HUB_SILENT_S * 1000 == fw.seat.HUB_SILENT_MS


def _wait_for(predicate: Callable[[], bool], what: str, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)
