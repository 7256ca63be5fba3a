"""What `citadels-hub sim` prints: the game as it goes, --quiet, Ctrl-C, a busy port, no sound.

The Ctrl-C tests send a real SIGINT to a real `citadels-hub sim` process in the middle of
a game (once, and twice in a row) and check the exit code, the message and that no
traceback is printed.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

import pytest

from hub.games.citadels.summary import game_summary
from hub.engine.citadels import Setup
from hub.games.citadels.terminal import TableStory, TerminalNarrator, result_line
from hub.cli_args import BadInput, check_port_free
from hub.table.sim import SimTable

CHARACTERS = ("Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect", "Warlord")
HUB = [sys.executable, "-m", "hub.cli", "sim"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def story(events: list[dict[str, object]], names: dict[int, str] | None = None) -> list[str]:
    teller = TableStory(names or {1: "Ann", 2: "Bob", 3: "Cy", 4: "Dee"})
    teller.sync({"seats": [{"seat": s, "gold": 2, "city": []} for s in range(1, 5)]})
    return [line for event in events for line in teller.feed(event)]


def test_a_round_is_told_one_line_per_call_with_the_draft_folded() -> None:
    lines = story([
        {"kind": "round_started", "round": 1, "crowned": 1},
        {"kind": "faceup_removed", "characters": ["architect"]},
        {"kind": "faceup_removed", "characters": ["architect", "warlord"]},
        *({"kind": k, "seat": s, "step": "pick"} for s in (1, 2, 3, 4) for k in ("draft_turn", "picked")),
        {"kind": "options", "to": 2, "characters": ["assassin", "king"]},  # private: never told
        {"kind": "called", "rank": 1, "character": "assassin"},
        {"kind": "revealed", "seat": 2, "character": "assassin"},
        {"kind": "killed", "character": "king"},
        {"kind": "gold", "seat": 2, "delta": 2, "reason": "gather"},
        {"kind": "gold", "seat": 2, "delta": -4, "reason": "build"},
        {"kind": "built", "seat": 2, "district": "observatory"},
        {"kind": "turn_ended", "seat": 2, "character": "assassin"},
        {"kind": "called", "rank": 4, "character": "king"},
        {"kind": "no_answer", "rank": 4, "character": "king", "killed": True},
        {"kind": "called", "rank": 5, "character": "bishop"},
        {"kind": "no_answer", "rank": 5, "character": "bishop", "killed": False},
        {"kind": "round_ended", "round": 1},
        {"kind": "revealed", "seat": 3, "character": "king"},
        {"kind": "crown", "seat": 3, "heir": True},
        {"kind": "round_started", "round": 2, "crowned": 3},
    ])
    assert lines == [
        "Round 1: Ann holds the crown; face up out of the round: Architect, Warlord",
        "  draft: Ann, Bob, Cy, Dee chose",
        "  1 Assassin: Bob - kills the King, +2 gold, builds Observatory (4) | 0 gold, 1 built",
        "  4 King: assassinated, loses the turn",
        "  5 Bishop: nobody",
        "  Cy was the killed King and takes the crown",
    ]


def test_a_two_player_draft_says_who_discarded_face_down_never_what() -> None:
    steps = [(1, "pick"), (2, "pick"), (2, "discard"), (1, "pick"), (1, "discard"), (2, "pick")]
    events: list[dict[str, object]] = [{"kind": "round_started", "round": 1, "crowned": 1}]
    for seat, step in steps:
        events.append({"kind": "draft_turn", "seat": seat, "step": step})
        events.append({"kind": "picked", "seat": seat} if step == "pick" else {"kind": "discarded", "seat": seat})
    events.append({"kind": "called", "rank": 1, "character": "assassin"})
    assert story(events)[1] == "  draft: Ann, Bob (+1 face down), Ann (+1 face down), Bob chose"


def test_the_end_names_everyone_with_their_scores() -> None:
    scores = [{"seat": 1, "score": 18, "breakdown": {"districts": 15, "uniques": 3}},
              {"seat": 2, "score": 23, "breakdown": {"districts": 20, "all_types": 3}}]
    lines = story([{"kind": "round_started", "round": 9, "crowned": 1},
                   {"kind": "game_over", "winner": 2, "scores": scores}])
    assert lines == ["Game over after 9 rounds: Bob wins",  # the scoreboard's words, never its keys
                     "  1. Bob: 23 points (districts 20, 5 types 3)",
                     "  2. Ann: 18 points (districts 15, unique districts 3)"]
    summary = {"seed": 1, "rounds": 9, "winner": 2, "seats": scores}
    assert result_line(1, summary, {1: "Ann", 2: "Bob"}) == "game 1: seed 1, 9 rounds, Bob (seat 2) wins (Ann 18, Bob 23)"
    assert result_line(1, summary) == "game 1: seed 1, 9 rounds, seat 2 wins (18, 23)"


def test_a_whole_game_is_told_compactly_and_never_says_who_holds_what_before_the_call() -> None:
    out = io.StringIO()
    narrator = TerminalNarrator({1: "Ann", 2: "Bob", 3: "Cy", 4: "Dee", 5: "Eve"}, out)
    sim = SimTable(Setup(players=5, seed=11, mode="physical", names=("Ann", "Bob", "Cy", "Dee", "Eve")),
                   listeners=(narrator.on_message,))
    try:
        game = sim.play()
    finally:
        narrator.mute()
        sim.close()
    lines = out.getvalue().splitlines()
    rounds = [line for line in lines if line.startswith("Round ")]
    assert len(rounds) == game.round and lines[-1].startswith("  5. ")
    assert len(lines) <= game.round * 11 + 6, "one line per call, two per round's opening"
    assert all(len(line) < 200 for line in lines)
    for line in lines:
        if "draft:" in line:  # who chose is public, what they chose is not
            assert not any(c in line for c in CHARACTERS), line
    # every player line names the character called, then its player (revealed by the call)
    calls = [line for line in lines if line[:4].strip().isdigit()]
    assert all(line.split(":")[0].split()[1] in CHARACTERS for line in calls)


@pytest.mark.slow  # a `citadels-hub sim` process
def test_headless_json_prints_only_the_summaries() -> None:
    done = subprocess.run([*HUB, "--headless", "--json", "--seed", "5", "--games", "2", "--names", "A,B,C,D"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    expected = []
    for seed in (5, 6):
        sim = SimTable(Setup(players=4, seed=seed, mode="physical", names=("A", "B", "C", "D")))
        try:
            expected.append(json.dumps(game_summary(sim.play()), ensure_ascii=False, separators=(",", ":")))
        finally:
            sim.close()
    assert done.stdout == "".join(line + "\n" for line in expected)


@pytest.mark.slow  # two `citadels-hub sim` processes
def test_sim_tells_the_game_with_names_and_quiet_keeps_only_the_result() -> None:
    loud = subprocess.run([*HUB, "--headless", "--seed", "2", "--names", "Ann,Bob,Cy,Dee"],
                          capture_output=True, text=True, timeout=120)
    assert loud.returncode == 0, loud.stderr
    assert loud.stdout.startswith("Round 1: ")
    assert "  draft: " in loud.stdout and "Game over after" in loud.stdout
    last = loud.stdout.splitlines()[-1]
    assert last.startswith("game 1: seed 2, ") and "Ann " in last and "wins (Ann " in last
    quiet = subprocess.run([*HUB, "--headless", "--seed", "2", "--names", "Ann,Bob,Cy,Dee", "--quiet", "--games", "2"],
                           capture_output=True, text=True, timeout=120)
    assert quiet.returncode == 0, quiet.stderr
    assert [line.split(",")[0] for line in quiet.stdout.splitlines()] == ["game 1: seed 2", "game 2: seed 3"]
    assert last in quiet.stdout


def start_sim(*args: str, env: dict[str, str] | None = None) -> tuple[subprocess.Popen[str], list[str]]:
    """A sim with its web page; its stdout lines collected as they come."""
    process = subprocess.Popen([*HUB, "--host", "127.0.0.1", "--port", str(free_port()), "--no-qr", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    lines: list[str] = []
    assert process.stdout is not None
    reader = threading.Thread(target=read_to_the_end, args=(process.stdout, lines), daemon=True)
    reader.start()
    return process, lines


def read_to_the_end(stream: IO[str], lines: list[str]) -> None:
    """A reader thread's work: every line of `stream` into `lines`, then the pipe closed."""
    with stream:
        lines.extend(iter(stream.readline, ""))


