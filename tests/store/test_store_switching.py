"""Switching games on one table (`hub.table.switching`): `run`, `sim` and `enroll` with
``--game G`` over an unfinished game of another game say so in one line and exit 2 unless
``--new-game`` is given; a stored game whose plug-in is gone never stops a new simulation."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hub import cli
from hub.games import plugin_named
from hub.games.citadels.registry import TagRegistry
from hub.store import EventStore, Recorder
from hub.games import REGISTRY


def store_unfinished(path: Path, game_name: str, moves: int = 2) -> int:
    """An unfinished game of `game_name` in the store at `path` (a few legal moves); its id."""
    plugin = plugin_named(game_name)
    setup = plugin.setup_type(players=3, seed=5)
    game = plugin.new_game(setup)
    with EventStore(path, REGISTRY) as store:
        recorder = Recorder.new_game(store, setup)
        for _ in range(moves):
            action = game.legal_actions()[0]
            game.apply(action)
            recorder.journal(action)
        return recorder.game_id


def store_unknown(path: Path, game_name: str) -> int:
    """An unfinished game stored by a plug-in this hub no longer has ('chess'); its id."""
    game_id = store_unfinished(path, game_name)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET game = 'chess'")
    return game_id


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_run_over_another_games_unfinished_game_says_so_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store_unfinished(tmp_path / "game.db", "builders")
    tags = tmp_path / "tags.json"
    TagRegistry.virtual().save(tags)
    code, out, err = run_cli(["run", "--game", "citadels", "--tags", str(tags), "--state-dir", str(tmp_path),
                              "--headless"], capsys)
    assert code == 2 and err.count("\n") == 1 and out == ""
    assert "holds an unfinished game of The Builders: Middle Ages" in err and "--new-game" in err
    with EventStore(tmp_path / "game.db", REGISTRY) as store:
        assert len(store.games()) == 1  # nothing started, the Builders game left as it is


def test_run_over_a_game_this_hub_does_not_know_says_so_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store_unknown(tmp_path / "game.db", "builders")
    tags = tmp_path / "tags.json"
    TagRegistry.virtual().save(tags)
    code, _out, err = run_cli(["run", "--tags", str(tags), "--state-dir", str(tmp_path), "--headless"], capsys)
    assert code == 2 and err.count("\n") == 1 and "'chess', a game this hub does not know" in err


def test_sim_over_another_games_unfinished_game_stops_unless_told_new_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store_unfinished(tmp_path / "sim.db", "builders")
    argv = ["sim", "--game", "citadels", "--headless", "--json", "--state-dir", str(tmp_path), "--seed", "3"]
    code, out, err = run_cli(argv, capsys)
    assert code == 2 and err.count("\n") == 1 and "unfinished game of The Builders" in err and out == ""
    code, out, err = run_cli([*argv, "--new-game"], capsys)
    assert code == 0 and '"winner"' in out
    with EventStore(tmp_path / "sim.db", REGISTRY) as store:
        assert [store.game_name(g) for g, _c, _n in store.games()] == ["builders", "citadels"]


def test_sim_resume_of_another_games_series_says_so_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store_unfinished(tmp_path / "b.db", "builders")
    code, out, err = run_cli(["sim", "--game", "citadels", "--headless", "--json", "--db", str(tmp_path / "b.db"),
                              "--resume"], capsys)
    assert code == 2 and err.count("\n") == 1 and "holds games of builders, not of citadels" in err


def test_a_stored_game_whose_plug_in_is_gone_never_stops_a_new_simulation(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = store_unknown(tmp_path / "sim.db", "builders")
    code, out, err = run_cli(["sim", "--game", "nim", "--headless", "--json", "--state-dir", str(tmp_path)], capsys)
    assert code == 0, err
    said = [line for line in out.splitlines() if "does not know" in line]
    assert len(said) == 1 and "left as it is" in said[0]
    with EventStore(tmp_path / "sim.db", REGISTRY) as store:
        assert store.game_name(old) == "chess" and store.count(old) == 2


def test_enroll_over_another_games_unfinished_game_stops_unless_told_new_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store_unfinished(tmp_path / "game.db", "citadels")
    tags = tmp_path / "builders-tags.json"
    plugin_named("builders").registry.virtual().save(tags)  # every card already enrolled: it ends at once
    argv = ["enroll", "--game", "builders", "--tags", str(tags), "--state-dir", str(tmp_path),
            "--broker", "inproc://switching"]
    code, _out, err = run_cli(argv, capsys)
    assert code == 2 and err.count("\n") == 1 and "unfinished game of Citadels" in err
    # the advice is enrollment's: --new-game enrolls the cards (it starts no game), and the
    # game that would not be carried on is the next `run`'s
    assert "add --new-game to enroll the cards of The Builders: Middle Ages anyway" in err
    assert "'citadels-hub run --game builders' would not carry it on" in err
    assert "'citadels-hub run --game citadels'" in err and "to start" not in err
    code, out, err = run_cli([*argv, "--new-game"], capsys)
    assert code == 0 and out.splitlines()[-1].startswith("All 84 cards are enrolled"), err


def test_enroll_over_a_game_this_hub_does_not_know_says_what_new_game_does_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store_unknown(tmp_path / "game.db", "citadels")
    tags = tmp_path / "nim-tags.json"
    argv = ["enroll", "--game", "nim", "--tags", str(tags), "--state-dir", str(tmp_path), "--broker", "inproc://x"]
    code, _out, err = run_cli(argv, capsys)
    assert code == 2 and err.count("\n") == 1 and "'chess', a game this hub does not know" in err
    assert "add --new-game to enroll the cards of Nim anyway" in err and not tags.exists()


def test_a_finished_game_of_another_game_is_no_reason_to_stop(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store_unfinished(tmp_path / "sim.db", "nim", moves=0)
    with EventStore(tmp_path / "sim.db", REGISTRY) as store:
        assert store.latest_game() is not None
    code, _out, _err = run_cli(["sim", "--game", "nim", "--headless", "--json", "--state-dir", str(tmp_path),
                                "--games", "1"], capsys)
    assert code == 0
    code, out, err = run_cli(["sim", "--game", "builders", "--headless", "--json", "--state-dir", str(tmp_path)],
                             capsys)
    assert code == 0 and '"winner"' in out, err


@pytest.mark.parametrize("game_name", ["builders", "nim", "cities-knights"])
def test_replay_says_how_to_carry_on_another_games_unfinished_game_and_that_is_true(
        game_name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`replay` of an unfinished game that is not Citadels names its game in the commands
    it advises (without `--game` they would refuse the file or play another game), once."""
    db = tmp_path / "game.db"
    store_unfinished(db, game_name)
    code, out, err = run_cli(["replay", str(db)], capsys)
    assert code == 0, err
    assert f"citadels-hub run --game {game_name} ... --db {db}" in out
    assert f"citadels-hub sim --game {game_name} --resume --db {db}" in out
    assert "continue with --resume" not in out
    code, out, err = run_cli(["sim", "--game", game_name, "--resume", "--db", str(db), "--headless", "--json"], capsys)
    assert code == 0 and f'"game":"{game_name}"' in out, err
