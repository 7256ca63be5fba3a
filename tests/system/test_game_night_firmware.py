"""Game night with the real parts: no stand-in kinder than what is on the table.

Every seat is a copy of the real firmware (firmware/main.py) run off-board by
`citadels-hub soft-seat`, one process per seat, over TLS with its own seat login; the
broker is Mosquitto with the shipped configuration (hardware/mosquitto/: ACL, passwords,
persistence); the hub is started by the shipped systemd unit's command line
(tests/hub_unit.py) and killed with SIGKILL as a crash would. The referee's promise is
checked at its two weak moments:

- the hub is SIGKILLed while a seat's move is in flight (the seat lays its pick while the
  hub is down; systemd starts the hub again 2 s later);
- the broker restarts while a seat's event is queued on the board, and the seat reconnects
  before the hub does.

Either way the move must be applied exactly once, and the seat shows the next prompt.

ISSUE 20 (end-to-end delivery): on the code these tests were written against, both FAIL,
and that is the defect they exist for: the firmware forgets an event at the broker's PUBACK
and the hub subscribes with a clean session, so a move acknowledged by the broker while the
hub is away reaches no one. They pass once a seat keeps every event until the hub has
answered it and re-sends it on reconnect and when the hub comes back online (and the hub
keeps a persistent session). Do not mark them skip or xfail.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import paho.mqtt.client as paho
import pytest

from hub.games.citadels.registry import CardRef, TagRegistry, virtual_uid
from tests.fakes.seat import MessageLog
from tests.fakes.tcp_proxy import FreezableProxy
from tests.hub_unit import UnitHub
from tests.soft_seat import SoftSeatProcess
from tests.table_broker import TableBroker

PLAYERS = 3
SEED = 20
RESTART_SEC = 2  # the unit's RestartSec=
PICK_PROMPT = "Pick a character"


def _wait(predicate: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.1)


class FirmwareTable:
    """The shipped broker, the hub by its unit's command, one soft seat per player."""

    def __init__(self, table_broker: TableBroker, state: Path, hub_port: int | None = None) -> None:
        self.broker = table_broker
        registry = TagRegistry.virtual("classic")
        registry.save(state / "tags.json")
        port = hub_port or table_broker.broker.port
        self.hub = UnitHub(state, f"mqtt://hub@127.0.0.1:{port}", ["--players", str(PLAYERS), "--seed", str(SEED)],
                           password=table_broker.passwords["hub"])
        self.seats: dict[int, SoftSeatProcess] = {}
        self.witness = MessageLog()  # what the broker hands a subscriber: proof the seat sent it
        self._witness: paho.Client | None = None

    def start(self) -> None:
        self._witness = witness(self.broker, self.witness)
        self.hub.start()
        broker = self.broker.broker
        for n in range(1, PLAYERS + 1):
            url = f"mqtts://seat{n}@{broker.host}:{broker.tls_port}?ca={broker.ca_file}"
            self.seats[n] = SoftSeatProcess(["--seat", str(n), "--broker", url,
                                             "--tags", str(self.hub.db.parent / "tags.json")],
                                            password=self.broker.passwords[f"seat{n}"])
        _wait(self.hub.seats_online, 60, "every soft seat online at the hub")

    def close(self) -> None:
        for seat in self.seats.values():
            seat.kill()
        self.hub.stop()
        if self._witness is not None:
            self._witness.loop_stop()
            self._witness.disconnect()

    def deciding_pick(self) -> tuple[int, str, str]:
        """(seat, the character card's UID, the pick as the log writes it) for the pending pick,
        once that seat's display asks for it."""
        game = self.hub.game()
        assert game.pending is not None and game.pending.kind == "pick", game.pending
        seat = game.pending.seat
        pick = next(a for a in game.legal_actions() if a.verb == "pick")
        self.seats[seat].wait_line(PICK_PROMPT, timeout=30)  # below how to set up, at the game's start
        return seat, virtual_uid(CardRef("character", pick.args[0])), str(pick)


def witness(table_broker: TableBroker, log: MessageLog) -> paho.Client:
    """A subscriber to every seat event and the hub's status, with a persistent session (the
    broker keeps its subscription and queue through a restart): it proves what a seat put
    on the wire and when the hub was back."""
    client = paho.Client(paho.CallbackAPIVersion.VERSION2, client_id="hub-witness", clean_session=False)
    client.username_pw_set("hub", table_broker.passwords["hub"])
    client.reconnect_delay_set(min_delay=1, max_delay=1)
    client.on_connect = lambda c, *_: c.subscribe([("citadels/t1/seat/+/event", 1), ("citadels/t1/hub/status", 1)])
    client.on_message = lambda c, u, m: log(m.topic, m.payload)
    client.connect(table_broker.broker.host, table_broker.broker.port, keepalive=5)
    client.loop_start()
    _wait(client.is_connected, 10, "the witness connected")
    return client


