"""``citadels-hub enroll`` in its own process on a table's broker, as a maker runs it (the
hub's own login over loopback), with Ctrl-C delivered as a terminal delivers it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.hub_unit import ProcessOutput
from tests.soft_seat import ROOT
from tests.table_broker import TableBroker


def _ctrl_c_as_in_a_terminal() -> None:
    """The maker's terminal delivers Ctrl-C: SIGINT at its default in the child, even when
    these tests run where it is ignored (a shell's background job, ``(cmd &)``, ignores
    SIGINT and its children inherit that; Python then never raises KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class EnrollProcess:
    """``citadels-hub enroll --tags TAGS --seat SEAT --state-dir STATE *options``."""

    def __init__(self, table: TableBroker, tags: Path, state: Path, *options: str, seat: int = 1) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("CITADELS_")}
        env.update(PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1", CITADELS_BROKER_PASSWORD=table.passwords["hub"])
        broker = table.broker
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hub.cli", "enroll", "--tags", str(tags), "--seat", str(seat),
             "--broker", f"mqtt://hub@{broker.host}:{broker.port}", "--state-dir", str(state), *options],
            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1,
            start_new_session=True, preexec_fn=_ctrl_c_as_in_a_terminal)
        self.output = ProcessOutput(self.process)

    def end(self, timeout: float = 30) -> int:
        self.output.finish(timeout)
        return self.process.returncode

    def interrupt(self) -> int:
        self.process.send_signal(signal.SIGINT)
        return self.end()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.output.finish(10)
