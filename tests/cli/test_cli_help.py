"""What `citadels-hub --help` and each command's `--help` tell a maker (the defaults the
command really has, no option it does not use), and what its options take."""

from __future__ import annotations

from pathlib import Path

import pytest

from hub.cli import build_parser, main
from hub.games import plugin_named
from hub.table.run import DEFAULT_BROKER


def help_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        main([*argv, "--help"])
    assert exit_.value.code == 0
    return " ".join(capsys.readouterr().out.split()).replace("- ", "-")  # argparse's wrapping undone


def test_the_command_says_what_it_is_for_a_person(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of([], capsys)
    assert "referees card games played with RFID-tagged cards" in text and "no rules here" not in text


def test_run_names_its_own_default_broker_and_no_simulated_pace(capsys: pytest.CaptureFixture[str]) -> None:
    """`run` without --broker dials the Pi's loopback broker, never an in-process bus; it has
    no simulated moves to pace, and its seed has no 'sim --headless' default."""
    text = help_of(["run"], capsys)
    assert f"(default {DEFAULT_BROKER};" in text and "in-process" not in text
    assert "--speed" not in text and "sim --headless" not in text
    with pytest.raises(SystemExit):
        build_parser().parse_args(["run", "--tags", "tags.json", "--speed", "1"])
    assert "--speed" in capsys.readouterr().err


def test_sim_keeps_its_in_process_bus_and_its_pace(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(["sim"], capsys)
    assert "(default: an in-process bus, no server)" in text and "--speed SPEED" in text
    assert "1 with --headless or --engine-only" in text


def test_enroll_says_what_each_option_does(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(["enroll"], capsys)
    assert "--table TABLE table name in the MQTT topics (default t1)" in text
    assert "whose cards to enroll, each game into its own --tags file (default citadels)" in text
    assert "(default mqtt://127.0.0.1:1883; with the Pi's logins mqtt://hub@127.0.0.1:1883" in text


@pytest.mark.parametrize("game_name, acting, idle", [
    ("citadels", ["--edition", "--deck"], ["--variant"]),  # the edition and the printing name its cards
    ("cities-knights", [], ["--dice"]),
    ("nim", [], ["--stones"]),
])
def test_enroll_has_only_the_options_that_act_for_enrollment(
        game_name: str, acting: list[str], idle: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A game's rules' options (Citadels' variant, Cities & Knights' dice), the players and
    the seed change no card to enroll: `enroll` neither lists nor takes them; `run` does."""
    text = help_of(["enroll", "--game", game_name], capsys)
    assert all(option in text for option in acting) and "--take-table" in text
    assert not any(option in text for option in [*idle, "--players", "--seed", "--names"]), text
    for option in idle:
        with pytest.raises(SystemExit) as exit_:
            build_parser(plugin_named(game_name)).parse_args(["enroll", "--game", game_name, "--tags", "t.json",
                                                              option, "x"])
        assert exit_.value.code == 2 and f"unrecognized arguments: {option}" in capsys.readouterr().err
        assert option in help_of(["run", "--game", game_name], capsys)


@pytest.mark.parametrize("game_name, cards", [("builders", 84), ("nim", 12), ("cities-knights", 54)])
def test_any_seat_of_the_table_may_enroll_any_games_cards(
        game_name: str, cards: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The reader that enrolls is any seat's of the table (seat 1's may be the broken one):
    seat 6 enrolls The Builders' cards as it does Citadels', though The Builders seats four."""
    from hub.games import plugin_named

    tags = tmp_path / "tags.json"
    plugin_named(game_name).registry.virtual().save(tags)  # every card already enrolled: it ends at once
    code = main(["enroll", "--game", game_name, "--seat", "6", "--tags", str(tags), "--broker", "inproc://six",
                 "--state-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 0 and out.splitlines()[-1].startswith(f"All {cards} cards are enrolled"), err
