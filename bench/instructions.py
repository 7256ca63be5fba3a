"""Machine instructions per action, counted by valgrind (callgrind): a figure that load on
a shared machine does not blur, for comparing two versions of the code.

    python bench/instructions.py                 # the table and the engine, this tree
    python bench/instructions.py --json          # one JSON line
    python bench/instructions.py --tree /tmp/old --json   # another checkout's `hub`
    python bench/instructions.py --game builders [--bots heuristic]   # The Builders

Each side plays the seeds of `bench/table.py` (4 players, random bots) in a process run
under ``valgrind --tool=callgrind``; the same process with no game (imports, set-up)
is counted too and taken off, so the figure is what the games cost per action of their
logs. Instructions are not time: the table's code runs fewer instructions per cycle than
the engine's (more memory, more branches), so its time ratio is higher than this one
(about 1.4x on the 2-core VM of docs/benchmarks.md). Use it for A/B, `bench/table.py`
and `bench/engine.py` for the figures the targets name. Needs valgrind (Debian
``valgrind``); about a minute per side.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORKLOAD = """
import logging, sys
sys.path.insert(0, {bench!r})
import table
from table import engine_game, table_game
logging.basicConfig(level=logging.WARNING)
side, games, table.game_name, bots = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
play = table_game if side == "table" else engine_game
print("actions", sum(play(seed, bots)[1] for seed in range(1, games + 1)))
"""


def counted(tree: Path, side: str, games: int, game: str = "citadels", bots: str = "random") -> tuple[int, int]:
    """(instructions, actions) of one run of `games` seeds of `game` on `side` under callgrind."""
    code = WORKLOAD.format(bench=str(ROOT / "bench"))
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", code, side, str(games), game, bots],
                         cwd=tree, env=env, capture_output=True, text=True, check=False)
    total = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    actions = re.search(r"^actions (\d+)$", out.stdout, re.MULTILINE)
    if out.returncode != 0 or total is None or actions is None:
        last = (out.stderr.strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"bench/instructions.py: the {side} run in {tree} failed: {last}")
    return int(total.group(1)), int(actions.group(1))


def per_action(tree: Path, side: str, games: int, game: str = "citadels", bots: str = "random") -> float:
    base, _ = counted(tree, side, 0, game, bots)
    total, actions = counted(tree, side, games, game, bots)
    return (total - base) / actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="only the JSON line")
    parser.add_argument("--tree", type=Path, default=ROOT, help="a checkout whose `hub` is counted (default: this one)")
    parser.add_argument("--games", type=int, default=2, help="seeds 1..N per side (default 2)")
    parser.add_argument("--game", default="citadels", choices=("citadels", "builders"))
    parser.add_argument("--bots", default="random", choices=("random", "heuristic"))
    parser.add_argument("--engine-only", action="store_true", help="count the engine side only")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("bench/instructions.py: valgrind is not installed (apt-get install valgrind)")
    tree = args.tree.resolve()
    engine = per_action(tree, "engine", args.games * 2, args.game, args.bots)
    result: dict[str, object] = {"tree": str(args.tree), "game": args.game, "bots": args.bots, "games": args.games,
                                 "engine_instructions_per_action": round(engine)}
    if not args.engine_only:
        table = per_action(tree, "table", args.games, args.game, args.bots)
        result.update(table_instructions_per_action=round(table), ratio=round(table / engine, 2))
    if not args.json:
        print(f"engine: {engine / 1000:.1f}k instructions/action"
              + ("" if args.engine_only else f"; table: {table / 1000:.1f}k"))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
