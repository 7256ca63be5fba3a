"""How long does it take to resume a full-length game from the event store?

    python bench/resume.py [--repeat 20] [--json]

Plays full simulated games (physical mode, virtual seats, journaled into SQLite with
WAL + synchronous=FULL), picks the longest, then times:
- table resume (``citadels-hub run --resume`` path): open the file, load setup + log,
  ``Game.replay``, build the TableService and restore its tag/dedup state;
- sim resume (``citadels-hub sim --resume``): rebuild the game and the simulated table top
  from the stored log (in-process, no interpreter start-up);
- ``citadels-hub sim --headless --json --resume --db F`` as a whole process;
- recording: a whole simulated game divided by its actions (move + commit + fsync);
- with ``--unit``: the shipped systemd command (hardware/citadels-hub.service, run by
  tests/hub_unit.py against a local Mosquitto) SIGKILLed mid-game and started again: time
  from the new process to "Hub running" and to the first seat answer of the resumed game.
Target: resume under one second (the in-process paths; the whole process adds start-up).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hub.engine.citadels import Setup  # noqa: E402
from hub.store import EventStore, Recorder, SimRuns, TableRecord  # noqa: E402
from hub.games.citadels.registry import TagRegistry  # noqa: E402
from hub.games.citadels.service import TableService  # noqa: E402
from hub.table.sim import SimTable  # noqa: E402
from hub.transport import InProcessBus  # noqa: E402
from hub.games import REGISTRY  # noqa: E402


def record_game(path: Path, setup: Setup) -> int:
    store = EventStore(path, REGISTRY)
    recorder = Recorder.new_game(store, setup)
    sim = SimTable(setup, journal_meta=recorder.journal)
    try:
        sim.play()
    finally:
        sim.close()
        store.close()
    return recorder.written


def unit_restart(repeat: int) -> tuple[list[float], list[float]]:
    """SIGKILL the unit's command after a move, start it again, time it back to work."""
    import signal

    from hub.games.citadels.registry import CardRef, virtual_uid
    from hub.table.virtual_seat import VirtualSeat
    from tests.broker import MosquittoFactory
    from tests.hub_unit import ProcessOutput, first_answer, unit_command

    root = Path(tempfile.mkdtemp(prefix="unit-bench-"))
    factory = MosquittoFactory(root / "broker")
    broker = factory()
    state = root / "state"
    state.mkdir()
    TagRegistry.virtual().save(state / "tags.json")
    command = unit_command(state, broker.url, extra_args=["--headless", "--voice", "none"])
    seat = VirtualSeat(broker.url, seat=1, device="bench-seat-1")
    running, answered = [], []
    try:
        for i in range(repeat + 1):
            t = time.perf_counter()
            hub = command.start()
            output = ProcessOutput(hub)
            output.wait_for("^Hub running")
            up = time.perf_counter() - t
            card = "assassin" if i == 0 else "king"  # then always refused: the game stays where it is
            answer = first_answer(seat, virtual_uid(CardRef("character", card)))
            if i > 0:  # the first start is the game being made, not a restart
                running.append(up)
                answered.append(time.perf_counter() - t)
                assert answer.code == "not_available"
            os.killpg(hub.pid, signal.SIGKILL)
            output.finish()
    finally:
        seat.close()
        factory.close()
    return running, answered


def ms(samples: list[float]) -> dict[str, float]:
    return {"median_ms": round(statistics.median(samples) * 1000, 2), "max_ms": round(max(samples) * 1000, 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--unit", action="store_true", help="also time the systemd command's restart (needs mosquitto)")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="resume-bench-"))
    candidates = []
    record_times = []
    for players in (4, 7):
        for seed in range(1, 6):
            setup = Setup(players=players, seed=seed, mode="physical", variant="classic8")
            path = tmp / f"p{players}s{seed}.db"
            t = time.perf_counter()
            n = record_game(path, setup)
            record_times.append((time.perf_counter() - t) / max(n, 1))
            candidates.append((n, path, setup))
    n, path, setup = max(candidates, key=lambda c: c[0])

    table, sim_rerun, process = [], [], []
    registry = TagRegistry.virtual(setup.deck)
    for _ in range(args.repeat):
        t = time.perf_counter()
        record = TableRecord.open(path, REGISTRY, setup, resume=True)
        service = TableService(InProcessBus(), registry, record.setup, game=record.game, journal_meta=record.recorder)
        record.restore(service)
        table.append(time.perf_counter() - t)
        assert record.game is not None and record.game.over and len(record.game.log) == n
        record.store.close()

        t = time.perf_counter()
        runs = SimRuns(path, REGISTRY, [setup], resume=True)
        recorder, stored = runs.game(setup)
        sim = SimTable(setup, journal_meta=recorder, stored=stored, stored_in=str(path))
        game = sim.play()
        sim.close()
        sim_rerun.append(time.perf_counter() - t)
        assert len(game.log) == n and recorder.written == 0
        runs.store.close()
    for _ in range(max(3, args.repeat // 4)):
        t = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "hub.cli", "sim", "--headless", "--json", "--resume", "--db", str(path)],
                              cwd=ROOT, capture_output=True, text=True, check=True)
        process.append(time.perf_counter() - t)
        assert json.loads(done.stdout)["actions"] == n

    figures = {
        "machine": f"{platform.node()} {platform.machine()} {os.cpu_count()} CPU, Python {platform.python_version()}",
        "date": time.strftime("%Y-%m-%d"),
        "game": {"players": setup.players, "seed": setup.seed, "variant": setup.variant, "actions": n},
        "table_resume (load + Game.replay + service)": ms(table),
        "sim_resume in-process (rebuilt from the log)": ms(sim_rerun),
        "sim --resume whole process": ms(process),
        "recording a game, per action (sim move + commit + fsync)": {"median_ms": round(statistics.median(record_times) * 1000, 2)},
        "target_met": max(table) < 1.0 and max(process) < 1.0,
    }
    if args.unit:
        running, answered = unit_restart(max(3, args.repeat // 4))
        figures["systemd command restarted: start -> Hub running"] = ms(running)
        figures["systemd command restarted: start -> first seat answer"] = ms(answered)
        figures["ratio: restarted process / in-process table resume (medians)"] = round(
            statistics.median(answered) / statistics.median(table), 1)
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0 if figures["target_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
