"""The rules core stays fully typed: `mypy --strict hub/engine` is part of the suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # mypy --strict over three trees

ROOT = Path(__file__).resolve().parents[2]


def test_engine_is_mypy_strict_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "hub/engine"],
                            cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert result.returncode == 0, result.stdout + result.stderr


def test_web_is_mypy_strict_clean() -> None:
    """The web layer was typed strictly once and drifted after the server change: kept here."""
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "hub/web"],
                            cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert result.returncode == 0, result.stdout + result.stderr


def test_kernel_and_its_games_are_mypy_strict_clean() -> None:
    """The kernel's interfaces are Protocols: mypy checks that the Citadels adapter and the
    Nim's (tests/kernel/test_kernel.py) really fit them."""
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "hub/kernel", "hub/games",
                             "tests/kernel/test_kernel.py"],
                            cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_imports_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"hub"}
    for path in (ROOT / "hub" / "engine").rglob("*.py"):  # editions/ too
        for line in path.read_text().splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from") and not words[1].startswith("."):
                top = words[1].split(".")[0]
                assert top in allowed, f"{path.name} imports {top}"
                if top == "hub":  # the engines, their shared generator, the hub's error base type and undo rule (stdlib only)
                    assert words[1].startswith("hub.engine.") or words[1] in ("hub.errors", "hub.standing"), \
                        f"{path.name} imports {words[1]}"
        text = path.read_text()
        for banned in ("import socket", "import threading", "import time", "import random", "datetime"):
            assert banned not in text, f"{path.name}: {banned}"
