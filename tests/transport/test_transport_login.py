"""The broker password comes from the environment or a file, never from argv."""

from __future__ import annotations

from pathlib import Path

import pytest

from hub.transport.login import PASSWORD_ENV, PASSWORD_FILE_ENV, broker_password, with_broker_password
from hub.transport.mqtt import BrokerAddress


def test_password_from_the_environment_fills_the_url_in_memory() -> None:
    url = with_broker_password("mqtt://hub@127.0.0.1:1883", {PASSWORD_ENV: "p@ss:w/rd"})
    assert url is not None
    address = BrokerAddress.from_url(url)
    assert (address.username, address.password, address.host, address.port) == ("hub", "p@ss:w/rd", "127.0.0.1", 1883)


def test_password_from_a_file_first_line(tmp_path: Path) -> None:
    secret = tmp_path / "broker-password"
    secret.write_text("from-file\nignored\n")
    assert broker_password({PASSWORD_FILE_ENV: str(secret)}) == "from-file"
    assert broker_password({PASSWORD_ENV: "env-wins", PASSWORD_FILE_ENV: str(secret)}) == "env-wins"


def test_nothing_set_leaves_the_url_alone() -> None:
    assert with_broker_password("mqtt://127.0.0.1:1883", {}) == "mqtt://127.0.0.1:1883"
    assert with_broker_password(None, {PASSWORD_ENV: "x"}) is None
    assert with_broker_password("inproc://t", {PASSWORD_ENV: "x"}) == "inproc://t"
    assert with_broker_password("mqtt://u:given@h:1", {PASSWORD_ENV: "x"}) == "mqtt://u:given@h:1"


def test_a_password_without_a_user_or_an_unreadable_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="names no user"):
        with_broker_password("mqtt://127.0.0.1:1883", {PASSWORD_ENV: "x"})
    with pytest.raises(ValueError, match="cannot read the broker password"):
        broker_password({PASSWORD_FILE_ENV: str(tmp_path / "missing")})
    empty = tmp_path / "empty"
    empty.write_text("")
    with pytest.raises(ValueError, match="is empty"):
        broker_password({PASSWORD_FILE_ENV: str(empty)})
