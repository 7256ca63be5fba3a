#!/usr/bin/env python3
"""Live-update latency of the scoreboard: accepted action -> SSE frame at each client.

A child process serves the real web app (`hub.web.make_server`) around an
engine game played by bots; each accepted action is stamped with `time.monotonic()`
(CLOCK_MONOTONIC is system-wide, so the stamp is comparable across processes). This
process opens N scoreboard streams on raw sockets, reads them all with one selector
loop and records, per frame and client, arrival time minus the acceptance stamp.

    python3 bench/web_sse.py                    # table of p50/p99 per number of pages
    python3 bench/web_sse.py --json             # the same as JSON
    python3 bench/web_sse.py --clients 1,50 --changes 100 --rate 10
"""

from __future__ import annotations


import argparse
import json
import os
import platform
import selectors
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import deque
from typing import Any
from collections.abc import Callable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

TARGET_P99_MS = 100.0
STAMP_KEY = b'"bench_sent":'


# --- the served side (child process) --------------------------------------------------
class BenchTable:
    """A minimal TableFacade: an engine game whose bots act when told to."""

    def __init__(self, players: int, seed: int) -> None:
        from hub.engine.citadels import Game, Setup
        from hub.engine.citadels.bots import make_bot

        self._Game, self._Setup, self._make_bot = Game, Setup, make_bot
        self.players, self.seed = players, seed
        self.lock = threading.Lock()
        self.event_id = 0
        self.recent: deque[dict[str, Any]] = deque(maxlen=10)
        self.subscribers: list[Callable[[int, dict[str, Any]], None]] = []
        self.sent = 0.0
        self.answers = 0
        self._new_game()

    def _new_game(self) -> None:
        names = tuple(f"Player {i}" for i in range(1, self.players + 1))
        self.game = self._Game.new(self._Setup(players=self.players, seed=self.seed, names=names))
        self.bots = {s: self._make_bot("heuristic", self.seed + s) for s in range(1, self.players + 1)}
        self.seed += 1

    def _view(self) -> dict[str, Any]:
        view = self.game.public_view()
        for seat in view["seats"]:
            seat["online"] = True
        view.update(recent=list(self.recent), paused=False, pause_reason=None, bench_sent=self.sent)
        return view

    def act(self) -> None:
        """One bot action, stamped when accepted, then published to subscribers."""
        with self.lock:
            if self.game.pending is None:
                self._new_game()
            pending = self.game.pending
            assert pending is not None
            events = self.game.apply(self.bots[pending.seat].choose(self.game))
            self.sent = time.monotonic()
            public = [e.to_json() for e in events if e.public]
            self.recent.extend(public)
            self.event_id += 1
            message = {"view": self._view(), "events": public}
            for callback in list(self.subscribers):
                callback(self.event_id, message)

    def play(self, changes: int, rate: float) -> None:
        """`changes` actions at `rate` per second, on a fixed schedule (no drift)."""
        start = time.monotonic()
        for i in range(changes):
            delay = start + i / rate - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            self.act()

    # facade
    def public_view(self) -> dict[str, Any]:
        with self.lock:
            return self._view()

    def seat_view(self, seat: int) -> dict[str, Any]:
        with self.lock:
            return self.game.seat_view(seat)

    def subscribe(self, callback: Callable[[int, dict[str, Any]], None]) -> Callable[[], None]:
        self.subscribers.append(callback)
        return lambda: self.subscribers.remove(callback)

    def last_event_id(self) -> int:
        return self.event_id

    def answer(self, seat: int, action_text: str) -> dict[str, Any]:
        """Taken (and counted) but not played: the bots drive the game."""
        with self.lock:
            self.answers += 1
        return {"ok": True}

    def new_game(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"ok": False, "code": "not_available", "message": "bench table"}

    def pause(self, reason: str) -> None: ...

    def resume(self) -> None: ...

    def void_last(self, reason: str) -> dict[str, Any]:
        return {"ok": False, "code": "not_available", "message": "bench table"}

    def adjust_gold(self, seat: int, delta: int, reason: str) -> dict[str, Any]:
        return {"ok": False, "code": "not_available", "message": "bench table"}

    def start_enrollment(self) -> dict[str, Any]:
        return {"ok": False, "code": "not_available", "message": "bench table"}

    def status(self) -> dict[str, Any]:
        return {"paused": False, "seats_online": {}}


def child(args: argparse.Namespace) -> None:
    """Serve, print the port, then on each stdin line 'go N RATE' make N changes."""
    from hub.games import plugin_named
    from hub.web import create_app, make_tokens
    from hub.web.serving import make_server

    table = BenchTable(args.players, seed=1)
    admin, seats = make_tokens(args.players)
    app = create_app({"GAME": plugin_named("citadels"), "TABLE": table, "ADMIN_TOKEN": admin, "SEAT_TOKENS": seats,
                      "SSE_MAX_CLIENTS": args.max_clients, "SSE_HEARTBEAT": 30.0})
    server: Any = make_server(app, "127.0.0.1", 0)
    threading.Thread(target=server.run, daemon=True).start()
    print(int(server.effective_port), flush=True)
    for line in sys.stdin:
        parts = line.split()
        if not parts or parts[0] != "go":
            break
        table.play(int(parts[1]), float(parts[2]))
        print("done", flush=True)
    os._exit(0)


