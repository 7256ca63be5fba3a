"""Engine speed: full random-bot games per second and actions per second, on one core.

Time is this process's CPU time (time.process_time), so other work on the machine does not
count against the engine.

    python bench/engine.py          # a table
    python bench/engine.py --json   # {"2": {"games_per_s": ..., "actions_per_s": ...}, ...}
"""

from __future__ import annotations

import argparse
import json
import time

from hub.engine import Game, Setup
from hub.engine.bots import RandomBot


def measure(players: int, seconds: float) -> dict[str, float]:
    games = actions = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = Game.new(Setup(players=players, seed=seed))
        bot = RandomBot(seed)
        while game.pending is not None:
            game.apply(bot.choose(game))
        games += 1
        actions += len(game.log)
        seed += 1
    elapsed = time.process_time() - start
    return {"games_per_s": round(games / elapsed, 1), "actions_per_s": round(actions / elapsed),
            "games": games, "actions_per_game": round(actions / games, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seconds", type=float, default=5.0, help="per player count")
    args = parser.parse_args()
    results = {str(n): measure(n, args.seconds) for n in (2, 4, 7)}
    if args.json:
        print(json.dumps(results))
        return
    for n, r in results.items():
        print(f"{n} players: {r['games_per_s']:8.1f} games/s  {r['actions_per_s']:9d} actions/s  "
              f"({r['actions_per_game']} actions/game)")


if __name__ == "__main__":
    main()
