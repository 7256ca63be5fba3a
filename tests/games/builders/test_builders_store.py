"""The Builders in the store, through the product's commands: a simulated game recorded
with ``--db`` replays and exports as The Builders; a game whose hub was killed mid-game
resumes from the store and ends as the game that was never interrupted."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from hub.engine.builders import Game
from hub.store import EventStore
from hub.games import REGISTRY

HUB = [sys.executable, "-m", "hub.cli"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*HUB, *args], check=False, capture_output=True, text=True, timeout=300)


@pytest.mark.slow  # `citadels-hub` processes
def test_a_recorded_game_replays_and_exports_as_the_builders(tmp_path: Path) -> None:
    db = tmp_path / "builders.db"
    played = run("sim", "--game", "builders", "--headless", "--json", "--players", "3", "--seed", "4", "--db", str(db))
    assert played.returncode == 0, played.stderr
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT game, rules FROM games").fetchall() == [("builders", "1")]
    with EventStore(db, REGISTRY) as store:
        stored = store.load()
    assert stored.plugin.name == "builders" and isinstance(stored.replay(), Game) and stored.replay().over

    replayed = run("replay", str(db), "--json")  # the stored game tells which game it is: no --game needed
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout) == json.loads(played.stdout)
    told = run("replay", str(db))
    assert told.returncode == 0 and "seed 4: 3 players" in told.stdout and "points" in told.stdout

    exported = run("export", str(db))
    assert exported.returncode == 0, exported.stderr
    lines = exported.stdout.splitlines()
    assert lines[0].startswith("# The Builders game 1, started ")
    assert lines[1].startswith("# 3 players, seed 4, first player seat ")
    moves = [line for line in lines if not line.startswith("#")]
    assert len(moves) == len(stored.actions) == json.loads(played.stdout)["actions"]
    sent = next(line for line in moves if " send " in line)
    assert " to " in sent and "(tag 04" in sent  # said in words, with the tag that said it
    assert any(line.startswith("# Game over: ") for line in lines)


@pytest.mark.slow  # `citadels-hub sim` processes
def test_a_hub_killed_mid_game_resumes_from_the_store_to_the_same_end(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    process = subprocess.Popen([*HUB, "sim", "--game", "builders", "--headless", "--speed", "0.02", "--players", "4",
                                "--seed", "12", "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(process.stdout.readline, "")), daemon=True)  # type: ignore[union-attr]
    reader.start()
    deadline = time.monotonic() + 120
    while not any(line.startswith("Round 3:") for line in list(lines)):
        assert process.poll() is None and time.monotonic() < deadline, lines[-5:]
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)  # a crash: nothing is tidied up
    process.wait(30)
    reader.join(10)  # the pipe's end read: then closed
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()
    with EventStore(db, REGISTRY) as store:
        stored = store.load()
    assert stored.actions and not stored.replay().over  # killed mid-game, every accepted move kept

    resumed = run("sim", "--game", "builders", "--headless", "--json", "--resume", "--db", str(db))
    whole = run("sim", "--game", "builders", "--headless", "--json", "--players", "4", "--seed", "12")
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout == whole.stdout and json.loads(resumed.stdout)["seed"] == 12
    with EventStore(db, REGISTRY) as store:
        assert store.load().replay().over


def test_a_stored_game_with_an_admins_undo_resumes_with_the_table_top_set_out_again(tmp_path: Path) -> None:
    from hub.engine.builders import HeuristicBot, Setup

    db = tmp_path / "undo.db"
    setup = Setup(players=3, seed=31)
    game = Game.new(setup)
    bot = HeuristicBot(31)
    with EventStore(db, REGISTRY) as store:
        game_id = store.start_game(setup)
        for n in range(40):
            action = bot.choose(game) if n != 20 else "0 void misread card"
            game.apply(action)
            store.append(game_id, str(action))
    resumed = run("sim", "--game", "builders", "--headless", "--json", "--resume", "--db", str(db))
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["seed"] == 31
    with EventStore(db, REGISTRY) as store:
        stored = store.load()
    assert stored.actions[20] == "0 void misread card" and stored.replay().over


def test_export_says_a_voids_reason_once(tmp_path: Path) -> None:
    """``export`` printed a void's text twice (the action, then the same text as what it did)."""
    from hub.engine.builders import Setup
    from hub.store import export_text

    setup = Setup(players=3, seed=5)
    game = Game.new(setup)
    with EventStore(tmp_path / "void.db", REGISTRY) as store:
        game_id = store.start_game(setup)
        for action in (str(game.legal_actions()[0]), "0 void misread card", "0 adjust 2 5 bank miscounted"):
            game.apply(action)
            store.append(game_id, action)
        text = export_text(store.load())
    assert text.count("misread card") == 1 and text.count("bank miscounted") == 1
    assert "the last move that stood is undone" in text and "seat 2's coins corrected by +5" in text