def wait_for(lines: list[str], text: str, process: subprocess.Popen[str], timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while not any(text in line for line in list(lines)):
        assert process.poll() is None, f"sim ended early: {lines[-5:]}"
        assert time.monotonic() < deadline, f"no {text!r} in {lines[-5:]}"
        time.sleep(0.05)


def stop_with_ctrl_c(presses: int) -> tuple[int, list[str], str]:
    process, lines = start_sim("--players", "4", "--voice", "none", "--speed", "0.02")
    wait_for(lines, "Round 2:", process)
    for _ in range(presses):
        process.send_signal(signal.SIGINT)
        time.sleep(0.05)
    code = process.wait(30)
    with process.stderr:  # type: ignore[union-attr]
        stderr = process.stderr.read()  # type: ignore[union-attr]
    time.sleep(0.2)  # let the reader thread take the last lines
    return code, lines, stderr


def test_ctrl_c_mid_game_stops_with_a_true_message_and_130() -> None:
    code, lines, stderr = stop_with_ctrl_c(1)
    assert code == 130, stderr
    assert "Traceback" not in stderr and "scoreboard stays up" not in "".join(lines)
    assert lines[-1].startswith("Stopped (Ctrl-C) in game 1, round ") and "not finished" in lines[-1]
    assert sum(line.startswith("Seat ") for line in lines) == 4, "links for the 4 seats in play only"


@pytest.mark.slow  # a `citadels-hub sim` process (one Ctrl-C test is quick)
def test_ctrl_c_twice_still_stops_cleanly() -> None:
    code, lines, stderr = stop_with_ctrl_c(2)
    assert code == 130 and "Traceback" not in stderr, stderr
    assert lines[-1].startswith("Stopped (Ctrl-C) in game 1")


@pytest.mark.slow  # a `citadels-hub sim` process (one Ctrl-C test is quick)
def test_ctrl_c_once_the_game_is_over_closes_the_scoreboard() -> None:
    process, lines = start_sim("--players", "3", "--voice", "none", "--speed", "0")
    wait_for(lines, "the scoreboard stays up", process)
    process.send_signal(signal.SIGINT)
    code = process.wait(30)
    with process.stderr:  # type: ignore[union-attr]
        stderr = process.stderr.read()  # type: ignore[union-attr]
    time.sleep(0.2)
    assert code == 130 and "Traceback" not in stderr, stderr
    assert lines[-1] == "Stopped (Ctrl-C): all 1 game(s) finished; the scoreboard is closed.\n"
    assert [line.split(":")[0] for line in lines if line.startswith("Seat ")] == ["Seat 1", "Seat 2", "Seat 3"]


def test_a_busy_port_is_one_clear_line_and_a_non_zero_exit() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert _busy("127.0.0.1", port)
        done = subprocess.run([*HUB, "--host", "127.0.0.1", "--port", str(port), "--no-qr", "--voice", "none"],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"citadels-hub: port {port} is already in use on 127.0.0.1 (another hub running?): "
        f"stop it or choose another --port"]
    assert done.stdout == ""
    assert not _busy("127.0.0.1", port)


def _busy(host: str, port: int) -> bool:
    try:
        check_port_free(host, port)
    except BadInput:
        return True
    return False


def test_no_sound_device_is_one_line_and_the_game_goes_on(tmp_path: Path) -> None:
    """A stand-in espeak-ng behaving like espeak-ng 1.51 on a machine without sound."""
    fake = tmp_path / "espeak-ng"
    fake.write_text("#!/bin/sh\n"
                    f'echo called >> "{tmp_path}/calls"\n'
                    "cat > /dev/null\n"
                    'echo "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default" >&2\n'
                    'echo "error: No such file or directory" >&2\n')
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    env = {**os.environ, "PATH": f"{tmp_path}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run([*HUB, "--headless", "--quiet", "--voice", "espeak", "--lang", "zh-Hant"],
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "voice: espeak-ng cannot play sound (no sound device?): error: No such file or directory; "
        "the hub goes on silent"]
    assert done.stdout.startswith("game 1: seed 1, ")
    assert (tmp_path / "calls").read_text().splitlines() == ["called"], "tried once, then silent"


@pytest.mark.slow  # a `citadels-hub sim` process
def test_the_voice_says_the_opening_of_every_simulated_game(tmp_path: Path) -> None:
    """Words only: a stand-in espeak-ng keeps the WAV directory fast (real audio: test_voice_*)."""
    fake = tmp_path / "bin" / "espeak-ng"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\ncat > /dev/null\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    env = {**os.environ, "PATH": f"{fake.parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run([*HUB, "--headless", "--quiet", "--games", "2", "--players", "2", "--names", "Ann,Bob",
                           "--voice-dir", str(tmp_path / "voice")], capture_output=True, text=True, timeout=300,
                          env=env)
    assert done.returncode == 0, done.stderr
    said = [line.split("\t")[2] for line in (tmp_path / "voice" / "index.txt").read_text().splitlines()]
    openings = [i for i, text in enumerate(said) if text.startswith("Round 1.")]
    assert len(openings) == 2 and openings[0] == 0, said[:3]
    assert said[openings[1] - 1].startswith("Second: "), "game 2 opens after game 1's ranking"


