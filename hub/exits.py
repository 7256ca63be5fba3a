"""How a command ends: its named exit codes, and the one way it tells a person what went
wrong (one line on stderr, passwords and tokens masked, never a traceback).

Standard library and `hub.redact` only, so every command (`citadels-hub`, `python -m
hub.voice`) and the parts they run can end through it without importing each other.
"""

from __future__ import annotations

import sys
from enum import IntEnum

from hub.redact import mask_secrets

PROG = "citadels-hub"


class ExitCode(IntEnum):
    """A command's exit status (scripts and systemd read it)."""

    OK = 0
    FAILED = 1  # not the input's fault: an unexpected error (please report it), or a check found problems
    BAD_INPUT = 2  # a bad argument, file, address or broker login
    STORE = 3  # the game database cannot be used (or the stored game does not replay)
    INTERRUPTED = 130  # 128 + SIGINT, as shells report a Ctrl-C


def say(message: str, prog: str = PROG) -> None:
    """`message` as one line on stderr, after the program's name, with no password or token."""
    line = " ".join(mask_secrets(message).split())  # one line, whatever the message held
    print(f"{prog}: {line}", file=sys.stderr, flush=True)


def fail(message: str, code: ExitCode = ExitCode.BAD_INPUT, prog: str = PROG) -> ExitCode:
    """Say what went wrong (`say`); returns `code`, for the command to return."""
    say(message, prog)
    return code
