"""SQLite event store: a game is which game it is (its plug-in's name and rules version),
its setup, and the ordered list of accepted actions. It knows no game and imports no
registry: it is given the games it may hold (`Games`, the registry's `hub.games.REGISTRY`),
and a stored game's ``game`` column picks its plug-in there; games stored before that
column existed are the registry's default game (the only game there was).

The state is never stored: it is rebuilt with the plug-in's ``replay(setup, actions)``. Every
``append`` is committed (WAL, ``synchronous=FULL``) before it returns, so an action the
table has been told about is on disk. The log is checkpointed into the database every few
actions and whenever a store opens, so a damaged log can cost only its last few actions;
a damaged log is refused as ``StoreError("corrupt")`` before SQLite touches it, never
opened as if it were empty (hub/store/integrity.py). Failures to write (full disk,
read-only file) are raised as ``StoreError`` with a message a person at the table can act on.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Protocol

from hub.errors import HubError

from .integrity import wal_damage

__all__ = ["EventStore", "Games", "StoreError", "StoredGame", "Recorder", "replay_stored", "not_resumable",
           "restore_table_state", "export_text", "SimRuns", "TableRecord"]


class Games(Protocol):
    """The games a store may hold, as it reads them (`hub.games.REGISTRY`): a game's plug-in
    by its stored name (None: the default game) or by one of its setups. The store calls
    only what it needs of a plug-in: ``name``, ``rules_version``, ``setup_from_json``,
    ``replay``, ``new_game``, ``parse_action`` and ``export_text``."""

    def plugin_named(self, name: str | None) -> Any: ...  # KeyError: a game this hub does not know

    def plugin_for(self, setup: Any) -> Any: ...

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    setup_json TEXT NOT NULL,
    created TEXT NOT NULL,
    game TEXT,
    rules TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    idx INTEGER NOT NULL,
    text TEXT NOT NULL,
    meta_json TEXT,
    PRIMARY KEY (game_id, idx)
);
"""

GAME_COLUMNS = (("game", "TEXT"), ("rules", "TEXT"))
"""Added to a file written before they existed (its games have NULL there: the default game)."""

SETTINGS_SCHEMA = "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value_json TEXT NOT NULL)"
"""What the table keeps beside its games, e.g. the phone links (`links`), so they survive restarts."""


