"""`citadels-hub sim --broker` on the shipped broker (hardware/mosquitto/: per-seat logins
and rules): the simulated seats log in as seats, and a seat kept out is told why in one line
(which login the broker refused, or which ACL rule dropped what it published)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.table_broker import TableBroker

ROOT = Path(__file__).resolve().parents[2]
GAME = ["sim", "--headless", "--players", "3", "--seed", "4", "--no-qr", "--voice", "none"]


def _sim(*args: str, password: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CITADELS_")}
    env["PYTHONPATH"] = str(ROOT)
    if password is not None:
        env["CITADELS_BROKER_PASSWORD"] = password
    return subprocess.run([sys.executable, "-m", "hub.cli", *GAME, *args], env=env, capture_output=True,
                          text=True, timeout=120)


def _hub_url(table: TableBroker) -> str:
    return f"mqtt://hub@{table.broker.host}:{table.broker.port}"


def test_sim_plays_a_whole_game_on_the_shipped_broker_with_seat_logins(table_broker: TableBroker,
                                                                       tmp_path: Path) -> None:
    logins = tmp_path / "logins"
    logins.write_text("".join(f"{user} {password}\n" for user, password in table_broker.passwords.items()))
    logins.chmod(0o600)
    result = _sim("--broker", _hub_url(table_broker), "--seat-logins", str(logins),
                  password=table_broker.passwords["hub"])
    assert result.returncode == 0, result.stderr
    in_process = _sim()
    assert in_process.returncode == 0, in_process.stderr
    assert result.stdout.splitlines()[-4:] == in_process.stdout.splitlines()[-4:]   # same seed, same game
    for secret in table_broker.passwords.values():
        assert secret not in result.stdout + result.stderr


def test_seats_sharing_the_hub_login_are_told_which_acl_rule_kept_them_out(table_broker: TableBroker) -> None:
    result = _sim("--broker", _hub_url(table_broker), password=table_broker.passwords["hub"])
    assert result.returncode == 2
    line = result.stderr.strip().splitlines()[-1]
    assert "did not come online" in line and "seat 1: logged in as 'hub'" in line
    assert "hardware/mosquitto/dynsec.py" in line and "role 'seat1'" in line
    assert "--seat-logins" in line


def test_a_refused_seat_login_is_named(table_broker: TableBroker, tmp_path: Path) -> None:
    logins = tmp_path / "logins"
    wrong = dict(table_broker.passwords, seat2="not-the-password")
    logins.write_text("".join(f"{user} {password}\n" for user, password in wrong.items()))
    result = _sim("--broker", _hub_url(table_broker), "--seat-logins", str(logins),
                  password=table_broker.passwords["hub"])
    assert result.returncode == 2
    line = result.stderr.strip().splitlines()[-1]
    assert "seat 2: the broker refused the login 'seat2'" in line, line
    assert "seat 1" not in line and "not-the-password" not in line
