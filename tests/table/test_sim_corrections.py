"""The terminal after an admin's correction (issue 24, smaller items): an undone action is
taken out of the story, so a turn is never told twice with the wrong player or gold; a
resumed finished game is not told again; a new game's names are used by the terminal and
the voice."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hub.engine.citadels import Setup
from hub.games.citadels.terminal import TerminalNarrator
from hub.table.sim import SimTable
from hub.voice.speech import sentences
from hub.games.citadels.voice.narrator import Narrator

ROOT = Path(__file__).resolve().parents[2]
CALL = re.compile(r"^  (\d) (\w+): (.+?) - ")


def play_until(sim: SimTable, done) -> None:  # type: ignore[no-untyped-def]
    for _ in range(5000):
        game = sim.service.game
        if done(game):
            return
        sim.players[game.pending.seat].act()
    raise AssertionError("never reached")


def told_turns(text: str) -> list[tuple[str, str]]:
    return [(m.group(1), m.group(3)) for line in text.splitlines() if (m := CALL.match(line))]


def test_an_undone_end_of_turn_tells_that_turn_again_and_never_the_next_with_its_moves() -> None:
    out = io.StringIO()
    narrator = TerminalNarrator({1: "Ann", 2: "Bob", 3: "Cy"}, out=out)
    sim = SimTable(Setup(players=3, seed=4, mode="physical", names=("Ann", "Bob", "Cy")), listeners=(narrator.on_message,))
    try:
        def ended_and_next_revealed(game) -> bool:  # type: ignore[no-untyped-def]
            last = str(game.log[-1]).split() if game.log else []
            return (len(game.log) > 30 and last[1:] == ["end"] and game.phase == "turns"
                    and game.pending is not None and game.pending.kind == "turn" and game.turn_seat != int(last[0]))
        play_until(sim, ended_and_next_revealed)
        ender = str(sim.service.game.log[-1]).split()[0]
        before = len(out.getvalue())
        assert sim.service.void_last("misread")["ok"]
        rank = sim.service.game.rank
        play_until(sim, lambda game: game.rank > rank + 1 or game.phase != "turns")  # the next character's turn told too
        after = out.getvalue()[before:]
        assert "the last action was undone" in after
        turns = told_turns(after)
        assert len({rank for rank, _who in turns}) == len(turns), after  # each character told once after the undo
        assert turns[0][1] == {"1": "Ann", "2": "Bob", "3": "Cy"}[ender], after  # the undone turn, its own player's
    finally:
        sim.close()


def test_an_undone_move_leaves_the_turn_told_once_without_it() -> None:
    out = io.StringIO()
    narrator = TerminalNarrator({}, out=out)
    sim = SimTable(Setup(players=3, seed=4, mode="physical"), listeners=(narrator.on_message,))
    try:
        play_until(sim, lambda game: len(game.log) > 30 and str(game.log[-1]).split()[1:] == ["gold"])
        seat = sim.service.game.turn_seat
        assert sim.service.void_last("misread")["ok"]
        play_until(sim, lambda game: game.turn_seat != seat)
        line = [line for line in out.getvalue().splitlines() if CALL.match(line)][-1]
        assert ", +2 gold, +2 gold" not in line, line  # the undone +2 gold is not told
    finally:
        sim.close()


@pytest.mark.slow  # `citadels-hub sim` twice
def test_a_resumed_finished_game_is_not_told_again(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    hub = [sys.executable, "-m", "hub.cli", "sim", "--headless", "--players", "3", "--seed", "3", "--db", str(db)]
    first = subprocess.run(hub, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0 and "Round 1" in first.stdout, first.stderr
    again = subprocess.run([*hub, "--resume"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    lines = again.stdout.splitlines()
    assert lines[0].startswith("Resumed game 1 from ") and len(lines) == 2, again.stdout
    assert lines[1] == first.stdout.splitlines()[-1]  # the result line only


def test_a_new_game_names_its_players_on_the_terminal_and_in_the_voice() -> None:
    out = io.StringIO()
    narrator = TerminalNarrator({1: "Old"}, out=out)
    narrator.on_message(1, {"view": None, "events": [{"kind": "new_game", "players": 2, "names": ["Ann", "Bob"]},
                                                    {"kind": "round_started", "round": 1, "crowned": 2}]})
    assert out.getvalue().splitlines() == ["New game: 2 players: Ann, Bob"]
    assert narrator.story.who(2) == "Bob"
    voice = Narrator("en", {1: "Old"})
    voice.narrate({"kind": "new_game", "players": 2, "names": ["Ann", "Bob"]})
    said = " ".join(u.text for u in voice.narrate({"kind": "revealed", "seat": 1, "character": "king"}))
    assert "Ann" in said and "Old" not in said
    simple = sentences(lambda event, lang, names: [names.get(1, "nobody")]).narrator("en", {1: "Old"}, None)
    simple.narrate({"kind": "new_game", "players": 2, "names": ["Ann", "Bob"]})
    assert [u.text for u in simple.narrate({"kind": "took", "seat": 1})] == ["Ann"]  # a simple game's voice too
