"""The test tiers (tests/tiers.py): a test that starts a service without its mark fails,
so `python3 -m pytest -m quick` never needs one."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

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


def test_every_test_file_lives_in_the_folder_of_what_it_tests() -> None:
    """tests/README.md maps the folders onto the tree; a test file at the top has no place
    in it (a branch written before the folders came lands there: move it)."""
    tests = Path(__file__).resolve().parents[1]
    assert sorted(p.name for p in tests.glob("test_*.py")) == []
    folders = {p.parent.relative_to(tests).as_posix() for p in tests.rglob("test_*.py") if "node_modules" not in p.parts}
    mapped = set(re.findall(r"`([a-z_/]+)/`", (tests / "README.md").read_text(encoding="utf-8")))
    assert folders <= mapped, f"folders missing from tests/README.md's map: {sorted(folders - mapped)}"
    assert all((tests / folder / "__init__.py").is_file() for folder in folders)  # modules tests.<folder>.test_x
