"""The seat firmware's main.py booted under CPython against a real Mosquitto.

Fakes stand in only for the board: machine (pins, UART wired to FakePN532, watchdog),
network (the Wi-Fi station) and neopixel. The MQTT traffic is real TCP to a real broker.
The hub side is a stand-in doing on the wire what the hub does (`HubStandIn`): each
(device, boot, seq) applied at most once and every event answered with its `ref`.
"""

from __future__ import annotations

import json
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest

from tests.broker import MosquittoBroker, MosquittoFactory
from tests.fakes import machine, network, neopixel
from tests.fakes.mpy import FIRMWARE_DIR, firmware_modules
from tests.fakes.pn532 import FakePN532

TABLE = "t1"
SEAT = 3
UART_ID = 2
BUTTON_PINS = {"a": 25, "b": 26, "ok": 27}
ROOT = f"citadels/{TABLE}/seat/{SEAT}/"


def seat_config(broker: MosquittoBroker, **overrides: Any) -> dict[str, Any]:
    cfg: dict[str, Any] = {
        "wifi": {"ssid": "citadels-table", "password": "change-me"},
        "broker": {"host": broker.host, "port": broker.port, "keepalive": 5, "timeout_s": 2},
        "table": TABLE,
        "seat": SEAT,
        "reader": {"mode": "hsu", "uart": UART_ID, "tx": 17, "rx": 16, "reset": 32},
        "buttons": dict(BUTTON_PINS),
        "led": {"type": "neopixel", "pin": 4},
        "buzzer": 23,
        "display": None,
        "timing": {"poll_ms": 20, "remove_after_ms": 150, "remove_after_misses": 3,
                   "watchdog_ms": 4000, "loop_ms": 5},
    }
    cfg.update(overrides)
    return cfg


def wait_until(predicate: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.01)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


class HubStandIn:
    """Does on the wire what the hub does (`citadels-hub run`, hub/kernel/table.py): a
    persistent session under a stable client id (`persistent=False`: a clean one, to show
    the seats need no broker's help), `hub/status` `online` retained after every connect
    and `offline` as its will, each (device, boot, seq) applied at most once, and every
    event answered on the seat's `cmd` with `ref` = its seq (a duplicate too: its first
    answer may be what was lost). `kill()` is a SIGKILL (no DISCONNECT: the will fires),
    `restart()` the service manager starting it again."""

    def __init__(self, broker: Any, persistent: bool = True, reconnect_s: int = 1) -> None:
        self.broker = broker
        self.persistent = persistent
        self.reconnect_s = reconnect_s
        self.lock = threading.Lock()
        self.applied: dict[tuple[str, int, int], dict[str, Any]] = {}
        self.duplicates = 0
        self.statuses: list[str] = []
        self.hellos: list[dict[str, Any]] = []
        self.commands = 0
        self.client = self._connect()

    def _connect(self) -> mqtt.Client:
        client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"hub-{TABLE}",
                             clean_session=not self.persistent)
        client.reconnect_delay_set(min_delay=self.reconnect_s, max_delay=self.reconnect_s)
        client.will_set(f"citadels/{TABLE}/hub/status", b"offline", qos=1, retain=True)
        client.on_connect = self._on_connect
        client.on_message = self._on_message
        client.connect(self.broker.host, self.broker.port, keepalive=5)
        client.loop_start()
        wait_until(client.is_connected, 10, "hub stand-in connected")
        return client

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        for kind in ("status", "hello", "event"):
            client.subscribe(ROOT + kind, qos=1)
        client.publish(f"citadels/{TABLE}/hub/status", b"online", qos=1, retain=True)

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        with self.lock:
            if msg.topic == ROOT + "status":
                self.statuses.append(msg.payload.decode())
            elif msg.topic == ROOT + "hello":
                self.hellos.append(json.loads(msg.payload))
            elif msg.topic == ROOT + "event" and not msg.retain:
                event = json.loads(msg.payload)
                key = (event["device"], event["boot"], event["seq"])
                if key in self.applied:
                    self.duplicates += 1
                else:
                    self.applied[key] = event
                self.commands += 1
                client.publish(ROOT + "cmd", json.dumps({"v": 1, "id": self.commands, "ref": event["seq"]}), qos=1)

    def events(self, kind: str | None = None) -> list[dict[str, Any]]:
        with self.lock:
            ordered = sorted(self.applied.values(), key=lambda e: (e["boot"], e["seq"]))
        return [e for e in ordered if kind is None or e["type"] == kind]

    def moves(self) -> list[dict[str, Any]]:
        """What a player did (no inventories or heartbeats)."""
        return [e for e in self.events() if e["type"] in ("tag", "button")]

    def tag_edges(self) -> list[tuple[str, str]]:
        return [(e["edge"], e["uid"]) for e in self.events("tag")]

    def command(self, payload: str | bytes) -> None:
        self.client.publish(ROOT + "cmd", payload, qos=1).wait_for_publish(5)

    def kill(self) -> None:
        """As SIGKILL: the socket closes without DISCONNECT, the broker publishes the will."""
        client = self.client
        client.loop_stop()
        sock = client.socket()
        if sock is not None:
            sock.close()

    def restart(self) -> None:
        self.client = self._connect()

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


