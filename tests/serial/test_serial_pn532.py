"""PN532 on the hub's UART: URL handler, Adafruit driver against the fake, PN532UartReader."""

from __future__ import annotations

import functools
import itertools
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import serial
from adafruit_pn532.uart import PN532_UART

from hub.serial import PN532UartReader, ReaderError
from hub.serial.pn532 import PN532Session, parse_targets
from hub.serial.validate import event_problem
from tests import waiting
from tests.fakes import pn532url
from tests.fakes.pn532 import (
    CMD_IN_LIST_PASSIVE_TARGET,
    CMD_SAM_CONFIGURATION,
    FAULTS,
)

_names = itertools.count(1)


pytestmark = pytest.mark.timeout(10)  # fail instead of hanging: no test here may take more than 10 s


@pytest.fixture
def name() -> Iterator[str]:
    """A fresh fakepn532:// name (and chip) per test."""
    pn532url.register()
    chip_name = f"test{next(_names)}"
    yield chip_name
    pn532url.forget(chip_name)


wait_until = functools.partial(waiting.wait_until, timeout=4.0, interval=0.005)


class Recorder:
    """on_event target that remembers each event with the reader's poll count at that moment."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.polls_at: list[int] = []
        self.seats: set[int] = set()
        self.reader: PN532UartReader | None = None
        self._lock = threading.Lock()

    def __call__(self, seat: int, event: dict[str, Any]) -> None:
        with self._lock:
            self.seats.add(seat)
            self.events.append(event)
            self.polls_at.append(self.reader.stats.polls if self.reader else -1)

    def kinds(self) -> list[tuple[str, ...]]:
        with self._lock:
            return [(e["type"], e.get("edge", e.get("what", "")), e.get("uid", " ".join(e.get("uids", []))))
                    for e in self.events]


def start_reader(name: str, recorder: Recorder, **options: Any) -> PN532UartReader:
    settings: dict[str, Any] = dict(poll_interval=0.0, read_timeout=0.02, command_timeout=0.1, reinit_delay=0.02)
    settings.update(options)
    reader = PN532UartReader(pn532url.url_for(name), 3, "hub-pn532-test", recorder, **settings)
    recorder.reader = reader
    reader.start()
    return reader


def start_empty_reader(name: str, recorder: Recorder, **options: Any) -> PN532UartReader:
    """A reader past its first poll (its inventory: an empty antenna)."""
    reader = start_reader(name, recorder, **options)
    assert wait_until(lambda: reader.stats.polls >= 1)
    assert recorder.kinds() == [("inventory", "", "")]
    return reader


# ----- URL handler --------------------------------------------------------------------


def test_url_handler_port_reaches_the_named_chip_and_honours_the_read_timeout(name: str) -> None:
    port = serial.serial_for_url(pn532url.url_for(name), timeout=0.05)
    started = time.monotonic()
    assert port.read(100) == b""
    assert 0.04 <= time.monotonic() - started < 1.0
    port.write(bytes.fromhex("0000ff03fdd4140117") + b"\x00")  # SAMConfiguration(1)
    assert pn532url.fake_for(name).sam_configured
    assert port.in_waiting == 0                   # the chip takes its time to answer ...
    assert port.read(6) == bytes.fromhex("0000ff00ff00")   # ... which a read waits for
    port.close()
    with pytest.raises(serial.PortNotOpenError):
        port.read(1)


def test_non_blocking_port_returns_at_once(name: str) -> None:
    port = serial.serial_for_url(pn532url.url_for(name), timeout=0)
    started = time.monotonic()
    assert port.read(10) == b""
    assert time.monotonic() - started < 1.0  # "at once": a blocking read would wait forever, not 1 s


def test_unplugged_port_cannot_be_opened(name: str) -> None:
    pn532url.unplug(name)
    with pytest.raises(serial.SerialException):
        serial.serial_for_url(pn532url.url_for(name), timeout=0.05)
    pn532url.plug(name)
    serial.serial_for_url(pn532url.url_for(name), timeout=0.05).close()


# ----- Adafruit's driver against the fake ---------------------------------------------


def test_adafruit_driver_reads_firmware_and_a_card(name: str) -> None:
    chip = pn532url.fake_for(name)
    driver = PN532_UART(serial.serial_for_url(pn532url.url_for(name), timeout=0.05))
    assert driver.firmware_version == (0x32, 1, 6, 7)
    chip.place("04A1B2C3")
    assert driver.read_passive_target(timeout=0.3) == bytes.fromhex("04A1B2C3")
    assert chip.counters.commands[CMD_SAM_CONFIGURATION] == 1


@pytest.mark.parametrize("fault", FAULTS)
def test_every_fault_is_an_error_for_the_adafruit_driver_not_a_hang(name: str, fault: str) -> None:
    driver = PN532_UART(serial.serial_for_url(pn532url.url_for(name), timeout=0.05))
    pn532url.fake_for(name).inject(fault)  # type: ignore[arg-type]
    started = time.monotonic()
    with pytest.raises((RuntimeError, IndexError)):
        _ = driver.firmware_version
    assert time.monotonic() - started < 2.0
    assert driver.firmware_version == (0x32, 1, 6, 7)  # the next exchange is clean again


# ----- one session (no thread) ----------------------------------------------------------


def open_session(name: str, max_retries: int = 0) -> PN532Session:
    return PN532Session(pn532url.url_for(name), read_timeout=0.02, command_timeout=0.1, max_retries=max_retries)


def test_session_configures_sam_first_and_drops_the_field_after_every_poll(name: str) -> None:
    chip = pn532url.fake_for(name)
    session = open_session(name)
    assert chip.sam_configured and session.firmware == (0x32, 1, 6, 7)
    assert session.poll() == []
    chip.place("04A1B2C3D4E5F6A7B8C9")  # 10-byte UID: beyond what read_passive_target accepts
    assert [session.poll() for _ in range(5)] == [["04A1B2C3D4E5F6A7B8C9"]] * 5
    assert chip.counters.field_offs == 6 and not chip.field_on
    assert chip.counters.commands[CMD_IN_LIST_PASSIVE_TARGET] == 6
    chip.halt()                          # asleep until the field drops: one poll misses it
    assert [session.poll() for _ in range(3)] == [[], ["04A1B2C3D4E5F6A7B8C9"], ["04A1B2C3D4E5F6A7B8C9"]]
    chip.place("04A1B2C3", alongside=True)
    assert session.poll() == ["04A1B2C3D4E5F6A7B8C9", "04A1B2C3"]
    session.close()


@pytest.mark.parametrize("fault", FAULTS)
def test_session_poll_raises_for_every_fault_within_its_timeouts(name: str, fault: str) -> None:
    chip = pn532url.fake_for(name)
    session = open_session(name)
    chip.place("04A1B2C3")
    chip.inject(fault)  # type: ignore[arg-type]
    started = time.monotonic()
    with pytest.raises(Exception) as caught:
        session.poll()
    assert time.monotonic() - started < 1.0
    if fault == "missing_ack":
        assert caught.value.args == ("no ACK from PN532",)
    session.abort()
    assert session.poll() == ["04A1B2C3"]
    session.close()


def test_session_init_fails_fast_when_the_chip_stays_silent(name: str) -> None:
    pn532url.fake_for(name).inject("missing_ack")
    started = time.monotonic()
    with pytest.raises(ReaderError, match="SAMConfiguration"):
        open_session(name)
    assert time.monotonic() - started < 1.0


def test_parse_targets_reads_uids_and_rejects_malformed_data() -> None:
    assert parse_targets(b"\x00") == []
    assert parse_targets(bytes.fromhex("0101000408" + "04" + "DEADBEEF")) == ["DEADBEEF"]
    two = bytes.fromhex("02" + "0100040804DEADBEEF" + "0200440007" + "04A1B2C3D4E580")
    assert parse_targets(two) == ["DEADBEEF", "04A1B2C3D4E580"]
    for bad in (b"", bytes.fromhex("0101000408"), bytes.fromhex("0101000408" + "05" + "0102030405"), b"\x02",
                b"\x03"):
        with pytest.raises(ReaderError):
            parse_targets(bad)


# ----- the reader thread ----------------------------------------------------------------


def test_reader_rejects_a_port_without_read_timeout() -> None:
    with pytest.raises(ValueError):
        PN532UartReader("fakepn532://x", 1, "d", lambda seat, event: None, read_timeout=0)


def test_placed_card_gives_one_added_no_flapping_then_one_removed_after_debounce(name: str) -> None:
    chip = pn532url.fake_for(name)
    recorder = Recorder()
    reader = start_empty_reader(name, recorder, removal_polls=3)
    try:
        assert wait_until(lambda: reader.stats.polls >= 2)
        chip.place("04A1B2C3D4E580")
        assert wait_until(lambda: len(recorder.events) == 2)
        polls_when_added = reader.stats.polls
        assert wait_until(lambda: reader.stats.polls >= polls_when_added + 25)
        assert recorder.kinds()[1:] == [("tag", "added", "04A1B2C3D4E580")]
        polls_at_lift = reader.stats.polls
        chip.lift()
        assert wait_until(lambda: len(recorder.events) == 3)
        assert recorder.kinds()[2] == ("tag", "removed", "04A1B2C3D4E580")
        assert recorder.polls_at[2] - polls_at_lift >= 3
        assert wait_until(lambda: reader.stats.polls >= recorder.polls_at[2] + 5)
        assert len(recorder.events) == 3
    finally:
        reader.stop()
    assert not reader.running
    assert recorder.seats == {3}
    assert [e["seq"] for e in recorder.events] == [1, 2, 3]
    for event in recorder.events:
        assert event_problem(event) is None
        assert event["device"] == "hub-pn532-test" and event["boot"] == reader.boot


def test_a_card_swapped_for_another_gives_removed_then_added(name: str) -> None:
    chip = pn532url.fake_for(name)
    recorder = Recorder()
    reader = start_empty_reader(name, recorder)
    try:
        chip.place("04A1B2C3")
        assert wait_until(lambda: len(recorder.events) == 2)
        chip.place("04D5E6F7")
        assert wait_until(lambda: len(recorder.events) == 4)
    finally:
        reader.stop()
    assert recorder.kinds() == [
        ("inventory", "", ""),
        ("tag", "added", "04A1B2C3"),
        ("tag", "removed", "04A1B2C3"),
        ("tag", "added", "04D5E6F7"),
    ]


@pytest.mark.parametrize("fault", FAULTS)
def test_reader_reports_fault_then_recovered_and_keeps_the_card(name: str, fault: str) -> None:
    chip = pn532url.fake_for(name)
    recorder = Recorder()
    reader = start_empty_reader(name, recorder, error_threshold=3)
    try:
        chip.place("04A1B2C3")
        assert wait_until(lambda: len(recorder.events) == 2)
        chip.inject(fault, times=8)  # type: ignore[arg-type]
        assert wait_until(lambda: len(recorder.events) >= 4)
        polls = reader.stats.polls
        assert wait_until(lambda: reader.stats.polls >= polls + 5)
    finally:
        reader.stop()
    kinds = recorder.kinds()
    assert kinds == [("inventory", "", ""), ("tag", "added", "04A1B2C3"), ("fault", "reader", ""),
                     ("recovered", "reader", "")]
    fault_event = recorder.events[2]
    assert fault_event["what"] == "reader" and fault_event["detail"]
    if fault == "missing_ack":
        assert fault_event["detail"] == "no ACK from PN532"
    assert reader.stats.inits >= 2  # it re-initialised the chip
    assert not reader.in_fault


def test_isolated_errors_below_the_threshold_raise_no_fault(name: str) -> None:
    chip = pn532url.fake_for(name)
    recorder = Recorder()
    reader = start_empty_reader(name, recorder, error_threshold=3)
    try:
        chip.place("04A1B2C3")
        assert wait_until(lambda: len(recorder.events) == 2)
        for _ in range(3):
            chip.inject("bad_checksum", times=4)  # poll, field off (abort), poll, field off
            errors = reader.stats.errors
            assert wait_until(lambda: reader.stats.errors >= errors + 2)  # noqa: B023 - waited for at once
            polls = reader.stats.polls
            assert wait_until(lambda: reader.stats.polls > polls)  # noqa: B023 - waited for at once
    finally:
        reader.stop()
    assert recorder.kinds() == [("inventory", "", ""), ("tag", "added", "04A1B2C3")]
    assert reader.stats.inits == 1


def test_unplugged_port_is_a_fault_and_plugging_it_back_recovers(name: str) -> None:
    chip = pn532url.fake_for(name)
    chip.place("04A1B2C3")
    pn532url.unplug(name)
    recorder = Recorder()
    reader = start_reader(name, recorder, error_threshold=2)
    try:
        assert wait_until(lambda: len(recorder.events) == 1)
        assert recorder.events[0]["type"] == "fault"
        pn532url.plug(name)
        assert wait_until(lambda: len(recorder.events) == 3)
    finally:
        reader.stop()
    # The card lay there before the first good poll: an inventory, not a placement.
    assert recorder.kinds() == [("fault", "reader", ""), ("recovered", "reader", ""), ("inventory", "", "04A1B2C3")]


def test_chip_power_cycle_mid_game_is_recovered_without_losing_the_card(name: str) -> None:
    chip = pn532url.fake_for(name)
    recorder = Recorder()
    reader = start_empty_reader(name, recorder, error_threshold=2)
    try:
        chip.place("04A1B2C3")
        assert wait_until(lambda: len(recorder.events) == 2)
        chip.power_cycle()  # back in LowVbat: silent until SAMConfiguration again
        assert wait_until(lambda: len(recorder.events) == 4)
        polls = reader.stats.polls
        assert wait_until(lambda: reader.stats.polls >= polls + 3)
    finally:
        reader.stop()
    assert recorder.kinds() == [("inventory", "", ""), ("tag", "added", "04A1B2C3"), ("fault", "reader", ""),
                                ("recovered", "reader", "")]
    assert chip.counters.commands[CMD_SAM_CONFIGURATION] >= 2


def test_cards_lying_on_the_reader_at_start_are_its_inventory_not_added(name: str) -> None:
    chip = pn532url.fake_for(name)
    chip.place("04A1B2C3D4E580")
    recorder = Recorder()
    reader = start_reader(name, recorder)
    try:
        assert wait_until(lambda: reader.stats.polls >= 20)
        chip.lift()
        assert wait_until(lambda: len(recorder.events) == 2)
    finally:
        reader.stop()
    assert recorder.kinds() == [("inventory", "", "04A1B2C3D4E580"), ("tag", "removed", "04A1B2C3D4E580")]
    assert event_problem(recorder.events[1]) is None


def test_two_cards_on_the_reader_are_a_fault_with_no_edges_until_one_remains(name: str) -> None:
    chip = pn532url.fake_for(name)
    recorder = Recorder()
    reader = start_empty_reader(name, recorder, removal_polls=3)
    try:
        chip.place("04A1B2C3")
        assert wait_until(lambda: len(recorder.events) == 2)
        chip.place("04D5E6F7", alongside=True)
        assert wait_until(lambda: len(recorder.events) == 3)
        polls = reader.stats.polls
        assert wait_until(lambda: reader.stats.polls >= polls + 10)
        chip.lift("04A1B2C3")                 # the new card stays: it replaced the old one
        assert wait_until(lambda: len(recorder.events) == 6)
    finally:
        reader.stop()
    assert recorder.kinds() == [
        ("inventory", "", ""), ("tag", "added", "04A1B2C3"), ("fault", "multiple_cards", ""),
        ("recovered", "multiple_cards", ""), ("tag", "removed", "04A1B2C3"), ("tag", "added", "04D5E6F7")]
    assert recorder.events[2]["detail"] == "2 cards"
