"""Shared fixtures. Broker fixtures FAIL (never skip) when Mosquitto is missing: a
skipped transport test would hide exactly the failures it exists to catch."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.broker import MosquittoBroker, MosquittoFactory, MosquittoMissing


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


@pytest.fixture(scope="session")
def mosquitto_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MosquittoBroker]:
    """One anonymous broker shared by the whole run, for tests that only publish and
    subscribe (use unique topics or tables); never stop or restart it."""
    factory = _factory(tmp_path_factory)
    try:
        yield factory()
    finally:
        factory.close()
