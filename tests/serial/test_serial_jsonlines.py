"""JsonLineReader over pyserial's loop:// port, plus --serial parsing and tag debounce."""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import serial
from hypothesis import given
from hypothesis import strategies as st

from hub.serial import (
    JsonLineReader,
    PN532UartReader,
    SerialSpec,
    TagPresence,
    make_reader,
    parse_serial_arg,
)
from hub.serial.events import EventStamper
from hub.serial.validate import command_problem, event_problem
from tests import waiting

pytestmark = pytest.mark.timeout(10)  # fail instead of hanging: no test here may take more than 10 s


wait_until = functools.partial(waiting.wait_until, timeout=3.0, interval=0.005)


class Collector:
    def __init__(self) -> None:
        self.calls: list[tuple[int, dict[str, Any]]] = []
        self._lock = threading.Lock()

    def __call__(self, seat: int, event: dict[str, Any]) -> None:
        with self._lock:
            self.calls.append((seat, event))

    def __len__(self) -> int:
        with self._lock:
            return len(self.calls)


def tag_event(seq: int, edge: str = "added", uid: str = "04A1B2C3D4E580", **extra: Any) -> dict[str, Any]:
    return {"v": 1, "device": "esp32-a1b2c3", "boot": 3141592, "seq": seq, "t": 1000 + seq, "type": "tag",
            "edge": edge, "uid": uid, **extra}


def line(obj: Any) -> bytes:
    return json.dumps(obj).encode() + b"\n"


@pytest.fixture
def loop_port() -> Iterator[serial.SerialBase]:
    port = serial.serial_for_url("loop://", timeout=0.05)
    yield port
    port.close()


# ----- JsonLineReader -------------------------------------------------------------------


def test_valid_event_lines_become_events_without_the_seat_field(loop_port: serial.SerialBase) -> None:
    collected = Collector()
    with JsonLineReader(loop_port, 2, collected) as reader:
        loop_port.write(line({**tag_event(1), "seat": 2}))
        loop_port.write(line({"v": 1, "device": "esp32-a1b2c3", "boot": 3141592, "seq": 2, "t": 5, "type": "button",
                              "button": "ok", "press": "long", "seat": 2}))
        assert wait_until(lambda: len(collected) == 2)
    assert not reader.running
    assert collected.calls[0] == (2, tag_event(1))
    assert collected.calls[1][1]["button"] == "ok" and "seat" not in collected.calls[1][1]
    assert reader.accepted == 2 and sum(reader.dropped.values()) == 0


def test_malformed_lines_are_dropped_and_counted_and_the_stream_recovers(loop_port: serial.SerialBase) -> None:
    collected = Collector()
    bad_lines = [
        b"not json at all\n",
        b"\xff\xfe\x00garbage\n",
        line([1, 2, 3]),
        line(tag_event(1)),  # no seat
        line({**tag_event(2), "seat": 5}),  # another seat's device on this port
        line({**tag_event(3, uid="04a1b2c3"), "seat": 2}),  # lower-case UID
        line({**tag_event(4, uid="04A1B2"), "seat": 2}),  # 3-byte UID
        line({**tag_event(5, edge="moved"), "seat": 2}),
        line({**tag_event(6), "v": 2, "seat": 2}),
        line({**tag_event(0), "seat": 2}),  # seq starts at 1
        line({**tag_event(7), "boot": "3141592", "seat": 2}),
        line({"v": 1, "device": "d", "boot": 1, "seq": 8, "t": 1, "type": "button", "button": "c", "seat": 2}),
        b'{"v":1,"pad":"' + b"x" * 1100 + b'"}\n',  # over 1 KiB
    ]
    with JsonLineReader(loop_port, 2, collected) as reader:
        for bad in bad_lines:
            loop_port.write(bad)
        loop_port.write(line({**tag_event(9), "seat": 2}))
        assert wait_until(lambda: len(collected) == 1)
    assert collected.calls == [(2, tag_event(9))]
    assert sum(reader.dropped.values()) == len(bad_lines)
    assert reader.dropped["not_json"] == 2
    assert reader.dropped["seat_mismatch"] == 1 and reader.dropped["missing_seat"] == 1
    assert reader.dropped["bad_uid"] == 2 and reader.dropped["too_long"] == 1


