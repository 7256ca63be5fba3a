"""Resident memory of the hub process during a full simulated game (it runs on a Raspberry Pi).

Runs `citadels-hub sim --headless` in a fresh interpreter and reports its peak RSS.
    python bench/memory.py [--players 7] [--json]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

PROBE = """
import contextlib, io, json, resource, sys
from hub.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["sim", "--headless", "--json", "--players", sys.argv[1], "--seed", "1", "--games", sys.argv[2]])
print(json.dumps({"peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = subprocess.run([sys.executable, "-c", PROBE, str(args.players), str(args.games)],
                         capture_output=True, text=True, check=True).stdout
    result = {"players": args.players, "games": args.games, **json.loads(out)}
    print(json.dumps(result) if args.json else
          f"peak resident memory over {args.games} simulated {args.players}-player games: {result['peak_rss_mb']} MB")


if __name__ == "__main__":
    main()
