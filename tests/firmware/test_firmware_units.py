"""Seat firmware modules one at a time under CPython: codec, presence, driver against
FakePN532 (UART and I2C), feedback commands, MQTT client and link against Mosquitto."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.broker import MosquittoBroker, MosquittoFactory
from tests.fakes import machine, network
from tests.fakes.mpy import FIRMWARE_DIR, firmware_modules
from tests.fakes.pn532 import FakePN532, response_frame

WASM_DIR = Path(__file__).resolve().parents[1] / "wasm"


@pytest.fixture(scope="module")
def fw() -> Iterator[Any]:
    with firmware_modules() as modules:
        yield modules


def test_pure_checks_pass_under_cpython() -> None:
    # the checkout on the path too: the display checks draw on the soft seat's fake framebuf
    env = dict(os.environ, PYTHONPATH=os.pathsep.join((str(FIRMWARE_DIR), str(FIRMWARE_DIR.parent))))
    out = subprocess.run([sys.executable, str(WASM_DIR / "pure_checks.py")], env=env,
                         capture_output=True, text=True, timeout=60).stdout
    assert "RESULT passed=26 failed=0" in out, out


# ---- frame codec -------------------------------------------------------------------

uids = st.sampled_from([4, 7, 10]).flatmap(lambda n: st.binary(min_size=n, max_size=n))


@settings(max_examples=150, deadline=None)
@given(payload=st.binary(min_size=1, max_size=60), junk=st.binary(max_size=12),
       cuts=st.lists(st.integers(1, 9), max_size=30))
def test_any_response_frame_survives_junk_and_arbitrary_chunking(
    fw: Any, payload: bytes, junk: bytes, cuts: list[int]
) -> None:
    noise = bytes(b or 1 for b in junk)   # no 0x00: noise cannot contain a start code
    stream = noise + fw.pn532frame.ACK + response_frame(0x40, payload)
    reader = fw.pn532frame.FrameReader()
    frames = []
    pos = 0
    for size in cuts + [len(stream)]:
        reader.feed(stream[pos:pos + size])
        pos += size
        while True:
            try:
                frame = reader.next()
            except fw.pn532frame.FrameError:
                continue
            if frame is None:
                break
            frames.append(frame)
    assert frames[-2:] == [("ack", b""), ("data", bytes([0x41]) + payload)]


@given(uid=uids)
def test_parse_targets_gives_upper_case_hex(fw: Any, uid: bytes) -> None:
    payload = bytes([0x4B, 1, 1, 0, 0x44, 0, len(uid)]) + uid
    assert fw.pn532frame.parse_targets(payload) == [uid.hex().upper()]


# ---- presence ----------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(polls=st.lists(st.booleans(), min_size=1, max_size=300))
def test_presence_edges_alternate_and_a_card_with_short_misses_never_flaps(
    fw: Any, polls: list[bool]
) -> None:
    tracker = fw.presence.Presence(remove_after_ms=100, remove_after_misses=3)
    edges = []
    misses = 0
    longest_run = 0
    for i, seen in enumerate(polls):
        edges += tracker.update(["04A1B2C3"] if seen else [], i * 50)
        misses = 0 if seen else misses + 1
        if any(polls[: i + 1]):
            longest_run = max(longest_run, misses)
    kinds = [edge for edge, _ in edges]
    assert kinds == ["added", "removed"] * (len(kinds) // 2) + ["added"] * (len(kinds) % 2)
    if longest_run < 3:   # never missing 3 polls in a row: one placement, one edge
        assert kinds == (["added"] if any(polls) else [])


# ---- PN532 driver on the fake chip --------------------------------------------------

def uart_reader(fw: Any, chip: FakePN532) -> Any:
    machine.board.uarts[1] = chip
    return fw.pn532.PN532(fw.pn532.UartTransport(machine.UART(1)))


def test_driver_sends_sam_configuration_first_and_cycles_the_field_after_each_poll(fw: Any) -> None:
    chip = FakePN532()
    reader = uart_reader(fw, chip)
    reader.begin()
    assert chip.sam_configured and chip.counters.ignored_before_sam == 0
    assert reader.firmware == "1.6"
    assert reader.scan() == []          # bounded wait: no card answers NbTg=0, not pending
    chip.place("04A1B2C3D4E580")
    assert [reader.scan() for _ in range(5)] == [["04A1B2C3D4E580"]] * 5   # no every-other-poll
    assert chip.counters.field_offs == 6 and not chip.field_on


def test_driver_sees_a_halted_resting_card_again_and_lists_two_cards(fw: Any) -> None:
    chip = FakePN532()
    reader = uart_reader(fw, chip)
    reader.begin()
    chip.place("04A1B2C3D4E580")
    assert reader.scan() == ["04A1B2C3D4E580"]
    chip.halt()                          # a stray HLTA: asleep until the field drops
    assert reader.scan() == []
    assert [reader.scan() for _ in range(3)] == [["04A1B2C3D4E580"]] * 3
    chip.place("11223344", alongside=True)
    assert reader.scan() == ["04A1B2C3D4E580", "11223344"]


def test_driver_over_i2c(fw: Any) -> None:
    chip = FakePN532()
    machine.board.i2c[0] = chip
    reader = fw.pn532.PN532(fw.pn532.I2CTransport(machine.I2C(0)))
    reader.begin()
    chip.place("A1B2C3D4")
    assert reader.scan() == ["A1B2C3D4"]
    assert reader.transport.name == "pn532-i2c"


@pytest.mark.parametrize("fault, message", [("missing_ack", "no ACK"),
                                            ("bad_checksum", "corrupt frame"),
                                            ("garbage", "no response"),
                                            ("truncated", "no response")])
def test_driver_turns_each_fault_into_a_reader_error_and_then_works(
    fw: Any, fault: str, message: str
) -> None:
    chip = FakePN532()
    reader = uart_reader(fw, chip)
    reader.begin()
    chip.place("04A1B2C3D4E580")
    chip.inject(fault)  # type: ignore[arg-type]
    with pytest.raises(fw.pn532.ReaderError, match=message):
        reader.scan()
    assert reader.scan() == ["04A1B2C3D4E580"]


def test_a_response_that_never_comes_is_aborted_with_an_ack(fw: Any) -> None:
    chip = FakePN532()
    reader = uart_reader(fw, chip)
    reader.command(b"\x14\x01\x14\x01")    # SAM only: retries stay "forever"
    with pytest.raises(fw.pn532.ReaderError, match="no response"):
        reader.scan()
    assert chip.counters.aborted == 1 and not chip.poll_pending


class LateWire:
    """The chip's UART, seen by a firmware loop held up past the whole ACK timeout while it
    waits for an answer (Wi-Fi, TLS or a GC pause on the board; six processes on two cores
    for the soft seats): its first look after a write finds nothing yet, then the loop
    comes back late, the answer long there."""

    def __init__(self, chip: FakePN532, late_s: float) -> None:
        self.chip = chip
        self.late_s = late_s
        self.looked = True

    def write(self, data: bytes) -> int:
        self.looked = False
        return self.chip.write(data)

    @property
    def in_waiting(self) -> int:
        if not self.looked:
            self.looked = True
            time.sleep(self.late_s)
            return 0
        return self.chip.in_waiting

    def read(self, n: int = 1) -> bytes:
        return self.chip.read(n)


def test_a_loop_late_past_the_ack_timeout_still_reads_the_answer_that_came(fw: Any) -> None:
    """Issue 28's acceptance: the deadline was checked before the first read, so a late
    loop said "no ACK from PN532" with the ACK waiting, and the seat's reader kept failing."""
    chip = FakePN532()
    machine.board.uarts[4] = LateWire(chip, late_s=0.06)
    reader = fw.pn532.PN532(fw.pn532.UartTransport(machine.UART(4)))   # ACK timeout 30 ms
    reader.begin()
    chip.place("04A1B2C3D4E580")
    assert [reader.scan() for _ in range(3)] == [["04A1B2C3D4E580"]] * 3


