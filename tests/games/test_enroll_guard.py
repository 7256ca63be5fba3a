"""One answerer per table: ``citadels-hub enroll`` and ``citadels-hub run`` never both
answer the seats. On the shipped broker (hardware/mosquitto/: logins, rules, persistence)
with the hub started by the Pi's unit command (`tests.hub_unit.UnitHub`) and `enroll` in
its own process, as a maker runs it:

- `enroll` reads the table's retained ``hub/status``: ``online`` (a hub serves the table)
  is refused in one line that says how to stop the hub, exit 2, with nothing written and
  the hub's status left as it is; once the hub stopped (its ``offline``) or was SIGKILLed
  (its will), `enroll` starts;
- `run` started while `enroll` holds the table takes it: the enrollment stops (exit 2, one
  line, its summary) and leaves the hub's status ``online``;
- an enrollment holds the table as the hub does: another `enroll` is refused, and a
  SIGKILLed enrollment's will frees the table; a clean end says ``offline``;
- a status no process stands behind (a power cut of the Pi: the broker's persistence kept
  ``online``, no will was ever sent) is refused too, and ``--take-table`` passes it.

The same rules in process first (quick): the enrollment session and the kernel's table on
one in-process bus.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hub.engine.citadels import Setup
from hub.games.citadels.registry import TagRegistry
from hub.games.citadels.service import TableService
from hub.games.enroll import EnrollmentSession, hub_serving, hub_will
from hub.protocol import hub_status_topic
from hub.transport import InProcessBus, InProcessClient
from tests.enroll_process import EnrollProcess
from tests.hub_unit import UnitHub
from tests.table_broker import TableBroker
from tests.waiting import wait_until

FIRST_PROMPT = r"^Tap Assassin \(1/76\)$"  # the enrollment holds the table: it asks for the first card


STATUS = hub_status_topic("t1")


def _enrollment(bus: InProcessBus, tmp_path: Path) -> tuple[EnrollmentSession, InProcessClient]:
    """An enrollment holding table t1, on a connection of its own (with its will)."""
    connection = bus.client("hub-enroll", will=hub_will("t1"))
    session = EnrollmentSession(connection, tmp_path / "tags.json", 1, TagRegistry)
    session.start()
    return session, connection


def test_an_enrollment_says_online_while_it_holds_the_table_and_offline_when_it_ends_or_dies(tmp_path: Path) -> None:
    bus = InProcessBus()
    assert not hub_serving(bus, "t1")
    session, _ = _enrollment(bus, tmp_path)
    assert hub_serving(bus, "t1") and not session.finished.is_set()
    assert session.close()
    assert bus.retained(STATUS) == b"offline" and not session.taken
    _, connection = _enrollment(bus, tmp_path)
    assert hub_serving(bus, "t1")
    connection.drop()  # killed: its will
    assert bus.retained(STATUS) == b"offline"


def test_a_table_that_comes_online_takes_it_from_the_enrollment(tmp_path: Path) -> None:
    """The kernel's table starting on the bus (``run``) says online: the enrollment ends at
    once, answers no more taps, and its end leaves the table's status online."""
    bus = InProcessBus()
    session, _ = _enrollment(bus, tmp_path)
    service = TableService(bus, TagRegistry.virtual(), Setup(players=4, mode="physical"))
    service.start()
    try:
        assert session.finished.is_set() and session.taken
        assert session.close()
        assert bus.retained(STATUS) == b"online" and hub_serving(bus, "t1")
    finally:
        service.stop()
    assert bus.retained(STATUS) == b"offline"


class Enroll(EnrollProcess):
    """``citadels-hub enroll`` on seat 1 of the table's broker, as a maker runs it."""

    def holds_the_table(self) -> None:
        self.output.wait_for(FIRST_PROMPT)


@pytest.fixture
def started() -> Iterator[list[Enroll | UnitHub]]:
    """What a test started, ended whatever happens."""
    processes: list[Enroll | UnitHub] = []
    yield processes
    for process in processes:
        if isinstance(process, Enroll):
            process.kill()
        else:
            process.stop()


def status(table: TableBroker) -> bytes | None:
    """The table's hub status as the broker keeps it."""
    bus = table.bus("hub", client_id="status-reader")
    try:
        return bus.retained(hub_status_topic("t1"))
    finally:
        bus.close()
        table.opened.remove(bus)


def _status_becomes(table: TableBroker, expected: bytes | None, why: str) -> None:
    assert wait_until(lambda: status(table) == expected, timeout=30, interval=0.1), \
        f"{why}: the hub status stayed {status(table)!r}, not {expected!r}"


def _serving_hub(table: TableBroker, state: Path, started: list[Enroll | UnitHub]) -> UnitHub:
    """`citadels-hub run` as the Pi's unit starts it, serving table t1 (its status online)."""
    TagRegistry.virtual().save(state / "tags.json")  # the unit's CITADELS_TAGS, in the state directory
    hub = UnitHub(state, f"mqtt://hub@127.0.0.1:{table.broker.port}", ["--players", "4", "--seed", "1"],
                  password=table.passwords["hub"])
    started.append(hub)
    hub.start()
    _status_becomes(table, b"online", "the hub runs")
    return hub


