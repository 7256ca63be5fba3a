#!/usr/bin/env python3
"""A request on a kept-alive connection against one on a fresh connection (issue 21).

The hub's web server (`hub.web.serving.make_server`, as `run` serves it) answers
`GET /api/public` for a bench table; this process asks it `--requests` times on one
HTTP/1.1 connection kept alive, then as many times on a fresh connection each, and
prints the medians and p99s in ms and their ratio. Loopback only.

    python3 bench/web_keepalive.py
    python3 bench/web_keepalive.py --requests 500 --json
"""

from __future__ import annotations


import argparse
import http.client
import json
import os
import platform
import sys
import threading
import time
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.web_sse import BenchTable, percentile  # noqa: E402


def timed(connection: http.client.HTTPConnection) -> float:
    start = time.perf_counter()
    connection.request("GET", "/api/public")
    response = connection.getresponse()
    response.read()
    assert response.status == 200, response.status
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    from hub.games import plugin_named
    from hub.web import create_app, make_tokens
    from hub.web.serving import make_server

    table = BenchTable(4, seed=1)
    admin, seats = make_tokens(4)
    server: Any = make_server(create_app({"GAME": plugin_named("citadels"), "TABLE": table, "ADMIN_TOKEN": admin, "SEAT_TOKENS": seats}),
                              "127.0.0.1", 0)
    threading.Thread(target=server.run, daemon=True).start()
    port = int(server.effective_port)
    kept = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    timed(kept)  # warm up: the first answer builds the view
    kept_ms = [timed(kept) for _ in range(args.requests)]
    kept.close()
    fresh_ms = []
    for _ in range(args.requests):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        fresh_ms.append(timed(connection))
        connection.close()
    server.close()
    result = {
        "requests": args.requests,
        "kept_alive_ms": {"p50": round(percentile(kept_ms, 50), 2), "p99": round(percentile(kept_ms, 99), 2)},
        "fresh_ms": {"p50": round(percentile(fresh_ms, 50), 2), "p99": round(percentile(fresh_ms, 99), 2)},
        "ratio_p50": round(percentile(kept_ms, 50) / percentile(fresh_ms, 50), 2),
        "machine": f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}",
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"kept alive: p50 {result['kept_alive_ms']['p50']} ms, p99 {result['kept_alive_ms']['p99']} ms")
        print(f"fresh:      p50 {result['fresh_ms']['p50']} ms, p99 {result['fresh_ms']['p99']} ms")
        print(f"kept/fresh p50: {result['ratio_p50']} ({result['machine']})")


if __name__ == "__main__":
    main()