class DeadWire:
    """A UART with nothing answering on it (reader unplugged or unpowered)."""

    in_waiting = 0

    def write(self, data: bytes) -> int:
        return len(data)

    def read(self, n: int = 1) -> bytes:
        return b""


def test_driver_without_a_chip_reports_no_ack(fw: Any) -> None:
    machine.board.uarts[3] = DeadWire()
    reader = fw.pn532.PN532(fw.pn532.UartTransport(machine.UART(3)))
    with pytest.raises(fw.pn532.ReaderError, match="no ACK"):
        reader.begin()


def test_i2c_bus_errors_are_reader_errors(fw: Any) -> None:
    reader = fw.pn532.PN532(fw.pn532.I2CTransport(machine.I2C(5)))   # nothing on the bus
    with pytest.raises(fw.pn532.ReaderError, match="bus error 19"):
        reader.begin()
    with pytest.raises(fw.pn532.ReaderError, match="bus error"):
        reader.scan()


class BrokenUart(DeadWire):
    """A UART whose driver raises (e.g. EIO on a disabled peripheral)."""

    def write(self, data: bytes) -> int:
        raise OSError(5, "EIO")


def test_uart_driver_errors_are_reader_errors(fw: Any) -> None:
    machine.board.uarts[4] = BrokenUart()
    reader = fw.pn532.PN532(fw.pn532.UartTransport(machine.UART(4)))
    with pytest.raises(fw.pn532.ReaderError, match="bus error 5"):
        reader.begin()