# --- the measuring side ---------------------------------------------------------------
class Streams:
    """N scoreboard streams read by one selector loop; latencies in ms per frame."""

    def __init__(self, port: int, count: int, sample: int = 1) -> None:
        """`sample`: time every n-th stream only; the others are read and their bytes dropped."""
        self.selector = selectors.DefaultSelector()
        self.buffers: dict[socket.socket, bytes] = {}
        self.seen: dict[socket.socket, set[int]] = {}
        self.timed: set[socket.socket] = set()
        self.latencies: list[float] = []
        for index in range(count):  # each page from its own loopback address, as phones on the Wi-Fi
            source = f"127.0.{1 + index // 250}.{1 + index % 250}"  # (one address may hold only a few streams)
            sock = socket.create_connection(("127.0.0.1", port), source_address=(source, 0))
            sock.sendall(b"GET /events HTTP/1.0\r\nHost: bench\r\n\r\n")
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ)
            self.buffers[sock] = b""
            self.seen[sock] = set()
            if index % sample == 0:
                self.timed.add(sock)

    def pump(self, until: Callable[[], bool], timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not until() and time.monotonic() < deadline:
            for key, _ in self.selector.select(timeout=0.05):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                try:
                    data = sock.recv(1 << 18)
                except BlockingIOError:
                    continue
                now = time.monotonic()
                if not data:
                    self.selector.unregister(sock)
                    continue
                if sock not in self.timed:
                    self.seen[sock].add(0)
                    continue
                buffer = self.buffers[sock] + data
                *frames, rest = buffer.split(b"\n\n")
                self.buffers[sock] = rest
                for frame in frames:
                    if b"\r\n\r\n" in frame:  # the HTTP head precedes the first frame
                        frame = frame.split(b"\r\n\r\n", 1)[1]
                    stamp = read_stamp(frame)
                    if stamp is None:
                        continue
                    event_id, sent = stamp
                    self.seen[sock].add(event_id)
                    if event_id > 0 and sent > 0:
                        self.latencies.append((now - sent) * 1000.0)

    def all_have(self, event_id: int) -> bool:
        return all(event_id in ids for ids in self.seen.values())

    def connected(self) -> bool:
        return all(ids for ids in self.seen.values())

    def close(self) -> None:
        for sock in list(self.buffers):
            sock.close()


def read_stamp(frame: bytes) -> tuple[int, float] | None:
    """(id, acceptance stamp) of one frame; cheap, so the reader keeps up with 500 pages."""
    if not frame.startswith(b"id: "):
        return None
    at = frame.rfind(STAMP_KEY)
    if at < 0:
        return None
    end = at + len(STAMP_KEY)
    while end < len(frame) and frame[end] in b"0123456789.":
        end += 1
    return int(frame[4:frame.index(b"\n")]), float(frame[at + len(STAMP_KEY):end])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def measure(clients: int, changes: int, rate: float, players: int) -> dict[str, Any]:
    proc = subprocess.Popen(
        [sys.executable, os.path.abspath(__file__), "--child", "--players", str(players),
         "--max-clients", str(max(clients + 8, 16))],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )
    assert proc.stdin and proc.stdout
    try:
        port = int(proc.stdout.readline())
        streams = Streams(port, clients)
        streams.pump(streams.connected, timeout=30)
        if not streams.connected():
            raise RuntimeError(f"only some of {clients} streams connected")
        proc.stdin.write(f"go {changes} {rate}\n")
        proc.stdin.flush()
        streams.pump(lambda: streams.all_have(changes), timeout=changes / rate + 30)
        received = sum(len(ids - {0}) for ids in streams.seen.values())
        streams.close()
        lat = streams.latencies
        return {
            "clients": clients, "changes": changes, "rate_per_s": rate,
            "frames_expected": clients * changes, "frames_received": received,
            "p50_ms": round(statistics.median(lat), 2) if lat else None,
            "p99_ms": round(percentile(lat, 99), 2) if lat else None,
            "max_ms": round(max(lat), 2) if lat else None,
        }
    finally:
        proc.stdin.close()
        proc.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", default="1,10,25,50,75,100,150,200",
                        help="comma-separated numbers of open scoreboards to try")
    parser.add_argument("--changes", type=int, default=100, help="accepted actions per run")
    parser.add_argument("--rate", type=float, default=10.0, help="accepted actions per second")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--max-clients", type=int, default=216, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    runs = []
    for count in [int(c) for c in args.clients.split(",") if c.strip()]:
        result = measure(count, args.changes, args.rate, args.players)
        runs.append(result)
        if not args.json:
            print(f"{count:4d} pages: p50 {result['p50_ms']:7.2f} ms  p99 {result['p99_ms']:7.2f} ms  "
                  f"max {result['max_ms']:7.2f} ms  frames {result['frames_received']}/{result['frames_expected']}",
                  flush=True)
    within = [r["clients"] for r in runs if r["p99_ms"] is not None and r["p99_ms"] < TARGET_P99_MS
              and r["frames_received"] == r["frames_expected"]]
    summary = {
        "machine": {"platform": platform.platform(), "python": platform.python_version(),
                    "cpus": os.cpu_count(), "processor": platform.processor() or platform.machine()},
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "target_p99_ms": TARGET_P99_MS,
        "single_client": next((r for r in runs if r["clients"] == 1), None),
        "max_clients_within_target": max(within) if within else 0,
        "runs": runs,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"most open scoreboards with p99 < {TARGET_P99_MS:.0f} ms and no frame lost: "
              f"{summary['max_clients_within_target']} (of those tried)")


if __name__ == "__main__":
    main()
