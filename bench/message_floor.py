"""The cheapest seat message against the engine, in one run: a floor under `bench/table.py`.

    python bench/message_floor.py          # a line per figure, then the JSON line
    python bench/message_floor.py --json   # one JSON line

A seat's button press that only moves its cursor is the least the simulated table does
for a message the hub answers: the virtual seat encodes the event, the in-process bus
delivers it, the hub parses and dedupes it, moves the cursor, words the option and sends
the command back, which the seat takes in. No engine action, no public view, no bot. Its
CPU time per round trip is measured on the table of ``bench/table.py`` (physical mode,
caller mode), and so are the answered seat events per action of that bench's games (a
card laid, a button pressed; a card lifted gets no answer and is not counted) and the
engine's time per action (random bots, as there). ``floor_ratio`` = answered events per
action × round trip ÷ engine time per action: what `bench/table.py`'s ratio would be if
everything else a table does per action (lifted cards, the engine in physical mode,
notes, prompts, publishing, the simulated players) cost nothing.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path

from hub.engine.citadels import Setup
from hub.table.sim import SimTable

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table import PLAYERS, engine_game


def press_table(presses: int) -> tuple[SimTable, Callable[[], float]]:
    """A table at a turn decision whose buttons offer at least two options, and a timer:
    CPU µs per cursor press, seat -> hub -> seat, over `presses` presses."""
    sim = SimTable(Setup(players=PLAYERS, seed=3, mode="physical"), bots="random")
    service = sim.service
    while True:
        pending = service.game.pending
        assert pending is not None, "the game ended before a turn with two options"
        if pending.kind == "turn" and len(service.button_options(pending.seat)) >= 2:
            break
        sim.players[pending.seat].act()
    device = sim.devices[pending.seat]

    def timed() -> float:
        start = time.process_time()
        for _ in range(presses):
            device.press("a")
        return (time.process_time() - start) / presses * 1e6
    return sim, timed


def answered_events_per_action(games: int) -> float:
    """The seat events the hub answers (all but lifted cards) per action, over seeds 1..games."""
    events = actions = 0
    for seed in range(1, games + 1):
        sim = SimTable(Setup(players=PLAYERS, seed=seed, mode="physical"), bots="random")
        try:
            game = sim.play()
            events += sum(1 for device in sim.devices.values() for event in device.sent
                          if not (event["type"] == "tag" and event["edge"] == "removed"))
            actions += len(game.log)
        finally:
            sim.close()
    return events / actions


def engine_us_per_action(games: int) -> float:
    """One pass over seeds 1..games of `bench/table.py`'s engine side: CPU µs per action."""
    results = [engine_game(seed, "random") for seed in range(1, games + 1)]
    return sum(r[0] for r in results) / sum(r[1] for r in results) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="only the JSON line")
    parser.add_argument("--games", type=int, default=20, help="seeds 1..N (default 20)")
    parser.add_argument("--presses", type=int, default=5000, help="presses per timed run (default 5000)")
    parser.add_argument("--rounds", type=int, default=5, help="timed runs per side; the best counts (default 5)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    press = engine = float("inf")
    for _ in range(args.rounds):  # in turns, each side's best: a burst of load hurts neither
        engine = min(engine, engine_us_per_action(args.games))
        sim, timed_presses = press_table(args.presses)  # a table of its own each round, gone before
        try:                                            # the engine's next pass (its garbage scans less)
            press = min(press, timed_presses())
        finally:
            sim.close()
    per_action = answered_events_per_action(args.games)
    result = {"press_round_trip_us": round(press, 1), "answered_events_per_action": round(per_action, 2),
              "engine_us_per_action": round(engine, 1), "floor_ratio": round(per_action * press / engine, 2)}
    if not args.json:
        print(f"a cursor press, seat -> hub -> seat: {result['press_round_trip_us']} µs")
        print(f"answered seat events per action: {result['answered_events_per_action']}; "
              f"engine: {result['engine_us_per_action']} µs/action")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