def test_a_seat_without_its_i2c_reader_reports_one_fault_and_backs_off(fw: Any) -> None:
    reset = machine.Pin(33, machine.Pin.OUT, value=1)
    reader = fw.pn532.PN532(fw.pn532.I2CTransport(machine.I2C(6)), reset_pin=reset)
    cfg = fw.config.validate(json.loads((FIRMWARE_DIR / "config.example.json").read_text()))
    link, clock = CollectingLink(), SteppedClock()
    quiet = fw.feedback.Feedback(lambda rgb: None, None, None, lambda m: None)
    seat = fw.seat.Seat(cfg, "esp32-a1b2c3", 7, reader, [], quiet, link, clock, lambda m: None)
    for _ in range(200):                 # 2 s of 10 ms loop passes
        clock.ms += 10
        seat.step()
    assert [(e["type"], e["what"]) for e in link.events] == [("fault", "reader")]
    assert link.events[0]["detail"].startswith("bus error")
    assert seat.reinits <= 4 and reset.written.count(0) == seat.reinits
    machine.board.i2c[6] = chip = FakePN532()   # plugged back in
    reader.transport = fw.pn532.I2CTransport(machine.I2C(6))
    for _ in range(600):
        clock.ms += 10
        seat.step()
    assert [e["type"] for e in link.events] == ["fault", "recovered", "inventory"]
    assert chip.sam_configured


# ---- feedback ----------------------------------------------------------------------

class Recorder:
    def __init__(self) -> None:
        self.leds: list[tuple[int, int, int]] = []
        self.tones: list[int] = []
        self.lines: list[str] = []
        self.logs: list[str] = []

    def fill(self, colour: int) -> None:
        self.lines = []

    def text(self, line: str, x: int, y: int) -> None:
        self.lines.append(line)

    def show(self) -> None:
        pass


def test_feedback_applies_good_fields_and_counts_bad_ones(fw: Any) -> None:
    rec = Recorder()
    out = fw.feedback.Feedback(rec.leds.append, rec.tones.append, rec, rec.logs.append)
    assert out.apply(b'{"v":1,"id":3,"led":"red","blink":true,"beep":"error",'
                     b'"text":["Warlord","Tap a district to destroy it now","3","4","5"]}', 0)
    assert rec.lines == ["Warlord", "Tap a district to des", "3", "4"]
    for now in range(0, 1000, 10):
        out.tick(now)
    assert rec.leds[:2] == [(70, 0, 0), (0, 0, 0)]      # blinking red
    assert [t for t in rec.tones if t] == [440, 330] and rec.tones[-1] == 0
    bad = [b"\xff\xfe", b"[1,2]", b'{"v":2,"id":1}', b'{"v":1,"id":4,"led":"pink"}',
           b'{"v":1,"id":5,"beep":"siren","blink":"yes","text":"not a list"}', b"{"]
    for payload in bad:
        out.apply(payload, 0)
    assert out.bad_commands == 8 and out.colour == "red" and out.last_id == 5
    assert all(line.startswith("bad cmd") for line in rec.logs)


