"""The test tiers (tests/tiers.py): a test that starts a service without its mark fails,
so `python3 -m pytest -m quick` never needs one."""

from __future__ import annotations

import subprocess

import pytest

from tests.tiers import service_of


@pytest.mark.parametrize("command, service", [
    (["mosquitto", "-c", "m.conf"], "broker"),
    (["/usr/sbin/mosquitto", "-v"], "broker"),
    ("espeak-ng -v en hello", "espeak"),
    (["sudo", "nft", "-f", "caps.nft"], "netns"),
    (["unshare", "-rn", "python3", "x.py"], "netns"),
    (["/usr/bin/node", "run.mjs"], "node"),
    (["/site-packages/playwright/driver/node", "run-driver"], "browser"),
    (["chromium", "--headless"], "browser"),
    (["python3", "-c", "from amqtt.scripts.broker_script import main; main()"], "broker"),
    (["python3", "-m", "hub.cli", "sim"], None),
    (["mpy-cross", "main.py"], None),
])
def test_the_service_a_program_needs(command: list[str] | str, service: str | None) -> None:
    assert service_of(command) == service


def test_a_quick_test_that_starts_a_service_fails(request: pytest.FixtureRequest) -> None:
    assert request.node.get_closest_marker("quick") is not None
    with pytest.raises(pytest.fail.Exception, match="mark it @pytest.mark.broker"):
        subprocess.Popen(["mosquitto", "-h"])  # refused before it starts
