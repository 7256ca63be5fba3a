"""Engine speed: full random-bot games per second and actions per second, on one core.

Time is this process's CPU time (time.process_time), so other work on the machine does not
count against the engine.

    python bench/engine.py          # a table
    python bench/engine.py --json   # {"2": {"games_per_s": ..., "actions_per_s": ...}, ...}
    python bench/engine.py --game builders [--bot heuristic]   # The Builders, 2, 3 and 4 players
    python bench/engine.py --game cities-knights [--bot table]   # Cities & Knights, 3 and 4 players
    python bench/engine.py --json --baseline main   # this engine against the one at git ref
                                                    # main, 4 players, in turns; the last line
                                                    # is {"ratio": new games/s / old, ...}
    python bench/engine.py --game builders [--bot heuristic] --baseline 87649c6   # the same, The Builders

With ``--baseline REF`` both engines run in subprocesses (the old one from a ``git archive``
of REF in a temporary directory), alternately, several times; each side's best run counts,
so a burst of load on the machine hurts neither side more than the other.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hub.engine.citadels import Game, Setup
from hub.engine.citadels.bots import RandomBot


def timed_games(start_game: Callable[[int], tuple[Any, Any]], seconds: float) -> dict[str, float]:
    """Whole games (seeds 0, 1, ...) for `seconds` of CPU time: `start_game(seed)` gives a
    new game and its bot, which plays every seat."""
    games = actions = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game, bot = start_game(seed)
        while game.pending is not None:
            game.apply(bot.choose(game))
        games += 1
        actions += len(game.log)
        seed += 1
    elapsed = time.process_time() - start
    return {"games_per_s": round(games / elapsed, 1), "actions_per_s": round(actions / elapsed),
            "games": games, "actions_per_game": round(actions / games, 1)}


def measure(players: int, seconds: float) -> dict[str, float]:
    return timed_games(lambda seed: (Game.new(Setup(players=players, seed=seed)), RandomBot(seed)), seconds)


def measure_builders(players: int, seconds: float, bot_kind: str = "random") -> dict[str, float]:
    """``measure`` for The Builders (hub/engine/builders): whole games, every seat the same bot."""
    from hub.engine.builders import Game as BuildersGame, Setup as BuildersSetup, make_bot

    return timed_games(lambda seed: (BuildersGame.new(BuildersSetup(players=players, seed=seed)),
                                     make_bot(bot_kind, seed)), seconds)


def measure_cities_knights(players: int, seconds: float, bot_kind: str = "random") -> dict[str, float]:
    """``measure`` for Cities & Knights (hub/engine/cities_knights): the hub rolls the dice."""
    from hub.engine.cities_knights import Game as CKGame, Setup as CKSetup, make_bot

    return timed_games(lambda seed: (CKGame.new(CKSetup(players=players, seed=seed)), make_bot(bot_kind, seed)),
                       seconds)


ROOT = Path(__file__).resolve().parent.parent


def measure_in(tree: Path, players: int, seconds: float, game: str = "citadels",
               bot: str = "random") -> dict[str, float]:
    """Run ``measure`` (or ``measure_builders``) in a subprocess whose ``hub`` package is the one in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--only", str(players),
                          "--seconds", str(seconds), "--game", game, "--bot", bot], cwd=tree, env=env,
                         capture_output=True, text=True,
                         check=False, timeout=seconds * 20 + 60)
    if out.returncode != 0:
        raise SystemExit(f"bench/engine.py: the engine in {tree} failed: {out.stderr.strip().splitlines()[-1:]}")
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def extract(ref: str, into: Path) -> None:
    """The ``hub`` package as it is at git ref ``ref``, written under ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref, "hub"],
                             capture_output=True, check=False)
    if archive.returncode != 0:
        raise SystemExit(f"bench/engine.py: no git ref {ref!r}: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")


def compare(ref: str, players: int, seconds: float, rounds: int, game: str = "citadels",
            bot: str = "random") -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="bench-engine-") as tmp:
        old_tree = Path(tmp)
        extract(ref, old_tree)
        new_runs, old_runs = [], []
        for _ in range(rounds):  # alternate, so load on the machine hits both sides alike
            new_runs.append(measure_in(ROOT, players, seconds, game, bot))
            old_runs.append(measure_in(old_tree, players, seconds, game, bot))
    new = max(new_runs, key=lambda r: r["games_per_s"])
    old = max(old_runs, key=lambda r: r["games_per_s"])
    return {"game": game, "bot": bot, "players": players, "baseline": ref, "rounds": rounds, "seconds": seconds,
            "new_games_per_s": new["games_per_s"], "old_games_per_s": old["games_per_s"],
            "ratio": round(new["games_per_s"] / old["games_per_s"], 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seconds", type=float, default=5.0, help="per player count (per run with --baseline)")
    parser.add_argument("--baseline", metavar="REF", default=None,
                        help="also run the engine at this git ref (of --game) and print the speed ratio (4 players)")
    parser.add_argument("--rounds", type=int, default=3, help="alternate runs per side with --baseline")
    parser.add_argument("--only", type=int, default=None, help=argparse.SUPPRESS)  # one count, one JSON line
    parser.add_argument("--game", choices=("citadels", "builders", "cities-knights"), default="citadels")
    parser.add_argument("--bot", choices=("random", "heuristic", "table"), default="random",
                        help="The Builders' bots (random, heuristic), Cities & Knights' (random, table)")
    args = parser.parse_args()
    if args.game == "cities-knights" and args.bot == "heuristic":
        raise SystemExit("bench/engine.py: Cities & Knights' bots are random and table")
    if args.game == "builders" and args.bot == "table":
        raise SystemExit("bench/engine.py: The Builders' bots are random and heuristic")
    if args.baseline is not None and args.only is None:
        result = compare(args.baseline, 4, args.seconds, args.rounds, args.game, args.bot)
        if not args.json:
            print(f"4 players: {result['new_games_per_s']} games/s here, {result['old_games_per_s']} at "
                  f"{args.baseline}")
        print(json.dumps(result))
        return
    if args.game == "cities-knights":
        counts = [args.only] if args.only is not None else [3, 4]
        ck = {str(n): measure_cities_knights(n, args.seconds, args.bot) for n in counts}
        if args.json or args.only is not None:
            print(json.dumps(ck[str(args.only)] if args.only is not None else ck))
            return
        for n, r in ck.items():
            print(f"{n} players: {r['games_per_s']:8.1f} games/s  {r['actions_per_s']:9d} actions/s  "
                  f"({r['actions_per_game']} actions/game, {args.bot} bots)")
        return
    if args.game == "builders":
        counts = [args.only] if args.only is not None else [2, 3, 4]
        results = {str(n): measure_builders(n, args.seconds, args.bot) for n in counts}
        if args.json or args.only is not None:
            print(json.dumps(results[str(args.only)] if args.only is not None else results))
            return
        for n, r in results.items():
            print(f"{n} players: {r['games_per_s']:8.1f} games/s  {r['actions_per_s']:9d} actions/s  "
                  f"({r['actions_per_game']} actions/game, {args.bot} bots)")
        return
    if args.only is not None:
        print(json.dumps(measure(args.only, args.seconds)))
        return
    results = {str(n): measure(n, args.seconds) for n in (2, 4, 7)}
    if args.json:
        print(json.dumps(results))
        return
    for n, r in results.items():
        print(f"{n} players: {r['games_per_s']:8.1f} games/s  {r['actions_per_s']:9d} actions/s  "
              f"({r['actions_per_game']} actions/game)")


if __name__ == "__main__":
    main()