# ---- config ------------------------------------------------------------------------

def test_config_example_is_valid_and_errors_are_clear(fw: Any, tmp_path: Path) -> None:
    board = tmp_path / "board"  # what flash_seat.py puts on a board: config.json and the table's ca.crt
    board.mkdir()
    (board / "config.json").write_text((FIRMWARE_DIR / "config.example.json").read_text())
    with pytest.raises(fw.config.ConfigError, match="ca.crt not found"):
        fw.config.load(str(board / "config.json"))  # TLS by default: the CA must be there
    (board / "ca.crt").write_text("-----BEGIN CERTIFICATE-----\n")
    example = fw.config.load(str(board / "config.json"))
    assert example["seat"] == 1 and example["timing"]["reader_failures"] == 3
    assert example["broker"]["tls"] is True and example["broker"]["port"] == 8883
    with pytest.raises(fw.config.ConfigError, match="not found"):
        fw.config.load(str(tmp_path / "nope.json"))
    (tmp_path / "broken.json").write_text("{")
    with pytest.raises(fw.config.ConfigError, match="not valid JSON"):
        fw.config.load(str(tmp_path / "broken.json"))
    raw = json.loads((FIRMWARE_DIR / "config.example.json").read_text())
    del raw["broker"]["host"]
    raw["seat"] = "3"
    with pytest.raises(fw.config.ConfigError, match=r"missing key 'broker.host'.*'seat' must be a number"):
        fw.config.validate(raw)


# ---- MQTT client and link against a real broker ------------------------------------

def test_mqtt_client_connects_publishes_qos1_and_receives(fw: Any, mosquitto_factory: MosquittoFactory) -> None:
    broker = mosquitto_factory(passwd={"seat3": "s3cret"})
    bad = fw.mqtt.MQTTClient("seat-x", broker.host, broker.port, "seat3", "wrong")
    with pytest.raises(fw.mqtt.MQTTError, match="refused"):
        bad.connect()
    bad.close()  # the link closes a refused socket before it dials again (connect does, too)
    client = fw.mqtt.MQTTClient("seat-x", broker.host, broker.port, "seat3", "s3cret", keepalive=5)
    acks: list[int] = []
    got: list[tuple[str, bytes]] = []
    client.on_ack = acks.append
    client.on_message = lambda topic, payload: got.append((topic, payload))
    client.connect()
    client.subscribe("t/#", 1)
    big = b"x" * 900   # remaining length needs two bytes
    pid = client.publish("t/a", big, qos=1)
    client.ping()
    deadline = time.monotonic() + 5
    while (not acks or not got) and time.monotonic() < deadline:
        if client.poll() is None:
            time.sleep(0.01)
    assert acks == [pid] and got == [("t/a", big)]
    client.disconnect()


def test_link_reports_drops_after_an_outage_and_delivers_the_rest(
    fw: Any, mosquitto: MosquittoBroker
) -> None:
    received: list[bytes] = []
    sub = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)

    def answer(client: Any, userdata: Any, message: Any) -> None:  # as the hub does: ref = seq
        received.append(bytes(message.payload))
        seq = json.loads(message.payload)["seq"]
        client.publish("citadels/t9/seat/2/cmd", json.dumps({"v": 1, "id": seq, "ref": seq}), qos=1)

    sub.on_message = answer
    sub.connect(mosquitto.host, mosquitto.port)
    sub.subscribe("citadels/t9/seat/2/event", 1)
    sub.loop_start()
    cfg = {"wifi": {"ssid": "citadels-table", "password": "change-me"},
           "broker": {"host": mosquitto.host, "port": mosquitto.port, "timeout_s": 2},
           "table": "t9", "seat": 2, "queue": 3}
    wlan = network.WLAN(network.STA_IF)
    wlan.active(True)
    drops: list[int] = []
    link = fw.link.Link(wlan, cfg, "dev-1", lambda n: 0, lambda: {"v": 1}, lambda p: None, print)
    link.on_drops = drops.append
    for seq in range(1, 6):
        link.queue(seq, json.dumps({"seq": seq}))
    start = time.monotonic()
    while len(received) < 3 and time.monotonic() - start < 10:
        link.service(int((time.monotonic() - start) * 1000))
        time.sleep(0.005)
    sub.loop_stop()
    sub.disconnect()
    assert drops == [2] and link.outbox.dropped == 2
    assert sorted(json.loads(p)["seq"] for p in received) == [3, 4, 5]
    link.close()


