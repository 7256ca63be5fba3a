#!/usr/bin/env python3
"""Nobody locks out the table: seat answers and /api/public under many streams and idle sockets.

A child process serves the real web app (`hub.web.make_server`, as `run` does) around an
engine game played by bots (`bench/web_sse.py`'s table, 10 actions per second). On
loopback only, this process first times `/api/public` and a seat answer on a quiet hub;
then a second child (the "laptop") opens N scoreboard streams (read by one selector loop,
every tenth one timed, so the reader keeps up; each from its own loopback address, as
phones would: one address may hold only a few) and M sockets that never send a byte, all
from 127.0.0.1 (one client), re-opening every

idle socket the hub closes (at most M per second), while this process times the same
requests again, each on a fresh connection. The server reports its threads and resident
memory; three processes, so no client's GIL is measured as the hub's delay.

    python3 bench/web_serving.py                       # 500 scoreboards, 300 idle sockets
    python3 bench/web_serving.py --streams 200 --idle 100 --seconds 10 --json
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import socket
import subprocess
import sys
import threading
import time
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.web_sse import BenchTable, Streams, percentile  # noqa: E402

TARGET_P99_MS = 100.0
TARGET_THREADS = 32
TARGET_RSS_MB = 60.0


# --- the served side (child process) --------------------------------------------------
def memory_mb(field: str) -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


def child(args: argparse.Namespace) -> None:
    """Serve; print port and seat token; on 'go N RATE' make N changes; 'stats' prints JSON."""
    from hub.games import plugin_named
    from hub.web import create_app, make_tokens
    from hub.web.serving import make_server

    table = BenchTable(5, seed=1)
    admin, seats = make_tokens(5)
    app = create_app({"GAME": plugin_named("citadels"), "TABLE": table, "ADMIN_TOKEN": admin, "SEAT_TOKENS": seats,
                      "SSE_MAX_CLIENTS": args.max_clients})
    server: Any = make_server(app, "127.0.0.1", 0)
    threading.Thread(target=server.run, name="web", daemon=True).start()
    print(json.dumps({"port": int(server.effective_port), "seat_token": seats[1]}), flush=True)
    for line in sys.stdin:
        parts = line.split()
        if parts[:1] == ["go"]:
            threading.Thread(target=table.play, args=(int(parts[1]), float(parts[2])), name="bots",
                             daemon=True).start()
        elif parts[:1] == ["stats"]:
            print(json.dumps({
                "threads": threading.active_count(),
                "thread_names": sorted({t.name.rstrip("_0123456789") for t in threading.enumerate()}),
                "cpu_s": round(sum(os.times()[:2]), 2),
                "rss_mb": round(memory_mb("VmRSS"), 1), "peak_rss_mb": round(memory_mb("VmHWM"), 1),
                "streams": app.extensions["citadels_web"].broadcaster.client_count,
                "idle_closed": server.registry.swept, "answers": table.answers,
                "actions": table.event_id,
            }), flush=True)
        else:
            break
    os._exit(0)


# --- the measuring side ---------------------------------------------------------------
class IdleFlood:
    """M sockets that never send a byte; closed ones are re-opened (at most M per second)."""

    def __init__(self, port: int, count: int) -> None:
        self.port, self.count = port, count
        self.sockets: list[socket.socket] = []
        self.reopened = 0
        self.refill()

    def refill(self) -> None:
        alive = []
        for sock in self.sockets:
            try:
                gone = sock.recv(1) == b""
            except BlockingIOError:
                gone = False
            except OSError:
                gone = True
            if gone:
                sock.close()
            else:
                alive.append(sock)
        missing = self.count - len(alive)
        self.reopened += missing if self.sockets else 0
        for _ in range(missing):
            sock = socket.create_connection(("127.0.0.1", self.port))
            sock.setblocking(False)
            alive.append(sock)
        self.sockets = alive

    def close(self) -> None:
        for sock in self.sockets:
            sock.close()


def laptop(args: argparse.Namespace) -> None:
    """The other client process: N streams read by one selector loop and M idle sockets.

    Prints 'ready' once every stream has its first frame; on any stdin line, prints the
    frame latencies and re-opened count as JSON and exits.
    """
    streams = Streams(args.port, args.streams, sample=10)
    streams.pump(streams.connected, timeout=120)
    if not streams.connected():
        raise SystemExit(f"only some of {args.streams} streams connected")
    flood = IdleFlood(args.port, args.idle)
    print("ready", flush=True)
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.readline(), stop.set()), daemon=True).start()
    while not stop.is_set():
        streams.pump(stop.is_set, timeout=1.0)
        flood.refill()
    open_streams = sum(1 for ids in streams.seen.values() if ids)
    print(json.dumps({"frames": summarise(streams.latencies), "reopened": flood.reopened,
                      "streams_open": open_streams}), flush=True)
    os._exit(0)


def timed(port: int, method: str, path: str, body: bytes | None) -> tuple[float, int]:
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Content-Type": "application/json"} if body else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        return (time.perf_counter() - started) * 1000.0, response.status
    finally:
        connection.close()


def probe(port: int, seat_token: str, seconds: float, interval: float) -> dict[str, Any]:
    """`/api/public` and a seat answer, alternately, every `interval` s for `seconds`."""
    times: dict[str, list[float]] = {"public": [], "answer": []}
    failures = 0
    answer = json.dumps({"action": "1 gold"}).encode()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for name, method, path, body in (("public", "GET", "/api/public", None),
                                         ("answer", "POST", f"/api/seat/{seat_token}/answer", answer)):
            try:
                elapsed, status = timed(port, method, path, body)
            except OSError:
                failures += 1
                continue
            if status != 200:
                failures += 1
            times[name].append(elapsed)
            time.sleep(interval)
    return {name: summarise(values) for name, values in times.items()} | {"failures": failures}


def summarise(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"count": 0}
    return {"count": len(values), "p50_ms": round(percentile(values, 50), 2),
            "p99_ms": round(percentile(values, 99), 2), "max_ms": round(max(values), 2)}


def load_average() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def run(args: argparse.Namespace) -> dict[str, Any]:
    proc = subprocess.Popen(
        [sys.executable, os.path.abspath(__file__), "--child", "--max-clients", str(args.streams + 100)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )
    assert proc.stdin and proc.stdout

    def ask(line: str) -> dict[str, Any]:
        assert proc.stdin and proc.stdout
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    try:
        hello = json.loads(proc.stdout.readline())
        port, token = hello["port"], hello["seat_token"]
        quiet = probe(port, token, seconds=min(5.0, args.seconds), interval=args.interval)
        quiet_stats = ask("stats")
        client = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--laptop", "--port", str(port),
             "--streams", str(args.streams), "--idle", str(args.idle)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
        )
        assert client.stdin and client.stdout
        if client.stdout.readline().strip() != "ready":
            raise RuntimeError("the client process could not open its streams")
        proc.stdin.write(f"go {int(args.seconds * args.rate) + 10} {args.rate}\n")
        proc.stdin.flush()
        loaded = probe(port, token, seconds=args.seconds, interval=args.interval)
        loaded_stats = ask("stats")
        client.stdin.write("stop\n")
        client.stdin.flush()
        laptop_report = json.loads(client.stdout.readline())
        client.wait(timeout=10)
    finally:
        proc.stdin.close()
        proc.wait(timeout=10)
    load = loaded
    return {
        "machine": {"platform": platform.platform(), "python": platform.python_version(),
                    "cpus": os.cpu_count(), "processor": platform.processor() or platform.machine()},
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "load_average_after": load_average(),
        "streams": args.streams, "idle_sockets": args.idle, "idle_reopened": laptop_report["reopened"],
        "quiet": quiet, "quiet_server": quiet_stats,
        "loaded": load, "loaded_server": loaded_stats, "stream_frames": laptop_report["frames"],
        "server_cpu_ms_per_action": round(
            1000 * (loaded_stats["cpu_s"] - quiet_stats["cpu_s"]) / max(1, loaded_stats["actions"] - quiet_stats["actions"]), 2),
        "ratio_public_p99": round(load["public"]["p99_ms"] / quiet["public"]["p99_ms"], 2),
        "ratio_answer_p99": round(load["answer"]["p99_ms"] / quiet["answer"]["p99_ms"], 2),
        "targets_met": (load["public"]["p99_ms"] < TARGET_P99_MS and load["answer"]["p99_ms"] < TARGET_P99_MS
                        and load["failures"] == 0 and loaded_stats["threads"] < TARGET_THREADS
                        and loaded_stats["peak_rss_mb"] < TARGET_RSS_MB),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--streams", type=int, default=500, help="open scoreboard streams")
    parser.add_argument("--idle", type=int, default=300, help="idle sockets from the same client")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure under load")
    parser.add_argument("--rate", type=float, default=10.0, help="accepted actions per second")
    parser.add_argument("--interval", type=float, default=0.02, help="pause between probe requests (s)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a summary")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--laptop", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--max-clients", type=int, default=600, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    if args.laptop:
        laptop(args)
        return
    result = run(args)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for phase in ("quiet", "loaded"):
        for name in ("public", "answer"):
            r = result[phase][name]
            print(f"{phase:6s} {name:6s}: n {r['count']:4d}  p50 {r['p50_ms']:7.2f} ms  p99 {r['p99_ms']:7.2f} ms  "
                  f"max {r['max_ms']:7.2f} ms")
    s = result["loaded_server"]
    print(f"under load: {result['streams']} streams, {result['idle_sockets']} idle sockets "
          f"({result['idle_reopened']} re-opened after the hub closed them); failures {result['loaded']['failures']}")
    print(f"server: {s['threads']} threads, RSS {s['rss_mb']} MB (peak {s['peak_rss_mb']} MB); "
          f"frames p50 {result['stream_frames'].get('p50_ms')} ms p99 {result['stream_frames'].get('p99_ms')} ms")
    print(f"server CPU per accepted action under load (fan-out to every page, answers, idle churn): "
          f"{result['server_cpu_ms_per_action']} ms")
    print(f"p99 ratio loaded/quiet: public {result['ratio_public_p99']}, answer {result['ratio_answer_p99']}; "
          f"targets met: {result['targets_met']}")


if __name__ == "__main__":
    main()
