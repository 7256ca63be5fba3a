"""The firmware's pure-logic modules under the real MicroPython VM (WebAssembly, Node).

The VM exits 0 even when the script raised, so every verdict here is read from the
printed lines: the checks script must print its RESULT line with no failure, no
traceback and no exception reported by the runner.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.fakes.mpy import FIRMWARE_DIR

WASM_DIR = Path(__file__).resolve().parents[1] / "wasm"
VM_PACKAGE = WASM_DIR / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


def run_micropython(script: Path) -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is required (Debian package nodejs)", pytrace=False)
    if not (VM_PACKAGE / "micropython.mjs").exists():
        pytest.fail(f"MicroPython wasm VM missing: run `npm install` in {WASM_DIR} "
                    "(scripts/test does)", pytrace=False)
    done = subprocess.run([node, str(WASM_DIR / "run.mjs"), str(FIRMWARE_DIR), str(script)],
                          capture_output=True, text=True, timeout=60, cwd=WASM_DIR)
    return done.stdout + done.stderr


def verdict(output: str) -> tuple[int, int]:
    """(passed, failed) from the output; any sign of an exception counts as a failure."""
    match = re.search(r"^RESULT passed=(\d+) failed=(\d+)$", output, re.M)
    if match is None:
        return 0, 1
    passed, failed = int(match[1]), int(match[2])
    if "Traceback" in output or "MICROPYTHON-EXCEPTION" in output or re.search(r"^FAIL ", output, re.M):
        failed = max(failed, 1)
    return passed, failed


def test_pure_modules_pass_their_checks_under_real_micropython() -> None:
    output = run_micropython(WASM_DIR / "pure_checks.py")
    assert "IMPL micropython" in output, output
    assert verdict(output) == (26, 0), output
    heap = re.search(r"HEAP live_bytes=(\d+)", output)
    assert heap is not None
    print(f"\nMicroPython live heap of a full 64-event outbox + presence + frame reader: {heap[1]} bytes")


def test_a_script_that_raises_is_judged_failed_despite_exit_code_zero(tmp_path: Path) -> None:
    script = tmp_path / "raises.py"
    script.write_text("import presence\nprint('RESULT passed=1 failed=0')\nraise ValueError('boom')\n")
    output = run_micropython(script)
    assert "ValueError" in output
    assert verdict(output)[1] == 1


def test_cpython_only_code_fails_under_micropython(tmp_path: Path) -> None:
    script = tmp_path / "cpython_only.py"
    script.write_text("import dataclasses\nprint('RESULT passed=1 failed=0')\n")
    assert verdict(run_micropython(script))[1] == 1
