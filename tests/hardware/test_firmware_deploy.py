"""Deployment files for the seats and the Pi: flash_seat.py builds valid per-seat configs
and the right mpremote session; the systemd unit starts the hub after the broker; the
wiring tables in hardware/README.md agree with the pins the configs use."""

from __future__ import annotations

import configparser
import importlib.util
import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
HARDWARE = ROOT / "hardware"


TABLE_CA = Path(__file__).resolve().parents[1] / "wasm" / "package.json"  # any readable file stands in


def load_flash_seat() -> Any:
    spec = importlib.util.spec_from_file_location("flash_seat", HARDWARE / "flash_seat.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def dry_run(capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, dict[str, Any], list[str], str]:
    """(exit code, config, mpremote argv, stderr) of a --dry-run."""
    args = ["--port", "/dev/ttyUSB0", "--seat", "5", "--wifi-ssid", "citadels-table",
            "--wifi-password", "wpa-pass", "--broker-host", "10.42.0.1",
            "--mqtt-password", "pw5", "--dry-run", *extra]
    if "--plain" not in extra and "--ca" not in extra:
        args += ["--ca", str(TABLE_CA)]
    flash_seat = load_flash_seat()
    code = flash_seat.main(args)
    captured = capsys.readouterr()
    if code:
        return code, {}, [], captured.err
    config_text, command = captured.out.split(flash_seat.DRY_RUN_MARK + "\n")
    return code, json.loads(config_text), shlex.split(command), captured.err


@pytest.mark.parametrize("board, reader", [("esp32", "hsu"), *(pytest.param(*c, marks=pytest.mark.slow) for c in (  # mpy-cross
    ("esp32", "i2c"), ("picow", "hsu"), ("picow", "i2c")))])
def test_flash_seat_builds_a_valid_config_and_one_mpremote_session(
    capsys: pytest.CaptureFixture[str], board: str, reader: str
) -> None:
    code, cfg, argv, _ = dry_run(capsys, "--board", board, "--reader", reader)
    assert code == 0
    assert cfg["seat"] == 5 and cfg["reader"]["mode"] == reader
    assert cfg["broker"] == {"host": "10.42.0.1", "port": 8883, "user": "seat5",
                             "password": "pw5", "keepalive": 10, "tls": True, "ca": "ca.crt"}
    if board == "picow":
        assert cfg["buttons"] == {"a": 10, "b": 11, "ok": 12}
    assert argv[:4] == ["mpremote", "connect", "/dev/ttyUSB0", "exec"]
    steps = " ".join(argv[6:]).split(" + ")   # argv[4] is the clean-up script, argv[5] "+"
    assert argv[5] == "+"
    copied = sorted(step.split(":")[-1] for step in steps if step.startswith("fs cp "))
    modules = sorted(p.stem for p in (ROOT / "firmware").glob("*.py"))
    assert copied == sorted(["config.json", "ca.crt"] + [m + (".py" if m == "main" else ".mpy") for m in modules])
    assert {"font.mpy", "screen.mpy"} <= set(copied)   # the display's own font (hw.display draws with it)
    assert f"fs cp {TABLE_CA} :ca.crt" in steps
    assert steps[-2:] == ["mip install ssd1306", "reset"]
    assert "os.remove(n)" in argv[4]


def test_flash_seat_needs_the_table_ca_unless_told_the_broker_is_plain(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _, err = dry_run(capsys, "--ca", "/nonexistent/ca.crt")
    assert code == 2 and "--ca /nonexistent/ca.crt: no such file" in err and "make-ca.sh" in err
    code = load_flash_seat().main(["--port", "/dev/ttyUSB0", "--seat", "5", "--wifi-ssid", "s",
                                   "--wifi-password", "w", "--mqtt-password", "pw5", "--dry-run"])
    err = capsys.readouterr().err
    assert code == 2 and "needs its CA: --ca /etc/mosquitto/citadels/ca.crt" in err
    code, cfg, argv, _ = dry_run(capsys, "--plain")
    assert code == 0 and (cfg["broker"]["port"], cfg["broker"]["tls"]) == (1883, False)
    assert not any(word.endswith(":ca.crt") for word in argv)


def test_flash_seat_refuses_a_seat_without_its_password(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The shipped broker refuses every login without a password: a seat flashed without
    one would never connect, so it is refused before anything is copied, naming the line."""
    monkeypatch.delenv("CITADELS_SEAT_PASSWORD", raising=False)
    code = load_flash_seat().main(["--port", "/dev/ttyUSB0", "--seat", "5", "--wifi-ssid", "s",
                                   "--wifi-password", "w", "--ca", str(TABLE_CA), "--dry-run"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert "no --mqtt-password" in captured.err and "the seat5 line" in captured.err


def test_flash_seat_takes_both_passwords_from_the_environment_kept_off_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command line is visible to every user (`ps`) and kept in the shell's history: the
    passwords can come from the environment instead, and without either the seat is refused."""
    bare = ["--port", "/dev/ttyUSB0", "--seat", "5", "--wifi-ssid", "s", "--ca", str(TABLE_CA), "--dry-run"]
    monkeypatch.delenv("CITADELS_WIFI_PASSWORD", raising=False)
    monkeypatch.setenv("CITADELS_SEAT_PASSWORD", "pw5")
    assert load_flash_seat().main(bare) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "no Wi-Fi password: set CITADELS_WIFI_PASSWORD" in captured.err
    monkeypatch.setenv("CITADELS_WIFI_PASSWORD", "wpa-pass")
    assert load_flash_seat().main(bare) == 0
    config_text = capsys.readouterr().out.split("# mpremote session:")[0]
    config = json.loads(config_text)
    assert (config["wifi"]["password"], config["broker"]["password"]) == ("wpa-pass", "pw5")


def test_flash_seat_refuses_a_bad_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _, err = dry_run(capsys, "--seat", "8")
    assert code == 2 and "'seat' must be 1..7" in err


def test_systemd_unit_starts_the_hub_after_the_broker() -> None:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(HARDWARE / "citadels-hub.service")
    assert "mosquitto.service" in unit["Unit"]["After"].split()
    assert "mosquitto.service" in unit["Unit"]["Wants"].split()
    exec_start = unit["Service"]["ExecStart"]
    assert re.fullmatch(r"\S+/citadels-hub run --game \$\{CITADELS_GAME\} --broker \$\{CITADELS_BROKER\} "
                        r"--tags \$\{CITADELS_TAGS\} --players \$\{CITADELS_PLAYERS\} \$CITADELS_OPTIONS", exec_start)
    assert "CITADELS_GAME=citadels CITADELS_TAGS=/var/lib/citadels/tags.json" in unit["Service"]["Environment"]
    assert "CITADELS_PLAYERS=4" in unit["Service"]["Environment"]  # hub.env may say otherwise
    assert "CITADELS_BROKER=mqtt://hub@127.0.0.1:1883" in unit["Service"]["Environment"]  # user only: the
    assert "CITADELS_BROKER_PASSWORD" not in exec_start  # password comes from hub.env, never argv
    assert unit["Service"]["Restart"] == "always"
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_readme_esp32_wiring_matches_the_example_config() -> None:
    cfg = json.loads((ROOT / "firmware" / "config.example.json").read_text())
    readme = (HARDWARE / "README.md").read_text()
    esp32 = readme.split("## Wiring: ESP32")[1].split("## Wiring: Raspberry")[0]
    rows = {line.split("|")[1].strip(): line.split("|")[2] for line in esp32.splitlines()
            if line.startswith("| ") and line.count("|") >= 4}
    assert f"GPIO{cfg['reader']['rx']} " in rows["PN532 HSU: chip TXD"]
    assert f"GPIO{cfg['reader']['tx']} " in rows["PN532 HSU: chip RXD"]
    buttons = cfg["buttons"]
    assert rows["button a / b / ok"].strip() == f"GPIO{buttons['a']} / GPIO{buttons['b']} / GPIO{buttons['ok']}"
    assert f"GPIO{cfg['led']['pin']}" in rows["LED data (WS2812B `DIN`)"]
    assert f"GPIO{cfg['buzzer']}" in rows["buzzer"]


def test_the_player_count_comes_from_hub_env(tmp_path: Path) -> None:
    """The unit starts a game with 4 players unless hub.env says CITADELS_PLAYERS=N."""
    from tests.hub_unit import unit_command

    default = unit_command(tmp_path, "mqtt://hub@127.0.0.1:1883").argv
    assert default[default.index("--players") + 1] == "4"
    five = unit_command(tmp_path, "mqtt://hub@127.0.0.1:1883", extra_env={"CITADELS_PLAYERS": "5"}).argv
    assert five[five.index("--players") + 1] == "5"


def test_any_other_option_of_run_comes_from_hub_env(tmp_path: Path) -> None:
    """A table that plays Citadels' 2000 edition, rolls its own dice or hears Chinese says so
    in hub.env (CITADELS_OPTIONS, split into words as systemd does); without it, nothing is
    added. What the unit runs is a command line `run` takes."""
    from hub.cli import build_parser
    from tests.hub_unit import unit_command

    plain = unit_command(tmp_path, "mqtt://hub@127.0.0.1:1883").argv
    assert plain[-2:] == ["--players", "4"]
    argv = unit_command(tmp_path, "mqtt://hub@127.0.0.1:1883",
                        extra_env={"CITADELS_OPTIONS": "--edition 2000  --lang zh-Hant"}).argv
    assert argv[-4:] == ["--edition", "2000", "--lang", "zh-Hant"]
    args = build_parser().parse_args(argv[3:])  # after `python -m hub.cli`
    assert (args.command, args.edition, args.lang, args.players) == ("run", "2000", "zh-Hant", 4)


def test_the_game_and_its_tag_file_come_from_hub_env(tmp_path: Path) -> None:
    """The unit hosts Citadels with /var/lib/citadels/tags.json (as before games could be
    switched) unless hub.env names another game and its tag file."""
    from tests.hub_unit import unit_command

    default = unit_command(tmp_path, "mqtt://hub@127.0.0.1:1883").argv
    assert default[default.index("--game") + 1] == "citadels"
    assert default[default.index("--tags") + 1] == str(tmp_path / "tags.json")
    builders = unit_command(tmp_path, "mqtt://hub@127.0.0.1:1883", extra_env={
        "CITADELS_GAME": "builders", "CITADELS_TAGS": "/var/lib/citadels/builders-tags.json"}).argv
    assert builders[builders.index("--game") + 1] == "builders"
    assert builders[builders.index("--tags") + 1] == str(tmp_path / "builders-tags.json")


def test_the_guide_sets_up_every_game() -> None:
    """raspberry-pi.md enrolls each registered game's cards into its own tag file, sets the
    unit's game in hub.env, checks a soft seat with --game, says how to switch, and restarts
    Mosquitto after installing its configuration (apt already started it)."""
    from hub.games import GAMES

    guide = (HARDWARE / "raspberry-pi.md").read_text()
    for name in GAMES:
        assert f"enroll --game {name} " in guide, name
        assert f"CITADELS_GAME={name}" in guide, name
        assert re.search(rf"soft-seat [^\n]*--game {name}\b", guide), name
    assert "systemctl restart mosquitto" in guide and "## Switching games" in guide
    assert "game.db" in guide.split("## Switching games")[1] and "--new-game" in guide.split("## Switching games")[1]