class FlakyClient:
    """Stands in for mqtt.MQTTClient: records publishes, loses the link on demand."""

    def __init__(self) -> None:
        self.published: list[tuple[str, bytes | str, int]] = []
        self.fail_next_poll = False
        self.on_ack: Any = None
        self.on_message: Any = None
        self._pid = 0
        self.connects = 0

    def connect(self) -> None:
        self.connects += 1

    def publish(self, topic: str, msg: bytes | str, retain: bool = False, qos: int = 0) -> int:
        self._pid += 1
        self.published.append((topic, msg, self._pid))
        return self._pid

    def subscribe(self, topic: str, qos: int = 1) -> int:
        return 0

    def poll(self) -> None:
        if self.fail_next_poll:
            self.fail_next_poll = False
            raise OSError(104)

    def ping(self) -> None:
        pass

    def close(self) -> None:
        pass


def test_link_keeps_an_event_until_the_hub_answers_it(fw: Any) -> None:
    """A broker's PUBACK is not the hub's answer: the event is sent again after a
    reconnect, when the hub says `online` and when unanswered for 3 s; only a command
    whose `ref` is its seq lets it go, and one event is in flight at a time."""
    cfg = {"wifi": {"ssid": "citadels-table", "password": "change-me"},
           "broker": {"host": "127.0.0.1"}, "table": "t1", "seat": 1}
    wlan = network.WLAN(network.STA_IF)
    wlan.active(True)
    wlan.connect("citadels-table", "change-me")
    link = fw.link.Link(wlan, cfg, "dev", lambda n: 0, lambda: {"v": 1}, lambda p: None, print)
    client = FlakyClient()
    client.on_ack, client.on_message = link.client.on_ack, link.client.on_message
    link.client = client
    link.queue(1, '{"seq":1}')
    link.service(0)            # connect: online + hello
    link.service(10)           # publish seq 1
    events = [p for p in client.published if p[0].endswith("/event")]
    assert [e[1] for e in events] == ['{"seq":1}']
    client.fail_next_poll = True
    link.service(20)           # link lost before the PUBACK came back
    assert not link.connected and len(link.outbox) == 1
    for now in range(30, 3000, 10):
        link.service(now)
    events = [p for p in client.published if p[0].endswith("/event")]
    assert [e[1] for e in events] == ['{"seq":1}', '{"seq":1}'] and client.connects == 2
    assert client.on_ack is None and len(link.outbox) == 1   # the broker's PUBACK is no answer
    link.queue(2, '{"seq":2}')
    link.service(3010)
    events = [p[1] for p in client.published if p[0].endswith("/event")]
    assert events == ['{"seq":1}'] * 2, "seq 2 waits while seq 1 is unanswered"
    client.on_message("citadels/t1/hub/status", b"online")   # the hub restarted: again at once
    link.service(3020)
    for now in range(3030, 6100, 10):       # and again once 3 s have passed without an answer
        link.service(now)
    events = [p[1] for p in client.published if p[0].endswith("/event")]
    assert events == ['{"seq":1}'] * 4
    client.on_message("citadels/t1/seat/1/cmd", b'{"v":1,"id":7,"ref":1}')
    link.service(6110)
    assert link.outbox.keys() == [2] and client.published[-1][1] == '{"seq":2}'
    client.on_message("citadels/t1/seat/1/cmd", b'{"v":1,"id":8,"ref":2,"led":"green"}')
    assert len(link.outbox) == 0 and link.resent == 1   # counted: the re-sends for a silent hub



