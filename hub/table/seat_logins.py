"""The simulated seats log in as seats: `seat1`..`seat7`, as real boards do.

The shipped broker (hardware/mosquitto/dynsec.py, the rules make-passwords.sh writes) lets
the `hub` login read seat topics and write only `cmd`; each `seatN` login writes only its
own seat's status/hello/event. So
`sim --broker` on that broker gives every virtual seat its own login, from a file with
`make-passwords.sh`'s printed lines (`seat3 PASSWORD`), named by `--seat-logins FILE` or
`CITADELS_SEAT_LOGINS_FILE`. Without one the seats share the hub's URL (fine on an open
bench broker); when a seat then never comes online, `why_offline` says which login or
which ACL rule kept it out.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from urllib.parse import quote, urlsplit, urlunsplit

LOGINS_ENV = "CITADELS_SEAT_LOGINS_FILE"
ACL = "hardware/mosquitto/dynsec.py"


def read_logins(path: str) -> dict[str, str]:
    """`user password` lines (make-passwords.sh's output) -> {user: password}."""
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError as exc:
        raise ValueError(f"cannot read the seat logins {path}: {exc.strerror or exc}") from None
    logins: dict[str, str] = {}
    for number, line in enumerate(lines, start=1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if len(words) != 2:
            raise ValueError(f"{path} line {number}: expected 'USER PASSWORD' (as make-passwords.sh prints)")
        logins[words[0]] = words[1]
    return logins


def seat_urls(broker: str | None, players: int, logins_file: str | None = None,
              environ: Mapping[str, str] | None = None) -> dict[int, str] | None:
    """Each seat's broker URL with its own login, or None to use the hub's URL for all."""
    env = os.environ if environ is None else environ
    path = logins_file or env.get(LOGINS_ENV)
    if broker is None or not path or not broker.startswith(("mqtt://", "mqtts://")):
        return None
    logins = read_logins(path)
    parts = urlsplit(broker)
    host = parts.netloc.rpartition("@")[2]
    urls: dict[int, str] = {}
    for seat in range(1, players + 1):
        user = f"seat{seat}"
        if user not in logins:
            raise ValueError(f"{path} has no line for {user} (make-passwords.sh prints hub and seat1..seat7)")
        netloc = f"{user}:{quote(logins[user], safe='')}@{host}"
        urls[seat] = urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
    return urls


def login_of(url: str) -> str | None:
    return urlsplit(url).username if url.startswith(("mqtt://", "mqtts://")) else None


def why_offline(seat: int, url: str, table: str, refusal: str | None) -> str:
    """One line: why seat `seat`, connecting to `url`, never came online. (Topic paths are
    not quoted: messages mask anything shaped like a seat link's path.)"""
    user = login_of(url) or "(no login)"
    if refusal:
        return f"seat {seat}: the broker refused the login {user!r}: {refusal}"
    rule = f"its role 'seat{seat}' lets only seat{seat} write seat {seat}'s status, hello and event"
    if user != f"seat{seat}":
        return (f"seat {seat}: logged in as {user!r}, but the broker dropped what it published: the ACL "
                f"({ACL}) refused it ({rule}); give --seat-logins FILE (make-passwords.sh's lines) so "
                f"each seat logs in as itself")
    return (f"seat {seat}: logged in as {user!r}, but the broker dropped what it published: check the "
            f"ACL ({rule}) and the table name {table!r}")


def refused_login(seat: int, url: str, refusal: str) -> str:
    return f"simulated seat {seat}: the broker refused the login {login_of(url)!r}: {refusal}"
