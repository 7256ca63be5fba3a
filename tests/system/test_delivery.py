"""Nothing lost between a seat and the hub, on any broker: the real firmware (off-board,
tests/firmware/test_firmware_host.py's harness) against the hub's real command (`citadels-hub
run`), on Mosquitto and on amqtt (a second MQTT 3.1.1 broker, from PyPI).

Nothing here leans on a broker's kindness: the Mosquitto under test keeps no sessions
across its restart, amqtt never drops a silent client, and the hub's persistent session
is only a shortcut. What must hold is the seat's: it keeps each event until the hub has
answered it, and sends it again."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hub.games.citadels.registry import TagRegistry
from hub.games.citadels.registry import CardRef, virtual_uid
from hub.transport import MqttBus
from tests.fakes.mpy import firmware_modules
from tests.fakes.pn532 import FakePN532
from tests.fakes.seat import MessageLog
from tests.fakes.tcp_proxy import FreezableProxy
from tests.hub_unit import ProcessOutput, stored_actions
from tests.firmware.test_firmware_host import RunningSeat, seat_config, wait_until

ASSASSIN = virtual_uid(CardRef("character", "assassin"))  # seat 1 picks first


class Hub:
    """`citadels-hub run` as systemd runs it, on one state directory: `kill()` is a
    SIGKILL, `start()` the unit's restart (it resumes the game from the database)."""

    def __init__(self, url: str, tmp_path: Path) -> None:
        self.url = url
        self.state = tmp_path / "state"
        self.tags = tmp_path / "tags.json"
        TagRegistry.virtual().save(self.tags)
        self.process: subprocess.Popen[str] | None = None
        self.output: ProcessOutput | None = None

    @property
    def db(self) -> Path:
        return self.state / "game.db"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hub.cli", "run", "--broker", self.url, "--tags", str(self.tags),
             "--players", "4", "--headless", "--voice", "none", "--state-dir", str(self.state)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.output = ProcessOutput(self.process)
        self.output.wait_for("^Hub running")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        assert self.output is not None
        self.output.finish()  # its last lines read, its pipes closed

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            assert self.output is not None
            self.output.finish()


def ready(running: RunningSeat) -> bool:
    """Connected, and everything it sent so far answered by the hub (its display set)."""
    seat = running.seat
    return seat is not None and seat.link.connected and len(seat.link.outbox) == 0 and bool(seat.feedback.lines)


@contextmanager
def firmware_seat(tmp_path: Path, host: str, port: int, **broker: Any) -> Iterator[RunningSeat]:
    """The real firmware as seat 1 (its `main()` in a thread, the fake board around it)."""
    cfg = seat_config(type("Address", (), {"host": host, "port": port})(), seat=1)
    cfg["broker"].update(broker)
    path = tmp_path / "config.json"
    path.write_text(json.dumps(cfg))
    with firmware_modules() as fw:
        running = RunningSeat(fw, path, FakePN532())
        try:
            yield running
        finally:
            running.close()


def test_a_move_made_while_the_hub_restarts_is_applied_once(any_broker: Any, tmp_path: Path) -> None:
    """The issue's first case: the hub SIGKILLed, a card laid in the seconds its unit
    takes to start it again. The broker acknowledges the event and may hand it to no
    one; the seat sends it again once the new hub says `online`."""
    hub = Hub(any_broker.url, tmp_path)
    hub.start()
    try:
        with firmware_seat(tmp_path, any_broker.host, any_broker.port) as running:
            wait_until(lambda: ready(running), 20, "the seat online and answered")
            hub.kill()
            running.chip.place(ASSASSIN)
            time.sleep(1.5)  # sent, and acknowledged by the broker: not by any hub
            assert stored_actions(hub.db) == 0
            hub.start()
            wait_until(lambda: stored_actions(hub.db) == 1, 30, "the move applied by the new hub")
            wait_until(lambda: ready(running), 10, "the seat answered")
            time.sleep(1.0)
            assert stored_actions(hub.db) == 1, "applied once"
            assert running.seat.feedback.colour in ("green", "blue")
    finally:
        hub.stop()


def test_a_move_queued_across_a_broker_restart_reaches_the_hub_when_the_seat_is_back_first(
        any_broker: Any, tmp_path: Path) -> None:
    """The issue's second case: the broker restarts while the seat holds a move, and the
    seat reconnects before the hub (held back here by a frozen link), so the broker
    acknowledges the move while no hub session exists to queue it for."""
    proxy = FreezableProxy(any_broker.port)
    hub = Hub(proxy.url, tmp_path)
    hub.start()
    try:
        with firmware_seat(tmp_path, any_broker.host, any_broker.port) as running:
            wait_until(lambda: ready(running), 20, "the seat online and answered")
            proxy.freeze()
            any_broker.stop()
            wait_until(lambda: not running.seat.link.connected, 15, "the seat sees the broker gone")
            running.chip.place(ASSASSIN)
            time.sleep(0.5)
            any_broker.start()
            wait_until(lambda: running.seat.link.connected, 15, "the seat back first")
            time.sleep(1.5)  # its move sent, and acknowledged by the broker: no hub session queues it
            assert stored_actions(hub.db) == 0
            proxy.thaw()
            wait_until(lambda: stored_actions(hub.db) == 1, 30, "the move applied once the hub is back")
            wait_until(lambda: ready(running), 15, "the seat answered")
            time.sleep(1.0)
            assert stored_actions(hub.db) == 1, "applied once"
    finally:
        hub.stop()
        proxy.close()


def test_a_silent_seat_goes_offline_and_pauses_the_game_whatever_the_broker(any_broker: Any, tmp_path: Path) -> None:
    """The seat's link freezes (no FIN, no RST): amqtt never drops it and says nothing, so
    the hub's own clock must. A healthy idle seat never trips it (its `alive` events)."""
    proxy = FreezableProxy(any_broker.port)
    hub = Hub(any_broker.url, tmp_path)
    hub.start()
    watcher = MqttBus(any_broker.host, any_broker.port, "liveness-watcher")
    hub_events = MessageLog()
    watcher.subscribe("citadels/t1/hub/events", hub_events)

    def kinds() -> list[str]:
        return [e["kind"] for _t, p in list(hub_events.messages) for e in json.loads(p)["events"]]

    try:
        with firmware_seat(tmp_path, "127.0.0.1", proxy.port, alive_s=1) as running:
            wait_until(lambda: ready(running), 20, "the seat online and answered")
            time.sleep(5.0)  # idle for longer than the hub allows silence (3 x 1 s)
            assert "paused" not in kinds(), "a healthy idle seat must never be taken offline"
            proxy.freeze()
            wait_until(lambda: "paused" in kinds(), 20, "the game paused for the silent seat")
            proxy.thaw()
            wait_until(lambda: "resumed" in kinds(), 30, "the game resumed once the seat is back")
    finally:
        watcher.close()
        hub.stop()
        proxy.close()
