"""Checking what is typed on the command line, before anything is opened or created.

Every bad input ends in one line on stderr and a non-zero exit code, never a traceback
(`hub.exits`: BAD_INPUT for a bad argument or file, STORE for an unusable game database,
FAILED for anything unexpected). Checks that need no file run while parsing (argparse ``type=`` functions);
``preflight`` checks the rest before a command opens a socket or creates a file, so a
command that fails leaves the disk as it was. No message ever shows a password or token.
"""

from __future__ import annotations

import argparse
import os
import socket
from collections.abc import Callable
from typing import NoReturn
from urllib.parse import parse_qs, urlsplit

from hub.exits import ExitCode, fail
from hub.protocol import SEAT_NUMBERS
from hub.redact import mask_secrets
from hub.seeds import MAX_SEED, fresh_seed
from hub.text import NameRefused, names_option, player_names

HEADLESS_SIM_SEED = 1  # `sim --headless`/`--engine-only` without --seed: reproducible output
BROKER_SCHEMES = ("mqtt", "mqtts", "inproc")
BROKER_HINT = "it looks like mqtt://host:1883 (with a login, user and password go before the host)"


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line (no usage dump) with no secret in it."""

    def error(self, message: str) -> NoReturn:
        self.exit(ExitCode.BAD_INPUT, f"{self.prog}: {mask_secrets(message)} (see {self.prog} --help)\n")


# --- argument types (argparse shows ArgumentTypeError's text as is, without the raw value)
def _integer(text: str, what: str, low: int, high: int) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{what} must be {low}..{high}, not {value}")
    return value


def port_number(text: str) -> int:
    """A TCP port, 1..65535 (the OS would silently wrap 84464 onto 18928)."""
    return _integer(text, "a port", 1, 65535)


def seat_number(text: str) -> int:
    """A seat of the table, as the wire numbers them (a game's own seats are its plug-in's)."""
    return _integer(text, "a seat", SEAT_NUMBERS[0], SEAT_NUMBERS[-1])


def bounded(what: str, low: int, high: int) -> Callable[[str], int]:
    """An argument type: a whole number low..high (a game's players, a seat of it)."""
    def check(text: str) -> int:
        return _integer(text, what, low, high)
    check.__name__ = what.replace(" ", "_")
    return check


def game_count(text: str) -> int:
    return _integer(text, "the number of games", 1, 1_000_000)


def seed_value(text: str) -> int:
    """A game seed, 0..2**53-1 (what a web page can show and type back exactly)."""
    return _integer(text, "a seed", 0, MAX_SEED)


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a duration must be a number of seconds, not {text!r}") from None
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"a duration must be 0..3600 seconds, not {text}")
    return value


def broker_url(text: str) -> str:
    """``mqtt://[user[:password]@]host[:port]`` (or mqtts://, inproc://); errors mask the password."""
    shown = mask_secrets(text)
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown!r} has a bad port: use 1..65535") from None
    if parts.scheme not in BROKER_SCHEMES or not text.startswith(f"{parts.scheme}://"):
        raise argparse.ArgumentTypeError(f"{shown!r} is not a broker URL: {BROKER_HINT}")
    if parts.scheme != "inproc":
        if not parts.hostname:
            raise argparse.ArgumentTypeError(f"{shown!r} names no broker host")
        query_ok = not parts.query or (parts.scheme == "mqtts" and parse_qs(parts.query).keys() == {"ca"})
        if port == 0 or parts.path not in ("", "/") or not query_ok or parts.fragment:
            raise argparse.ArgumentTypeError(f"{shown!r} is not a broker URL: {BROKER_HINT}")
    return text


# --- checks that look at files and sockets (before the command touches either) ----
class BadInput(ValueError):
    """A command-line input refused before the command starts."""


def preflight(args: argparse.Namespace) -> None:
    """Refuse what would fail half-way (after a file was created): raises BadInput."""
    command = getattr(args, "command", None)
    if command == "enroll":
        check_writable_path(args.tags, "a tag registry file")  # written after every tapped card
    if command not in ("sim", "run"):
        return
    if getattr(args, "resume", False) and not getattr(args, "db", None):
        raise BadInput("--resume needs --db FILE (the game to continue)")
    if getattr(args, "db", None):
        check_database_path(args.db)
    args.names = checked_names(getattr(args, "names", None), args.players)
    if command == "run":
        check_serial_specs(getattr(args, "serial", None) or [])
    serves_pages = not getattr(args, "headless", False) and not getattr(args, "engine_only", False)
    if serves_pages:
        check_port_free(args.host, args.port)
    if args.seed is None:  # a table people watch or play gets an unpredictable deal
        args.seed = fresh_seed() if command == "run" or serves_pages else HEADLESS_SIM_SEED


def checked_names(text: str | None, players: int) -> tuple[str, ...]:
    """``--names A,B,C`` checked as the admin page's names are (`hub.text.player_names`)."""
    try:
        return player_names(names_option(text), players)
    except NameRefused as exc:
        raise BadInput(f"--names: {exc}") from None


def check_database_path(path: str) -> None:
    """A game database to write: an existing regular file, or a new one in an existing folder.
    (An SQLite URI, ``file:...?mode=ro``, is left to the store to open and explain.)"""
    if path.startswith("file:") or path == ":memory:":
        return
    check_writable_path(path, "a game database file")


def check_writable_path(path: str, what: str) -> None:
    """``path`` can be written: an existing regular file, or a new one in a writable folder."""
    if os.path.isdir(path):
        raise BadInput(f"{path} is a folder, not {what}")
    if os.path.exists(path):
        if not os.path.isfile(path):
            raise BadInput(f"{path} is not a regular file")
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise BadInput(f"cannot create {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise BadInput(f"cannot create {path}: the folder {folder} is not writable")


def check_serial_specs(specs: list[str]) -> None:
    from hub.serial import parse_serial_arg

    for text in specs:
        parse_serial_arg(text)  # ValueError with a usable message


def check_port_free(host: str, port: int) -> None:
    """One line if the web server could not listen there (port in use, unknown address)."""
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise BadInput(f"--host {host!r} is not an address of this machine ({exc})") from None
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno in (98, 48):  # EADDRINUSE on Linux, macOS
                raise BadInput(f"port {port} is already in use on {host} (another hub running?): "
                               "stop it or choose another --port") from None
            raise BadInput(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


# --- running a command ---------------------------------------------------------------
def guarded(command: Callable[[], int], prog: str = "citadels-hub") -> int:
    """Run a command; turn any failure into one masked line on stderr and an exit code."""
    from hub.store import StoreError

    try:
        return command()
    except StoreError as exc:
        return fail(str(exc), ExitCode.STORE, prog)
    except (ValueError, KeyError, OSError) as exc:  # bad input, a file, a socket
        return fail(_describe(exc), ExitCode.BAD_INPUT, prog)
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    except Exception as exc:  # noqa: BLE001 - a traceback is no message for a person
        return fail(f"unexpected {type(exc).__name__}: {exc} (please report this)", ExitCode.FAILED, prog)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    if isinstance(exc, OSError) and exc.strerror and exc.filename:
        return f"{exc.filename}: {exc.strerror}"
    return str(exc) or type(exc).__name__