def test_lines_split_across_reads_are_reassembled() -> None:
    collected = Collector()
    reader = JsonLineReader(serial.serial_for_url("loop://", timeout=0.05), 4, collected)
    data = line({**tag_event(1), "seat": 4}) + line({**tag_event(2, edge="removed"), "seat": 4})
    for index in range(0, len(data), 7):
        reader.feed(data[index : index + 7])
    assert [event["edge"] for _, event in collected.calls] == ["added", "removed"]


def test_an_endless_line_without_newline_is_dropped_once_and_resynchronised() -> None:
    collected = Collector()
    reader = JsonLineReader(serial.serial_for_url("loop://", timeout=0.05), 4, collected)
    for _ in range(5):
        reader.feed(b"y" * 400)
    reader.feed(b"tail of the long line\n" + line({**tag_event(1), "seat": 4}))
    assert reader.dropped["too_long"] == 1
    assert len(collected) == 1


def test_commands_are_written_one_json_object_per_line(loop_port: serial.SerialBase) -> None:
    reader = JsonLineReader(loop_port, 2, Collector())
    reader.send_command({"v": 1, "id": 17, "led": "green", "blink": False, "beep": "ok",
                         "text": ["Warlord", "Tap a district"]})
    reader.send_command({"v": 1, "id": 18})
    lines = loop_port.read(1000).split(b"\n")
    assert lines[2] == b""
    assert json.loads(lines[0])["text"] == ["Warlord", "Tap a district"]
    assert json.loads(lines[1]) == {"v": 1, "id": 18}


@pytest.mark.parametrize(
    "command",
    [{"id": 1}, {"v": 1}, {"v": 1, "id": 1, "led": "purple"}, {"v": 1, "id": 1, "beep": "loud"},
     {"v": 1, "id": 1, "text": ["x" * 22]}, {"v": 1, "id": 1, "text": ["a"] * 5}, {"v": 1, "id": True}],
)
def test_invalid_commands_are_refused_before_anything_is_written(loop_port: serial.SerialBase, command: Any) -> None:
    reader = JsonLineReader(loop_port, 2, Collector())
    with pytest.raises(ValueError):
        reader.send_command(command)
    assert loop_port.in_waiting == 0


def test_a_port_that_cannot_be_opened_is_retried_without_crashing() -> None:
    reader = JsonLineReader("fakenothing://x", 1, Collector(), reopen_delay=0.01)
    reader.start()
    assert wait_until(lambda: reader.port_errors >= 3)
    reader.stop()
    assert not reader.running


def test_a_failing_on_event_callback_does_not_stop_the_reader(loop_port: serial.SerialBase) -> None:
    seen: list[int] = []

    def explode(seat: int, event: dict[str, Any]) -> None:
        seen.append(event["seq"])
        raise RuntimeError("consumer bug")

    with JsonLineReader(loop_port, 2, explode):
        loop_port.write(line({**tag_event(1), "seat": 2}) + line({**tag_event(2), "seat": 2}))
        assert wait_until(lambda: len(seen) == 2)


# ----- validation and stamping --------------------------------------------------------------


def test_stamped_events_are_valid_and_numbered_from_one() -> None:
    clock = iter([10.0, 10.5, 12.25])
    stamper = EventStamper("hub-pn532-ttys0", boot=77, clock=lambda: next(clock))
    first = stamper.make("tag", edge="added", uid="04A1B2C3")
    second = stamper.make("fault", what="reader", detail="no ACK from PN532")
    assert (first["seq"], first["t"], second["seq"], second["t"]) == (1, 500, 2, 2250)
    assert first["boot"] == second["boot"] == 77
    assert event_problem(first) is None and event_problem(second) is None


