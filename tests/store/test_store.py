"""hub/store: the SQLite event store, sim --db/--resume, replay/export, and crash recovery.

The SIGKILL test is the issue's determinism contract: ``citadels-hub sim --headless
--json --seed S --db F`` killed at any moment and resumed with ``--resume --db F`` prints
exactly what the same run prints when never interrupted, and stores the same log.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from hub.cli import main
from hub.games.citadels.summary import game_summary
from hub.engine.citadels import Action, Game, Setup
from hub.engine.citadels.bots import RandomBot
from hub.engine.citadels.setup import StartPosition
from hub.store import EventStore, Recorder, SimRuns, StoreError, TableRecord, export_text, restore_table_state
from hub.games.citadels.service import TableService
from hub.games.citadels.registry import TagRegistry
from hub.table.sim import SimTable
from hub.transport import InProcessBus
from hub.games import REGISTRY
from tests.hub_unit import stored_actions

ROOT = Path(__file__).resolve().parents[2]
SEED = 11


def _sim(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hub.cli", "sim", "--headless", "--json", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=timeout)


class Reference(NamedTuple):
    out: str
    actions: list[str]
    meta: list[dict[str, Any]]


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Reference:
    """The uninterrupted run: its JSON line and the log it stored (each action's meta beside)."""
    db = tmp_path_factory.mktemp("ref") / "ref.db"
    done = _sim("--seed", str(SEED), "--db", str(db))
    assert done.returncode == 0, done.stderr
    with EventStore(db, REGISTRY) as store:
        stored = store.load()
    return Reference(done.stdout, stored.actions, stored.meta)


# ---------------------------------------------------------------------- the store itself
def test_store_is_wal_with_full_sync_and_the_schema_of_the_issue(tmp_path: Path) -> None:
    with EventStore(tmp_path / "g.db", REGISTRY) as store:
        assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    db = sqlite3.connect(tmp_path / "g.db")
    cols = {t: [r[1] for r in db.execute(f"PRAGMA table_info({t})")] for t in ("games", "actions")}
    assert cols == {"games": ["id", "setup_json", "created", "game", "rules"], "actions": ["game_id", "idx", "text", "meta_json"]}


def test_append_is_committed_before_it_returns_and_load_round_trips(tmp_path: Path) -> None:
    setup = Setup(players=3, seed=5, mode="physical", names=("Ann", "Bo", "Cy"), crowned=2,
                  start=(StartPosition(gold=4, city=("manor",)), StartPosition(), StartPosition(hand_size=2)))
    store = EventStore(tmp_path / "g.db", REGISTRY)
    assert store.latest_game() is None
    gid = store.start_game(setup)
    assert store.append(gid, "2 faceup thief", {"uid": "04AA", "device": "d", "boot": 1, "seq": 3}) == 0
    assert store.append(gid, "0 adjust 1 2 miscounted") == 1
    # another connection (another process after a crash) sees both without any close()
    other = EventStore(tmp_path / "g.db", REGISTRY)
    loaded_setup, actions, meta = other.load(gid)
    assert loaded_setup == setup
    assert actions == ["2 faceup thief", "0 adjust 1 2 miscounted"]
    assert meta == [{"uid": "04AA", "device": "d", "boot": 1, "seq": 3}, {}]
    assert other.latest_game() == gid and other.games()[0][0] == gid and other.games()[0][2] == 2
    with pytest.raises(StoreError) as missing:
        other.load(gid + 1)
    assert missing.value.code == "no_game"


def test_amend_adds_to_an_actions_meta_committed_and_never_changes_the_action(tmp_path: Path) -> None:
    """What the table learns later of a stored action (the tag of a district entered by
    hand) is kept beside it; the action's text and every other action stay as they were.
    The readable export says who entered it and that its tag was read later."""
    from hub.engine.citadels.bots import RandomBot

    setup = Setup(players=4, seed=3, mode="physical")
    game, bot = Game.new(setup), RandomBot(3)
    while not game.log or game.log[-1].verb != "build":
        game.apply(bot.choose(game))
    said = [str(a) for a in game.log]
    store = EventStore(tmp_path / "g.db", REGISTRY)
    gid = store.start_game(setup)
    for text in said[:-1]:
        store.append(gid, text, {"uid": "04AA"} if " faceup " in text else None)
    store.append(gid, said[-1], {"admin": True, "reason": "reader broken"})
    Recorder(store, gid).amend(len(said) - 1, {"uid": "04BB", "uid_read_later": True})
    _setup, actions, meta = EventStore(tmp_path / "g.db", REGISTRY).load(gid)  # another connection sees it
    assert actions == said
    assert meta[-1] == {"admin": True, "reason": "reader broken", "uid": "04BB", "uid_read_later": True}
    assert meta[:-1] == [{"uid": "04AA"} if " faceup " in text else {} for text in said[:-1]]
    with pytest.raises(StoreError) as missing:
        store.amend(gid, len(said), {"uid": "04CC"})
    assert missing.value.code == "diverged" and f"no action {len(said)}" in missing.value.message
    exported = [line for line in export_text(store.load(gid)).splitlines() if not line.startswith("#")]
    assert exported[0].startswith(f"   1  {said[0]}  [") and exported[0].endswith("]  (tag 04AA)")
    assert exported[-1].startswith(f"{len(said):4d}  {said[-1]}  [")
    assert exported[-1].endswith("]  (entered by the admin: reader broken)  (tag 04BB, read later)")


def test_the_store_holds_only_the_games_it_is_given(tmp_path: Path) -> None:
    """The store names no game: the games it may hold are handed to it (the registry); one
    opened for its settings alone refuses a game, and a game it was not given is unknown."""
    with EventStore(tmp_path / "g.db") as settings_only:
        settings_only.set_setting("links", {"admin": "x"})
        with pytest.raises(StoreError) as refused:
            settings_only.start_game(Setup(players=4, seed=1))
        assert refused.value.code == "no_games"
    with EventStore(tmp_path / "g.db", REGISTRY) as store:
        gid = store.start_game(Setup(players=4, seed=1))

    class OnlyNim:
        def plugin_named(self, name: str | None) -> Any:
            if name != "nim":
                raise KeyError(f"unknown game {name!r}")
            return REGISTRY.plugin_named(name)

        def plugin_for(self, setup: Any) -> Any:
            return REGISTRY.plugin_named("nim")

    with EventStore(tmp_path / "g.db", OnlyNim()) as store, pytest.raises(StoreError) as unknown:
        store.load(gid)
    assert unknown.value.code == "unknown_game"


def test_setup_json_round_trip_for_every_field() -> None:
    setup = Setup(players=7, seed=2**40, mode="digital", variant="classic8", names=tuple("ABCDEFG"),
                  crowned=7, deck="museum_quarry", start=tuple(StartPosition(gold=i) for i in range(7)))
    assert Setup.from_json(json.loads(json.dumps(setup.to_json()))) == setup


def test_a_stored_sim_game_replays_to_the_same_state(tmp_path: Path) -> None:
    setup = Setup(players=5, seed=3, mode="physical")
    store = EventStore(tmp_path / "g.db", REGISTRY)
    recorder = Recorder.new_game(store, setup)
    sim = SimTable(setup, journal_meta=recorder.journal)
    try:
        game = sim.play()
        _, actions, meta = store.load(recorder.game_id)
        assert actions == [str(a) for a in game.log]
        assert Game.replay(setup, actions).state_hash() == game.state_hash()
        # card-driven actions carry the tag UID and the seat event behind them
        builds = [(a, m) for a, m in zip(actions, meta) if Action.parse(a).verb == "build"]
        assert builds and all(m.get("uid") and m.get("device", "").startswith("sim-") for _, m in builds)
        # a real table resumed from the store knows which copy was built where
        resumed = TableRecord.open(tmp_path / "g.db", REGISTRY, setup, resume=True)
        assert resumed.game is not None and resumed.game.state_hash() == game.state_hash()

        service = TableService(InProcessBus(), sim.registry, setup, game=resumed.game)
        restore_table_state(service, actions, meta, REGISTRY.plugin_for(setup).parse_action)
        assert service.city_uid == sim.service.city_uid
        said = [(m["device"], m["boot"], m["seq"]) for m in meta if "seq" in m]
        assert said and all(service.handled(*key) for key in said)
        assert not service.handled(said[-1][0], said[-1][1], said[-1][2] + 1000)
    finally:
        sim.close()


@pytest.mark.slow  # whole `citadels-hub` processes
def test_export_writes_a_readable_log(tmp_path: Path, reference: Reference,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "g.db"
    assert _sim("--seed", str(SEED), "--db", str(db)).returncode == 0
    out = tmp_path / "game.txt"
    assert main(["export", str(db), "-o", str(out)]) == 0
    text = out.read_text()
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    assert text.startswith("# Citadels game 1") and "## round 1" in text and "wins" in text
    assert [line.split(None, 1)[1].split("  [")[0] for line in lines] == reference[1]
    assert main(["export", "--db", str(db), "--format", "json"]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert [a["text"] for a in exported["actions"]] == reference[1]
    assert main(["replay", str(db), "--json"]) == 0
    assert capsys.readouterr().out == reference[0]
    assert main(["replay", str(db)]) == 0
    assert "wins" in capsys.readouterr().out


def test_replay_and_export_refuse_a_missing_game_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    EventStore(tmp_path / "empty.db", REGISTRY).close()
    assert main(["replay", str(tmp_path / "empty.db")]) == 3
    assert "holds no game" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "typo.db")]) == 2  # a mistyped path: refused, nothing created
    assert "no game database" in capsys.readouterr().err and not (tmp_path / "typo.db").exists()
    assert main(["export"]) == 2


