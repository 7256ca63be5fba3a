"""Every bad command-line input: one line on stderr, a non-zero exit code, no traceback,
no password in the text, and nothing created or changed on disk."""

from __future__ import annotations

import ast
import gc
import hashlib
import json
import re
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hub.cli import main
from hub.cli_args import guarded
from hub.redact import mask_password, mask_secrets, mask_tokens
from hub.store import EventStore
from hub.games.citadels.registry import TagRegistry
from hub.games import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "s3cret-Pa55"


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``citadels-hub ARGV`` in process: (exit code, stdout, stderr), argparse exits included."""
    try:
        code = main(argv)
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_refusal(code: int, err: str, fragment: str, expected_code: int = 2) -> None:
    assert code == expected_code, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and fragment in err, err
    assert PASSWORD not in err


def files_in(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir() if p.is_file()}


@pytest.fixture()
def tags(tmp_path: Path) -> Path:
    path = tmp_path / "tags.json"
    TagRegistry.virtual().save(path)
    return path


# --- arguments refused while parsing ---------------------------------------------------
@pytest.mark.parametrize("argv, fragment", [
    (["sim", "--headless", "--deck", "nosuch"], "unknown deck 'nosuch'; known: 2000, classic, museum_quarry"),
    (["sim", "--port", "84464"], "a port must be 1..65535, not 84464"),
    (["sim", "--port", "0"], "a port must be 1..65535"),
    (["sim", "--port", "http"], "a port must be a whole number"),
    (["sim", "--players", "9"], "number of players must be 2..7"),
    (["sim", "--seed", "-1"], "a seed must be 0.."),
    (["sim", "--seed", "1e3"], "a seed must be a whole number"),
    (["sim", "--games", "0"], "number of games must be 1.."),
    (["sim", "--speed", "-1"], "0..3600 seconds"),
    (["sim", "--headless", "--broker", f"mqtt//hub:{PASSWORD}@localhost"], "'mqtt//hub:***@localhost' is not a broker URL"),
    (["sim", "--headless", "--broker", f"mqtt://hub:{PASSWORD}@localhost:99999"], "bad port"),
    (["sim", "--headless", "--broker", f"tcp://hub:{PASSWORD}@localhost"], "is not a broker URL"),
    (["sim", "--headless", "--broker", "mqtt://:1883"], "names no broker host"),
    (["enroll", "--tags", "t.json", "--broker", f"mqtt:/hub:{PASSWORD}@localhost"], "mqtt:/hub:***@localhost"),
    (["enroll", "--tags", "t.json", "--seat", "8"], "a seat must be 1..7"),
    (["run", "--tags", "t.json", "--deck", "nosuch"], "unknown deck"),
    (["sim", "--headless", "--names", "Ann,ann"], "--names: seat 2's name 'ann' is seat 1's too"),
    (["sim", "--headless", "--names", "Ann,Bob\u202e"], "--names: seat 2's name contains text-direction characters"),
    (["sim", "--headless", "--players", "2", "--names", "A,B,C"], "--names: 3 names given for 2 players"),
    (["sim", "--headless", "--engine-only", "--names", "Maximilian von Habsburg"], "seat 1's name is 23 characters"),
    (["run", "--tags", "t.json", "--headless", "--names", "Seat 3,Bob"], "seat 1's name 'Seat 3' reads as seat 3's"),
    (["replay"], "required: FILE"),
    (["nosuch"], "invalid choice"),
])
def test_bad_arguments_are_one_line_and_exit_2(argv: list[str], fragment: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(argv, capsys)
    assert_one_line_refusal(code, err, fragment)
    assert out == "" and list(tmp_path.iterdir()) == []


# --- tag registry files -----------------------------------------------------------------
@pytest.mark.parametrize("name, content, fragment", [
    ("folder", None, "is a folder, not a file"),
    ("list.json", "[]", "is not a version-1 registry"),
    ("text.json", "not json", "is not valid JSON"),
    ("deep.json", "[" * 100_000, "is not valid JSON"),
    ("binary.json", b"\xff\xfe\x00junk", "is not a text file"),
    ("tags-list.json", json.dumps({"version": 1, "tags": []}), "is not a version-1 registry"),
    ("bad-deck.json", json.dumps({"version": 1, "deck": "nosuch", "tags": {}}), "unknown deck 'nosuch'"),
    ("bad-deck-type.json", json.dumps({"version": 1, "deck": ["x"], "tags": {}}), "unknown deck"),
    ("bad-card.json", json.dumps({"version": 1, "tags": {"04AA": "district:nosuch:1"}}), "not a card of deck classic"),
    ("bad-ref.json", json.dumps({"version": 1, "tags": {"04AA": 7}}), "not a card of deck classic"),
    ("copy.json", json.dumps({"version": 1, "tags": {"04AA": "district:manor:99"}}), "not a card"),
    ("under-a-file/tags.json", None, "cannot be read"),
])
def test_unusable_tag_files_are_one_line(name: str, content: Any, fragment: str, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / name
    if name == "folder":
        path.mkdir()
    elif name.startswith("under-a-file"):
        (tmp_path / "under-a-file").write_text("a file, not a folder")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    before = files_in(tmp_path)
    code, _out, err = run_cli(["run", "--tags", str(path), "--headless", "--db", str(tmp_path / "g.db")], capsys)
    assert_one_line_refusal(code, err, fragment)
    assert files_in(tmp_path) == before  # no database created


def test_a_good_tag_file_still_loads(tags: Path) -> None:
    registry = TagRegistry.load(tags)
    assert len(registry.tags) == 76 and registry.deck == "classic"


# --- a failing `run`/`sim` creates nothing ------------------------------------------------
@pytest.fixture()
def busy_port() -> Any:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        yield listener.getsockname()[1]


def test_port_in_use_is_one_line_and_creates_no_database(busy_port: int, tags: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    before = files_in(tmp_path)
    for argv in (["run", "--tags", str(tags)], ["sim", "--players", "2"]):
        code, out, err = run_cli([*argv, "--host", "127.0.0.1", "--port", str(busy_port),
                                  "--db", str(tmp_path / "g.db"), "--no-qr"], capsys)
        assert_one_line_refusal(code, err, f"port {busy_port} is already in use")
        assert out == ""
    assert files_in(tmp_path) == before


def test_unknown_host_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run_cli(["sim", "--host", "no such host.invalid", "--port", "8123"], capsys)
    assert_one_line_refusal(code, err, "is not an address of this machine")


@pytest.mark.parametrize("db, fragment", [
    ("missing-folder/g.db", "the folder"),
    (".", "is a folder"),
])
def test_a_database_that_cannot_be_created_is_refused_first(db: str, fragment: str, tags: Path, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    before = files_in(tmp_path)
    for argv in (["run", "--tags", str(tags), "--headless"], ["sim", "--headless", "--players", "2"]):
        code, _out, err = run_cli([*argv, "--db", db], capsys)
        assert_one_line_refusal(code, err, fragment)
    assert files_in(tmp_path) == before and not (tmp_path / "missing-folder").exists()


def test_enroll_refuses_a_registry_it_could_not_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for tags_path, fragment in ((tmp_path / "no-folder" / "tags.json", "does not exist"), (tmp_path, "is a folder")):
        code, _out, err = run_cli(["enroll", "--tags", str(tags_path), "--broker", "inproc://enroll-test"], capsys)
        assert_one_line_refusal(code, err, fragment)
    assert list(tmp_path.iterdir()) == []


def test_resume_without_a_database_is_refused(tags: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["run", "--tags", str(tags), "--headless", "--resume"], ["sim", "--headless", "--resume"]):
        code, _out, err = run_cli(argv, capsys)
        assert_one_line_refusal(code, err, "--resume needs --db FILE")


def test_a_bad_serial_spec_is_refused_before_the_database(tags: Path, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run_cli(["run", "--tags", str(tags), "--headless", "--serial", "/dev/ttyUSB0:9",
                               "--db", str(tmp_path / "g.db")], capsys)
    assert_one_line_refusal(code, err, "seat must be 1..7")
    assert not (tmp_path / "g.db").exists()


# --- replay and export -------------------------------------------------------------------
@pytest.fixture()
def stored_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    db = tmp_path / "games" / "g.db"
    db.parent.mkdir()
    assert main(["sim", "--headless", "--json", "--players", "2", "--seed", "3", "--db", str(db)]) == 0
    capsys.readouterr()
    gc.collect()  # the in-process run's last connection closes: the file is at rest, alone
    assert [p.name for p in db.parent.iterdir()] == ["g.db"]
    return db


@pytest.mark.parametrize("command", [["replay"], ["export"], ["export", "-o", "out.txt"], ["replay", "--list"]])
def test_replay_and_export_on_a_mistyped_path_create_nothing(command: list[str], tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli([command[0], "typo.db", *command[1:]], capsys)
    assert_one_line_refusal(code, err, "no game database at typo.db")
    assert out == "" and list(tmp_path.iterdir()) == []
    code, out, err = run_cli([command[0], str(tmp_path), *command[1:]], capsys)
    assert_one_line_refusal(code, err, "is a folder")
    assert list(tmp_path.iterdir()) == []


def test_replay_leaves_a_file_that_is_not_a_game_database_unchanged(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE birds (name TEXT)")
    conn.close()
    before = files_in(tmp_path)
    for path, fragment in ((text, "not an SQLite file"), (empty, "not an SQLite file"),
                           (other, "not a game database written with --db")):
        code, out, err = run_cli(["replay", str(path)], capsys)
        assert_one_line_refusal(code, err, fragment, expected_code=3)
    assert files_in(tmp_path) == before


def test_a_stored_setup_that_is_not_an_object_is_one_line(stored_game: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    for bad in ("[1, 2]", "7", "{\"players\": \"x\"}", "{\"players\": 4, \"start\": [3]}", "not json"):
        with sqlite3.connect(stored_game) as conn:
            conn.execute("UPDATE games SET setup_json = ?", (bad,))
        conn.close()
        for command in (["replay"], ["export"], ["replay", "--json"]):
            code, _out, err = run_cli([command[0], str(stored_game), *command[1:]], capsys)
            assert_one_line_refusal(code, err, "has an unreadable setup", expected_code=3)


def test_export_to_a_bad_output_changes_nothing(stored_game: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    before = files_in(stored_game.parent)
    for output, fragment in ((tmp_path / "no-folder" / "out.txt", "cannot write"), (tmp_path, "is a folder")):
        code, out, err = run_cli(["export", str(stored_game), "-o", str(output)], capsys)
        assert_one_line_refusal(code, err, fragment)
    assert not (tmp_path / "no-folder").exists()
    assert files_in(stored_game.parent) == before
    code, _out, _err = run_cli(["export", str(stored_game), "-o", str(tmp_path / "out.txt")], capsys)
    assert code == 0 and (tmp_path / "out.txt").read_text().startswith("# Citadels game 1")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".export-")] == []


def test_replay_of_a_good_database_leaves_no_side_files(stored_game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = files_in(stored_game.parent)
    code, out, _err = run_cli(["replay", str(stored_game)], capsys)
    assert code == 0 and "wins" in out
    assert files_in(stored_game.parent) == before


# --- no password, no traceback, whatever fails ------------------------------------------
def test_guarded_masks_passwords_and_never_prints_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    def fails(exc: BaseException) -> Any:
        def command() -> int:
            raise exc
        return command

    cases = [
        (ValueError(f"unsupported bus URL 'mqtt:/hub:{PASSWORD}@h'"), 2, "mqtt:/hub:***@h"),
        (ConnectionRefusedError(111, "Connection refused"), 2, "Connection refused"),
        (KeyError("unknown deck 'x'"), 2, "unknown deck 'x'"),
        (RuntimeError(f"broker mqtt://hub:{PASSWORD}@h\nsecond line"), 1, "unexpected RuntimeError"),
    ]
    for exc, expected, fragment in cases:
        code = guarded(fails(exc))
        assert_one_line_refusal(code, capsys.readouterr().err, fragment, expected_code=expected)


@pytest.mark.parametrize("text, masked", [
    (f"mqtt://hub:{PASSWORD}@localhost:1883", "mqtt://hub:***@localhost:1883"),
    (f"mqtts://hub:{PASSWORD}@h", "mqtts://hub:***@h"),
    (f"got 'mqtt//hub:{PASSWORD}@localhost'", "got 'mqtt//hub:***@localhost'"),
    (f"mqtt:hub:{PASSWORD}@h", "mqtt:***@h"),
    (f"hub:{PASSWORD}@h", "hub:***@h"),
    ("hub:p@ss@h", "hub:***@h"),
    ("mqtt://hub:a/b@h", "mqtt://hub:***@h"),
    ("mqtt://hub@h and mqtt://h:1883", "mqtt://hub@h and mqtt://h:1883"),
])
def test_passwords_are_masked_in_any_url_shape(text: str, masked: str) -> None:
    assert mask_password(text) == masked


def test_tokens_are_masked_in_paths() -> None:
    assert mask_tokens("POST /api/admin/abcDEF_123-x/game") == "POST /api/admin/***/game"
    assert mask_tokens("http://10.0.0.2:8000/seat/Zz9_token?x=1") == "http://10.0.0.2:8000/seat/***?x=1"
    assert mask_secrets("GET /api/seat/t0k/answer from mqtt://u:pw@h") == "GET /api/seat/***/answer from mqtt://u:***@h"
    assert mask_tokens("/api/public and /events") == "/api/public and /events"


@pytest.mark.slow  # a `citadels-hub` process for each example
def test_the_real_command_prints_one_line_not_a_traceback(tmp_path: Path) -> None:
    """The installed entry point end to end (a subprocess), for the issue's own examples."""
    (tmp_path / "list.json").write_text("[]")
    for argv, fragment in ((["sim", "--headless", "--json", "--deck", "nosuch"], "unknown deck"),
                           (["run", "--tags", str(tmp_path), "--headless"], "is a folder"),
                           (["run", "--tags", str(tmp_path / "list.json"), "--headless"], "version-1"),
                           (["replay", str(tmp_path / "typo.db")], "no game database")):
        done = subprocess.run([sys.executable, "-m", "hub.cli", *argv], cwd=ROOT, capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 2 and done.stdout == "", done
        assert len(done.stderr.strip().splitlines()) == 1 and fragment in done.stderr, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["list.json"]


def test_a_stored_game_database_opens_as_before(stored_game: Path) -> None:
    with EventStore(stored_game, REGISTRY) as store:
        assert store.load().setup.seed == 3


@pytest.mark.slow  # waits out a connection timeout
def test_an_unreachable_broker_is_named_without_its_password(tags: Path) -> None:
    """`run` against a broker that does not answer (it gives up, or keeps trying and says
    so): whatever it prints names the broker, never its password."""
    with socket.socket() as closed:  # a port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "hub.cli", "run", "--tags", str(tags), "--headless",
                             "--broker", f"mqtt://hub:{PASSWORD}@127.0.0.1:{port}"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        output, _ = proc.communicate(timeout=25)
    except subprocess.TimeoutExpired:  # still trying in the background: stop it, keep what it said
        proc.terminate()
        output, _ = proc.communicate(timeout=30)
    assert f"127.0.0.1:{port}" in output or "mqtt://hub:***@127.0.0.1" in output, output
    assert PASSWORD not in output and "Traceback" not in output, output


def test_broker_urls_take_a_ca_query_only_for_tls() -> None:
    import argparse

    from hub.cli_args import broker_url

    assert broker_url("mqtts://seat1:pw@pi.local:8883?ca=/etc/citadels/ca.crt").startswith("mqtts://")
    for bad in ("mqtt://pi.local:1883?ca=/x", "mqtts://pi.local?cert=/x", "mqtts://pi.local?ca=/x&y=1"):
        with pytest.raises(argparse.ArgumentTypeError):
            broker_url(bad)


# --- one way out ---------------------------------------------------------------------
HUB = ROOT / "hub"


def _calls_printing_to_stderr(tree: ast.AST) -> list[int]:
    """Lines that write to stderr by hand: print(..., file=sys.stderr), sys.stderr.write(...)."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name) and node.func.id == "print":
            if any(k.arg == "file" and ast.unparse(k.value) == "sys.stderr" for k in node.keywords):
                lines.append(node.lineno)
        elif ast.unparse(node.func) == "sys.stderr.write":
            lines.append(node.lineno)
    return lines


def test_every_error_line_goes_through_the_one_masking_path() -> None:
    """hub.exits.say/fail is the only writer of error lines: a new command cannot print an
    error that shows a password (it would have to write to stderr by hand, found here)."""
    found = {str(path.relative_to(ROOT)): lines for path in sorted(HUB.rglob("*.py"))
             if path != HUB / "exits.py" and (lines := _calls_printing_to_stderr(ast.parse(path.read_text())))}
    assert found == {}, f"write error lines with hub.exits.fail/say: {found}"


COMMAND_FUNCTIONS = re.compile(r"main|dispatch|guarded|_?cmd_\w+|_?run_\w+")


def test_commands_end_with_named_exit_codes() -> None:
    """A command (main, cmd_*, run_*) or any module that ends commands (it uses hub.exits)
    returns ExitCode members, never a bare number, and never calls sys.exit with one."""
    found = []
    for path in sorted(HUB.rglob("*.py")):
        if path == HUB / "exits.py":
            continue
        tree = ast.parse(path.read_text())
        uses_exits = "hub.exits" in {getattr(n, "module", None) for n in ast.walk(tree)}
        scopes = [tree] if uses_exits else [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)
                                            and COMMAND_FUNCTIONS.fullmatch(f.name)]
        for scope in scopes:
            for node in ast.walk(scope):
                value = node.value if isinstance(node, ast.Return) else (
                    node.args[0] if isinstance(node, ast.Call) and ast.unparse(node.func) in ("sys.exit", "exit")
                    and node.args else None)
                if isinstance(value, ast.Constant) and type(value.value) is int:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == [], f"name these exit codes (hub.exits.ExitCode): {sorted(set(found))}"


def test_fail_says_one_masked_line_and_returns_its_code(capsys: pytest.CaptureFixture[str]) -> None:
    from hub.exits import ExitCode, fail

    code = fail(f"cannot reach mqtt://hub:{PASSWORD}@pi.local:1883\nthen gave up", ExitCode.STORE)
    err = capsys.readouterr().err
    assert code == 3 and code is ExitCode.STORE
    assert err == "citadels-hub: cannot reach mqtt://hub:***@pi.local:1883 then gave up\n"

