"""The broker password comes from the environment or a file, never from the command line.

A password in argv is visible to every user of the machine (`ps`, /proc/PID/cmdline) and
lands in shell history and `systemctl status`. So the URL on the command line names only
the user (`mqtt://hub@127.0.0.1:1883`) and the password is read from, in order:

1. `CITADELS_BROKER_PASSWORD` (e.g. from systemd's `EnvironmentFile=/etc/citadels/hub.env`),
2. the file named by `CITADELS_BROKER_PASSWORD_FILE` (first line; e.g. a systemd credential).

The password is put into the in-memory URL only; it is never printed.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import overload
from urllib.parse import quote, urlsplit, urlunsplit

PASSWORD_ENV = "CITADELS_BROKER_PASSWORD"
PASSWORD_FILE_ENV = "CITADELS_BROKER_PASSWORD_FILE"


def broker_password(environ: Mapping[str, str] | None = None) -> str | None:
    """The broker password from the environment or its file, or None if neither is set."""
    env = os.environ if environ is None else environ
    password = env.get(PASSWORD_ENV)
    if password:
        return password
    path = env.get(PASSWORD_FILE_ENV)
    if not path:
        return None
    try:
        with open(path, encoding="utf-8") as f:
            line = f.readline().rstrip("\r\n")
    except OSError as exc:
        raise ValueError(f"cannot read the broker password from {path} ({PASSWORD_FILE_ENV}): "
                         f"{exc.strerror or exc}") from exc
    if not line:
        raise ValueError(f"the broker password file {path} ({PASSWORD_FILE_ENV}) is empty")
    return line


@overload
def with_broker_password(url: str, environ: Mapping[str, str] | None = None) -> str: ...
@overload
def with_broker_password(url: None, environ: Mapping[str, str] | None = None) -> None: ...
def with_broker_password(url: str | None, environ: Mapping[str, str] | None = None) -> str | None:
    """`url` with the password from the environment filled in (None and in-process URLs
    pass through). A URL that already carries a password keeps it."""
    if url is None or not url.startswith(("mqtt://", "mqtts://")):
        return url
    password = broker_password(environ)
    parts = urlsplit(url)
    if password is None or parts.password is not None:
        return url
    if not parts.username:
        raise ValueError(f"{PASSWORD_ENV} is set but the broker URL names no user: "
                         f"write it as mqtt://USER@{parts.netloc}")
    host = parts.netloc.rpartition("@")[2]
    netloc = f"{parts.username}:{quote(password, safe='')}@{host}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
