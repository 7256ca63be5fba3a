"""A game started from the admin page while `sim` runs (issue 21, item 8).

The simulated seats' bots play only the games the simulator dealt (their table top knows
no other deal). The simulator used to go on driving them into the admin's game and died
with a traceback's worth ("unexpected IndexError", or a KeyError for a seat it has no bot
for). Now it says once that the game is the seat pages' to play, and keeps the hub up.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.broker import free_port
from tests.hub_unit import ProcessOutput

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("players", [4, pytest.param(6, marks=pytest.mark.slow)])  # a `citadels-hub sim` each
def test_a_game_started_from_the_admin_page_is_handed_to_the_pages(tmp_path: Path, players: int) -> None:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "hub.cli", "sim", "--host", "127.0.0.1", "--port", str(port), "--no-qr",
         "--voice", "none", "--speed", "0.05", "--state-dir", str(tmp_path)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    output = ProcessOutput(process)
    try:
        token = output.wait_for(r"^Table admin: \S+/admin/(\S+)").group(1)  # printed with the Wi-Fi address
        api = f"http://127.0.0.1:{port}/api/admin/{token}"
        output.wait_for(r"^Round 1")  # the bots are playing
        request = urllib.request.Request(f"{api}/game", data=json.dumps({"players": players}).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert json.loads(answer.read())["ok"]
        output.wait_for(r"^A new game was started from the admin page", timeout=30)
        with urllib.request.urlopen(f"{api}/status", timeout=10) as answer:  # the hub still answers
            assert json.loads(answer.read())["view"]["seats"]
        assert process.poll() is None
    finally:
        process.send_signal(signal.SIGINT)
        output.finish()
    assert not [line for line in output.stderr if "Traceback" in line or "unexpected" in line], output.stderr
