"""One flooding seat costs no other seat a move, and the hub says so (issue 21, item 3).

The issue: 5,000 QoS 1 events on seat 2's own event topic in 0.3 s, and seat 1's events
waited behind them or were lost. The hub now bounds what one seat may send
(`hub.kernel.flood.SeatBudget`, set by `run`): the excess is dropped on the transport's
thread, never queued, and said once as a reader fault on the flooding seat. Re-sending
what a broker lost on the way is the seats' end-to-end delivery, not tested here.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from hub.kernel.flood import BACK, DROP, FLOODING, OK, OVER, SeatBudget, topic_seat
from hub.protocol import PROTOCOL_VERSION, event_topic
from hub.games.citadels.registry import TagRegistry
from hub.games.citadels.registry import CardRef, virtual_uid
from hub.table.virtual_seat import VirtualSeat
from hub.transport import MqttBus
from tests.fakes.seat import MessageLog

FLOOD = 5000


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_seat_over_its_budget_is_dropped_said_once_then_back_after_quiet() -> None:
    clock = Clock()
    budget = SeatBudget(rate=10, burst=5, clock=clock)
    assert [budget.take(2) for _ in range(5)] == [OK] * 5
    assert [budget.take(2) for _ in range(4)] == [OVER, DROP, DROP, DROP]
    assert budget.take(1) == OK  # another seat has its own budget
    clock.now += 0.5  # still flooding at its old pace: no budget back
    assert budget.take(2) == DROP
    clock.now += 2.0  # quiet long enough to have the whole burst again
    assert budget.take(2) == BACK
    assert budget.take(2) == OK
    assert budget.dropped == {2: 5}


def test_topic_seat_reads_only_seat_topics() -> None:
    assert topic_seat("citadels/t1/seat/2/event") == 2
    assert topic_seat("citadels/t1/hub/status") is None
    assert topic_seat("citadels/t1/seat/x/event") is None


def flood_event(seq: int) -> bytes:
    return json.dumps({"v": PROTOCOL_VERSION, "device": "flood", "boot": 7, "seq": seq, "t": seq,
                       "type": "button", "button": "ok"}).encode()


def test_a_flooding_seat_costs_another_seat_no_move(mosquitto: Any, tmp_path: Path) -> None:
    """The real `run` hub: seat 2 floods its own event topic while seat 1 makes its move."""
    tags = tmp_path / "tags.json"
    TagRegistry.virtual().save(tags)
    hub = subprocess.Popen([sys.executable, "-m", "hub.cli", "run", "--broker", mosquitto.url, "--tags", str(tags),
                            "--players", "4", "--headless", "--voice", "none", "--db", str(tmp_path / "g.db")],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watcher = MqttBus.from_url(mosquitto.url, "flood-watcher")
    said, status = MessageLog(), MessageLog()
    watcher.subscribe("citadels/t1/hub/events", said)
    watcher.subscribe("citadels/t1/hub/status", status)
    seat1 = VirtualSeat(mosquitto.url, seat=1, device="flood-test-1")
    flooder = MqttBus.from_url(mosquitto.url, "flood-seat-2")
    try:
        status.wait_for(lambda t, p: p == b"online", timeout=30)  # the hub is up and reads the seats
        started = threading.Event()

        def flood() -> None:
            started.set()
            for seq in range(1, FLOOD + 1):
                flooder.publish(event_topic("t1", 2), flood_event(seq), qos=1)

        thread = threading.Thread(target=flood)
        thread.start()
        started.wait()
        answer = seat1.answer_to(seat1.place(virtual_uid(CardRef("character", "assassin"))), timeout=20)
        thread.join()
        assert answer.code is None and answer.beep == "ok"  # seat 1's move applied, flood or not

        def fault(topic: str, payload: bytes) -> bool:
            events = json.loads(payload).get("events") or []
            return any(e.get("kind") == "reader_fault" and e.get("seat") == 2 and e.get("what") == FLOODING
                       for e in events)

        said.wait_for(fault, timeout=20)  # said once, as a fault on the flooding seat
        assert sum(fault(t, p) for t, p in said.messages) == 1
    finally:
        seat1.close()
        flooder.close()
        watcher.close()
        hub.terminate()
        hub.communicate(timeout=20)