class RunningSeat:
    """main.main() in a thread, with the fake chip on its UART."""

    def __init__(self, fw: Any, config_path: Path, chip: FakePN532) -> None:
        self.fw = fw
        self.chip = chip
        machine.board.uarts[UART_ID] = chip
        self.stop = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(str(config_path),), daemon=True)
        self.thread.start()

    def _run(self, path: str) -> None:
        try:
            self.fw.main.main(path, self.stop.is_set)
        except BaseException as exc:  # noqa: BLE001 - surfaced by the test, never swallowed
            self.error = exc

    @property
    def seat(self) -> Any:
        return self.fw.main.current

    def press(self, name: str, hold_s: float = 0.1) -> None:
        pin = machine.board.pins[BUTTON_PINS[name]]
        pin.drive(0)
        time.sleep(hold_s)
        pin.drive(1)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)
        assert not self.thread.is_alive(), "firmware loop did not stop"
        if self.error is not None:
            raise AssertionError(f"firmware thread died: {self.error!r}") from self.error


@pytest.fixture
def persistent_broker(mosquitto_factory: MosquittoFactory, tmp_path: Path) -> MosquittoBroker:
    """Persistence on, so the hub stand-in's queued messages survive a broker restart."""
    store = tmp_path / "store"
    store.mkdir()
    return mosquitto_factory(conf_extra=f"persistence true\npersistence_location {store}/\n")


@pytest.fixture
def booted(persistent_broker: MosquittoBroker, tmp_path: Path) -> Iterator[tuple[Any, HubStandIn, RunningSeat]]:
    hub = HubStandIn(persistent_broker)
    config_path = tmp_path / "config.json"
    config_path.write_text(json.dumps(seat_config(persistent_broker)))
    with firmware_modules() as fw:
        running = RunningSeat(fw, config_path, FakePN532())
        try:
            yield fw, hub, running
        finally:
            hub_closed = False
            try:
                running.close()
            finally:
                if not hub_closed:
                    hub.close()


class FirmwareHeapSampler:
    """Samples the memory held by objects allocated in firmware/*.py (tracemalloc) every
    0.2 s; CPython objects are larger than MicroPython's, so this is a high estimate."""

    def __init__(self) -> None:
        self.peak = 0
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def sample(self) -> None:
        snapshot = tracemalloc.take_snapshot().filter_traces(
            [tracemalloc.Filter(True, str(FIRMWARE_DIR / "*"))])
        self.peak = max(self.peak, sum(stat.size for stat in snapshot.statistics("filename")))
        self.samples += 1

    def _run(self) -> None:
        while not self._stop.wait(0.2):
            self.sample()

    def __enter__(self) -> FirmwareHeapSampler:
        tracemalloc.start()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        tracemalloc.stop()