class StoreError(HubError, RuntimeError):
    """The event store cannot be read or written; ``code`` says why in one word."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message, text=message)
        self.public = code != "diverged"  # may the table read it? ("diverged" quotes two actions)


def _explain(exc: BaseException, path: str, doing: str) -> StoreError:
    text = str(exc).lower()
    if "full" in text:
        return StoreError("disk_full", f"cannot {doing}: the disk holding {path} is full ({exc}); "
                                       "free some space, then restart the hub with --resume")
    if "readonly" in text or "read-only" in text or "read only" in text:
        return StoreError("read_only", f"cannot {doing}: {path} is read-only ({exc}); "
                                       "fix its permissions, then restart the hub with --resume")
    if "unable to open" in text or "permission" in text:
        return StoreError("cannot_open", f"cannot {doing}: cannot open {path} ({exc})")
    if "locked" in text or "busy" in text:
        return StoreError("locked", f"cannot {doing}: {path} is locked by another process ({exc})")
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return StoreError("corrupt", f"cannot {doing}: {path} is not a readable game database ({exc}); "
                                     "it is kept as it is: move it away to start a new game")
    return StoreError("store_error", f"cannot {doing} in {path}: {exc}")


class StoredGame:
    """One game as stored: its setup, action texts and per-action meta (tag UID, device...),
    which game it is (`plugin`) and the rules version that wrote it (None: written before
    the store kept one)."""

    def __init__(self, game_id: int, setup: Any, actions: list[str], meta: list[dict[str, Any]], created: str,
                 plugin: Any, rules: str | None = None):
        self.id = game_id
        self.setup = setup
        self.actions = actions
        self.meta = meta
        self.created = created
        self.plugin = plugin  # the game's plug-in, from the store's `Games`
        self.rules = rules

    def __iter__(self) -> Any:  # (setup, actions, meta) unpacking, as load() promises
        return iter((self.setup, self.actions, self.meta))

    def replay(self) -> Any:
        return self.plugin.replay(self.setup, self.actions)


CHECKPOINT_PAGES = 16
"""The log is folded into the database once it holds this many pages (a few actions' worth;
SQLite's default, 1,000, kept a whole game in the log alone)."""


def damaged(path: str, why: str) -> StoreError:
    """The one line a damaged database is refused with: what happened and what to do."""
    return StoreError("corrupt", f"the game database {path} is damaged ({why}); it is kept as it is: "
                                 "copy it aside, then move it away to start a new game "
                                 "(docs/persistence.md says how to save what is still readable)")


def file_of(path: str) -> str:
    """The file an SQLite path or `file:` URI names."""
    return path[len("file:"):].split("?", 1)[0] if path.startswith("file:") else path


class EventStore:
    """``EventStore(path, games)``: one SQLite file in WAL mode, safe to share between
    threads, holding games of `games` (the registry, `hub.games.REGISTRY`). A store opened
    without `games` keeps settings only: starting or loading a game raises StoreError."""

    def __init__(self, path: str | Path, games: Games | None = None, *, timeout: float = 5.0) -> None:
        self.path = str(path)
        self._games = games
        self._lock = threading.RLock()
        why = wal_damage(file_of(self.path))  # before SQLite reads (and forgets) a damaged log
        if why is not None:
            raise damaged(self.path, why)
        try:
            self._db = sqlite3.connect(self.path, timeout=timeout, check_same_thread=False, isolation_level=None,
                                       uri=self.path.startswith("file:"))  # file:...?mode=ro opens read-only
        except sqlite3.Error as exc:
            raise _explain(exc, self.path, "open the game database") from exc
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute(f"PRAGMA wal_autocheckpoint={CHECKPOINT_PAGES}")
            problems = [str(row[0]) for row in self._db.execute("PRAGMA quick_check").fetchall()]
            if problems != ["ok"]:
                raise damaged(self.path, "; ".join(problems)[:200])
            self._checkpoint()
            if not self._db.execute("SELECT name FROM sqlite_master WHERE name = 'actions'").fetchall():
                self._db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            self._db.close()
            raise _explain(exc, self.path, "open the game database") from exc
        except StoreError:
            self._db.close()
            raise

    def _checkpoint(self) -> None:
        """Fold the log into the database now (what a crashed run left in it, too)."""
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        except sqlite3.Error:
            pass  # read-only or busy: the log stays as it is, still sound

    # ------------------------------------------------------------------ writing
    def _write(self, doing: str, sql: str, params: tuple[Any, ...]) -> sqlite3.Cursor:
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    cur = self._db.execute(sql, params)
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                    raise
                return cur
            except sqlite3.Error as exc:
                raise _explain(exc, self.path, doing) from exc

    def _game_columns(self) -> bool:
        """Whether the games table has the game and rules columns (a file of today's hub)."""
        rows = self._read("read the games table", "PRAGMA table_info(games)")
        return {"game", "rules"} <= {str(row[1]) for row in rows}

    def games_held(self) -> Games:
        """The games this store may hold; StoreError if it was opened for its settings only."""
        if self._games is None:
            raise StoreError("no_games", f"{self.path} was opened without the games it holds (a bug)")
        return self._games

    def start_game(self, setup: Any) -> int:
        created = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        plugin = self.games_held().plugin_for(setup)
        if not self._game_columns():  # a file written before the store said which game
            for column, kind in GAME_COLUMNS:
                self._write("add the game column", f"ALTER TABLE games ADD COLUMN {column} {kind}", ())
        cur = self._write("start a game", "INSERT INTO games (setup_json, created, game, rules) VALUES (?, ?, ?, ?)",
                          (json.dumps(setup.to_json(), sort_keys=True), created, plugin.name, plugin.rules_version))
        assert cur.lastrowid is not None
        return int(cur.lastrowid)

    def append(self, game_id: int, action_text: str, meta: dict[str, Any] | None = None) -> int:
        """Store the next action of a game; committed (and synced) when this returns. Returns its index."""
        with self._lock:
            idx = self.count(game_id)
            self._write(f"record action {idx + 1}",  # never its text: the message may be shown to the table
                        "INSERT INTO actions (game_id, idx, text, meta_json) VALUES (?, ?, ?, ?)",
                        (game_id, idx, str(action_text), json.dumps(meta, sort_keys=True) if meta else None))
            return idx

    def amend(self, game_id: int, idx: int, fields: dict[str, Any]) -> None:
        """Add `fields` to the meta of stored action `idx`: what the table learned of it
        later (the tag of a card entered by hand, read at last on its owner's reader).
        The action itself never changes. Committed when this returns."""
        with self._lock:
            rows = self._read("amend an action", "SELECT meta_json FROM actions WHERE game_id = ? AND idx = ?",
                              (game_id, idx))
            if not rows:
                raise StoreError("diverged", f"game {game_id} in {self.path} holds no action {idx} to amend")
            meta = {**_stored_meta(rows[0][0], f"action {idx} of game {game_id} in {self.path}"), **fields}
            self._write(f"amend action {idx + 1}", "UPDATE actions SET meta_json = ? WHERE game_id = ? AND idx = ?",
                        (json.dumps(meta, sort_keys=True), game_id, idx))

    # ------------------------------------------------------------------ reading
    def _read(self, doing: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return list(self._db.execute(sql, params).fetchall())
            except sqlite3.Error as exc:
                raise _explain(exc, self.path, doing) from exc

    def count(self, game_id: int) -> int:
        return int(self._read("count actions", "SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,))[0][0])

    def latest_game(self) -> int | None:
        rows = self._read("find the latest game", "SELECT MAX(id) FROM games")
        return None if rows[0][0] is None else int(rows[0][0])

    def games(self) -> list[tuple[int, str, int]]:
        """(id, created, number of actions) of every stored game, oldest first."""
        rows = self._read("list games", "SELECT g.id, g.created, (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) "
                                        "FROM games g ORDER BY g.id")
        return [(int(i), str(c), int(n)) for i, c, n in rows]

    def game_name(self, game_id: int) -> str | None:
        """Which game stored game `game_id` is, as its ``game`` column says (None: the
        default game, as every game stored before the column existed), whether or not this
        hub has its plug-in."""
        if not self._game_columns():
            return None
        rows = self._read("read which game", "SELECT game FROM games WHERE id = ?", (game_id,))
        return None if not rows or rows[0][0] is None else str(rows[0][0])

    def load(self, game_id: int | None = None) -> StoredGame:
        """The stored game (default: the latest). Unpacks as ``setup, actions, meta``."""
        if game_id is None:
            game_id = self.latest_game()
            if game_id is None:
                raise StoreError("no_game", f"{self.path} holds no game")
        columns = "setup_json, created, game, rules" if self._game_columns() else "setup_json, created, NULL, NULL"
        rows = self._read("load a game", f"SELECT {columns} FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise StoreError("no_game", f"{self.path} holds no game {game_id}")
        where = f"game {game_id} in {self.path}"
        try:
            plugin = self.games_held().plugin_named(rows[0][2])
        except KeyError as exc:
            raise StoreError("unknown_game", f"{where} is a game this hub does not know: {exc.args[0]}") from None
        setup = _stored_setup(plugin, rows[0][0], where)
        acts = self._read("load a game", "SELECT idx, text, meta_json FROM actions WHERE game_id = ? ORDER BY idx",
                          (game_id,))
        for expected, (idx, _text, _meta) in enumerate(acts):
            if idx != expected:
                raise StoreError("corrupt", f"game {game_id} in {self.path}: action {expected} is missing")
        return StoredGame(game_id, setup, [str(t) for _, t, _ in acts],
                          [_stored_meta(m, f"action {i} of game {game_id} in {self.path}") for i, (_, _, m) in enumerate(acts)],
                          str(rows[0][1]), plugin, None if rows[0][3] is None else str(rows[0][3]))

    # ------------------------------------------------------------------ settings
    def setting(self, key: str) -> Any:
        """A stored setting (JSON value), or None if never set."""
        if not self._read("read the settings", "SELECT name FROM sqlite_master WHERE name = 'settings'"):
            return None
        rows = self._read("read the settings", "SELECT value_json FROM settings WHERE key = ?", (key,))
        if not rows:
            return None
        try:
            return json.loads(rows[0][0])
        except (TypeError, ValueError, RecursionError) as exc:
            raise StoreError("corrupt", f"the setting {key!r} in {self.path} is unreadable ({exc}); the file is "
                                        "kept as it is: move it away to start afresh") from exc

    def set_setting(self, key: str, value: Any) -> None:
        """Store a setting (committed and synced when this returns)."""
        with self._lock:
            try:
                self._db.execute(SETTINGS_SCHEMA)
            except sqlite3.Error as exc:
                raise _explain(exc, self.path, "store the settings") from exc
            self._write(f"store the setting {key!r}", "INSERT OR REPLACE INTO settings (key, value_json) VALUES (?, ?)",
                        (key, json.dumps(value, sort_keys=True)))

    def close(self) -> None:
        with self._lock:
            try:
                self._db.close()
            except sqlite3.Error:
                pass

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _stored_meta(text: Any, where: str) -> dict[str, Any]:
    """An action's meta column read back ({} when empty), or StoreError("corrupt")."""
    if not text:
        return {}
    try:
        meta = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StoreError("corrupt", f"{where} has unreadable details: {exc}") from exc
    if not isinstance(meta, dict):
        raise StoreError("corrupt", f"{where} has unreadable details: a JSON {type(meta).__name__}, not an object")
    return meta


def _stored_setup(plugin: Any, text: Any, where: str) -> Any:
    """The setup column read back, or StoreError("corrupt") naming what is wrong with it."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StoreError("corrupt", f"{where} has an unreadable setup: {exc}") from exc
    if not isinstance(data, dict):
        raise StoreError("corrupt", f"{where} has an unreadable setup: a JSON {type(data).__name__}, not an object")
    try:
        return plugin.setup_from_json(data)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise StoreError("corrupt", f"{where} has an unreadable setup: {exc}") from exc


class Recorder:
    """The journal of one game: appends each accepted action, with its meta, to the store.

    Pass the recorder itself as ``TableService(journal_meta=...)``: called with (action,
    meta) it journals the action, and its ``amend`` keeps what the table learns later of
    an action already stored. ``recorder.journal_action`` is the one-argument ``journal``.
    A resumed game appends to its stored log: the table was rebuilt from it (``replay_stored``).
    """

    def __init__(self, store: EventStore, game_id: int) -> None:
        self.store = store
        self.game_id = game_id
        self.written = 0

    @classmethod
    def new_game(cls, store: EventStore, setup: Any) -> Recorder:
        return cls(store, store.start_game(setup))

    def journal(self, action: Any, meta: dict[str, Any] | None = None) -> None:
        self.store.append(self.game_id, str(action), meta)
        self.written += 1

    __call__ = journal  # the recorder is the table's JournalMeta

    def amend(self, idx: int, fields: dict[str, Any]) -> None:
        """Keep `fields` beside stored action `idx` (``EventStore.amend``)."""
        self.store.amend(self.game_id, idx, fields)

    def journal_action(self, action: Any) -> None:
        self.journal(action, None)


def replay_stored(stored: StoredGame, path: str, what_to_do: str) -> Any:
    """The stored game rebuilt from its log (by its plug-in), as the table resumes it; a log
    the rules refuse raises ``StoreError("diverged")`` naming the action and `what_to_do` next."""
    game = stored.plugin.new_game(stored.setup)
    parse = stored.plugin.parse_action
    for index, text in enumerate(stored.actions):
        try:
            game.apply(parse(text))
        except Exception as exc:  # IllegalAction, or any rule that cannot take it
            raise not_resumable(stored, path, index, f"the rules refuse it ({getattr(exc, 'code', type(exc).__name__)})",
                                "the file was changed, or written by a hub with other rules",
                                what_to_do) from exc
    return game


def not_resumable(stored: StoredGame, path: str, index: int, why: str, cause: str, what_to_do: str) -> StoreError:
    """Why stored game `stored` cannot be carried on at its action `index` (0-based), and
    what to do. The action is named by its number (as ``citadels-hub export`` numbers it),
    its seat and verb, never its cards: the message reaches the hub's log."""
    try:
        action = stored.plugin.parse_action(stored.actions[index])
        verb = getattr(action, "verb", "move")
        said = f"the table's {verb}" if action.seat == 0 else f"seat {action.seat}'s {verb}"
    except HubError:  # the game's coded refusal: not an action of it
        said = "an unreadable action"
    return StoreError("diverged", f"game {stored.id} in {path} cannot be resumed: at its action {index + 1} "
                                  f"({said}) {why}; {cause}. Nothing in the file was changed "
                                  f"('citadels-hub export {path} --game {stored.id}' shows the game). {what_to_do}")


def restore_table_state(service: Any, actions: list[str], meta: list[dict[str, Any]], parse: Any) -> None:
    """After ``TableService(..., game=Game.replay(...))``: rebuild what the service knows
    beside the game: which tag UID copy was built where (``city_uid``) and which seat
    events were already applied (so a device re-sending one after the restart is a
    duplicate, not a second action). `parse` reads an action's text (the game's
    plug-in's ``parse_action``)."""
    for text, m in zip(actions, meta):
        service.remember_applied(parse(text), m)


def export_text(stored: StoredGame) -> str:
    """A stored game as a readable log, in its own game's words (its plug-in's export)."""
    return str(stored.plugin.export_text(stored))


def _setup_key(setup: Any) -> str:
    return json.dumps(setup.to_json(), sort_keys=True)


class SimRuns:
    """The store side of ``citadels-hub sim --db FILE [--resume]``.

    Without ``resume`` every game is a new stored game. With ``resume`` each game of the
    series whose setup is already stored is carried on from its stored log: ``game(setup)``
    gives the stored game, which the simulated table rebuilds (the log is the truth: a
    correction the admin made, a phone's answer, stand as stored), and the recorder that
    appends to it. If the series asked for on the command line is not in the file (e.g.
    ``--resume --db F`` without ``--seed``), the series is the one that starts with the
    first stored game.
    """

    def __init__(self, path: str | Path, games: Games, setups: list[Any], resume: bool) -> None:
        self.store = EventStore(path, games)
        self.resume = resume
        self.setups = list(setups)
        self.stored: dict[str, int] = {}
        if resume:
            first: Any = None
            for game_id, _created, _n in self.store.games():
                setup = self.store.load(game_id).setup
                first = first or setup
                self.stored[_setup_key(setup)] = game_id  # the latest game with that setup
            if first is not None and self.setups and _setup_key(self.setups[0]) not in self.stored:
                from dataclasses import replace
                self.setups = [replace(first, seed=first.seed + i) for i in range(len(self.setups))]

    def game(self, setup: Any) -> tuple[Recorder, StoredGame | None]:
        """The recorder of `setup`'s game and, when resuming one already stored, that game."""
        game_id = self.stored.get(_setup_key(setup)) if self.resume else None
        if game_id is None:
            return Recorder.new_game(self.store, setup), None
        return Recorder(self.store, game_id), self.store.load(game_id)


class TableRecord:
    """The store side of ``citadels-hub run`` (a real table; see hub/table/run.py).

    ::

        record = TableRecord.open(path, REGISTRY, setup, resume=True, resume_finished=False)
        service = TableService(bus, registry, record.setup, table=..., game=record.game,
                               journal_meta=record.recorder)
        record.restore(service)   # city_uid and already-applied (device, boot, seq)

    Resuming replays the latest stored game (``replay_stored``) and appends to it; without
    ``resume`` (or with an empty file, or a finished game and ``resume_finished=False``)
    a new game is started with ``setup``: at once, or with ``start=False`` only when
    ``begin()`` is called (``run`` first connects to the broker: a refused login must
    leave no new game behind).
    """

    def __init__(self, store: EventStore, recorder: Recorder | None, setup: Any, game: Any,
                 stored: StoredGame | None) -> None:
        self.store = store
        self._recorder = recorder
        self.setup = setup
        self.game = game
        self.stored = stored

    @classmethod
    def open(cls, path: str | Path, games: Games, setup: Any, resume: bool, *, resume_finished: bool = True,
             start: bool = True) -> TableRecord:
        """With `resume_finished=False` a finished latest game is not resumed: a new game starts."""
        store = EventStore(path, games)
        if resume and store.latest_game() is not None:
            stored = store.load()
            game = replay_stored(stored, store.path, "To play on, start a new game with --new-game.")
            if resume_finished or not game.over:
                return cls(store, Recorder(store, stored.id), stored.setup, game, stored)
        record = cls(store, None, setup, None, None)
        if start:
            record.begin()
        return record

    def begin(self) -> Recorder:
        """The journal of the game this record holds: the resumed one, or a new one stored now."""
        if self._recorder is None:
            self._recorder = Recorder.new_game(self.store, self.setup)
        return self._recorder

    @property
    def recorder(self) -> Recorder:
        return self.begin()

    def restore(self, service: Any) -> None:
        if self.stored is not None:
            restore_table_state(service, self.stored.actions, self.stored.meta, self.stored.plugin.parse_action)