# ---------------------------------------------------------------------- resume
@pytest.mark.slow  # every partial log of whole games
def test_resume_from_every_kind_of_partial_log(tmp_path: Path, reference: Reference) -> None:
    """Cut the stored log anywhere (as a crash would) and resume: same output, same log."""
    out, actions = reference.out, reference.actions
    for cut in (0, 1, 7, len(actions) // 2, len(actions) - 1, len(actions)):
        db = tmp_path / f"cut{cut}.db"
        store = EventStore(db, REGISTRY)
        gid = store.start_game(Setup(players=4, seed=SEED, mode="physical"))
        for text, meta in zip(actions[:cut], reference.meta):  # as the simulator stores them: with their tags
            store.append(gid, text, meta)
        done = _sim("--resume", "--db", str(db))  # no --seed: the series comes from the file
        assert done.returncode == 0, done.stderr
        assert done.stdout == out, cut
        assert store.load(gid).actions == actions
        assert store.games() == [(gid, store.games()[0][1], len(actions))]


@pytest.mark.slow  # whole `citadels-hub` processes
def test_a_store_that_disagrees_with_the_table_is_refused_not_overwritten(tmp_path: Path,
                                                                           reference: Reference) -> None:
    actions = reference.actions
    db = tmp_path / "g.db"
    store = EventStore(db, REGISTRY)
    gid = store.start_game(Setup(players=4, seed=SEED, mode="physical"))
    for text in actions[:10]:
        store.append(gid, text)
    store._db.execute("UPDATE actions SET text = '1 pick king' WHERE idx = 4")
    done = _sim("--resume", "--db", str(db))
    assert done.returncode == 3 and done.stdout == ""
    assert "cannot be resumed: at its action 5 (seat 1's pick) the rules refuse it" in done.stderr
    assert "--new-game" in done.stderr and "cannot be written" not in done.stderr  # what to do; nothing failed to write
    assert "king" not in done.stderr  # the action is named by its number: a pick is a secret
    assert store.count(gid) == 10


def _corrected_game(db: Path, stop_after: int | None) -> Game:
    """A simulated game the admin corrects on the way (a gold count after move 30, the
    last action undone after move 40), played into `db`, cut after `stop_after` moves."""
    setup = Setup(players=4, seed=SEED, mode="physical")
    sim = SimTable(setup, journal_meta=Recorder.new_game(EventStore(db, REGISTRY), setup))
    stop, moves = threading.Event(), [0]

    def admin() -> None:
        moves[0] += 1
        if moves[0] == 30:
            assert sim.service.adjust_gold(2, 1, "miscount")["ok"]
        if moves[0] == 40:
            assert sim.service.void_last("misread card")["ok"]
        if moves[0] == stop_after:
            stop.set()
    try:
        return sim.play(after_step=admin, stop=stop)
    finally:
        sim.close()


@pytest.mark.slow  # whole `citadels-hub` processes
def test_a_game_the_admin_corrected_resumes_from_its_stored_log(tmp_path: Path) -> None:
    """The admin's corrections are not the bots' to make again: `sim --resume` carries the
    game on from the stored log, and it ends as the same game never interrupted."""
    whole = _corrected_game(tmp_path / "whole.db", stop_after=None)
    assert whole.over
    cut = _corrected_game(tmp_path / "cut.db", stop_after=50)
    assert not cut.over and any(a.seat == 0 and a.verb == "void" for a in cut.log)
    done = _sim("--resume", "--db", str(tmp_path / "cut.db"))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(game_summary(whole)))
    with EventStore(tmp_path / "cut.db", REGISTRY) as store:
        assert store.load().actions == [str(a) for a in whole.log] and len(store.games()) == 1
    told = subprocess.run([sys.executable, "-m", "hub.cli", "sim", "--headless", "--resume", "--db",
                           str(tmp_path / "cut.db")], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert told.returncode == 0 and told.stdout.startswith(f"Resumed game 1 from {tmp_path / 'cut.db'}: "), told.stderr


def test_a_run_resumes_after_the_admins_corrections(tmp_path: Path) -> None:
    """`run` rebuilds its table from the stored log: a gold correction and an undo stand,
    and the seats play on."""
    setup = Setup(players=4, seed=3, mode="physical")
    record = TableRecord.open(tmp_path / "g.db", REGISTRY, setup, resume=True, resume_finished=False)
    game = Game.new(setup)
    for _ in range(12):
        action = RandomBot(5).choose(game)
        game.apply(action)
        record.recorder(action, {})
    for correction in ("0 adjust 2 1 miscount", "0 void misread card"):
        game.apply(correction)
        record.recorder(Action.parse(correction), {})
    resumed = TableRecord.open(tmp_path / "g.db", REGISTRY, Setup(players=5, mode="physical"), resume=True,
                               resume_finished=False)
    assert resumed.game is not None and resumed.game.state_hash() == game.state_hash()
    service = TableService(InProcessBus(), TagRegistry.virtual(), resumed.setup, game=resumed.game,
                           journal_meta=resumed.recorder)
    resumed.restore(service)
    assert service.adjust_gold(3, -1, "paid twice")["ok"]  # the table goes on, journaled after the stored log
    assert resumed.store.load().actions[-3:] == ["0 adjust 2 1 miscount", "0 void misread card", "0 adjust 3 -1 paid twice"]


def test_a_run_whose_stored_log_the_rules_refuse_says_what_and_what_to_do(tmp_path: Path) -> None:
    store = EventStore(tmp_path / "g.db", REGISTRY)
    gid = store.start_game(Setup(players=4, seed=3, mode="physical"))
    game = Game.new(Setup(players=4, seed=3, mode="physical"))
    for _ in range(6):
        action = RandomBot(5).choose(game)
        game.apply(action)
        store.append(gid, str(action))
    store.append(gid, "0 adjust 9 1 no such seat")
    with pytest.raises(StoreError) as refused:
        TableRecord.open(tmp_path / "g.db", REGISTRY, Setup(players=4, mode="physical"), resume=True)
    message = refused.value.message
    assert refused.value.code == "diverged"
    assert "cannot be resumed: at its action 7 (the table's adjust) the rules refuse it" in message
    assert "--new-game" in message and f"citadels-hub export {tmp_path / 'g.db'} --game {gid}" in message
    assert store.count(gid) == 7


@pytest.mark.slow  # a hub killed at many moments
def test_sigkill_at_any_moment_then_resume_gives_the_same_json(tmp_path: Path,
                                                               reference: Reference) -> None:
    """Kill -9 at many points (before the file exists, mid-game at several depths, after
    the last action) and once more during the resume itself: the final JSON and the stored
    log are those of the run never interrupted."""
    out, actions = reference.out, reference.actions
    cmd = [sys.executable, "-m", "hub.cli", "sim", "--headless", "--json", "--seed", str(SEED)]
    points = [("time", 0.0), ("actions", 1), ("actions", 25), ("actions", len(actions) // 2),
              ("actions", len(actions) - 10), ("time", 0.35), ("double", len(actions) // 3)]
    mid_game = 0
    for n, (kind, at) in enumerate(points):
        db = tmp_path / f"k{n}.db"
        proc = subprocess.Popen([*cmd, "--db", str(db)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        stored = _kill_when(proc, db, kind, at)
        if 0 < stored < len(actions):
            mid_game += 1
        if kind == "double":  # the resume is killed too
            again = subprocess.Popen([*cmd, "--db", str(db), "--resume"], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            _kill_when(again, db, "actions", stored + 15)
        done = _sim("--seed", str(SEED), "--db", str(db), "--resume")
        assert done.returncode == 0, done.stderr
        assert done.stdout == out, (kind, at)
        with EventStore(db, REGISTRY) as store:
            assert store.load().actions == actions
            assert len(store.games()) == 1
    assert mid_game >= 4


def _kill_when(proc: subprocess.Popen[bytes], db: Path, kind: str, at: float) -> int:
    deadline = time.monotonic() + 30
    if kind == "time":
        time.sleep(at)
    else:
        while stored_actions(db) < at and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.001)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    proc.stdout.close()  # type: ignore[union-attr]
    proc.stderr.close()  # type: ignore[union-attr]
    return stored_actions(db)


# ---------------------------------------------------------------------- faults of the file itself
def test_read_only_database_is_reported_clearly(tmp_path: Path, reference: Reference) -> None:
    db = tmp_path / "g.db"
    EventStore(db, REGISTRY).close()
    ro = f"file:{db}?mode=ro"  # root ignores chmod: ask SQLite itself for a read-only handle
    done = _sim("--seed", str(SEED), "--db", ro)
    assert done.returncode == 3 and done.stdout == ""
    assert "is read-only" in done.stderr and "attempt to write a readonly database" in done.stderr


def test_full_disk_mid_game_stops_the_table_loudly(tmp_path: Path) -> None:
    """SQLITE_FULL after some actions: the seat is refused with store_failed, the hub says
    so on its events topic and in status, the unrecorded action does not stand, and
    nothing more is accepted."""
    setup = Setup(players=4, seed=2, mode="physical")
    store = EventStore(tmp_path / "g.db", REGISTRY)
    recorder = Recorder.new_game(store, setup)
    for _ in range(3):
        store.append(recorder.game_id, "1 gold")  # grow the file a little, then cap it
    store._db.execute("DELETE FROM actions")
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count={pages}")
    sim = SimTable(setup, journal_meta=recorder.journal)
    hub_events: list[dict[str, object]] = []
    sim.service.subscribe(lambda _id, message: hub_events.extend(message["events"]))
    try:
        with pytest.raises(RuntimeError, match="disk holding .* is full"):
            sim.play()
        service = sim.service
        assert service.store_error and "database or disk is full" in service.store_error
        assert service.status()["store_error"] == service.store_error
        assert service.public_view()["store_error"] == service.store_error
        assert any(e.get("kind") == "store_failed" for e in hub_events)
        stored = store.load(recorder.game_id).actions
        assert [str(a) for a in service.game.log] == stored  # the refused action left no trace
        refused = [c for d in sim.devices.values() for c in d.commands if c.code == "store_failed"]
        assert refused and all(c.text for c in refused)
        before = service.game.state_hash()
        seat = service.game.pending.seat
        assert service.answer(seat, str(service.game.legal_actions()[0]))["code"] == "store_failed"
        assert service.game.state_hash() == before
    finally:
        sim.close()


def test_sim_resume_without_db_is_refused() -> None:
    done = _sim("--resume")
    assert done.returncode == 2 and "--resume needs --db" in done.stderr


def test_sim_runs_pick_the_series_from_the_file(tmp_path: Path) -> None:
    store = EventStore(tmp_path / "g.db", REGISTRY)
    store.start_game(Setup(players=5, seed=40, mode="physical"))
    runs = SimRuns(tmp_path / "g.db", REGISTRY, [Setup(players=4, seed=1, mode="physical")] * 2, resume=True)
    assert [(s.players, s.seed) for s in runs.setups] == [(5, 40), (5, 41)]
    recorder, stored = runs.game(runs.setups[0])
    assert recorder.game_id == 1 and stored is not None and stored.actions == []  # stored game had no actions yet
    recorder, stored = runs.game(runs.setups[1])
    assert recorder.game_id == 2 and stored is None


# ---------------------------------------------------------------------- state directory, lasting links
def test_state_directory_prefers_systemd_then_xdg_then_home(tmp_path: Path) -> None:
    from hub.store.state import default_state_dir

    assert default_state_dir({"STATE_DIRECTORY": "/var/lib/citadels:/var/lib/other",
                              "XDG_STATE_HOME": "/x"}) == Path("/var/lib/citadels")
    assert default_state_dir({"XDG_STATE_HOME": "/x"}) == Path("/x/citadels-hub")
    assert default_state_dir({}) == Path.home() / ".local" / "state" / "citadels-hub"


def test_state_database_is_private_and_a_bad_directory_is_one_clear_error(tmp_path: Path) -> None:
    from hub.store.state import state_database

    path = Path(state_database(None, str(tmp_path / "state"), "game.db"))
    assert path == tmp_path / "state" / "game.db"
    assert (path.stat().st_mode & 0o777, path.parent.stat().st_mode & 0o777) == (0o600, 0o700)
    assert state_database(str(tmp_path / "mine.db"), None, "game.db") == str(tmp_path / "mine.db")
    (tmp_path / "file").write_text("")
    with pytest.raises(ValueError, match="cannot create the state directory"):
        state_database(None, str(tmp_path / "file" / "sub"), "game.db")


def test_phone_links_are_made_once_and_kept_with_the_games(tmp_path: Path) -> None:
    from hub.web.tokens import lasting_tokens

    db = tmp_path / "g.db"
    with EventStore(db, REGISTRY) as store:
        admin, seats = lasting_tokens(store)
        assert sorted(seats) == list(range(1, 8)) and len({admin, *seats.values()}) == 8
    with EventStore(db, REGISTRY) as store:
        assert lasting_tokens(store) == (admin, seats)


def _finished_physical_log(setup: Setup) -> list[str]:
    sim = SimTable(setup)
    try:
        return [str(a) for a in sim.play().log]
    finally:
        sim.close()


def test_run_resumes_an_unfinished_game_and_starts_a_new_one_after_a_finished_one(tmp_path: Path) -> None:
    setup = Setup(players=3, seed=4, mode="physical")
    db = tmp_path / "g.db"
    first = TableRecord.open(db, REGISTRY, setup, resume=True, resume_finished=False)
    assert first.game is None and first.recorder.game_id == 1
    log = _finished_physical_log(setup)
    for text in log[:10]:
        first.store.append(1, text)
    unfinished = TableRecord.open(db, REGISTRY, Setup(players=5, mode="physical"), resume=True, resume_finished=False)
    assert unfinished.stored is not None and unfinished.stored.id == 1 and unfinished.setup == setup
    assert unfinished.game is not None and len(unfinished.game.log) == 10  # the stored game wins over the flags
    for text in log[10:]:
        unfinished.store.append(1, text)
    after_the_end = TableRecord.open(db, REGISTRY, setup, resume=True, resume_finished=False)
    assert after_the_end.game is None and after_the_end.recorder.game_id == 2
    forced = TableRecord.open(db, REGISTRY, setup, resume=False)  # --new-game
    assert forced.recorder.game_id == 3


@pytest.mark.slow  # a `citadels-hub` process killed, then four more
def test_sim_with_a_state_directory_resumes_the_same_command_and_starts_anew_after_the_end(
        tmp_path: Path, reference: Reference) -> None:
    """What `sim` with the web page does by default (here headless with --state-dir): the
    same command after a SIGKILL carries on the interrupted game, with no --resume typed."""
    out, actions = reference.out, reference.actions
    state = tmp_path / "state"
    cmd = [sys.executable, "-m", "hub.cli", "sim", "--headless", "--json", "--seed", str(SEED),
           "--state-dir", str(state)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stored = _kill_when(proc, state / "sim.db", "actions", len(actions) // 2)
    assert 0 < stored < len(actions)
    done = _sim("--seed", str(SEED), "--state-dir", str(state))
    assert done.returncode == 0 and done.stdout == out, done.stderr
    with EventStore(state / "sim.db", REGISTRY) as store:
        assert store.games()[-1][0] == 1 and store.load().actions == actions
    other = _sim("--seed", str(SEED + 1), "--state-dir", str(state))  # another command: another game
    again = _sim("--seed", str(SEED), "--state-dir", str(state))  # the finished game is not resumed
    assert other.returncode == 0 and again.returncode == 0 and again.stdout == out
    with EventStore(state / "sim.db", REGISTRY) as store:
        assert [g[0] for g in store.games()] == [1, 2, 3]


def test_replay_says_who_the_game_waits_for_and_how_a_table_carries_it_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """In words (not `Decision(seat=4, kind='turn')`), and `run`'s way on for a table's
    game: `--resume` is the simulator's."""
    setup = Setup(players=4, seed=3, mode="physical")
    store = EventStore(tmp_path / "game.db", REGISTRY)
    gid = store.start_game(setup)
    game = Game.new(setup)
    for seq in range(1, 9):
        action = RandomBot(5).choose(game)
        game.apply(action)
        store.append(gid, str(action), {"device": f"seat-board-{action.seat}", "boot": 7, "seq": seq})
    assert main(["replay", str(tmp_path / "game.db")]) == 0
    said = capsys.readouterr().out
    assert f"waiting for seat {game.pending.seat}'s {game.pending.kind};" in said
    assert "Decision(" not in said and "--resume" not in said
    assert f"citadels-hub run ... --db {tmp_path / 'game.db'}" in said
    assert main(["export", str(tmp_path / "game.db")]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(f"waiting for seat {game.pending.seat}'s {game.pending.kind}")
