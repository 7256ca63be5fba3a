"""`citadels-hub soft-seat`: the real firmware without its board, driven through a pipe as
a maker drives it from a terminal, against the shipped broker (TLS, seat login, ACL).

The hub side here is a listener with the hub's login that answers every event as the hub
does (a bare `ref`, without which the firmware sends nothing more): what it receives is
what the firmware put on the wire; what it publishes on `cmd` must come out as display,
LED and beep.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hub.kernel.compose import option_lines, option_read
from hub.softseat.terminal import CardNames
from hub.games.citadels.registry import CardRef, TagRegistry, virtual_uid
from tests.fakes.seat import MessageLog
from tests.soft_seat import ROOT, SoftSeatProcess
from tests.table_broker import TableBroker


@pytest.fixture
def seats() -> Iterator[list[SoftSeatProcess]]:
    started: list[SoftSeatProcess] = []
    yield started
    for seat in started:
        seat.kill()


def seat_url(table: TableBroker, user: str) -> str:
    """The seats' TLS listener with the login's user only (the password goes in the environment)."""
    broker = table.broker
    return f"mqtts://{user}@{broker.host}:{broker.tls_port}?ca={broker.ca_file}"


def _events(log: MessageLog, seat: int) -> list[dict[str, Any]]:
    return [json.loads(p) for p in log.on(f"citadels/t1/seat/{seat}/event")]


class AnsweringLog(MessageLog):
    """A listener that also answers every event as the hub does (a bare command with the
    event's `seq` as `ref`): the firmware keeps an event, and sends nothing after it, until
    the hub has answered it (docs/protocol.md, "Delivery")."""

    def __init__(self, bus: Any) -> None:
        super().__init__()
        self.bus = bus
        self.answered = 0

    def __call__(self, topic: str, payload: bytes) -> None:
        super().__call__(topic, payload)
        if topic.endswith("/event"):
            self.answered += 1
            event = json.loads(payload)
            self.bus.publish(topic[: -len("event")] + "cmd",
                             json.dumps({"v": 1, "id": 1000 + self.answered, "ref": event["seq"]}), 1)


def _wait(predicate: Any, what: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_a_maker_checks_a_seat_from_the_terminal(table_broker: TableBroker, seats: list[SoftSeatProcess]) -> None:
    hub = table_broker.bus("hub")
    log = AnsweringLog(hub)
    hub.subscribe("citadels/t1/seat/#", log)
    url = seat_url(table_broker, "seat3")   # the password comes from the environment
    seat = SoftSeatProcess(["--seat", "3", "--broker", url], password=table_broker.passwords["seat3"])
    seats.append(seat)
    seat.wait_line("link: up")
    _wait(lambda: log.on("citadels/t1/seat/3/status")[-1:] == [b"online"], "seat 3 online")
    hello = json.loads(log.on("citadels/t1/seat/3/hello")[-1])
    assert hello["display"] == "ssd1306-128x64" and hello["buttons"] == ["a", "b", "ok"]

    # A card by name, then by UID; a button; a long press.
    king = virtual_uid(CardRef("character", "king"))
    manor = virtual_uid(CardRef("district", "manor", 2))
    seat.type("place King")
    seat.wait_line(f"placed King ({king})")
    _wait(lambda: [e.get("uid") for e in _events(log, 3) if e["type"] == "tag"] == [king], "King added")
    seat.type("lift")
    _wait(lambda: len([e for e in _events(log, 3) if e["type"] == "tag"]) == 2, "King removed")
    seat.type(f"place {manor}")
    seat.type("press ok")
    seat.type("hold a")
    _wait(lambda: len([e for e in _events(log, 3) if e["type"] == "button"]) == 2, "two button events")
    tags = [(e["edge"], e["uid"]) for e in _events(log, 3) if e["type"] == "tag"]
    assert tags == [("added", king), ("removed", king), ("added", manor)]
    buttons = [(e["button"], e.get("press")) for e in _events(log, 3) if e["type"] == "button"]
    assert buttons == [("ok", None), ("a", "long")]

    # The hub's command comes out as display lines, LED and beep; the option OK applies
    # keeps its marks, so a person reads where it begins and ends (hub.kernel.compose)
    mark = len(seat.output.stdout)
    text = ["Your turn: King", *option_lines("2/3 Take 2 gold from the bank")]
    hub.publish("citadels/t1/seat/3/cmd", json.dumps({"v": 1, "id": 7, "led": "green", "beep": "ok", "text": text}), 1)
    shown = "display: Your turn: King | > 2/3 Take 2 gold |   from the bank"
    seat.wait_line(shown, since=mark)
    assert option_read(shown[len("display: "):].split(" | ")) == "Take 2 gold from the bank"
    seat.wait_line("led: green", since=mark)
    seat.wait_line("beep: ok", since=mark)
    mark = len(seat.output.stdout)
    seat.type("show")
    seat.wait_line("queued events:", since=mark)
    assert shown in seat.lines_since(mark)

    # The Wi-Fi goes: the seat notices and says so; back: online again, then a clean quit.
    mark = len(seat.output.stdout)
    seat.type("wifi off")
    seat.wait_line("link: down", since=mark)
    seat.wait_line("led: white/amber (no link)", since=mark)
    onlines = log.on("citadels/t1/seat/3/status").count(b"online")
    seat.type("wifi on")
    seat.wait_line("link: up", since=mark, timeout=30)
    _wait(lambda: log.on("citadels/t1/seat/3/status").count(b"online") > onlines, "online again")
    seat.type("place nothing-such")
    seat.wait_line("? no card 'nothing-such'")
    assert seat.quit() == 0
    _wait(lambda: log.on("citadels/t1/seat/3/status")[-1:] == [b"offline"], "offline on quit")


def test_a_seat_powered_on_under_a_card_reports_it_lying_never_laid(
        table_broker: TableBroker, seats: list[SoftSeatProcess]) -> None:
    """`--lying CARD`: a board rebooted with a card on its reader (a power cycle mid-move)
    finds it at its first poll, so its boot's inventory holds it and no `added` says it was
    laid; lifted, it is a `removed` like any other."""
    hub = table_broker.bus("hub")
    log = AnsweringLog(hub)
    hub.subscribe("citadels/t1/seat/#", log)
    king = virtual_uid(CardRef("character", "king"))
    seat = SoftSeatProcess(["--seat", "2", "--broker", seat_url(table_broker, "seat2"), "--lying", "King"],
                           password=table_broker.passwords["seat2"])
    seats.append(seat)
    _wait(lambda: any(e["type"] == "inventory" for e in _events(log, 2)), "seat 2's inventory")
    seat.type("lift")
    _wait(lambda: any(e["type"] == "tag" for e in _events(log, 2)), "King lifted")
    reported = [(e["type"], e.get("uids") or e.get("edge"), e.get("uid")) for e in _events(log, 2)
                if e["type"] in ("inventory", "tag")]
    assert reported == [("inventory", [king], None), ("tag", "removed", king)]
    assert seat.quit() == 0


def test_a_card_lying_at_power_on_must_be_a_card(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from hub.cli import build_parser
    from hub.softseat.terminal import run_soft_seat

    monkeypatch.setenv("CITADELS_BROKER_PASSWORD", "pw")
    args = build_parser().parse_args(["soft-seat", "--seat", "1", "--broker", "mqtt://seat1@127.0.0.1:1",
                                      "--lying", "nothing-such"])
    assert run_soft_seat(args) == 2
    assert "--lying: no card 'nothing-such'" in capsys.readouterr().err


def test_every_soft_seat_is_its_own_board(table_broker: TableBroker, seats: list[SoftSeatProcess]) -> None:
    """Two processes, two seats: two devices (the fake boards' unique ids differ)."""
    hub = table_broker.bus("hub")
    log = MessageLog()
    hub.subscribe("citadels/t1/seat/+/hello", log)
    for n in (1, 2):
        seats.append(SoftSeatProcess(["--seat", str(n), "--broker", seat_url(table_broker, f"seat{n}")],
                                     password=table_broker.passwords[f"seat{n}"]))
    _wait(lambda: all(log.on(f"citadels/t1/seat/{n}/hello") for n in (1, 2)), "both hellos")
    devices = {n: json.loads(log.on(f"citadels/t1/seat/{n}/hello")[-1])["device"] for n in (1, 2)}
    assert devices[1] != devices[2]
    for seat in seats:
        assert seat.quit() == 0


def test_a_seat_logged_in_as_another_seat_is_heard_by_nobody(
        table_broker: TableBroker, seats: list[SoftSeatProcess]) -> None:
    """seat3's login publishing as seat 4: the broker's ACL drops it; the seat is never online."""
    hub = table_broker.bus("hub")
    log = MessageLog()
    hub.subscribe("citadels/t1/seat/4/#", log)
    seat = SoftSeatProcess(["--seat", "4", "--broker", seat_url(table_broker, "seat3")],
                           password=table_broker.passwords["seat3"])
    seats.append(seat)
    seat.wait_line("link: up")
    seat.type("place King")
    time.sleep(1.0)
    assert log.on("citadels/t1/seat/4/status") == [] and log.on("citadels/t1/seat/4/event") == []
    assert seat.quit() == 0


def test_card_names_follow_the_tag_registry(tmp_path: Path) -> None:
    registry = TagRegistry("classic", {"04A1B2C3D4E580": CardRef("district", "manor", 3),
                                       "11223344": CardRef("character", "king")})
    registry.save(tmp_path / "tags.json")
    names = CardNames(str(tmp_path / "tags.json"))
    assert names.uid("King") == names.uid("character:king") == "11223344"
    assert names.uid("manor 3") == names.uid("Manor") == names.uid("district:manor:3") == "04A1B2C3D4E580"
    assert names.uid("0a0b0c0d") == "0A0B0C0D"
    with pytest.raises(ValueError, match="no card 'Bishop'"):
        names.uid("Bishop")
    assert CardNames(None).uid("Bishop") == virtual_uid(CardRef("character", "bishop"))


def test_card_names_are_the_games_own() -> None:
    """The names come from the game's plug-in: The Builders' cards by name, copy and id."""
    from hub.games.builders.tags import virtual_uid as builders_uid

    names = CardNames(None, "builders")
    assert names.uid("Chapel") == names.uid("b28") == builders_uid("b28")
    assert names.describe(builders_uid("b28")) == f"Chapel ({builders_uid('b28')})"
    with pytest.raises(ValueError, match=r"no card 'Bishop': a card name of The Builders: Middle Ages \(Covered Bridge\)"):
        names.uid("Bishop")


@pytest.mark.parametrize("game, short, label", [("citadels", "Manor 3", "Manor (copy 3 of 5)"),
                                                ("nim", "stone 4", "Stone (copy 4 of 12)"),
                                                ("builders", "Crane 2", "Crane (copy 2 of 2)"),
                                                ("cities-knights", "Alchemist 2", "Alchemist (copy 2 of 2)")])
def test_every_game_names_a_copy_as_name_and_number(game: str, short: str, label: str) -> None:
    """A card printed more than once is typed the same way in every game: its name and
    copy ("Crane 2", as "Manor 3"), or the label the enrollment asked for it by."""
    names = CardNames(None, game)
    assert names.uid(short) == names.uid(label)
    assert names.describe(names.uid(short)).startswith(f"{label} (")


def test_a_flashed_seats_config_boots_as_is(tmp_path: Path) -> None:
    """--config takes the file flash_seat.py writes; its ca.crt is found next to it."""
    import argparse

    from hub.softseat.terminal import seat_config

    cfg = json.loads((ROOT / "firmware" / "config.example.json").read_text())
    cfg["seat"] = 6
    (tmp_path / "config.json").write_text(json.dumps(cfg))
    args = argparse.Namespace(config=str(tmp_path / "config.json"), seat=None, table=None, broker=None,
                              firmware=None)
    made = seat_config(args)
    assert made["seat"] == 6 and made["broker"]["host"] == cfg["broker"]["host"]
    assert made["broker"]["ca"] == str(tmp_path / "ca.crt")
    args.broker, args.seat = "mqtt://seat2@127.0.0.1:1883", 2
    assert seat_config(args, environ={"CITADELS_BROKER_PASSWORD": "pw"})["broker"] == {
        "host": "127.0.0.1", "port": 1883, "tls": False, "user": "seat2", "password": "pw", "keepalive": 10}


def test_a_line_with_half_a_character_is_refused_at_the_soft_seat() -> None:
    """Issue 31: a broken paste (a lone surrogate from bytes that are not UTF-8, a control)
    is refused whole at the terminal, never pressed nor sent on."""
    import io

    from hub.softseat.terminal import Terminal

    class Board:
        def __init__(self) -> None:
            self.pressed: list[str] = []

        def press(self, button: str, how: str) -> None:
            self.pressed.append(button)

    board, out = Board(), io.StringIO()
    terminal = Terminal(board, CardNames(None), out)  # type: ignore[arg-type]
    for line in ("press a\udcff\n", "press a\x1b[2J\n", "place King\ufdd0\n"):
        assert terminal.do(line)
    assert board.pressed == [] and out.getvalue().count("? the line holds") == 3
    terminal.do("press a\n")
    assert board.pressed == ["a"]


def test_a_tune_that_cuts_into_another_is_heard_and_named() -> None:
    """The hub's answers can come close together (a second tap soon after the first): the
    error tune starts while the ok beep still sounds. The buzzer changes pitch at once, so a
    person hears the error; the soft seat says `beep: error` too (its fake buzzer once
    counted only tones started from silence, and the error after an ok went unsaid)."""
    import io

    from hub.softseat import machine
    from hub.softseat.board import SoftBoard
    from hub.softseat.firmware import firmware_modules
    from hub.softseat.terminal import Terminal

    with firmware_modules() as fw:
        feedback = fw.feedback.Feedback(lambda rgb: None, fw.hw.buzzer_writer(23), None, lambda line: None)
        out = io.StringIO()
        terminal = Terminal(SoftBoard({"table": "t1", "seat": 2, "buzzer": 23}), CardNames(None), out)
        feedback.apply(b'{"v":1,"id":1,"led":"green","beep":"ok"}', 0)
        feedback.tick(0)
        terminal.report_changes()
        feedback.apply(b'{"v":1,"id":2,"led":"red","beep":"error"}', 30)  # the ok beep lasts 80 ms
        for now in range(30, 1000, 10):
            feedback.tick(now)
            terminal.report_changes()
        assert machine.board.pwm[23].tones == [1800, 440, 330]  # the ok cut short, then the whole error
    assert [line for line in out.getvalue().splitlines() if line.startswith("beep: ")] == ["beep: ok", "beep: error"]


def test_a_missing_firmware_folder_is_named_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Installed (no source tree beside the package) and run from the install folder, the
    two places looked in are one: the message names it once, then says what to give."""
    from hub.softseat import firmware

    monkeypatch.setattr(firmware, "CHECKOUT_FIRMWARE", tmp_path / "firmware")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(firmware.FirmwareMissing) as missing:
        firmware.find_firmware()
    assert str(missing.value).count(str(tmp_path / "firmware")) == 1 and "--firmware" in str(missing.value)
