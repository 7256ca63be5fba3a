"""A damaged game database is never replaced or shrunk silently (issue 21, item 7).

Each database here is what a power cut leaves: the file and its write-ahead log copied
while the store still had them open. The hub's real `run` command is started on it (with
no broker to reach: a run that gets past its database waits for the broker, which these
tests read as "the database was accepted").
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from hub.engine.citadels import Setup
from hub.store import EventStore
from hub.store.integrity import FRAME_HEADER, WAL_HEADER, wal_damage
from hub.games.citadels.registry import TagRegistry
from hub.games import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
SETUP = Setup(players=4, seed=11, mode="physical")


@pytest.fixture(scope="module")
def actions(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    db = tmp_path_factory.mktemp("ref") / "ref.db"
    done = subprocess.run([sys.executable, "-m", "hub.cli", "sim", "--headless", "--json", "--seed", "11",
                           "--db", str(db)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    with EventStore(db, REGISTRY) as store:
        return store.load().actions[:40]


def power_cut(db: Path, actions: list[str], *, checkpoints: bool = True) -> None:
    """A game of `actions` stored in `db`, left as a power cut leaves it (log and all).
    `checkpoints=False`: the log is never folded into the file, as before this issue."""
    store = EventStore(db, REGISTRY)
    if not checkpoints:
        store._db.execute("PRAGMA wal_autocheckpoint=0")
    store.set_setting("links", {"admin": "a" * 24, "seats": {str(s): f"{s}" * 24 for s in range(1, 8)}})
    game = store.start_game(SETUP)
    for text in actions:
        store.append(game, text)
    kept = {suffix: (Path(f"{db}{suffix}").read_bytes() if Path(f"{db}{suffix}").exists() else None)
            for suffix in ("", "-wal")}
    store._db.close()  # the process is gone; what it had written is what the disk holds
    for suffix, data in kept.items():
        Path(f"{db}{suffix}").unlink(missing_ok=True)
        if data is not None:
            Path(f"{db}{suffix}").write_bytes(data)
    Path(f"{db}-shm").unlink(missing_ok=True)


def flip(path: Path, offset: int, count: int = 8) -> None:
    data = bytearray(path.read_bytes())
    for i in range(offset, offset + count):
        data[i] ^= 0xFF
    path.write_bytes(bytes(data))


def page_size(db: Path) -> int:
    return int.from_bytes(Path(f"{db}-wal").read_bytes()[8:12], "big")


def frame_offset(db: Path, frame: int) -> int:
    return WAL_HEADER + frame * (FRAME_HEADER + page_size(db))


def run_on(db: Path, tmp_path: Path, timeout: float = 60.0) -> tuple[int | None, str]:
    """`citadels-hub run` on `db`: (exit code, stderr), or (None, "") if it still runs after
    `timeout` s (a refused database exits at once; the time allows a loaded machine)."""
    tags = tmp_path / "tags.json"
    TagRegistry.virtual().save(tags)
    cmd = [sys.executable, "-m", "hub.cli", "run", "--broker", "mqtt://127.0.0.1:9", "--tags", str(tags),
           "--players", "4", "--headless", "--voice", "none", "--db", str(db)]
    try:
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, ""
    return done.returncode, done.stderr


def files(db: Path) -> dict[str, bytes | None]:
    """The database and its log (an empty log is no log)."""
    return {s: (Path(f"{db}{s}").read_bytes() or None if Path(f"{db}{s}").exists() else None) for s in ("", "-wal")}


def assert_refused_and_kept(db: Path, tmp_path: Path, *words: str) -> None:
    before = files(db)
    code, err = run_on(db, tmp_path)
    assert code == 3, (code, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and ("damaged" in lines[0] or "unreadable" in lines[0]), err
    assert all(word in lines[0] for word in words), lines[0]
    assert files(db) == before  # kept exactly as it was: nothing checkpointed, deleted or replaced
    assert run_on(db, tmp_path)[0] == 3  # and again, until the operator moves it away


def test_a_damaged_log_is_refused_and_kept_not_cut_short(tmp_path: Path, actions: list[str]) -> None:
    db = tmp_path / "game.db"
    power_cut(db, actions, checkpoints=False)
    flip(db.with_name("game.db-wal"), frame_offset(db, 1) + FRAME_HEADER + 100)
    assert wal_damage(db) is not None
    assert_refused_and_kept(db, tmp_path, "write-ahead log", "fails its checksum", str(db))


@pytest.mark.slow  # `citadels-hub run` twice (the quick tier keeps test_a_damaged_log_is_refused_and_kept_not_cut_short)
def test_a_damaged_log_header_never_turns_into_a_new_game(tmp_path: Path, actions: list[str]) -> None:
    """The whole game lived in the log: SQLite alone would open an empty database."""
    db = tmp_path / "game.db"
    power_cut(db, actions, checkpoints=False)
    flip(db.with_name("game.db-wal"), 12)  # the checkpoint sequence: the header's checksum fails
    assert_refused_and_kept(db, tmp_path, "header of its write-ahead log")


def test_a_torn_last_transaction_is_a_crash_not_damage(tmp_path: Path, actions: list[str]) -> None:
    """A crash mid-commit leaves a torn tail: never acknowledged, so dropped, not refused."""
    db = tmp_path / "game.db"
    power_cut(db, actions, checkpoints=False)
    wal = db.with_name("game.db-wal")
    wal.write_bytes(wal.read_bytes()[:-(page_size(db) // 2)])
    assert wal_damage(db) is None
    with EventStore(db, REGISTRY) as store:
        assert store.load().actions == actions[:-1]


def test_the_log_is_checkpointed_so_the_file_alone_holds_nearly_all(tmp_path: Path, actions: list[str]) -> None:
    db = tmp_path / "game.db"
    power_cut(db, actions)
    alone = tmp_path / "alone.db"
    shutil.copyfile(db, alone)  # the log lost entirely
    with EventStore(alone, REGISTRY) as store:
        assert len(store.load().actions) >= len(actions) - 10


@pytest.mark.slow  # `citadels-hub run` twice
def test_a_damaged_file_is_refused_with_exit_3(tmp_path: Path, actions: list[str]) -> None:
    db = tmp_path / "game.db"
    power_cut(db, actions)
    with sqlite3.connect(db) as raw:
        root = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = 'actions'").fetchone()[0]
        size = raw.execute("PRAGMA page_size").fetchone()[0]
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    flip(db, (root - 1) * size + 3, 2)  # the b-tree page's number of cells
    assert_refused_and_kept(db, tmp_path)


@pytest.mark.parametrize("damage", [
    "UPDATE actions SET meta_json = '{not json' WHERE idx = 3",
    *(pytest.param(damage, marks=pytest.mark.slow) for damage in (  # a `citadels-hub run` each: one is quick
        "UPDATE actions SET meta_json = '[1]' WHERE idx = 3",
        "UPDATE settings SET value_json = '{\"admin\": \"x\", \"seats\": {\"one\": \"y\"}}' WHERE key = 'links'",
        "UPDATE settings SET value_json = '{broken' WHERE key = 'links'")),
])
def test_every_unreadable_database_exits_3_not_1(tmp_path: Path, actions: list[str], damage: str) -> None:
    db = tmp_path / "game.db"
    power_cut(db, actions)
    with sqlite3.connect(db) as raw:
        raw.execute(damage)
    code, err = run_on(db, tmp_path)
    assert code == 3, (code, err)
    assert "unexpected" not in err and len(err.strip().splitlines()) == 1


def test_systemd_waits_for_the_operator_after_exit_3() -> None:
    """Restarting cannot mend a damaged database: the Pi's unit stops at exit 3 instead of
    printing the same line every two seconds."""
    unit = (ROOT / "hardware" / "citadels-hub.service").read_text().splitlines()
    assert "RestartPreventExitStatus=3" in unit and "Restart=always" in unit