@pytest.mark.slow  # three `citadels-hub sim` processes
def test_ctrl_c_with_a_store_says_how_to_carry_on_and_that_is_true(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    process = subprocess.Popen([*HUB, "--headless", "--speed", "0.02", "--seed", "8", "--db", str(db)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    threading.Thread(target=read_to_the_end, args=(process.stdout, lines), daemon=True).start()
    wait_for(lines, "Round 2:", process)
    process.send_signal(signal.SIGINT)
    assert process.wait(30) == 130
    process.stderr.close()  # type: ignore[union-attr]
    time.sleep(0.2)
    assert lines[-1].rstrip().endswith(f"Its moves are saved in {db}: carry on with --resume --db {db}.")
    resumed = subprocess.run([*HUB, "--headless", "--json", "--resume", "--db", str(db)],
                             capture_output=True, text=True, timeout=120)
    whole = subprocess.run([*HUB, "--headless", "--json", "--seed", "8"], capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout == whole.stdout


SNAKE_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")  # school_of_magic, all_types, haunted_city


def _told(edition: str, seed: int, players: int) -> tuple[list[dict[str, Any]], list[str]]:
    """A whole simulated game: the public events the terminal was fed, and what it printed."""
    out, events = io.StringIO(), []
    narrator = TerminalNarrator(out=out)

    def listen(event_id: int, message: Mapping[str, Any]) -> None:
        events.extend(e for e in message.get("events") or [] if e.get("to") is None)
        narrator.on_message(event_id, message)

    sim = SimTable(Setup(players=players, seed=seed, mode="physical", edition=edition), listeners=(listen,))
    try:
        sim.play()
    finally:
        narrator.mute()
        sim.close()
    return events, out.getvalue().splitlines()


@pytest.mark.parametrize(("edition", "seed", "players"), [("classic", 3, 4), ("classic", 8, 6), ("2000", 3, 4),
                                                           ("2000", 5, 3), ("2000", 9, 7)])
def test_no_printed_line_shows_an_engine_id(edition: str, seed: int, players: int) -> None:
    events, lines = _told(edition, seed, players)
    reasons = {str(e["reason"]) for e in events if e["kind"] in ("gold", "cards")}
    keys = {k for e in events if e["kind"] == "game_over" for s in e["scores"] for k in s["breakdown"]}
    assert {"gather", "build"} <= reasons and "all_types" in keys, "the game says what the test looks for"
    assert lines[0].startswith("Round 1: ") and lines[-1].startswith(f"  {players}. ")
    for line in lines:
        assert not SNAKE_ID.search(line), line
        assert not any(f"({reason})" in line for reason in reasons), line
        assert not any(key.replace("_", " ") in line for key in keys if key not in ("districts",)), line
    for lang in ("zh-Hant", "zh-Hans"):  # every line exists in the other languages, ids never in them
        teller = TableStory(lang=lang)
        told = [line for event in events for line in teller.feed(event)]
        assert len(told) == len(lines)
        assert not [line for line in told if re.search(r"[A-Za-z]{3,}", line)], "an English word or id"


def test_gold_and_cards_are_told_by_their_reason_in_words_never_by_its_id() -> None:
    lines = story([
        {"kind": "called", "rank": 6, "character": "merchant"},
        {"kind": "revealed", "seat": 1, "character": "merchant"},
        {"kind": "gold", "seat": 1, "delta": 1, "reason": "merchant"},
        {"kind": "gold", "seat": 1, "delta": 2, "reason": "tax"},
        {"kind": "cards", "seat": 1, "delta": -1, "reason": "laboratory"},
        {"kind": "gold", "seat": 1, "delta": 1, "reason": "laboratory"},
        {"kind": "gold", "seat": 1, "delta": -2, "reason": "smithy"},
        {"kind": "cards", "seat": 1, "delta": 3, "reason": "smithy"},
        {"kind": "cards", "seat": 1, "delta": 1, "reason": "gather"},
        {"kind": "turn_ended", "seat": 1, "character": "merchant"},
        {"kind": "called", "rank": 3, "character": "magician"},
        {"kind": "revealed", "seat": 2, "character": "magician"},
        {"kind": "cards", "seat": 2, "delta": -1, "reason": "magician"},
        {"kind": "cards", "seat": 2, "delta": 2, "reason": "architect"},  # not the Magician's: the words still fit
        {"kind": "turn_ended", "seat": 2, "character": "magician"},
        {"kind": "correction", "action": "0 void"},
        {"kind": "correction", "action": "0 adjust 2 1 typo"},
        {"kind": "gold", "seat": 2, "delta": 1, "reason": "correction", "note": "typo"},
    ])
    assert lines == [
        "  6 Merchant: Ann - +1 gold as the Merchant, +2 gold in taxes, -1 card at the Laboratory, "
        "+1 gold at the Laboratory, -2 gold at the Smithy, +3 cards at the Smithy, +1 card | 4 gold, 0 built",
        "  3 Magician: Bob - exchanges 1 card with the deck, +2 cards as the Architect | 2 gold, 0 built",
        "  admin correction: the last action was undone",
        "  correction: Bob +1 gold",
    ]