def test_seat_boots_reports_cards_once_and_survives_a_broker_outage(
    booted: tuple[Any, HubStandIn, RunningSeat], persistent_broker: MosquittoBroker
) -> None:
    fw, hub, running = booted
    chip = running.chip
    with FirmwareHeapSampler() as heap:
        wait_until(lambda: "online" in hub.statuses and bool(hub.hellos), 10, "online + hello")
        hello = hub.hellos[-1]
        assert hello["v"] == 1 and hello["reader"] == "pn532-hsu" and hello["inventory"] is True
        assert hello["buttons"] == ["a", "b", "ok"] and hello["display"] is None
        assert chip.sam_configured
        device, boot = hello["device"], hello["boot"]

        # A card resting on the reader is reported once and never flaps.
        chip.place("04A1B2C3D4E580")
        wait_until(lambda: hub.tag_edges() == [("added", "04A1B2C3D4E580")], 5, "first added")
        time.sleep(1.0)
        assert hub.tag_edges() == [("added", "04A1B2C3D4E580")]
        assert chip.counters.field_offs > 10, "the RF field must drop after every poll"
        chip.lift()
        wait_until(lambda: len(hub.tag_edges()) == 2, 5, "removed")

        running.press("a")
        running.press("ok", hold_s=1.0)
        wait_until(lambda: len(hub.events("button")) == 2, 5, "button events")
        assert [(e["button"], e.get("press")) for e in hub.events("button")] == [("a", None), ("ok", "long")]

        # Commands from the hub: a good one is shown, bad ones are counted and ignored.
        hub.command(json.dumps({"v": 1, "id": 1, "led": "green", "beep": "ok"}))
        hub.command("{not json")
        hub.command(json.dumps({"v": 1, "id": 2, "led": "purple", "beep": "ok"}))
        wait_until(lambda: running.seat.feedback.bad_commands == 2, 5, "bad commands counted")
        assert running.seat.feedback.colour == "green"
        wait_until(lambda: neopixel.strips[0].written[-1] == (0, 60, 0), 2, "LED green")
        wait_until(lambda: len(machine.board.pwm[23].tones) >= 1, 2, "ok beep")
        assert set(machine.board.pwm[23].tones) == {1800}

        # Outage: the broker goes away mid-game while cards move.
        chip.place("04000000000001")
        wait_until(lambda: len(hub.tag_edges()) == 3, 5, "B added")
        persistent_broker.stop()
        wait_until(lambda: not running.seat.link.connected, 10, "seat notices the outage")
        chip.lift()
        time.sleep(0.4)
        chip.place("11223344")
        time.sleep(0.4)
        chip.lift()
        time.sleep(0.4)
        chip.place("04000000000002")
        running.press("b")
        time.sleep(0.4)
        assert len(running.seat.link.outbox) >= 5
        heap.sample()   # the outbox is full of the outage's events now
        persistent_broker.start()
        expected = [
            ("added", "04A1B2C3D4E580"), ("removed", "04A1B2C3D4E580"),
            ("added", "04000000000001"), ("removed", "04000000000001"),
            ("added", "11223344"), ("removed", "11223344"),
            ("added", "04000000000002"),
        ]
        wait_until(lambda: hub.tag_edges() == expected, 20, f"edges after outage: {expected}")
        wait_until(lambda: len(hub.events("button")) == 3, 5, "button pressed during outage")
        assert running.seat.link.connects >= 2
        wait_until(lambda: hub.statuses[-1:] == ["online"] and len(hub.hellos) >= 2, 5, "online again")

        # Wi-Fi lost and back: same guarantee.
        network.access_point.up = False
        wait_until(lambda: not running.seat.link.connected, 5, "seat notices Wi-Fi loss")
        chip.lift()
        time.sleep(0.4)
        network.access_point.up = True
        expected.append(("removed", "04000000000002"))
        wait_until(lambda: hub.tag_edges() == expected, 20, "edge placed during Wi-Fi loss")

        # Reader fault: reported, re-initialised, recovered; a resting card does not flap.
        chip.place("04000000000003")
        expected.append(("added", "04000000000003"))
        wait_until(lambda: hub.tag_edges() == expected, 5, "card 3 added")
        chip.inject("missing_ack", times=4)
        chip.inject("bad_checksum", times=2)
        wait_until(lambda: len(hub.events("recovered")) == 1, 10, "reader recovered")
        faults = hub.events("fault")
        assert [f["what"] for f in faults] == ["reader"]
        assert running.seat.reader_errors >= 3
        reset_pulses = machine.board.pins[32].written.count(0)
        assert reset_pulses >= 2, "boot and each re-init pulse RSTPDN low"
        assert machine.board.pins[32].value() == 1, "RSTPDN left high (chip running)"
        time.sleep(0.3)

    # Nothing lost, nothing applied twice: one boot, seq 1..N without a gap; an inventory
    # opens the boot and follows every reconnect's backlog.
    assert hub.tag_edges() == expected
    events = hub.events()
    inventories = [e for e in events if e["type"] == "inventory"]
    assert inventories[0]["seq"] == 1 and inventories[0]["uids"] == []
    assert len(inventories) >= running.seat.link.connects - 1
    assert ["04000000000002"] in [e["uids"] for e in inventories]
    assert {(e["device"], e["boot"]) for e in events} == {(device, boot)}
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    for event in events:
        assert set(event) >= {"v", "device", "boot", "seq", "t", "type"} and event["v"] == 1
    dog = machine.board.watchdogs[0]
    assert not dog.expired and dog.feeds > 100, f"watchdog gap {dog.longest_gap_ms:.0f} ms"
    assert heap.samples > 20
    print(f"\nfirmware heap (tracemalloc, objects allocated in firmware/*.py): "
          f"peak {heap.peak} bytes over {heap.samples} samples")
    running.close()
    wait_until(lambda: hub.statuses[-1:] == ["offline"], 5, "offline on planned stop")