def test_link_follows_the_hubs_retained_status(fw: Any) -> None:
    """Seats are never silent: the link knows when the hub is away (its will says
    `offline`, or its retained status is gone), so the display can say so."""
    cfg = {"wifi": {"ssid": "citadels-table", "password": "change-me"},
           "broker": {"host": "127.0.0.1"}, "table": "t1", "seat": 1}
    wlan = network.WLAN(network.STA_IF)
    wlan.active(True)
    wlan.connect("citadels-table", "change-me")
    link = fw.link.Link(wlan, cfg, "dev", lambda n: 0, lambda: {"v": 1}, lambda p: None, print)
    client = FlakyClient()
    client.on_ack, client.on_message = link.client.on_ack, link.client.on_message
    link.client = client
    link.service(0)
    assert link.connected and link.hub_online is None
    client.on_message("citadels/t1/hub/status", b"online")
    assert link.hub_online is True
    client.on_message("citadels/t1/hub/status", b"offline")
    assert link.hub_online is False
    client.on_message("citadels/t1/hub/status", b"online")
    client.on_message("citadels/t1/hub/status", b"")      # the retained status deleted
    assert link.hub_online is False

# ---- the seat over a long game: exactly one edge per physical placement / lift -------

class ScriptedReader:
    """What the PN532 returns at each poll, from a physical timeline with RF glitches
    (a resting card missing from up to 2 polls in a row) and reader faults."""

    class transport:  # noqa: N801 - the driver's attribute it stands in for
        name = "pn532-hsu"

    def __init__(self, polls: list[Any], error: type[Exception]) -> None:
        self.polls = polls
        self.error = error

    def begin(self) -> None:
        pass

    def scan(self) -> list[str]:
        step = self.polls.pop(0) if self.polls else []
        if step == "fault":
            raise self.error("no ACK from PN532")
        return list(step)


class CollectingLink:
    class outbox:  # noqa: N801 - the link's attribute it stands in for
        dropped = 0

        @staticmethod
        def keys() -> list[int]:
            return []

    connected = True
    hub_online: bool | None = True
    connected_ms = 0
    alive_s = 5

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def wants_alive(self, now: int) -> bool:
        return False

    def queue(self, key: int, payload: str) -> None:
        self.events.append(json.loads(payload))

    def service(self, now: int) -> None:
        pass


class SteppedClock:
    def __init__(self) -> None:
        self.ms = 0

    def now(self) -> int:
        return self.ms


segment = st.tuples(
    st.sampled_from(["04A1B2C3D4E580", "04000000000001", "11223344", "AABBCCDD"]),
    st.integers(10, 80),                                   # polls the card rests
    st.lists(st.sampled_from(["seen", "seen", "seen", "glitch", "fault"]), max_size=80),
    st.integers(10, 30),                                   # empty polls after the lift
    st.integers(0, 25),                                    # reader fault burst mid-rest
)


