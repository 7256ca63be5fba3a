"""The simulated table's cost per action, against the engine alone, in one run.

    python bench/table.py           # a line per side, then the JSON line
    python bench/table.py --json    # one JSON line: engine_us_per_action, table_us_per_action, ratio

Both sides play the same seeds (4 players, random bots as in ``bench/engine.py``; ``--bots heuristic``),
of Citadels or, with ``--game builders``, of The Builders (through the game's plug-in):

- **engine**: the bots on a bare ``Game`` (what ``sim --engine-only`` does): ``Game.new``,
  then ``bot.choose`` + ``game.apply`` until the game ends. Its time per action is the
  rules engine plus the bot's decision.
- **table**: the in-process simulated table (what ``sim --headless`` does): ``SimTable``
  over an ``InProcessBus``, one ``VirtualSeat`` per player, physical mode. Each action is
  a bot laying a card on its virtual reader (and lifting it) or pressing buttons; the
  seat's JSON event crosses the bus to the ``TableService``, which dedupes it, turns it
  into an action, applies it, journals nothing (no store), answers the seat, tells the
  seats what to do with coins and cards, prompts the next decider and publishes the
  public view and the events; the table-top model (``TableTop``) follows the events.
  The set-up of each table (service, seats, bus) and its closing are timed too.

Time is this process's CPU time (``time.process_time``), so other work on the machine
does not count against either side. Per action = total time / actions in the games'
logs. Each seed is played on one side then the other, ``--rounds`` times over; a side's
time is the sum over seeds of its best time for that seed, so a burst of load on the
machine hurts neither side more than the other. The games differ between the sides (a simulated
player can only build what it holds as a card, so its bot sees fewer options), which is
why the figure is per action, not per game.
"""

from __future__ import annotations

import argparse
import json
import logging
import time

from collections.abc import Callable
from typing import Any

from hub.engine.builders import Setup as BuildersSetup
from hub.engine.citadels import Setup as CitadelsSetup
from hub.games import plugin_for
from hub.table.sim import SimTable

PLAYERS = 4

SETUPS: dict[str, tuple[Callable[[int], Any], Callable[[int], Any]]] = {
    # (the engine's setup, the table's) for a seed: Citadels' table plays its physical mode
    "citadels": (lambda seed: CitadelsSetup(players=PLAYERS, seed=seed),
                 lambda seed: CitadelsSetup(players=PLAYERS, seed=seed, mode="physical")),
    "builders": (lambda seed: BuildersSetup(players=PLAYERS, seed=seed),
                 lambda seed: BuildersSetup(players=PLAYERS, seed=seed)),
}
game_name = "citadels"


def engine_game(seed: int, bots: str) -> tuple[float, int]:
    """(CPU seconds, actions) for the bots on one bare game (the plug-in's engine-only play)."""
    setup = SETUPS[game_name][0](seed)
    start = time.process_time()
    game = plugin_for(setup).engine_only(setup, bots)
    return time.process_time() - start, len(game.log)


def table_game(seed: int, bots: str) -> tuple[float, int]:
    """(CPU seconds, actions) for the same seed on the in-process simulated table."""
    start = time.process_time()
    sim = SimTable(SETUPS[game_name][1](seed), bots=bots)
    try:
        game = sim.play()
    finally:
        sim.close()
    elapsed = time.process_time() - start
    if not game.over:
        raise SystemExit(f"bench/table.py: the table's game of seed {seed} did not end")
    return elapsed, len(game.log)


def measure(games: int, rounds: int, bots: str) -> dict[str, object]:
    """Each seed's engine game and table game one after the other, `rounds` times; a
    side's time is the sum over seeds of its best time for that seed, so a burst of
    load on the machine hurts neither side more than the other."""
    engine_best: dict[int, tuple[float, int]] = {}
    table_best: dict[int, tuple[float, int]] = {}
    for _ in range(rounds):
        for seed in range(1, games + 1):
            for best, play in ((engine_best, engine_game), (table_best, table_game)):
                result = play(seed, bots)
                if seed not in best or result[0] < best[seed][0]:
                    best[seed] = result
    engine_s, engine_actions = (sum(x) for x in zip(*engine_best.values()))
    table_s, table_actions = (sum(x) for x in zip(*table_best.values()))
    engine_us = engine_s / engine_actions * 1e6
    table_us = table_s / table_actions * 1e6
    return {"game": game_name, "players": PLAYERS, "bots": bots, "games": games, "rounds": rounds,
            "engine_actions": engine_actions, "table_actions": table_actions,
            "engine_us_per_action": round(engine_us, 1), "table_us_per_action": round(table_us, 1),
            "ratio": round(table_us / engine_us, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="only the JSON line")
    parser.add_argument("--games", type=int, default=20, help="seeds 1..N on each side (default 20)")
    parser.add_argument("--rounds", type=int, default=3, help="times each seed is played per side; its best time counts")
    parser.add_argument("--bots", default="random", choices=("heuristic", "random"))
    parser.add_argument("--game", default="citadels", choices=sorted(SETUPS))
    args = parser.parse_args()
    global game_name
    game_name = args.game
    logging.basicConfig(level=logging.WARNING)
    result = measure(args.games, args.rounds, args.bots)
    if not args.json:
        print(f"engine alone: {result['engine_us_per_action']} µs/action ({result['engine_actions']} actions)")
        print(f"simulated table: {result['table_us_per_action']} µs/action ({result['table_actions']} actions)")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
