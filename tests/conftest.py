"""Shared fixtures, and the test tiers. Broker fixtures FAIL (never skip) when Mosquitto
is missing: a skipped transport test would hide exactly the failures it exists to catch.

Tiers (tests/tiers.py): a test that needs a service is marked with it by the fixture or
helper it uses; every other test that is not ``slow`` is ``quick``
(``python3 -m pytest -m quick``). CI runs every tier.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from playwright.sync_api import Browser, sync_playwright

from tests import tiers
from tests.browser import CHROMIUM_ARGS, chromium_path
from tests.broker import (
    AmqttBroker,
    BrokerProcess,
    MosquittoBroker,
    MosquittoFactory,
    MosquittoMissing,
)
from tests.table_broker import TableBroker, make_ca, make_passwords, start_table_broker


def _factory(root_factory: pytest.TempPathFactory) -> MosquittoFactory:
    try:
        return MosquittoFactory(root_factory.mktemp("mosquitto"))
    except MosquittoMissing as missing:
        pytest.fail(f"Mosquitto is required for this test: {missing}", pytrace=False)


@pytest.fixture
def mosquitto_factory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MosquittoFactory]:
    """Call it to start a broker: mosquitto_factory(conf_extra=, passwd=, acl=, config=)."""
    factory = _factory(tmp_path_factory)
    try:
        yield factory
    finally:
        factory.close()


@pytest.fixture
def mosquitto(mosquitto_factory: MosquittoFactory) -> MosquittoBroker:
    """A fresh anonymous broker for one test (.host .port .url .stop() .start() .restart())."""
    return mosquitto_factory()


@pytest.fixture(params=["mosquitto", "amqtt"])
def any_broker(request: pytest.FixtureRequest, mosquitto_factory: MosquittoFactory,
               tmp_path: Path) -> Iterator[BrokerProcess]:
    """The same test on Mosquitto and on amqtt (a second MQTT 3.1.1 broker, from PyPI): what
    must hold on any broker (delivery, liveness). Anonymous, no persistence."""
    if request.param == "mosquitto":
        yield mosquitto_factory()
        return
    workdir = tmp_path / "amqtt"
    workdir.mkdir()
    broker = AmqttBroker(workdir)
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


@pytest.fixture(scope="session")
def mosquitto_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MosquittoBroker]:
    """One anonymous broker shared by the whole run, for tests that only publish and
    subscribe (use unique topics or tables); never stop or restart it."""
    factory = _factory(tmp_path_factory)
    try:
        yield factory()
    finally:
        factory.close()


@pytest.fixture(scope="module")
def table_credentials(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], Path]:
    """make-passwords.sh and make-ca.sh run once per module: (logins file, passwords, CA dir)."""
    password_file, passwords = make_passwords(tmp_path_factory.mktemp("passwd"))
    return password_file, passwords, make_ca(tmp_path_factory.mktemp("tls") / "citadels")


@pytest.fixture
def table_broker(mosquitto_factory: MosquittoFactory, table_credentials: tuple[Path, dict[str, str], Path]) -> Iterator[TableBroker]:
    """The shipped hardware/mosquitto/ broker: hub login on `.url("hub")` (loopback
    listener), seats on `.tls_url("seatN")` (TLS listener); every client opened through
    it is closed at the end."""
    made = start_table_broker(mosquitto_factory, *table_credentials)
    try:
        yield made
    finally:
        made.close()


@pytest.fixture(autouse=True)
def _private_state_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """`run` (and `sim` with the page) keep their games in a state directory by default and
    resume an unfinished one: each test gets its own, never the user's or another test's."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)


# ------------------------------------------------------------------ tiers (tests/tiers.py)
pytest_collection_modifyitems = tiers.mark_tiers
pytest_runtest_protocol = tiers.running
tiers.guard_programs()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One Chromium for a module's page tests (marks them ``browser``)."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield launched
        launched.close()