@settings(max_examples=60, deadline=None)
@given(game=st.lists(segment, min_size=1, max_size=15))
def test_a_long_game_gives_exactly_one_added_and_one_removed_per_placement(
    fw: Any, game: list[tuple[str, int, list[str], int, int]]
) -> None:
    polls: list[Any] = [[]]   # the reader is empty at boot (its inventory)
    expected: list[tuple[str, str]] = []
    for uid, rest, noise, empty, burst in game:
        misses = 0
        for i in range(rest):
            if i == rest // 2:
                polls += ["fault"] * burst
            kind = noise[i] if i < len(noise) and 0 < i < rest - 1 else "seen"
            if kind == "glitch" and misses < 2:
                polls.append([])
                misses += 1
            elif kind == "fault":
                polls.append("fault")
            else:
                polls.append([uid])
                misses = 0
        polls += [[]] * empty
        expected += [("added", uid), ("removed", uid)]
    cfg = fw.config.validate(json.loads((FIRMWARE_DIR / "config.example.json").read_text()))
    link, clock = CollectingLink(), SteppedClock()
    quiet = fw.feedback.Feedback(lambda rgb: None, None, None, lambda m: None)
    seat = fw.seat.Seat(cfg, "esp32-a1b2c3", 7, ScriptedReader(polls, fw.pn532.ReaderError),
                        [], quiet, link, clock, lambda m: None)
    while seat.reader.polls:
        clock.ms += cfg["timing"]["poll_ms"]
        seat.step()
    for _ in range(20):
        clock.ms += cfg["timing"]["poll_ms"]
        seat.step()
    edges = [(e["edge"], e["uid"]) for e in link.events if e["type"] == "tag"]
    assert edges == expected
    assert [e["seq"] for e in link.events] == list(range(1, len(link.events) + 1))
    faults = [e["type"] for e in link.events if e["type"] in ("fault", "recovered")]
    assert faults == ["fault", "recovered"] * (len(faults) // 2)
    assert link.events[0]["type"] == "inventory" and link.events[0]["uids"] == []


# ---- the seat on the strict chip model: halts, flapping, two cards, reader faults ----

POOL = ["04A1B2C3D4E580", "04000000000001", "11223344", "AABBCCDD", "04000000000002"]


def random_table(rng: random.Random, chip: FakePN532, seat: Any, clock: SteppedClock,
                 placements: int) -> list[tuple[str, str]]:
    """Plays `placements` card placements on the chip, each resting a random while with
    halts, missed polls, reader faults and a second card laid on top for a moment;
    returns the edges a referee should see (one added and one removed per placement).
    A card is lifted only once the reader works again: a card placed and lifted while
    the reader is dead cannot be seen by anyone."""
    expected: list[tuple[str, str]] = []

    def polls(count: int) -> None:
        for _ in range(count):
            clock.ms += 50
            seat.step()

    def until_reader_works() -> None:
        for _ in range(2000):
            if (seat.reader_ok and seat.reader_fault is None and not seat.reader_failures
                    and not seat.multiple and not chip.faults_pending):
                break
            polls(1)
        polls(2)

    polls(3)
    for _ in range(placements):
        uid = rng.choice(POOL)
        chip.place(uid)
        expected.append(("added", uid))
        for _ in range(rng.randint(5, 40)):
            moment = rng.random()
            if moment < 0.1:
                chip.halt()                       # asleep until the field drops
            elif moment < 0.2:
                chip.miss_polls(rng.randint(1, 2))  # flapping at the edge of the field
            elif moment < 0.25 and not chip.faults_pending:
                chip.inject(rng.choice(["missing_ack", "bad_checksum", "garbage"]), rng.randint(1, 5))
            elif moment < 0.3:
                other = rng.choice([u for u in POOL if u != uid])
                chip.place(other, alongside=True)   # two cards on one antenna for a moment
                polls(rng.randint(1, 6))
                chip.lift(other)
            polls(rng.randint(1, 3))
        until_reader_works()
        chip.lift()
        expected.append(("removed", uid))
        polls(rng.randint(12, 20))
    return expected


@pytest.mark.parametrize("seed", [1, *(pytest.param(s, marks=pytest.mark.slow) for s in (2, 3, 4))])  # quick: one table
def test_seeded_table_on_the_strict_chip_gives_one_edge_per_placement_and_no_phantom(
    fw: Any, seed: int
) -> None:
    rng = random.Random(seed)
    chip = FakePN532(instant=True)
    cfg = fw.config.validate(json.loads((FIRMWARE_DIR / "config.example.json").read_text()))
    link, clock = CollectingLink(), SteppedClock()
    quiet = fw.feedback.Feedback(lambda rgb: None, None, None, lambda m: None)
    seat = fw.seat.Seat(cfg, "esp32-a1b2c3", 7, uart_reader(fw, chip), [], quiet, link, clock,
                        lambda m: None)
    expected = random_table(rng, chip, seat, clock, placements=25)
    edges = [(e["edge"], e["uid"]) for e in link.events if e["type"] == "tag"]
    assert edges == expected
    multiple = [e["type"] for e in link.events if e.get("what") == "multiple_cards"]
    assert multiple and multiple == ["fault", "recovered"] * (len(multiple) // 2)
    assert all(e["detail"] == "2 cards" for e in link.events
               if e["type"] == "fault" and e["what"] == "multiple_cards")
    assert [e["seq"] for e in link.events] == list(range(1, len(link.events) + 1))
    assert chip.counters.faults_applied, "the run must include reader faults"


def test_the_seat_sees_a_resting_card_on_a_chip_that_takes_its_time(fw: Any) -> None:
    chip = FakePN532()      # default timing: answers come after the chip's delays
    cfg = fw.config.validate(json.loads((FIRMWARE_DIR / "config.example.json").read_text()))
    link, clock = CollectingLink(), SteppedClock()
    quiet = fw.feedback.Feedback(lambda rgb: None, None, None, lambda m: None)
    chip.place("04A1B2C3D4E580")            # lying there at boot: inventory, not added
    seat = fw.seat.Seat(cfg, "esp32-a1b2c3", 7, uart_reader(fw, chip), [], quiet, link, clock,
                        lambda m: None)
    for _ in range(60):
        clock.ms += 50
        seat.step()
    assert [(e["type"], e.get("uids")) for e in link.events] == [("inventory", ["04A1B2C3D4E580"])]
    assert seat.reader_errors == 0


def test_a_press_between_two_loop_passes_is_still_a_press(fw: Any) -> None:
    """The loop samples the buttons once a pass; a pass held up longer than a press (a
    broker connect blocks up to its socket timeout, a loaded host) must not lose it: the
    pin's interrupt tells the button. Contact bounce is still no press, and a press the
    loop samples as well is one press."""
    cfg = fw.config.validate(json.loads((FIRMWARE_DIR / "config.example.json").read_text()))
    link, clock = CollectingLink(), SteppedClock()
    quiet = fw.feedback.Feedback(lambda rgb: None, None, None, lambda m: None)
    seat = fw.seat.Seat(cfg, "esp32-a1b2c3", 7, ScriptedReader([], fw.pn532.ReaderError),
                        fw.hw.button_readers(cfg["buttons"]), quiet, link, clock, lambda m: None)
    ok = machine.board.pins[cfg["buttons"]["ok"]]
    assert ok.hard, "a hard interrupt: it runs while the loop blocks in a socket call"

    def steps(count: int) -> None:
        for _ in range(count):
            clock.ms += 10
            seat.step()

    def pressed() -> list[tuple[str, str | None]]:
        return [(e["button"], e.get("press")) for e in link.events if e["type"] == "button"]

    steps(10)
    ok.drive(0)              # the whole press while the loop is away
    time.sleep(0.06)
    ok.drive(1)
    steps(3)
    assert pressed() == [("ok", None)]
    ok.drive(0)              # contact bounce
    ok.drive(1)
    steps(10)
    assert pressed() == [("ok", None)]
    ok.drive(0)              # a press the loop samples too
    steps(10)
    time.sleep(0.04)
    ok.drive(1)
    steps(10)
    assert pressed() == [("ok", None), ("ok", None)]


def test_inventory_and_multiple_cards_events_match_the_contract_literally(fw: Any) -> None:
    """Issue 10, contract 1: the exact wire objects (the hub parses them; hub/protocol.py)."""
    chip = FakePN532(instant=True)
    chip.place("04A1B2C3D4E580")
    cfg = fw.config.validate(json.loads((FIRMWARE_DIR / "config.example.json").read_text()))
    link, clock = CollectingLink(), SteppedClock()
    quiet = fw.feedback.Feedback(lambda rgb: None, None, None, lambda m: None)
    seat = fw.seat.Seat(cfg, "esp32-a1b2c3", 7, uart_reader(fw, chip), [], quiet, link, clock,
                        lambda m: None)
    clock.ms = 50
    seat.step()
    chip.place("11223344", alongside=True)
    for _ in range(3):
        clock.ms += 50
        seat.step()
    assert link.events[:2] == [
        json.loads('{"v":1,"device":"esp32-a1b2c3","boot":7,"seq":1,"t":50,"type":"inventory",'
                   '"uids":["04A1B2C3D4E580"]}'),
        json.loads('{"v":1,"device":"esp32-a1b2c3","boot":7,"seq":2,"t":100,"type":"fault",'
                   '"what":"multiple_cards","detail":"2 cards"}'),
    ]
    chip.lift("11223344")
    for _ in range(10):
        clock.ms += 50
        seat.step()
    assert link.events[2:] == [json.loads('{"v":1,"device":"esp32-a1b2c3","boot":7,"seq":3,"t":650,'
                                          '"type":"recovered","what":"multiple_cards"}')]
    hello = seat.hello()
    assert hello["inventory"] is True and hello["fw"] == "1.5.0" and hello["alive_s"] == 5
