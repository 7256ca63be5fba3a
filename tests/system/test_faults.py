"""Faults a table survives, each through a real Mosquitto broker and the real protocol.

Every test plays a simulated 4-seat physical game (virtual seat devices + bots, hub
service journaling into the SQLite store), injects a fault mid-game, lets the game run
to its end, and checks it ends exactly as the same seed ends with no fault at all (the
in-process table), with the stored log replaying to the final state.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from hub.games.citadels.summary import game_summary
from hub.engine.citadels import Game, Setup
from hub.store import EventStore, TableRecord
from hub.games.citadels.service import TableService
from hub.table.sim import SimTable
from hub.transport import MqttBus, Will
from hub.games import REGISTRY
from tests.fakes.seat import MessageLog

SETUP = Setup(players=4, seed=21, mode="physical")
REFERENCE: dict[str, Any] = {}
FAULT_CASES: list[str] = []  # names of the fault cases run, for the figures


def reference() -> dict[str, Any]:
    if not REFERENCE:
        sim = SimTable(SETUP)
        try:
            REFERENCE.update(game_summary(sim.play()))
        finally:
            sim.close()
    return REFERENCE


def play_steps(sim: SimTable, steps: int, until: Any = None) -> None:
    """Let the bots make `steps` moves (then go on until `until(game)` holds)."""
    stop = threading.Event()
    count = [0]

    def after() -> None:
        count[0] += 1
        if count[0] >= steps and (until is None or until(sim.service.game)):
            stop.set()
    sim.play(stop=stop, after_step=after)
    assert not sim.service.game.over


def finish_and_check(sim: SimTable, db: Path) -> Game:
    game = sim.play()
    assert game_summary(game) == reference()
    with EventStore(db, REGISTRY) as store:
        stored = store.load()
    assert stored.actions == [str(a) for a in game.log]
    assert stored.replay().state_hash() == game.state_hash()
    assert sim.service.counters["internal_error"] == 0
    return game


def wait_for(predicate: Any, timeout: float = 10.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what or predicate}")
        time.sleep(0.01)


def new_sim(db: Path, url: str) -> tuple[SimTable, TableRecord]:
    record = TableRecord.open(db, REGISTRY, SETUP, resume=False)
    return SimTable(SETUP, broker=url, journal_meta=record.recorder), record


def test_broker_restarted_mid_game(mosquitto: Any, tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    sim, _ = new_sim(db, mosquitto.url)
    try:
        play_steps(sim, 40)
        service = sim.service
        before = service.game.state_hash()
        for seat, device in sim.devices.items():  # every command in flight has arrived
            wait_for(lambda d=device, s=seat: d.shown == service.seat_view(s)["you"]["display"], what=f"seat {seat} settled")
        counts = {s: len(d.commands) for s, d in sim.devices.items()}
        mosquitto.restart()  # no persistence: retained status, hello, hub status and view are gone
        assert sim.hub_bus.wait_connected(15)
        # nobody re-announces by hand: the seats (like the firmware) and the hub do it on reconnect
        wait_for(lambda: all(service.online.get(s) for s in sim.devices), what="seats online after the restart")
        pending = service.game.pending
        assert pending is not None
        for seat, device in sim.devices.items():  # every display is given back
            # commands are delivered at least once: the hub's transport may resend ones sent
            # before the restart, so look for the restore itself (what it shows, no beep)
            display = service.seat_view(seat)["you"]["display"]
            restored = device.wait_for_command(lambda c, d=display: c.text == tuple(d["text"]) and c.beep is None,
                                               timeout=15, since=counts[seat])
            assert restored.led == display["led"]
            if seat == pending.seat:
                assert restored.led == "blue"
        watcher = MqttBus.from_url(mosquitto.url, "watch-restart")
        try:
            status = MessageLog()
            watcher.subscribe("citadels/t1/hub/status", status)
            status.wait_for(lambda _t, p: p == b"online", timeout=5)  # retained again
        finally:
            watcher.close()
        assert service.game.state_hash() == before
        finish_and_check(sim, db)
        FAULT_CASES.append("broker restart")
    finally:
        sim.close()


def test_seat_device_vanishes_with_its_last_will_and_reboots(mosquitto: Any, tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    sim, _ = new_sim(db, mosquitto.url)
    try:
        play_steps(sim, 30)
        service = sim.service
        seat = service.game.pending.seat  # type: ignore[union-attr]
        device = sim.devices[seat]
        old_boot = device.boot
        before = service.game.state_hash()
        device.vanish()  # power cut: the broker publishes its will
        wait_for(lambda: service.paused, what="pause on the last will")
        assert f"seat {seat}" in service.pause_text()
        refused = service.answer(seat, str(service.game.legal_actions()[0]))
        assert refused["code"] == "paused" and refused["message"]
        assert service.game.state_hash() == before
        device.reboot()  # back with a new boot number; its seq restarts at 1 (the inventory)
        assert device.boot != old_boot and device.seq == 1 and device.sent[-1]["type"] == "inventory"
        wait_for(lambda: not service.paused, what="resume after the reboot")
        finish_and_check(sim, db)
        assert any(boot == device.boot for _dev, boot in service.seen_boots())  # the new boot's events applied
        FAULT_CASES.append("seat vanish + reboot")
    finally:
        sim.close()


def test_duplicated_and_reordered_deliveries_change_nothing(mosquitto: Any, tmp_path: Path) -> None:
    """After every move, the seat that moved re-delivers its last event and two older ones,
    newest first (what QoS 1 redelivery after reconnects can produce): the hub applies
    each (device, boot, seq) once, so the game is the fault-free game."""
    db = tmp_path / "g.db"
    sim, _ = new_sim(db, mosquitto.url)
    service = sim.service
    resent = 0
    try:
        while not service.game.over:
            seat = service.game.pending.seat  # type: ignore[union-attr]
            sim.players[seat].act()
            device = sim.devices[seat]
            device.resend_last()
            for old in sorted(device.sent[-6:-1], key=lambda e: -e["seq"])[:2]:
                device.send_raw(json.dumps(old, separators=(",", ":")))
                resent += 1
            resent += 1
        wait_for(lambda: service.counters["duplicate"] >= resent, what="every duplicate seen")
        assert service.counters["duplicate"] == resent
        finish_and_check(sim, db)
        FAULT_CASES.append(f"{resent} duplicated/reordered deliveries")
    finally:
        sim.close()


def test_hub_killed_and_restarted_while_seats_keep_sending(mosquitto: Any, tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    sim, _ = new_sim(db, mosquitto.url)
    try:
        play_steps(sim, 45, until=lambda g: g.pending is not None and g.pending.kind == "pick")
        old = sim.service
        old_hash, old_city = old.game.state_hash(), dict(old.city_uid)
        seat = old.game.pending.seat  # type: ignore[union-attr]
        sim.hub_bus.drop()  # the hub process dies: no goodbye, its will says offline
        # the seats carry on: the picker lays its character card; nobody answers
        picker = threading.Thread(target=sim.players[seat].act)
        sent_before = sim.devices[seat].seq
        picker.start()
        wait_for(lambda: sim.devices[seat].seq > sent_before, what="the card laid while the hub is down")
        other = sim.devices[seat % 4 + 1]
        applied = next(e for e in reversed(other.sent) if e["type"] == "tag" and e["edge"] == "added")
        other.send_raw(json.dumps(applied, separators=(",", ":")))  # also lost: the hub is down
        time.sleep(0.2)

        # a new hub process: everything it knows comes from the database
        record = TableRecord.open(db, REGISTRY, SETUP, resume=True)
        assert record.game is not None and record.game.state_hash() == old_hash
        bus = MqttBus.from_url(mosquitto.url, "hub-t1", Will("citadels/t1/hub/status", b"offline", 1, True))
        assert bus.wait_connected(10)
        service = TableService(bus, sim.registry, record.setup, table="t1", game=record.game,
                               journal_meta=record.recorder)
        record.restore(service)
        assert service.city_uid == old_city
        service.subscribe(sim._follow)
        sim.service, sim.hub_bus = service, bus
        for player in sim.players.values():
            player.service = service
        service.start()
        wait_for(lambda: all(service.online.get(s) for s in sim.devices), what="seats seen online again")

        # the seat whose card got no answer sends it again (the firmware retries); the other
        # seat's re-sent, already applied event is a duplicate for the new hub too
        sim.devices[seat].resend_last()
        picker.join(15)
        assert not picker.is_alive()
        other.send_raw(json.dumps(applied, separators=(",", ":")))
        wait_for(lambda: service.counters["duplicate"] >= 1, what="the old event recognised")
        assert len(service.game.log) == len(record.stored.actions) + 1  # type: ignore[union-attr]
        finish_and_check(sim, db)
        FAULT_CASES.append("hub killed + restarted from the database")
    finally:
        sim.close()


@pytest.fixture(scope="module", autouse=True)
def _report() -> Any:
    yield
    if FAULT_CASES:
        print(f"\nfault cases survived: {len(FAULT_CASES)}: {'; '.join(FAULT_CASES)}")


def test_full_or_read_only_database_is_reported_over_the_broker(mosquitto: Any, tmp_path: Path) -> None:
    """The disk fills mid-game: the seat that moved hears `store_failed` on its cmd topic,
    the hub says so on its events topic, and from then on every input is refused with that
    code while the state stays what the file holds. Then the same with a read-only file."""
    from hub.store import Recorder
    from tests.fakes.seat import MessageLog

    for case in ("full", "read_only"):
        db = tmp_path / f"{case}.db"
        store = EventStore(db, REGISTRY)
        recorder = Recorder.new_game(store, SETUP)
        watcher = MqttBus.from_url(mosquitto.url, f"watch-{case}")
        hub_events = MessageLog()
        watcher.subscribe("citadels/t1/hub/events", hub_events)
        sim = SimTable(SETUP, broker=mosquitto.url, journal_meta=recorder.journal)
        try:
            play_steps(sim, 12)
            if case == "full":
                pages = store._db.execute("PRAGMA page_count").fetchone()[0]
                store._db.execute(f"PRAGMA max_page_count={pages}")  # no page more: SQLITE_FULL soon
            else:
                recorder.store = EventStore(f"file:{db}?mode=ro", REGISTRY)
            with pytest.raises(RuntimeError, match="store_failed|is full|is read-only"):
                sim.play()
            service = sim.service
            assert service.store_error and ("is full" if case == "full" else "is read-only") in service.store_error
            hub_events.wait_for(lambda _t, p: b"store_failed" in p, timeout=5)
            refused = [c for d in sim.devices.values() for c in d.commands if c.code == "store_failed"]
            assert refused, "the seat was not told"
            assert [str(a) for a in service.game.log] == EventStore(db, REGISTRY).load().actions
            seat = service.game.pending.seat  # type: ignore[union-attr]
            before = service.game.state_hash()
            event = sim.devices[seat].press("ok")
            answer = sim.devices[seat].answer_to(event, timeout=5)
            assert answer.code == "store_failed" and answer.text
            assert service.game.state_hash() == before
            FAULT_CASES.append(f"{case} database")
        finally:
            sim.close()
            watcher.close()
