"""A game started from the admin page while `sim` runs (issue 24, item 9).

The simulated people play it: its seats (more or fewer than the simulator's own), its
seed, its players' names; the terminal tells it, the store keeps it as a game of its own,
and no seat page action (refused or taken) prints a traceback. A game the hub deals
(digital) is played on the seat buttons. Before, the simulator stopped at the admin's game
("played from the seat pages"), and a second game with pages on printed 'subscriber
failed' tracebacks: the last game's table top followed the new game.
"""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.broker import free_port
from tests.hub_unit import ProcessOutput

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def stop(process: subprocess.Popen[str], output: ProcessOutput) -> None:
    """Ctrl-C, the last lines read, the pipes closed."""
    process.send_signal(signal.SIGINT)
    output.finish()
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()


@pytest.mark.slow  # a whole `citadels-hub sim` each (the quick tier keeps the in-process test below)
@pytest.mark.parametrize("players, mode", [(6, "physical"), (3, "digital")])
def test_a_game_started_from_the_admin_page_is_played_by_the_simulated_people(
        tmp_path: Path, players: int, mode: str) -> None:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "hub.cli", "sim", "--host", "127.0.0.1", "--port", str(port), "--no-qr",
         "--voice", "none", "--speed", "0.01", "--state-dir", str(tmp_path)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    output = ProcessOutput(process)
    try:
        token = output.wait_for(r"^Table admin: \S+/admin/(\S+)").group(1)  # printed with the Wi-Fi address
        seat_token = output.wait_for(r"^Seat 1: \S+/seat/(\S+)").group(1)
        base = f"http://127.0.0.1:{port}"
        output.wait_for(r"^Round 1")  # the bots are playing the simulator's own game
        status, answer = post(f"{base}/api/admin/{token}/game",
                              {"players": players, "names": NAMES[:players], "seed": 11, "mode": mode})
        assert status == 200 and answer["ok"], answer
        output.wait_for(rf"^New game: {players} players: {', '.join(NAMES[:players])}$")
        output.wait_for(rf"^A new game was started from the admin page: the simulated players play it "
                        rf"\({players} seats, seed 11")
        output.wait_for(r"^New game: new seat links")  # a new game: the last game's links open nothing
        told = output.stdout[output.stdout.index(next(line for line in output.stdout
                                                      if line.startswith("New game: new seat links"))):]
        new_token = next(re.search(r"^Seat 1: \S+/seat/(\S+)", line) for line in told if line.startswith("Seat 1: "))
        assert new_token is not None and new_token.group(1) != seat_token
        status, _ = post(f"{base}/api/seat/{seat_token}/answer", {"action": "1 gold"})
        assert status == 403
        seat_token = new_token.group(1)
        for action in ("1 build manor", "1 gold", "1 end", "1 pick king"):  # a seat page acting: taken or refused
            status, answer = post(f"{base}/api/seat/{seat_token}/answer", {"action": action})
            assert status in (200, 409), answer
        result = output.wait_for(r"^game 1: seed 11, \d+ rounds, (\w+) \(seat (\d)\) wins \((.*)\)$", timeout=240)
        assert result.group(1) == NAMES[int(result.group(2)) - 1]
        assert [re.sub(r" \d+$", "", part) for part in result.group(3).split(", ")] == NAMES[:players]
    finally:
        stop(process, output)
    assert not [line for line in output.stderr if "Traceback" in line or "unexpected" in line
                or "subscriber failed" in line], output.stderr
    with sqlite3.connect(tmp_path / "sim.db") as db:  # the admin's game is a stored game of its own
        setups = [json.loads(row[0]) for row in db.execute("SELECT setup_json FROM games ORDER BY id")]
    assert [(s["players"], s["seed"], s["names"]) for s in setups[1:]] == [(players, 11, NAMES[:players])]


@pytest.mark.slow  # a whole `citadels-hub sim` with pages
def test_a_second_game_with_pages_on_is_followed_by_its_own_table_top_only(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "hub.cli", "sim", "--host", "127.0.0.1", "--port", str(free_port()), "--no-qr",
         "--voice", "none", "--speed", "0", "--players", "3", "--seed", "3", "--games", "2",
         "--state-dir", str(tmp_path), "--names", "Ann,Bob,Cy"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    output = ProcessOutput(process)
    try:
        output.wait_for(r"^New game: 3 players: Ann, Bob, Cy$", timeout=120)
        output.wait_for(r"^game 2: seed 4, ", timeout=120)
    finally:
        stop(process, output)
    assert not [line for line in output.stderr if "Traceback" in line or "subscriber failed" in line], output.stderr


@pytest.mark.parametrize("game, players, first_players", [("citadels", 5, 4), ("builders", 2, 3), ("nim", 2, 3)])
def test_every_games_simulated_people_play_the_admins_game(game: str, players: int, first_players: int) -> None:
    """In process, for each registered game through its plug-in: the admin's game (its seats,
    seed and names) is played to its end by the simulated people, and is another game of
    the same seed played the same way."""
    from argparse import Namespace

    from hub.games import plugin_named
    from hub.table.sim import SimTable

    plugin = plugin_named(game)
    first = plugin.setup_from_options(Namespace(players=first_players, names=None), 1)
    sim = SimTable(first)
    try:
        sim.players[sim.service.game.pending.seat].act()  # the simulator's own game has begun
        config = {"players": players, "names": NAMES[:players], "seed": 5, "mode": "physical",
                  **plugin.admin_options({})}
        assert sim.service.new_game(config)["ok"]
        played = sim.play()
        assert played.over and played.n == players and tuple(played.setup.names) == tuple(NAMES[:players])
        summary = plugin.summary(played)
    finally:
        sim.close()
    alone = SimTable(played.setup)  # the same setup dealt by the simulator itself
    try:
        assert plugin.summary(alone.play()) == summary
    finally:
        alone.close()
