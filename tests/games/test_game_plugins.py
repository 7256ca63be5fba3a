"""Games as plug-ins, proved through the product: Nim (hub/engine/nim, hub/games/nim)
plays through the real ``citadels-hub`` command, its store and its resume; the store says
which game each stored game is; and a database written before the store kept the game
(tests/games/data/citadels-v0.sql, written by the hub at ebea9ba) still replays, exports and
resumes with the same results (tests/games/data/citadels-v0.expected.json: what the hub said of
it before the plug-ins, at main 4e981a1, whose replay wording is newer than ebea9ba's;
the games, states and scores are ebea9ba's)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from hub.games import GAMES, plugin_named
from hub.games.citadels.service import TableService
from hub.store import EventStore, TableRecord
from hub.transport import InProcessBus
from hub.games import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"


def hub(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "hub.cli", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120)


@pytest.mark.slow  # whole `citadels-hub` processes
def test_nim_plays_through_the_command_its_store_replay_and_export(tmp_path: Path) -> None:
    db = str(tmp_path / "nim.db")
    played = hub("sim", "--game", "nim", "--headless", "--json", "--games", "2", "--players", "3", "--db", db)
    assert played.returncode == 0, played.stderr
    games = [json.loads(line) for line in played.stdout.splitlines()]
    assert [(g["game"], g["seed"], g["players"]) for g in games] == [("nim", 1, 3), ("nim", 2, 3)]
    assert all(g["winner"] == int(g["log"][-1].split()[0]) for g in games)
    with EventStore(db, REGISTRY) as store:
        stored = store.load(1)
        assert (stored.plugin.name, stored.rules) == ("nim", "1") and stored.actions == games[0]["log"]
    replayed = hub("replay", db, "--game", "1", "--json")
    assert json.loads(replayed.stdout) == games[0]
    exported = hub("export", db, "--game", "2")
    assert exported.stdout.startswith("# Nim game 2, started ") and "# over: seat" in exported.stdout


@pytest.mark.slow  # whole `citadels-hub` processes
def test_an_interrupted_nim_game_resumes_to_the_same_end(tmp_path: Path) -> None:
    db = str(tmp_path / "nim.db")
    whole = hub("sim", "--game", "nim", "--headless", "--json", "--stones", "11", "--seed", "5", "--db", db)
    assert whole.returncode == 0, whole.stderr
    with sqlite3.connect(db) as cut:  # the power went out after the third move
        cut.execute("DELETE FROM actions WHERE idx >= 3")
    resumed = hub("sim", "--game", "nim", "--headless", "--json", "--stones", "11", "--seed", "5", "--db", db,
                  "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout == whole.stdout
    with EventStore(db, REGISTRY) as store:
        assert store.load().actions == json.loads(whole.stdout)["log"]


@pytest.mark.slow  # whole `citadels-hub` processes
def test_each_game_takes_its_own_options_and_seat_range() -> None:
    refused = hub("sim", "--game", "nim", "--headless", "--players", "5")
    assert refused.returncode == 2 and "the number of players must be 2..4" in refused.stderr
    refused = hub("sim", "--headless", "--stones", "5")  # a Nim option, asked of Citadels
    assert refused.returncode == 2 and "--stones" in refused.stderr
    assert hub("sim", "--game", "chess", "--headless").returncode == 2


def old_database(tmp_path: Path) -> str:
    """The two games the hub at ebea9ba stored (no game column): one finished, one not."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        db.executescript((DATA / "citadels-v0.sql").read_text(encoding="utf-8"))
    return str(path)


EXPECTED = json.loads((DATA / "citadels-v0.expected.json").read_text(encoding="utf-8"))


@pytest.mark.slow  # a `citadels-hub` process each
@pytest.mark.parametrize("command", sorted(EXPECTED))
def test_a_database_of_yesterday_replays_and_exports_the_same(tmp_path: Path, command: str) -> None:
    db = old_database(tmp_path)
    verb, *rest = command.split()
    result = hub(verb, db, *rest)
    assert result.returncode == 0, result.stderr
    assert result.stdout == EXPECTED[command].replace("{db}", db)


def test_a_database_of_yesterday_resumes_and_then_says_which_game_it_holds(tmp_path: Path) -> None:
    db = old_database(tmp_path)
    with EventStore(db, REGISTRY) as store:
        stored = store.load(2)
        assert (stored.plugin.name, stored.rules) == ("citadels", None)  # before the store said
    record = TableRecord.open(db, REGISTRY, stored.setup, resume=True)
    assert record.stored is not None and record.game is not None and record.stored.id == 2
    assert json.loads(EXPECTED["replay --game 2 --json"])["state_hash"] == record.game.state_hash()
    service = TableService(InProcessBus(), plugin_named("citadels").virtual_registry(record.setup), record.setup,
                           game=record.game, journal_meta=record.recorder, hub_thread="caller")
    record.restore(service)
    service.start()
    try:
        move = str(record.game.legal_actions()[0])
        assert service.answer(int(move.split()[0]), move) == {"ok": True}
    finally:
        service.stop()
    with EventStore(db, REGISTRY) as store:
        assert store.load(2).actions[-1] == move and len(store.load(2).actions) == 61
        new = TableRecord.open(db, REGISTRY, stored.setup, resume=False)  # a new game in the old file
        assert (store.load(new.recorder.game_id).plugin.name, store.load(new.recorder.game_id).rules) == ("citadels", "1")
        assert store.load(1).plugin.name == "citadels"  # the old rows still read as Citadels
        new.store.close()


def test_every_registered_game_has_what_the_product_asks_of_it() -> None:
    for name, game in GAMES.items():
        assert game.name == name and game.seats and game.default_players in game.seats
        assert game.table_players in game.seats  # the acceptance seats that many (tests/system)
        assert callable(game.terminal) and callable(game.engine_only)  # its own, or the kit's (test_game_kit.py)


def test_nim_says_one_stone_not_one_stones() -> None:
    from hub.games.nim.words import say
    assert (say("stones", stones=1), say("stones", stones=2)) == ("1 stone", "2 stones")