def test_unknown_event_types_pass_if_the_common_fields_are_sound() -> None:
    assert event_problem({"v": 1, "device": "d", "boot": 1, "seq": 1, "t": 0, "type": "tilt"}) is None
    assert event_problem({"v": 1, "device": "d", "boot": 1, "seq": 1, "t": 0, "type": ""}) == "bad_type"
    assert command_problem({"v": 1, "id": 3, "text": []}) is None


# ----- --serial PORT:SEAT ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argument", "expected"),
    [
        ("/dev/ttyACM0:2", SerialSpec("json", "/dev/ttyACM0", 2)),
        ("json:/dev/ttyACM0:2", SerialSpec("json", "/dev/ttyACM0", 2)),
        ("pn532:/dev/ttyS0:3", SerialSpec("pn532", "/dev/ttyS0", 3)),
        ("pn532:fakepn532://seat3:3", SerialSpec("pn532", "fakepn532://seat3", 3)),
        ("loop://:1", SerialSpec("json", "loop://", 1)),
        ("rfc2217://host:4000:7", SerialSpec("json", "rfc2217://host:4000", 7)),
        ("COM3:4", SerialSpec("json", "COM3", 4)),
    ],
)
def test_serial_argument_forms(argument: str, expected: SerialSpec) -> None:
    assert parse_serial_arg(argument) == expected


@pytest.mark.parametrize("argument", ["/dev/ttyACM0", "/dev/ttyACM0:0", "/dev/ttyACM0:8", ":3", "pn532::3", "x:seat"])
def test_bad_serial_arguments_are_refused(argument: str) -> None:
    with pytest.raises(ValueError):
        parse_serial_arg(argument)


def test_make_reader_picks_the_reader_kind_and_a_stable_device_id() -> None:
    pn532_spec = parse_serial_arg("pn532:/dev/ttyS0:3")
    reader = make_reader(pn532_spec, lambda seat, event: None)
    assert isinstance(reader, PN532UartReader)
    assert reader.device_id == "hub-pn532-dev-ttys0" and reader.seat == 3
    assert isinstance(make_reader(parse_serial_arg("/dev/ttyACM0:2"), lambda seat, event: None), JsonLineReader)


# ----- TagPresence ---------------------------------------------------------------------------


def test_presence_needs_n_consecutive_misses_before_removed() -> None:
    presence = TagPresence(removal_polls=3)
    assert presence.observe("AA" * 4) == [("added", "AAAAAAAA")]
    assert presence.observe(None) == [] and presence.observe(None) == []
    assert presence.observe("AA" * 4) == []  # back before the third miss: nothing happened
    assert presence.observe(None) == [] and presence.observe(None) == []
    assert presence.observe(None) == [("removed", "AAAAAAAA")]
    assert presence.observe(None) == []


def test_presence_absorbs_every_other_poll_missing() -> None:
    presence = TagPresence(removal_polls=2)
    edges = [edge for index in range(40) for edge in presence.observe("BB" * 4 if index % 2 == 0 else None)]
    assert edges == [("added", "BBBBBBBB")]


@given(st.lists(st.sampled_from([None, "AAAAAAAA", "BBBBBBBB"]), max_size=60), st.integers(1, 4))
def test_presence_edges_always_alternate_and_removed_follows_enough_misses(
    sightings: list[str | None], removal_polls: int
) -> None:
    presence = TagPresence(removal_polls)
    present: str | None = None
    misses = 0
    for uid in sightings:
        for edge, tag in presence.observe(uid):
            if edge == "added":
                assert present is None
                present = tag
            else:
                assert tag == present
                assert uid is not None or misses + 1 >= removal_polls
                present = None
        misses = misses + 1 if uid is None else 0
    assert presence.current == present
