"""The shipped systemd unit (hardware/citadels-hub.service) as a command a test can run.

`unit_command(state_dir, broker_url)` reads the unit's `Environment=` and `ExecStart=`
lines and does what systemd would, with test paths: `${VAR}` expanded from the unit's
environment (the test's values win), the installed `citadels-hub` replaced by this
checkout's `python -m hub.cli`, `/var/lib/citadels` by `state_dir`, and `STATE_DIRECTORY`
set as `StateDirectory=` does. So a test restarting it restarts exactly what the Pi runs.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

UNIT = Path(__file__).resolve().parent.parent / "hardware" / "citadels-hub.service"
INSTALLED_BINARY = "/opt/citadels/venv/bin/citadels-hub"
INSTALLED_STATE = "/var/lib/citadels"


@dataclass(frozen=True)
class UnitCommand:
    argv: list[str]
    env: dict[str, str]
    cwd: Path

    def start(self) -> subprocess.Popen[str]:
        """Start it as systemd would (own process group so a test can SIGKILL it alone)."""
        return subprocess.Popen(self.argv, env=self.env, cwd=self.cwd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=True)


def kill(process: subprocess.Popen[str]) -> None:
    """SIGKILL to the unit's process group: no goodbye, no flush; what is stored is all that is left."""
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)


def stop(process: subprocess.Popen[str]) -> None:
    """SIGTERM as `systemctl stop` sends it; a hub that hangs on exit is killed."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            kill(process)


def service_section(unit: Path = UNIT) -> list[tuple[str, str]]:
    """(key, value) lines of the unit's [Service] section, in order."""
    lines: list[tuple[str, str]] = []
    section = ""
    for raw in unit.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line
            continue
        if section == "[Service]" and "=" in line:
            key, value = line.split("=", 1)
            lines.append((key.strip(), value.strip()))
    return lines


def unit_command(state_dir: Path, broker_url: str, *, extra_args: Sequence[str] = (),
                 extra_env: Mapping[str, str] | None = None, unit: Path = UNIT) -> UnitCommand:
    """The unit's ExecStart for a test: `broker_url` as CITADELS_BROKER, `state_dir` as the
    state directory, `extra_args` appended (e.g. `--port N --voice none`), `extra_env` as
    the EnvironmentFile would give (e.g. CITADELS_BROKER_PASSWORD)."""
    service = service_section(unit)
    unit_env: dict[str, str] = {}
    for key, value in service:
        if key == "Environment":
            for assignment in shlex.split(value):
                name, _, val = assignment.partition("=")
                unit_env[name] = val
    unit_env["CITADELS_BROKER"] = broker_url
    unit_env.update(extra_env or {})
    exec_start = next(value for key, value in service if key == "ExecStart")
    words = [expanded for word in shlex.split(exec_start) for expanded in _expand(word, unit_env)]
    if words[0] != INSTALLED_BINARY:
        raise AssertionError(f"the unit runs {words[0]!r}, not {INSTALLED_BINARY}")
    argv = [sys.executable, "-m", "hub.cli", *(w.replace(INSTALLED_STATE, str(state_dir)) for w in words[1:]),
            *extra_args]
    env = {k: v for k, v in os.environ.items() if not k.startswith("CITADELS_")}
    env.update(unit_env)
    env["STATE_DIRECTORY"] = str(state_dir)
    env["PYTHONPATH"] = str(UNIT.parent.parent)
    env["PYTHONUNBUFFERED"] = "1"
    return UnitCommand(argv, env, state_dir)


def _expand(word: str, env: Mapping[str, str]) -> list[str]:
    """One ExecStart word as systemd expands it (systemd.service, "Command lines"): a word
    that is exactly `$VAR` becomes the value split at whitespace, zero or more words;
    `${VAR}`, and a variable inside a longer word, are substituted and stay one word."""
    whole = re.fullmatch(r"\$(\w+)", word)
    if whole:
        return env.get(whole.group(1), "").split()
    return [re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: env.get(m.group(1) or m.group(2), ""), word)]


