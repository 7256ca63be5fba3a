"""Reads from other threads (the web's) never see a game the hub thread is half-way
through changing: the public view is the one the hub published, seat views, status and
history are taken on the hub thread between inputs (hub/kernel/table.py, `_read`)."""

from __future__ import annotations

import json
import sys
import threading
from typing import Any

from hub.engine.citadels import Setup
from hub.table.sim import SimTable


def _key(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True)


def _summary(view: dict[str, Any]) -> tuple[Any, ...]:
    """What a seat view shares with the public view: round, phase, everyone's gold and city."""
    return (view["round"], view["phase"], tuple((s["seat"], s["gold"], len(s["city"])) for s in view["seats"]))


def test_views_read_from_other_threads_are_views_the_hub_published() -> None:
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # threads interleave often, so a read lands mid-move if it can
    sim = SimTable(Setup(players=4, seed=3, mode="physical"), bots="random")
    published: list[dict[str, Any]] = []
    sim.service.subscribe(lambda _id, message: published.append(message["view"]))
    published.append(sim.service.public_view())  # on the hub thread: the view as it stands
    stop = threading.Event()
    reads: list[dict[str, Any]] = []
    seat_reads: list[dict[str, Any]] = []
    errors: list[str] = []

    def hammer(seat: int) -> None:
        rounds = 0
        while not stop.is_set():
            try:
                reads.append(sim.service.public_view())
                seat_reads.append(sim.service.seat_view(seat))
                assert sim.service.status()["seats_online"][seat] is True
                rounds += 1
                if rounds % 20 == 0:
                    assert isinstance(sim.service.history(), list)
            except Exception as exc:  # noqa: BLE001 - every failure is reported below
                errors.append(f"seat {seat}: {exc!r}")

    readers = [threading.Thread(target=hammer, args=(seat,), daemon=True) for seat in (1, 2, 3)]
    try:
        for reader in readers:
            reader.start()
        game = sim.service.game
        for _ in range(120):
            if game.over:
                break
            assert game.pending is not None
            sim.players[game.pending.seat].act()
        stop.set()
        while any(reader.is_alive() for reader in readers):
            sim.service.run_pending()  # this thread is the hub's: answer the last reads
            for reader in readers:
                reader.join(0.01)
    finally:
        stop.set()
        sys.setswitchinterval(switch)
        sim.close()
    assert errors == []
    assert len(reads) > 20 and seat_reads
    shown = {_key(view) for view in published}
    assert [view for view in reads if _key(view) not in shown] == []
    summaries = {_summary(view) for view in published}
    assert [view for view in seat_reads if _summary(view) not in summaries] == []
    assert all("hand" in view["you"] for view in seat_reads)


def test_a_read_before_start_and_after_stop_is_answered_at_once() -> None:
    sim = SimTable(Setup(players=3, seed=4, mode="physical"), bots="random")
    sim.close()
    result: list[dict[str, Any]] = []
    reader = threading.Thread(target=lambda: result.append(sim.service.seat_view(1)))
    reader.start()
    reader.join(5)
    assert result and result[0]["you"]["display"]["led"] in ("blue", "off", "amber")  # amber: paused, its seats gone


def test_a_current_published_view_is_read_without_waiting_for_the_hub_thread() -> None:
    """With a listener reading views (the web page), every change's view is built once on
    the hub thread; a web thread's read is a copy of it and never queues behind a move."""
    sim = SimTable(Setup(players=3, seed=6, mode="physical"), bots="random")
    try:
        sim.service.subscribe(lambda _id, _message: None)  # reads views, like the web streams
        for _ in range(5):
            game = sim.service.game
            assert game.pending is not None
            sim.players[game.pending.seat].act()
        got: list[dict[str, Any]] = []
        reader = threading.Thread(target=lambda: got.append(sim.service.public_view()))
        reader.start()
        reader.join(5)  # this thread (the hub's) runs nothing meanwhile
        assert got and got[0] == json.loads(sim.hub_bus.retained("citadels/t1/public") or b"{}")
        got[0]["round"] = -1  # a copy: the published view is not changed through it
        assert sim.service.public_view()["round"] != -1
        assert sim.service.counters["busy"] == 0
    finally:
        sim.close()


def test_a_seat_sending_a_fresh_device_and_boot_at_every_event_grows_nothing() -> None:
    """Issue 31: `Readers.boots` kept every (device, boot) ever heard (~25 MB an hour per
    seat login at 19 events a second, within the budget); now the last few, like the dedupe."""
    from hub.games.citadels.registry import TagRegistry
    from hub.games.citadels.service import TableService
    from hub.kernel.dedupe import BOOTS
    from hub.kernel import readers
    from hub.protocol import PROTOCOL_VERSION, event_topic
    from hub.transport import InProcessBus

    service = TableService(InProcessBus(), TagRegistry.virtual(), Setup(players=4, seed=3, mode="physical"))
    service.start()
    for n in range(600):
        uid = f"04{n:012X}"
        service.feed(event_topic("t1", 2), json.dumps({
            "v": PROTOCOL_VERSION, "device": f"dev-{n}", "boot": n, "seq": 1, "t": n,
            "type": "tag", "edge": "added", "uid": uid}).encode())
    service.status()  # asked on the hub's thread after every event fed: they have all been taken in
    service.stop()
    reader = service.readers[2]
    assert reader.boots and reader.cards
    assert len(reader.boots) <= BOOTS and len(reader.cards) <= getattr(readers, "MAX_CARDS", 32) >= len(reader.ghosts)
    assert len(service.seen_boots()) <= 4 * BOOTS


def test_a_flapping_seat_fills_no_recent_list() -> None:
    """Issue 31: fault events and status flaps filled the scoreboard's recent list; a fact
    that only says a state again replaces the last one of its kind and seat."""
    from hub.games.citadels.registry import TagRegistry
    from hub.games.citadels.service import TableService
    from hub.protocol import PROTOCOL_VERSION, event_topic, status_topic
    from hub.transport import InProcessBus

    service = TableService(InProcessBus(), TagRegistry.virtual(), Setup(players=4, seed=3, mode="physical"))
    service.start()
    for seat in range(1, 5):
        service.feed(status_topic("t1", seat), b"online")
    for n in range(1, 41):
        kind = "fault" if n % 2 else "recovered"
        service.feed(event_topic("t1", 2), json.dumps({
            "v": PROTOCOL_VERSION, "device": "d2", "boot": 1, "seq": n, "t": n, "type": kind, "what": "reader"}).encode())
        service.feed(status_topic("t1", 3), b"offline" if n % 2 else b"online")
    service.status()  # on the hub's thread after everything fed
    recent = service.public_view()["recent"]
    service.stop()
    kinds = [(event["kind"], event.get("seat")) for event in recent]
    assert sum(kind.startswith("reader_") for kind, _ in kinds) == 1, kinds
    assert sum(kind in ("paused", "resumed") for kind, _ in kinds) <= 1, kinds
    assert recent[-1]["kind"] in ("reader_recovered", "resumed")