def _holding(table: TableBroker, tags: Path, state: Path, started: list[Enroll | UnitHub], *options: str) -> Enroll:
    """An enrollment started, ended with the test, once it holds the table (asks for its first card)."""
    enroll = Enroll(table, tags, state, *options)
    started.append(enroll)
    enroll.holds_the_table()
    return enroll


def _said(enroll: Enroll) -> list[str]:
    """What the enrollment said on stderr, but the broker watch's line ("connected to ...")."""
    return [line for line in enroll.output.stderr if "connected to the MQTT broker" not in line]


def _refused(enroll: Enroll, tags: Path) -> str:
    """The enrollment refused the table: exit 2, one line, no tag file written."""
    code = enroll.end()
    assert code == 2, (code, enroll.output.stdout, enroll.output.stderr)
    assert len(_said(enroll)) == 1 and not tags.exists(), enroll.output.stderr
    return _said(enroll)[0]


@pytest.mark.slow  # `citadels-hub run` and `enroll` processes
@pytest.mark.parametrize("hub_ends", ["stopped", "killed"])
def test_enroll_is_refused_while_run_serves_the_table_and_starts_once_the_hub_is_gone(
        hub_ends: str, table_broker: TableBroker, tmp_path: Path, started: list[Enroll | UnitHub]) -> None:
    state = tmp_path / "state"
    state.mkdir()
    tags = tmp_path / "enrolled.json"
    hub = _serving_hub(table_broker, state, started)

    line = _refused(Enroll(table_broker, tags, state), tags)
    assert "a hub is serving table t1" in line and "sudo systemctl stop citadels-hub" in line, line
    assert status(table_broker) == b"online", "the refusal changed the serving hub's status"
    assert hub.output is not None and hub.output.process.poll() is None, "the refusal stopped the hub"

    if hub_ends == "stopped":
        hub.stop()  # SIGTERM, as `systemctl stop` sends it: the hub says offline itself
    else:
        hub.kill()  # SIGKILL, no goodbye: the broker publishes the hub's will
    _status_becomes(table_broker, b"offline", f"the hub {hub_ends}")

    enroll = _holding(table_broker, tags, state, started)
    assert status(table_broker) == b"online"
    assert enroll.interrupt() == 130, enroll.output.stderr
    assert status(table_broker) == b"offline", "a clean end of the enrollment left the table's status online"


@pytest.mark.slow  # `citadels-hub run` and `enroll` processes
def test_run_started_while_enroll_holds_the_table_takes_it_and_the_enrollment_stops(
        table_broker: TableBroker, tmp_path: Path, started: list[Enroll | UnitHub]) -> None:
    state = tmp_path / "state"
    state.mkdir()
    enroll = _holding(table_broker, tmp_path / "enrolled.json", state, started)

    hub = _serving_hub(table_broker, state, started)

    assert enroll.end() == 2, (enroll.output.stdout, enroll.output.stderr)
    assert len(_said(enroll)) == 1 and "a hub started serving table t1" in _said(enroll)[0], enroll.output.stderr
    assert enroll.output.stdout[-1].startswith("Stopped: 0 of 76 cards enrolled")
    assert status(table_broker) == b"online", "the enrollment's end said offline over the serving hub"
    assert hub.output is not None and hub.output.process.poll() is None


@pytest.mark.slow  # `enroll` processes
def test_an_enrollment_holds_the_table_until_it_ends_or_is_killed(
        table_broker: TableBroker, tmp_path: Path, started: list[Enroll | UnitHub]) -> None:
    state = tmp_path / "state"
    state.mkdir()
    first = _holding(table_broker, tmp_path / "first.json", state, started)

    other = tmp_path / "other.json"
    line = _refused(Enroll(table_broker, other, state), other)
    assert "a hub is serving table t1" in line, line

    first.kill()  # SIGKILL: its will says offline
    _status_becomes(table_broker, b"offline", "the enrollment was killed")
    again = _holding(table_broker, other, state, started)
    assert again.interrupt() == 130


@pytest.mark.slow  # `enroll` processes
def test_a_status_no_hub_stands_behind_is_passed_with_take_table(
        table_broker: TableBroker, tmp_path: Path, started: list[Enroll | UnitHub]) -> None:
    """After a power cut of the Pi the broker's persistence brings back the hub's ``online``
    with no process behind it and no will to come: the maker who knows no hub runs says so."""
    left = table_broker.bus("hub", client_id="before-the-power-cut")
    left.publish(hub_status_topic("t1"), b"online", qos=1, retain=True)
    assert left.flush(5)
    left.close()  # cleanly: no will, the status stays online
    tags = tmp_path / "enrolled.json"

    line = _refused(Enroll(table_broker, tags, tmp_path), tags)
    assert "add --take-table" in line, line

    enroll = _holding(table_broker, tags, tmp_path, started, "--take-table")
    assert enroll.interrupt() == 130
    assert status(table_broker) == b"offline"
