"""Table latency through a real Mosquitto: card placed -> hub decision -> cmd back at the seat,
and card placed -> public view published. Starts its own broker on a free loopback port.

    python bench/latency.py [--n 1000] [--json]
    -> {"n": ..., "p50_ms": ..., "p99_ms": ..., "max_ms": ..., "view_p50_ms": ..., "view_p99_ms": ..., "view_max_ms": ...}
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hub.engine.citadels import Setup
from hub.games.citadels.registry import TagRegistry
from hub.games.citadels.service import TableService
from hub.games.citadels.registry import CardRef, virtual_uid
from hub.table.virtual_seat import VirtualSeat
from hub.transport import MqttBus, Will
from tests.broker import MosquittoFactory

ASSASSIN = virtual_uid(CardRef("character", "assassin"))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def measure(url: str, n: int) -> dict[str, float]:
    hub_bus = MqttBus.from_url(url, "bench-hub", Will("citadels/t1/hub/status", b"offline", 1, True))
    hub_bus.wait_connected(5)
    service = TableService(hub_bus, TagRegistry.virtual(), Setup(players=4, mode="physical"))
    service.start()
    listener = MqttBus.from_url(url, "bench-listener")
    listener.wait_connected(5)
    arrivals: dict[str, float] = {}
    got = threading.Condition()

    def on_cmd(topic: str, payload: bytes) -> None:
        ref = json.loads(payload).get("ref")
        if ref is not None:
            with got:
                arrivals[f"cmd{ref}"] = time.perf_counter()
                got.notify_all()

    def on_view(topic: str, payload: bytes) -> None:
        view = json.loads(payload)
        with got:
            arrivals["last_view"] = time.perf_counter()
            arrivals["last_faceup"] = float(len(view["faceup_removed"]))
            got.notify_all()

    listener.subscribe("citadels/t1/seat/1/cmd", on_cmd)
    listener.subscribe("citadels/t1/public", on_view)
    seat = VirtualSeat(url, seat=1, device="bench-seat")
    time.sleep(0.3)
    decisions: list[float] = []
    views: list[float] = []
    for _ in range(n):
        with got:
            arrivals.pop("last_view", None)
        start = time.perf_counter()
        event = seat.place(ASSASSIN)  # accepted: the face-up Assassin
        with got:
            got.wait_for(lambda: f"cmd{event['seq']}" in arrivals and arrivals.get("last_faceup") == 1.0, timeout=5)  # noqa: B023 - waited for at once
            decisions.append((arrivals[f"cmd{event['seq']}"] - start) * 1000)
            views.append((arrivals["last_view"] - start) * 1000)
        service.void_last("bench")  # back to the same state for the next placement
        with got:
            got.wait_for(lambda: arrivals.get("last_faceup") == 0.0, timeout=5)
        seat.lift(ASSASSIN)
    seat.close()
    service.stop()
    listener.close()
    hub_bus.close()
    return {
        "n": n,
        "p50_ms": round(percentile(decisions, 0.5), 3), "p99_ms": round(percentile(decisions, 0.99), 3),
        "max_ms": round(max(decisions), 3),
        "view_p50_ms": round(percentile(views, 0.5), 3), "view_p99_ms": round(percentile(views, 0.99), 3),
        "view_max_ms": round(max(views), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        factory = MosquittoFactory(Path(tmp))
        try:
            broker = factory()
            result = measure(broker.url, args.n)
        finally:
            factory.close()
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['n']} placements: decision p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, "
              f"max {result['max_ms']} ms; public view p50 {result['view_p50_ms']} ms, p99 {result['view_p99_ms']} ms")


if __name__ == "__main__":
    main()
