"""`citadels-hub soft-seat` run by a test as a maker runs it: its own process (its own fake
board), commands typed into a pipe, what the seat shows read from its output."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from tests.hub_unit import ProcessOutput

ROOT = Path(__file__).resolve().parent.parent


class SoftSeatProcess:
    """`citadels-hub soft-seat` in its own process (its own board), stdin a pipe."""

    def __init__(self, args: list[str], password: str | None = None) -> None:
        """`args` after `soft-seat`; `password` the seat login's, given as the environment."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("CITADELS_")}
        env["PYTHONPATH"] = str(ROOT)
        if password is not None:
            env["CITADELS_BROKER_PASSWORD"] = password
        self.process = subprocess.Popen([sys.executable, "-m", "hub.cli", "soft-seat", *args], env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, bufsize=1, start_new_session=True)
        self.output = ProcessOutput(self.process)

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def mark(self) -> int:
        """Where the output is now: `wait_line(..., since=mark)` looks only after it."""
        return len(self.output.stdout)

    def lines_since(self, mark: int) -> list[str]:
        return self.output.stdout[mark:]

    def wait_line(self, text: str, since: int = 0, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(text in line for line in self.output.stdout[since:]):
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"no line with {text!r}; stdout {self.output.stdout!r} stderr {self.output.stderr!r}")

    def quit(self) -> int:
        if self.process.poll() is None:
            self.type("quit")
        self.output.finish(20)
        return self.process.returncode

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.output.finish(10)  # its pipes closed too
