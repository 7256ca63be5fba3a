"""``citadels-hub sim --game cities-knights --players 4 --voice espeak``, the real command,
run briefly: its web server serves Cities & Knights' own pages (the scoreboard's scripts,
the dice and the barbarians in the public view, the log in words), and its voice says the
rolls and the barbarians' approach aloud in the chosen language (each utterance written as
it is said, ``--voice-dir``)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.broker import free_port

ROOT = Path(__file__).resolve().parents[3]


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode("utf-8")
    except OSError:
        return 0, ""


def wait_for(check: Any, process: subprocess.Popen[str], what: str, limit: float = 90.0) -> Any:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        assert process.poll() is None, f"the simulator stopped before {what}"
        time.sleep(0.3)
    raise AssertionError(f"no {what} within {limit} s")


@pytest.mark.slow  # a whole `citadels-hub sim` process with its web server and voice
def test_the_simulated_table_serves_its_pages_and_speaks(tmp_path: Path) -> None:
    port = free_port()
    voice = tmp_path / "voice"
    process = subprocess.Popen(
        [sys.executable, "-m", "hub.cli", "sim", "--game", "cities-knights", "--players", "4", "--seed", "9",
         "--voice", "espeak", "--voice-dir", str(voice), "--lang", "zh-Hans", "--host", "127.0.0.1",
         "--port", str(port), "--speed", "0.05", "--no-qr"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        status, page = wait_for(lambda: (lambda r: r if r[0] == 200 else None)(get(base + "/")), process, "scoreboard")
        assert "/game/common.js" in page and "/game/scoreboard.js" in page
        assert get(base + "/game/scoreboard.js")[0] == 200 and get(base + "/game/style.css")[0] == 200

        def rolled() -> Any:
            view = json.loads(get(base + "/api/public")[1] or "{}").get("view") or {}
            return view if view.get("dice") and view.get("round", 0) >= 2 else None

        view = wait_for(rolled, process, "a roll in the second round")
        assert view["game"] == "cities-knights" and len(view["seats"]) == 4
        assert set(view["barbarians"]) >= {"position", "steps", "strength", "knights"}
        assert all("hand" not in s for s in view["seats"]) and "you" not in view
        history = json.loads(get(base + "/api/history")[1])["events"]
        assert any(e["kind"] == "rolled" and "掷出红色" in e["words"]["zh-Hans"] for e in history)

        def said() -> list[str]:
            index = voice / "index.txt"
            lines = index.read_text(encoding="utf-8").splitlines() if index.exists() else []
            return [line.split("\t")[2] for line in lines] if len(lines) >= 3 else []

        spoken = wait_for(said, process, "three utterances")
        assert "掷出红色" in spoken[0] and any("野蛮人" in s for s in spoken), spoken
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
