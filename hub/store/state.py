"""Where a table keeps what must outlive the process: its games and its phone links.

`run` (and `sim` with the web page) keep a state directory, by default:

1. `$STATE_DIRECTORY` (set by systemd from the unit's `StateDirectory=citadels`: /var/lib/citadels),
2. `$XDG_STATE_HOME/citadels-hub`,
3. `~/.local/state/citadels-hub`;

or the directory given with `--state-dir`. It holds one SQLite event store per command
(`game.db` for `run`, `sim.db` for `sim`) with the games and the phone links. The directory
is private (0700) and the database file 0600: the links in it are the phones' credentials.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

STATE_DIRECTORY_ENV = "STATE_DIRECTORY"
APP_DIR = "citadels-hub"


def default_state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The state directory when `--state-dir` is not given (see the module docstring)."""
    env = os.environ if environ is None else environ
    systemd = env.get(STATE_DIRECTORY_ENV, "")
    if systemd:
        return Path(systemd.split(":")[0])  # systemd lists several when the unit names several
    xdg = env.get("XDG_STATE_HOME", "")
    base = Path(xdg) if xdg else Path.home() / ".local" / "state"
    return base / APP_DIR


def state_database(db: str | None, state_dir: str | None, name: str,
                   environ: Mapping[str, str] | None = None) -> str:
    """The event store a command uses: `--db FILE` if given, else `<state dir>/<name>`,
    created private (the directory 0700, the file 0600) if missing."""
    if db and db.startswith("file:"):
        return db  # an SQLite URI (e.g. ?mode=ro): SQLite opens it as it says
    if db:
        path = Path(db)
    else:
        directory = Path(state_dir) if state_dir else default_state_dir(environ)
        try:
            directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            raise ValueError(f"cannot create the state directory {directory}: {exc.strerror or exc} "
                             "(choose another with --state-dir DIR)") from exc
        path = directory / name
    if not path.exists():
        try:
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))  # SQLite's WAL files copy these bits
        except OSError as exc:
            raise ValueError(f"cannot create the game database {path}: {exc.strerror or exc}") from exc
    return str(path)