@pytest.fixture
def firmware_table(table_broker: TableBroker, tmp_path: Path) -> Iterator[FirmwareTable]:
    state = tmp_path / "state"
    state.mkdir()
    table = FirmwareTable(table_broker, state)
    try:
        yield table
    finally:
        table.close()


def _applied_once(table: FirmwareTable, seat: int, card: str, before: list[str], move: str, what: str) -> None:
    """The move is in the store (within 30 s), once, and nothing else was applied for it."""
    topic = f"citadels/t1/seat/{seat}/event"
    _wait(lambda: any(json.loads(p).get("uid") == card for p in table.witness.on(topic)), 30,
          f"the seat's event at the broker ({what})")
    try:
        _wait(lambda: len(table.hub.stored_moves()) > len(before), 30, what)
    except AssertionError:
        assert table.hub.output is not None
        raise AssertionError(f"{what}: the seat sent {move!r} and the broker delivered it to a subscriber, "
                             f"but the hub never applied it (lost; issue 20). The hub's last lines: "
                             f"{table.hub.output.stdout[-5:]}") from None
    time.sleep(3)  # a re-sent copy would land now
    moves = table.hub.stored_moves()
    assert moves[:len(before)] == before
    assert moves[len(before):] == [move], f"{what}: expected {move!r} once, the hub applied {moves[len(before):]}"


def _moved_on(seat: SoftSeatProcess, mark: int) -> None:
    """The seat's display leaves the pick prompt: the hub's answer reached the board."""
    _wait(lambda: any(line.startswith("display: ") and PICK_PROMPT not in line for line in seat.lines_since(mark)),
          30, "the seat's display to move on from the pick")


def test_a_pick_laid_while_the_hub_is_killed_is_applied_once(firmware_table: FirmwareTable) -> None:
    table = firmware_table
    table.start()
    seat, card, move = table.deciding_pick()
    before = table.hub.stored_moves()
    table.hub.kill()                          # crash: no goodbye, no flush
    mark = table.seats[seat].mark()
    table.seats[seat].type(f"place {card}")   # the player lays the pick meanwhile
    table.seats[seat].wait_line("placed", since=mark)
    time.sleep(RESTART_SEC)                   # systemd: RestartSec=2
    table.hub.start()
    _applied_once(table, seat, card, before, move, "the pick laid while the hub was down")
    _moved_on(table.seats[seat], mark)


def test_an_event_queued_through_a_broker_restart_is_applied_once_when_the_seat_is_back_first(
        table_broker: TableBroker, tmp_path: Path) -> None:
    """The hub reaches the broker through a relay that stays shut until the seat has
    reconnected and sent its backlog: the seat is back first, as in 2 of 4 trials on the Pi."""
    state = tmp_path / "state"
    state.mkdir()
    relay = FreezableProxy(table_broker.broker.port)
    table = FirmwareTable(table_broker, state, hub_port=relay.port)
    try:
        table.start()
        seat, card, move = table.deciding_pick()
        before = table.hub.stored_moves()
        player = table.seats[seat]
        mark = player.mark()
        relay.freeze()                         # the hub cannot come back before the seat
        table_broker.broker.stop()
        player.wait_line("link: down", since=mark, timeout=30)
        player.type(f"place {card}")           # queued on the board: no broker
        player.wait_line("placed", since=mark)
        time.sleep(1)
        table_broker.broker.start()
        after_restart = player.mark()
        player.wait_line("link: up", since=after_restart, timeout=30)
        time.sleep(2)                          # the backlog is out, the broker acknowledged it
        assert table.hub.stored_moves() == before
        hub_said = len(table.witness.on("citadels/t1/hub/status"))
        relay.thaw()                           # now the hub reconnects
        _wait(lambda: b"online" in table.witness.on("citadels/t1/hub/status")[hub_said:], 60,
              "the hub back online at the broker")
        _applied_once(table, seat, card, before, move, "the pick queued through the broker restart")
        _moved_on(player, after_restart)
    finally:
        table.close()
        relay.close()