def test_a_seat_rebooted_with_cards_on_its_reader_sends_an_inventory_not_added(
    persistent_broker: MosquittoBroker, tmp_path: Path
) -> None:
    hub = HubStandIn(persistent_broker)
    config_path = tmp_path / "config.json"
    config_path.write_text(json.dumps(seat_config(persistent_broker)))
    chip = FakePN532()
    chip.place("04A1B2C3D4E580")            # lying on the reader before power-up
    try:
        with firmware_modules() as fw:
            first = RunningSeat(fw, config_path, chip)
            wait_until(lambda: len(hub.events("inventory")) == 1, 10, "first boot's inventory")
            chip.place("11223344", alongside=False)   # swapped while running: real edges
            wait_until(lambda: len(hub.tag_edges()) == 2, 5, "swap seen")
            first.close()
            second = RunningSeat(fw, config_path, chip)   # reboot, the card still there
            wait_until(lambda: len(hub.events("inventory")) == 2, 10, "second boot's inventory")
            time.sleep(0.5)
            second.close()
    finally:
        hub.close()
    boots = list(dict.fromkeys(hello["boot"] for hello in hub.hellos))
    assert len(boots) == 2
    inventory = {e["boot"]: e["uids"] for e in hub.events("inventory")}
    assert inventory == {boots[0]: ["04A1B2C3D4E580"], boots[1]: ["11223344"]}
    assert hub.tag_edges() == [("added", "11223344"), ("removed", "04A1B2C3D4E580")]
    assert all(e["boot"] == boots[0] for e in hub.events("tag")), "no edge under the new boot"


def test_bad_config_is_reported_and_retried_not_crash_looped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config_path = tmp_path / "config.json"
    config_path.write_text(json.dumps({"wifi": {"ssid": "x"}, "table": "t1", "seat": 9}))
    stop = threading.Event()
    with firmware_modules() as fw:
        thread = threading.Thread(target=fw.main.main, args=(str(config_path), stop.is_set))
        thread.start()
        wait_until(lambda: fw.main.config_errors >= 1, 5, "config error reported")
        time.sleep(0.2)
        assert thread.is_alive(), "a bad config must not end (and so restart) the firmware"
        stop.set()
        thread.join(5)
    out = capsys.readouterr().out
    assert "missing key 'broker.host'" in out and "'seat' must be 1..7" in out
    assert "missing key 'reader.mode'" in out


def test_holding_ok_at_boot_starts_no_watchdog(persistent_broker: MosquittoBroker, tmp_path: Path) -> None:
    config_path = tmp_path / "config.json"
    config_path.write_text(json.dumps(seat_config(persistent_broker)))
    with firmware_modules() as fw:
        machine.Pin(BUTTON_PINS["ok"], machine.Pin.IN, machine.Pin.PULL_UP).drive(0)
        done = threading.Event()
        def boot() -> None:
            fw.main.main(str(config_path))
            done.set()

        thread = threading.Thread(target=boot)
        thread.start()
        thread.join(5)
        assert done.is_set(), "main() must return in maintenance mode"
        assert machine.board.watchdogs == [] and fw.main.current is None
