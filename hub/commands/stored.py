"""``citadels-hub replay FILE`` and ``citadels-hub export FILE``: read games back from the store."""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import tempfile
from contextlib import closing
from pathlib import Path
from typing import Any

from hub.errors import HubError
from hub.exits import ExitCode, fail

from hub.games import DEFAULT_GAME, REGISTRY
from hub.store import EventStore, StoreError, export_text

SQLITE_HEADER = b"SQLite format 3\x00"


def add_store_commands(sub: Any) -> None:
    replay = sub.add_parser("replay", help="replay a stored game and print how it stands (or ended)")
    replay.add_argument("file", metavar="FILE", help="the SQLite file written with --db")
    replay.add_argument("--game", type=int, default=None, help="game id (default: the latest)")
    replay.add_argument("--json", action="store_true", help="one JSON line: the summary, or the public view if unfinished")
    replay.add_argument("--list", action="store_true", help="list the stored games instead")

    export = sub.add_parser("export", help="write a stored game as a readable log")
    export.add_argument("file", metavar="FILE", nargs="?", help="the SQLite file written with --db")
    export.add_argument("--db", dest="db_file", default=None, metavar="FILE", help="same as FILE")
    export.add_argument("--game", type=int, default=None, help="game id (default: the latest)")
    export.add_argument("--format", choices=["text", "json"], default="text",
                        help="text: numbered actions with what they mean; json: setup, actions and meta")
    export.add_argument("-o", "--output", default=None, help="write here instead of standard output")


def run_store_command(args: argparse.Namespace) -> int:
    path = args.file or getattr(args, "db_file", None)
    if not path:
        return fail("which game database? give FILE or --db FILE", ExitCode.BAD_INPUT)
    try:
        check_game_database(path)
        with EventStore(path, REGISTRY) as store:
            if args.command == "replay":
                return _replay(store, args)
            return _export(store, args)
    except StoreError as exc:
        return fail(str(exc), ExitCode.STORE)
    except HubError as exc:  # a game's refusal: the stored log does not fit its rules
        return fail(f"the stored game does not replay: {exc}", ExitCode.STORE)


def check_game_database(path: str) -> None:
    """Refuse, before opening it, a path that is not an existing game database: opening
    a mistyped path would create an empty database, or add tables to another program's."""
    check_existing_database(path)
    try:
        with open(path, "rb") as f:
            header = f.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise StoreError("cannot_open", f"cannot read {path} ({exc.strerror or exc})") from None
    if header != SQLITE_HEADER:
        raise StoreError("corrupt", f"{path} is not a game database (not an SQLite file)")
    try:
        with closing(sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)) as peek:
            tables = {row[0] for row in peek.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as exc:
        raise StoreError("corrupt", f"{path} is not a readable game database ({exc})") from None
    if not {"games", "actions"} <= tables:
        raise StoreError("corrupt", f"{path} is an SQLite file but not a game database written with --db")


def check_existing_database(path: str) -> None:
    """A game database to read (replay, export): it must already be there."""
    if os.path.isdir(path):
        raise BadDatabasePath(f"{path} is a folder, not a game database file")
    if not os.path.isfile(path):
        raise BadDatabasePath(f"no game database at {path} (check the path; nothing was created)")


class BadDatabasePath(ValueError):
    """The path given for a game database to read names no such file."""


def _replay(store: EventStore, args: argparse.Namespace) -> int:
    if args.list:
        for game_id, created, n in store.games():
            print(f"{game_id}\t{created}\t{n} actions")
        return ExitCode.OK
    stored = store.load(args.game)
    game = stored.replay()
    out, lines = stored.plugin.replay_report(stored.id, game)
    if args.json:
        print(json.dumps(out, ensure_ascii=False, separators=(",", ":")))
        return ExitCode.OK
    if not game.over:  # the game's own line says how far it got; how to carry it on is the store's
        lines[-1] += f"; {how_to_carry_on(store, stored)}"
    print("\n".join(lines))
    return ExitCode.OK


def how_to_carry_on(store: EventStore, stored: Any) -> str:
    """How an unfinished stored game is carried on: a table's hub (`run`) goes on with the
    latest unfinished game of its database when it starts; a simulated game (its seats are
    the simulator's, ``sim-...``) with ``sim --resume``."""
    path = store.path
    if stored.id != store.latest_game():
        return f"only the latest game in {path} is carried on, and this is not it"
    devices = {str(m["device"]) for m in stored.meta if "device" in m}
    simulated = bool(devices) and all(d.startswith("sim-") for d in devices)
    table = bool(devices) and not simulated
    name = stored.plugin.name  # another game than the default is named, or the command would refuse the file
    game = "" if name == DEFAULT_GAME else f" --game {name}"
    sim = f"citadels-hub sim{game} --resume --db {path}"
    run = f"the hub carries it on when it starts with this database (citadels-hub run{game} ... --db {path})"
    if simulated:
        return f"carry it on with: {sim}"
    if table:
        return run
    return f"{run}; a simulated game: {sim}"


def _export(store: EventStore, args: argparse.Namespace) -> int:
    stored = store.load(args.game)
    if args.format == "json":
        text = json.dumps({"game": stored.id, "created": stored.created, "setup": stored.setup.to_json(),
                           "actions": [{"text": t, **({"meta": m} if m else {})}
                                       for t, m in zip(stored.actions, stored.meta)]},
                          ensure_ascii=False, indent=1) + "\n"
    else:
        text = export_text(stored)
    if args.output:
        write_whole(args.output, text)
    else:
        sys.stdout.write(text)
    return ExitCode.OK


def write_whole(path: str, text: str) -> None:
    """Write ``text`` to ``path`` all at once (a temporary file renamed): a failed export
    leaves no half-written file and an existing one untouched."""
    if os.path.isdir(path):
        raise ValueError(f"-o {path} is a folder; name a file")
    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".export-")
    except OSError as exc:
        raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        os.unlink(tmp)
        raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None