class ProcessOutput:
    """Collects a running process's stdout and stderr lines (reader threads), so a test can
    wait for a line without blocking on a pipe."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        import threading

        self.process = process
        self.stdout: list[str] = []
        self.stderr: list[str] = []
        self._changed = threading.Condition()
        self._threads = [threading.Thread(target=self._pump, args=(stream, lines), daemon=True)
                         for stream, lines in ((process.stdout, self.stdout), (process.stderr, self.stderr))]
        for thread in self._threads:
            thread.start()

    def _pump(self, stream: object, lines: list[str]) -> None:
        for line in stream:  # type: ignore[attr-defined]
            with self._changed:
                lines.append(line.rstrip("\n"))
                self._changed.notify_all()

    def wait_for(self, pattern: str, timeout: float = 30.0, stream: str = "stdout") -> re.Match[str]:
        """The first line of `stream` matching the regex `pattern`, waiting up to `timeout` s."""
        import time

        lines = self.stdout if stream == "stdout" else self.stderr
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for line in lines:
                    found = re.search(pattern, line)
                    if found:
                        return found
                left = deadline - time.monotonic()
                if left <= 0 or (self.process.poll() is not None and all(not t.is_alive() for t in self._threads)):
                    raise AssertionError(f"no {stream} line matching {pattern!r}; stdout {self.stdout!r}, "
                                         f"stderr {self.stderr!r}")
                self._changed.wait(min(left, 0.2))

    def finish(self, timeout: float = 20.0) -> None:
        """Wait for the process's end and the last lines, then close its pipes."""
        self.process.wait(timeout)
        for thread, pipe in zip(self._threads, (self.process.stdout, self.process.stderr)):
            thread.join(timeout)
            if pipe is not None and not thread.is_alive():  # read to its end: nobody reads it now
                pipe.close()
        if self.process.stdin is not None:
            self.process.stdin.close()


def links(output: ProcessOutput) -> dict[str, str]:
    """The phone links the hub printed: {"admin": url, "1": url, ...}."""
    output.wait_for(r"^Hub running")  # printed after the links (only the seats in play get one)
    found: dict[str, str] = {}
    for line in output.stdout:
        if line.startswith("Table admin: "):
            found["admin"] = line.split(": ", 1)[1]
        match = re.match(r"^Seat (\d+): (\S+)", line)
        if match:
            found[match.group(1)] = match.group(2)
    return found


def first_answer(seat: Any, uid: str, patience: float = 30) -> Any:
    """Lay `uid` on a VirtualSeat once and send that event again, as the firmware does,
    until the hub answers it (it may still be starting); return that answer. Not laid
    again: a card laid twice is no move, and a hub with a persistent session gets every
    copy the broker queued for it."""
    import time

    deadline = time.monotonic() + patience
    event = seat.place(uid)
    while True:
        try:
            return seat.answer_to(event, timeout=1)
        except TimeoutError:
            assert time.monotonic() < deadline, "the hub never answered"
            seat.resend(event)


def stored_actions(db: Path) -> int:
    """How many actions a running process has committed to its game database (0 if none yet)."""
    import sqlite3

    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0])
    except sqlite3.Error:
        return 0


class UnitHub:
    """`citadels-hub run` as the shipped unit starts it (`unit_command`), seen from outside
    as the table sees it: its phone links, its web API, its store. `args`: the options after
    the unit's own (players, seed, game...); a web port of its own is added; `password`
    the hub login's, as the unit's environment file gives it."""

    def __init__(self, state_dir: Path, broker_url: str, args: Sequence[str], password: str | None = None) -> None:
        from tests.broker import free_port

        self.web_port = free_port()
        self.command = unit_command(state_dir, broker_url,
                                    extra_args=[*args, "--port", str(self.web_port), "--voice", "none"],
                                    extra_env={"CITADELS_BROKER_PASSWORD": password} if password is not None else None)
        self.base = f"http://127.0.0.1:{self.web_port}"
        self.db = state_dir / "game.db"
        self.output: ProcessOutput | None = None
        self.links: dict[str, str] = {}

    def start(self) -> None:
        self.output = ProcessOutput(self.command.start())
        self.output.wait_for(r"^Hub running", timeout=60)
        self.links = links(self.output)

    def kill(self) -> None:
        """SIGKILL: no goodbye, no flush; what is stored is all that is left."""
        assert self.output is not None
        kill(self.output.process)
        self.output.finish()  # its last lines read, its pipes closed

    def stop(self) -> None:
        if self.output is not None:
            stop(self.output.process)
            self.output.finish()

    def tail(self, lines: int = 8) -> list[str]:
        """The hub's last lines (stdout, then stderr), for a failure's message."""
        return [] if self.output is None else self.output.stdout[-lines:] + self.output.stderr[-lines:]

    def token(self, which: str) -> str:
        return self.links[which].rstrip("/").rsplit("/", 1)[1]

    def get(self, path: str) -> tuple[int, Any]:
        import json
        import urllib.error
        import urllib.request

        try:
            with urllib.request.urlopen(self.base + path, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        import json
        import urllib.error
        import urllib.request

        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")

    def public(self) -> dict[str, Any]:
        status, body = self.get("/api/public")
        assert status == 200, body
        return dict(body["view"])

    def seats_online(self) -> bool:
        try:
            return all(seat["online"] for seat in self.public()["seats"])
        except OSError:
            return False

    def game(self) -> Any:
        """The game as the hub's store holds it (the hub journals an action before answering)."""
        from hub.games import REGISTRY
        from hub.store import EventStore

        with EventStore(self.db, REGISTRY) as store:
            return store.load().replay()

    def stored_moves(self) -> list[str]:
        from hub.games import REGISTRY
        from hub.store import EventStore

        with EventStore(self.db, REGISTRY) as store:
            return list(store.load().actions)
