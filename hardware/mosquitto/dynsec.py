"""Write the table's logins and access rules for Mosquitto's dynamic security plugin.

Run by make-passwords.sh: `python3 dynsec.py TABLE OUTPUT [KEEP]` writes OUTPUT (the
plugin's JSON, `plugin_opt_config_file` in mosquitto.conf) with a fresh random password for
the hub and seat1..seat7, and prints each `user password` line once. KEEP, a file of such
lines (what an earlier run printed), keeps those passwords, so boards already flashed
need no new one (e.g. when moving a table from the old password file to this plugin).

Why the plugin and not `password_file`/`acl_file`: Mosquitto 2.0.11's acl_file grants every
subscription, so one seat login could store subscriptions (filters up to the packet limit,
with a persistent session kept after it leaves) until the broker's memory_limit, which then
refused memory to the hub too, and the persistence file on the SD card grew with them. The
plugin checks every SUBSCRIBE against the login's role: a seat may hold only its own two
topics, named literally (docs/security.md, "Broker and transport").

Roles (the topics of docs/protocol.md: citadels/<table>/...):
- `hub` (loopback listener only): reads every seat's topics, writes their `cmd`, reads and
  writes `hub/#` and `public`, under any table (local tools may run other tables); may
  subscribe to any filter, receiving only what it may read.
- `seatN`: writes only its own `status`, `hello` and `event` under this table; subscribes
  to and receives only its own `cmd` and the hub's `status`, literally (no wildcard).
Nobody can change the rules at run time: no login has a role on `$CONTROL`. Standard
library only (the Pi's python3).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import secrets
import string
import sys

SEATS = 7
ITERATIONS = 101  # what `mosquitto_ctrl dynsec` writes in 2.0.11 (PBKDF2-SHA512, 12-byte salt)
PASSWORD_ALPHABET = string.ascii_letters + string.digits
PASSWORD_LENGTH = 20  # ~119 bits, typeable into a seat's config file
TABLE_NAME = re.compile(r"[A-Za-z0-9_-]{1,32}")
DEFAULT_ACCESS = {"publishClientSend": False, "publishClientReceive": False, "subscribe": False,
                  "unsubscribe": True}


def new_password() -> str:
    return "".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(PASSWORD_LENGTH))


def hashed(password: str, salt: bytes | None = None) -> dict[str, object]:
    """The plugin's stored form of a password: PBKDF2-HMAC-SHA512, base64."""
    salt = salt if salt is not None else os.urandom(12)
    digest = hashlib.pbkdf2_hmac("sha512", password.encode(), salt, ITERATIONS, 64)
    return {"password": base64.b64encode(digest).decode(), "salt": base64.b64encode(salt).decode(),
            "iterations": ITERATIONS}


def _allow(kind: str, topic: str) -> dict[str, object]:
    return {"acltype": kind, "topic": topic, "allow": True}


def hub_role() -> dict[str, object]:
    reads = ["citadels/+/seat/#", "citadels/+/hub/#", "citadels/+/public"]
    writes = ["citadels/+/seat/+/cmd", "citadels/+/hub/#", "citadels/+/public"]
    acls = [_allow("publishClientReceive", topic) for topic in reads]
    acls += [_allow("publishClientSend", topic) for topic in writes]
    acls.append(_allow("subscribePattern", "#"))
    return {"rolename": "hub", "acls": acls}


def seat_role(table: str, seat: int) -> dict[str, object]:
    own = f"citadels/{table}/seat/{seat}"
    reads = [f"{own}/cmd", f"citadels/{table}/hub/status"]
    acls = [_allow("publishClientSend", f"{own}/{kind}") for kind in ("status", "hello", "event")]
    acls += [_allow("subscribeLiteral", topic) for topic in reads]
    acls += [_allow("publishClientReceive", topic) for topic in reads]
    return {"rolename": f"seat{seat}", "acls": acls}


def table_config(table: str, passwords: dict[str, str]) -> dict[str, object]:
    """The plugin's whole configuration for `table`, with these passwords (user -> password)."""
    if not TABLE_NAME.fullmatch(table):
        raise ValueError(f"table name {table!r}: 1 to 32 letters, digits, _ and - (as the hub's --table)")
    roles = [hub_role()] + [seat_role(table, seat) for seat in range(1, SEATS + 1)]
    clients = [{"username": user, "roles": [{"rolename": user}], **hashed(password)}
               for user, password in passwords.items()]
    return {"clients": clients, "roles": roles, "groups": [], "defaultACLAccess": DEFAULT_ACCESS}


def users() -> list[str]:
    return ["hub"] + [f"seat{seat}" for seat in range(1, SEATS + 1)]


def kept_passwords(path: str) -> dict[str, str]:
    """`user password` lines (what this script printed) -> {user: password}, for our users."""
    kept: dict[str, str] = {}
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle.read().splitlines(), start=1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            if len(words) != 2 or words[0] not in users():
                raise ValueError(f"{path} line {number}: expected 'USER PASSWORD' for hub or seat1..seat{SEATS}")
            kept[words[0]] = words[1]
    return kept


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print("usage: dynsec.py TABLE OUTPUT [KEEP]", file=sys.stderr)
        return 2
    table, output = argv[:2]
    try:
        kept = kept_passwords(argv[2]) if len(argv) == 3 else {}
        passwords = {user: kept.get(user) or new_password() for user in users()}
        config = table_config(table, passwords)
    except (OSError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    try:
        descriptor = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    except OSError as exc:  # e.g. /etc/mosquitto missing: mosquitto is not installed yet
        folder = os.path.dirname(os.path.abspath(output))
        hint = (f"the folder {folder} does not exist (apt-get install mosquitto makes /etc/mosquitto)"
                if not os.path.isdir(folder) else exc.strerror)
        print(f"cannot write the logins file: {hint}", file=sys.stderr)
        return 2
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        json.dump(config, handle, indent=1)
        handle.write("\n")
    for user, password in passwords.items():
        print(user, password)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
