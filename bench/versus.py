"""This Citadels engine against another open-source Python one, in the same run:
vic-trouble/citadels-ai (https://github.com/vic-trouble/citadels-ai, MIT), the fastest
runnable one found. Its code is not part of this repository: clone it anywhere and name
the checkout.

    git clone https://github.com/vic-trouble/citadels-ai /tmp/citadels-ai
    python bench/versus.py --checkout /tmp/citadels-ai          # a line, then the JSON line
    python bench/versus.py --checkout /tmp/citadels-ai --json   # {"ratio": ours / theirs, ...}

Both sides play whole four-player games with random bots for ``--seconds`` of their
process's CPU time, each in a subprocess: ours is ``bench/engine.py``'s measure (``Game.new``,
then ``RandomBot.choose`` + ``Game.apply`` until the end), theirs is its own arena's loop
(``arena.py``'s ``play_some_games``: a ``GameController`` with four ``RandomBotController``s,
``play()`` until ``game_over``, ``end_game()``), its ``random`` seeded. The sides run
alternately, ``--rounds`` times; each side's best run counts, so a burst of load on the
machine hurts neither side more than the other. The ratio is games per second, ours over
theirs (``median_ratio``: the median of each round's ratio, ours over theirs run just
after; a random-bot game of theirs is not the same length as ours: both are whole games
of the same rules, four players, random bots).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from engine import ROOT, measure_in

THEIRS = """
import json, random, sys, time
from ai.random_bot import RandomBotController
from citadels.cards import Deck, simple_districts, standard_chars
from citadels.game import Game
from citadels.gameplay import GameController

seconds = float(sys.argv[1])
random.seed(0)
game = Game(Deck(standard_chars()), Deck(simple_districts()))
controller = GameController(game)
for i in range(4):
    controller.set_player_controller(game.add_player(f"Bot{i + 1}"), RandomBotController())
games = 0
start = time.process_time()
while time.process_time() - start < seconds:
    while not controller.game_over:
        controller.play()
    controller.end_game()
    games += 1
elapsed = time.process_time() - start
print(json.dumps({"games_per_s": round(games / elapsed, 2), "games": games}))
"""


def measure_theirs(checkout: Path, seconds: float) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", THEIRS, str(seconds)], cwd=checkout,
                         env={"PYTHONPATH": str(checkout), "PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, check=False, timeout=seconds * 20 + 60)
    if out.returncode != 0:
        raise SystemExit(f"bench/versus.py: the engine in {checkout} failed: {out.stderr.strip().splitlines()[-1:]}")
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--checkout", type=Path, required=True, help="a clone of vic-trouble/citadels-ai")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per run")
    parser.add_argument("--rounds", type=int, default=3, help="alternate runs per side; each side's best counts")
    parser.add_argument("--json", action="store_true", help="only the JSON line")
    args = parser.parse_args()
    checkout = args.checkout.resolve()
    if not (checkout / "citadels" / "gameplay.py").is_file():
        raise SystemExit(f"bench/versus.py: {checkout} is not a checkout of vic-trouble/citadels-ai")
    ours, theirs = [], []
    for _ in range(args.rounds):
        ours.append(measure_in(ROOT, 4, args.seconds))
        theirs.append(measure_theirs(checkout, args.seconds))
    best_ours = max(r["games_per_s"] for r in ours)
    best_theirs = max(r["games_per_s"] for r in theirs)
    result = {"players": 4, "bots": "random", "seconds": args.seconds, "rounds": args.rounds,
              "ours_games_per_s": best_ours, "theirs_games_per_s": best_theirs,
              "ours_runs": [r["games_per_s"] for r in ours], "theirs_runs": [r["games_per_s"] for r in theirs],
              "ratio": round(best_ours / best_theirs, 1),
              "median_ratio": round(statistics.median(o["games_per_s"] / t["games_per_s"] for o, t in zip(ours, theirs)), 1)}
    if not args.json:
        print(f"4 players, random bots: {best_ours} games/s here, {best_theirs} in citadels-ai: {result['ratio']}x")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
