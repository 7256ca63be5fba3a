"""Enrollment, serial readers feeding the hub, and `citadels-hub run` against Mosquitto."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from hub.engine.citadels import Setup
from hub.store import EventStore
from hub.games.citadels.registry import TagRegistry
from hub.games.citadels.service import TableService
from hub.games.enroll import EnrollmentSession
from hub.games.citadels.registry import CardRef, all_cards, virtual_uid
from hub.table.run import start_serial_readers
from hub.table.virtual_seat import VirtualSeat
from hub.transport import InProcessBus
from hub.games import REGISTRY
from tests.fakes import pn532url
from tests.hub_unit import ProcessOutput, first_answer

ROOT = Path(__file__).resolve().parents[2]


def _uid(i: int) -> str:
    return f"04{i:012X}"


def test_enrollment_asks_for_every_card_refuses_repeats_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "tags.json"
    bus = InProcessBus()
    out = io.StringIO()
    session = EnrollmentSession(bus, path, seat=2, registry_type=TagRegistry, out=out)
    session.start()
    seat = VirtualSeat(bus, seat=2, device="enroller")
    assert "Tap Assassin (1/76)" in out.getvalue()
    seat.place(_uid(1))
    seat.place(_uid(1))  # the same tag again: refused, nothing advances
    assert "already enrolled as Assassin" in out.getvalue()
    seat.place(_uid(2))
    assert TagRegistry.load(path).lookup(_uid(2)) == CardRef("character", "thief")
    assert seat.commands[-1].text == ("Thief enrolled", "Tap Magician (3/76)")
    seat.close()
    # interrupted here; a new session carries on with the third card
    bus2 = InProcessBus()
    out2 = io.StringIO()
    resumed = EnrollmentSession(bus2, path, seat=2, registry_type=TagRegistry, out=out2)
    resumed.start()
    assert "Tap Magician (3/76)" in out2.getvalue()
    seat2 = VirtualSeat(bus2, seat=2, device="enroller2")
    for i in range(3, 77):
        seat2.place(_uid(i))
    assert resumed.finished.is_set()
    registry = TagRegistry.load(path)
    assert len(registry.tags) == 76 and set(registry.tags.values()) == set(all_cards())
    seat2.close()


def test_each_tap_is_answered_with_its_result_and_the_next_card_in_one_command(tmp_path: Path) -> None:
    """A seat shows the last command: the result (LED, beep, text) must be that command,
    not a prompt sent right after it that hides it."""
    bus = InProcessBus()
    session = EnrollmentSession(bus, tmp_path / "tags.json", seat=2, registry_type=TagRegistry)
    session.start()
    seat = VirtualSeat(bus, seat=2, device="enroller")
    tap = seat.place(_uid(1))
    seat.lift(_uid(1))  # answered with a bare ref: nothing shown changes
    last = seat.answer_to(tap)
    after = seat.commands[seat.commands.index(last) + 1:]
    assert all((c.led, c.beep, c.text) == (None, None, None) for c in after)  # nothing hid the answer
    assert (last.led, last.beep, last.text) == ("green", "ok", ("Assassin enrolled", "Tap Thief (2/76)"))
    again = seat.place(_uid(1))  # the same tag: refused, in red, with the card still to tap
    refused = seat.answer_to(again)
    assert refused == seat.commands[-1] and (refused.led, refused.beep) == ("red", "error")
    assert refused.text == ("that tag is already", "enrolled as Assassin", "Tap Thief (2/76)")


def test_every_enrollment_event_is_answered_and_a_resent_one_changes_nothing(tmp_path: Path) -> None:
    """A seat keeps an event until the hub answers it (`ref`): a lift is answered with a
    bare ref, an event sent again with what the seat shows, no beep, nothing enrolled twice."""
    bus = InProcessBus()
    session = EnrollmentSession(bus, tmp_path / "tags.json", seat=1, registry_type=TagRegistry)
    session.start()
    seat = VirtualSeat(bus, seat=1, device="enroller")
    tap = seat.place(_uid(7))
    lift = seat.lift(_uid(7))
    bare = seat.answer_to(lift)
    assert (bare.led, bare.beep, bare.text) == (None, None, None)
    seat.resend(tap)
    answers = [c for c in seat.commands if c.ref == tap["seq"]]
    assert len(answers) == 2 and answers[1].beep is None
    assert answers[1].text == answers[0].text and answers[1].led == "green"
    assert session.enrollment.prompt().startswith("Tap Thief (2/76)")


def test_a_seat_rebooted_during_enrollment_gets_its_prompt_back(tmp_path: Path) -> None:
    bus = InProcessBus()
    session = EnrollmentSession(bus, tmp_path / "tags.json", seat=3, registry_type=TagRegistry)
    seat = VirtualSeat(bus, seat=3, device="enroller")
    session.start()
    seat.place(_uid(1))
    since = len(seat.commands)
    seat.reboot()  # blank display
    back = seat.wait_for_command(lambda c: c.text is not None, since=since, timeout=2)
    assert (back.led, back.beep, back.text) == ("blue", "none", ("Tap Thief (2/76)",))


def test_enroll_lets_the_broker_take_its_last_message_before_it_disconnects(
        tmp_path: Path, monkeypatch: Any) -> None:
    """`enroll` used to close the connection right after the last tap's answer."""
    from hub import cli
    from hub.transport import watch

    calls: list[str] = []

    class Recording(InProcessBus):
        def publish(self, *args: Any, **kwargs: Any) -> Any:
            calls.append("publish")
            return super().publish(*args, **kwargs)

        def flush(self, timeout: float = 5.0) -> bool:
            calls.append("flush")
            return True

        def close(self) -> None:
            calls.append("close")

    bus = Recording()
    monkeypatch.setattr(watch, "open_bus", lambda *a, **k: bus)
    monkeypatch.setattr("hub.games.enroll.RESULT_SHOWN_S", 0.0)  # the result's moment on the seat: not waited here
    registry = TagRegistry.virtual()  # every card but the last one enrolled
    last_uid = max(registry.tags, key=lambda uid: all_cards().index(registry.tags[uid]))
    del registry.tags[last_uid]
    registry.save(tmp_path / "tags.json")
    seat = VirtualSeat(bus, seat=1, device="enroller")
    timer = threading.Timer(0.3, lambda: seat.place(last_uid))
    timer.start()
    assert cli.main(["enroll", "--tags", str(tmp_path / "tags.json"), "--seat", "1", "--broker", "inproc://x"]) == 0
    timer.join()
    assert calls[-2:] == ["flush", "close"] and "publish" in calls
    last = seat.commands[-1]
    assert (last.led, last.beep, last.text[-2:]) == ("green", "ok", ("All 76 cards are", "enrolled."))


@pytest.mark.slow  # a `citadels-hub run` process
def test_unknown_tag_file_is_a_clear_error(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "hub.cli", "run", "--tags", str(tmp_path / "none.json"),
                             "--headless"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "citadels-hub enroll" in result.stderr


def test_pn532_wired_to_the_hub_feeds_the_same_queue() -> None:
    pn532url.register()
    chip = pn532url.fake_for("hub-seat1")
    bus = InProcessBus()
    service = TableService(bus, TagRegistry.virtual(), Setup(players=4, mode="physical"))
    service.start()
    readers = start_serial_readers(service, ["pn532:fakepn532://hub-seat1:1"])
    try:
        deadline = time.monotonic() + 10
        while readers[0].stats.polls < 1:   # its first poll is the (empty) inventory
            assert time.monotonic() < deadline, "the PN532 reader never polled"
            time.sleep(0.02)
        chip.place(virtual_uid(CardRef("character", "assassin")))
        deadline = time.monotonic() + 10
        while service.game.faceup != ["assassin"]:
            assert time.monotonic() < deadline, "the PN532 card never reached the game"
            time.sleep(0.02)
        assert service.online[1] is True
    finally:
        for reader in readers:
            reader.stop()


def test_run_referees_seats_over_mosquitto(mosquitto: Any, tmp_path: Path) -> None:
    tags = tmp_path / "tags.json"
    TagRegistry.virtual().save(tags)
    hub = subprocess.Popen([sys.executable, "-m", "hub.cli", "run", "--broker", mosquitto.url, "--tags", str(tags),
                            "--players", "4", "--headless", "--voice", "none"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    output = ProcessOutput(hub)
    try:
        seat = VirtualSeat(mosquitto.url, seat=1, device="run-test-1")
        deadline = time.monotonic() + 20
        answer = None
        while answer is None:
            event = seat.place(virtual_uid(CardRef("character", "assassin")))
            try:
                answer = seat.answer_to(event, timeout=1)
            except TimeoutError:
                assert time.monotonic() < deadline, "the hub never answered"
        # accepted (its beep); the same seat shows the next face-up card, so the answer carries that prompt
        assert answer.code is None and answer.beep == "ok" and answer.text == ("Show face-up cards", "Place a card")
        bad = seat.answer_to(seat.place(virtual_uid(CardRef("character", "king"))), timeout=5)
        assert bad.code == "not_available"
        seat.vanish()  # its will: offline, and it decides: the game pauses
        output.wait_for(r"^Seat 1's reader is offline$")
        output.wait_for(r"^Game paused: seat 1's reader is offline$")
        seat.reconnect()
        output.wait_for(r"^Game resumed$")
        seat.close()
    finally:
        hub.terminate()
        output.finish()
    assert any(line.startswith("Hub running") for line in output.stdout), output.stderr



def _start_hub(url: str, tags: Path, db: Path, resume: bool) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "hub.cli", "run", "--broker", url, "--tags", str(tags), "--players", "4",
           "--headless", "--voice", "none", "--db", str(db)] + (["--resume"] if resume else [])
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_run_killed_and_resumed_from_its_database(mosquitto: Any, tmp_path: Path) -> None:
    tags, db = tmp_path / "tags.json", tmp_path / "game.db"
    TagRegistry.virtual().save(tags)
    hub = _start_hub(mosquitto.url, tags, db, resume=False)
    seat = VirtualSeat(mosquitto.url, seat=1, device="resume-test-1")
    try:
        assert first_answer(seat, virtual_uid(CardRef("character", "assassin"))).code is None
    finally:
        hub.kill()  # SIGKILL: no goodbye, no flush beyond what the store committed
        hub.communicate(timeout=20)
    hub = _start_hub(mosquitto.url, tags, db, resume=True)
    try:
        assert first_answer(seat, virtual_uid(CardRef("character", "thief"))).code is None
        again = seat.answer_to(seat.place(virtual_uid(CardRef("character", "assassin"))), timeout=5)
        assert again.code == "not_available"  # the first hub's action survived the kill
    finally:
        seat.close()
        hub.terminate()
        out, err = hub.communicate(timeout=20)
    assert "Resumed game" in out, err


def _get_json(url: str) -> Any:
    import json
    import urllib.request

    with urllib.request.urlopen(url, timeout=10) as response:
        return json.load(response)


def _api(link: str, port: int) -> str:
    """http://LAN:P/seat/T -> http://127.0.0.1:P/api/seat/T (the JSON behind a phone's page)."""
    from urllib.parse import urlsplit

    path = urlsplit(link).path
    api = path.replace("/seat/", "/api/seat/").replace("/admin/", "/api/admin/") + (
        "/status" if "/admin/" in path else "")
    return f"http://127.0.0.1:{port}{api}"


def test_the_systemd_command_survives_sigkill_with_the_same_game_and_phone_links(
        mosquitto_factory: Any, tmp_path: Path) -> None:
    """What the Pi does after a crash or power cut: systemd runs the unit's ExecStart again.
    The game goes on from where it stopped, and every phone link printed before works."""
    import os
    import signal

    from hub.store import EventStore
    from tests.broker import free_port
    from tests.hub_unit import ProcessOutput, links, unit_command

    broker = mosquitto_factory(passwd={"hub": "hub-secret-pw", "seat1": "seat-pw"})
    state = tmp_path / "state"
    state.mkdir()
    TagRegistry.virtual().save(state / "tags.json")
    port = free_port()
    command = unit_command(state, f"mqtt://hub@{broker.host}:{broker.port}",
                           extra_args=["--port", str(port), "--host", "127.0.0.1", "--voice", "none", "--no-qr"],
                           extra_env={"CITADELS_BROKER_PASSWORD": "hub-secret-pw"})
    assert "hub-secret-pw" not in " ".join(command.argv)
    hub = command.start()
    seat = VirtualSeat(broker.url_for("seat1", "seat-pw"), seat=1, device="unit-test-1")
    try:
        first = ProcessOutput(hub)
        first.wait_for("^New game 1 ")
        before = links(first)
        assert "hub-secret-pw" not in Path(f"/proc/{hub.pid}/cmdline").read_text()
        assert first_answer(seat, virtual_uid(CardRef("character", "assassin"))).code is None
        assert _get_json(_api(before["1"], port))["view"]["you"]["seat"] == 1
        os.killpg(hub.pid, signal.SIGKILL)  # power cut: nothing runs after this
        first.finish()
        with EventStore(state / "game.db", REGISTRY) as store:
            prefix = store.load().actions
        assert prefix == ["1 faceup assassin"]

        hub = command.start()  # systemd's Restart=always: the very same command line
        second = ProcessOutput(hub)
        second.wait_for("^Resumed game 1 from .*: 1 actions")
        assert links(second) == before
        seat_view = _get_json(_api(before["1"], port))["view"]  # the old phone link still opens seat 1's page
        assert seat_view["you"]["seat"] == 1 and seat_view["faceup_removed"] == ["assassin"]
        assert _get_json(_api(before["admin"], port))["paused"] is False
        assert first_answer(seat, virtual_uid(CardRef("character", "thief"))).code is None
        again = seat.answer_to(seat.place(virtual_uid(CardRef("character", "assassin"))), timeout=5)
        assert again.code == "not_available"  # the first run's move is part of the same game
        with EventStore(state / "game.db", REGISTRY) as store:
            assert [g[0] for g in store.games()] == [1]
            assert store.load().actions[:1] == prefix and len(store.load().actions) == 2
    finally:
        seat.close()
        if hub.poll() is None:
            hub.send_signal(signal.SIGTERM)  # what `systemctl stop` sends
        hub.communicate(timeout=20)
    assert hub.returncode == 0, second.stderr
    assert "Traceback" not in "\n".join(second.stderr), second.stderr


def test_a_refused_broker_login_leaves_no_new_game_behind(mosquitto_factory: Any, tmp_path: Path) -> None:
    broker = mosquitto_factory(passwd={"hub": "the-right-one"})
    tags, db = tmp_path / "tags.json", tmp_path / "game.db"
    TagRegistry.virtual().save(tags)
    done = subprocess.run([sys.executable, "-m", "hub.cli", "run", "--broker", broker.url_for("hub", "wrong"),
                           "--tags", str(tags), "--headless", "--voice", "none", "--db", str(db)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "refused" in done.stderr, done.stderr
    with EventStore(db, REGISTRY) as store:
        assert store.games() == []


@pytest.mark.slow  # a `citadels-hub sim` process
def test_links_name_the_address_the_page_listens_on(tmp_path: Path) -> None:
    """With --host 127.0.0.1 the page answers only there: the printed links say so."""
    from tests.broker import free_port

    port = free_port()
    sim = subprocess.Popen([sys.executable, "-m", "hub.cli", "sim", "--host", "127.0.0.1", "--port", str(port),
                            "--no-qr", "--voice", "none", "--speed", "0", "--state-dir", str(tmp_path)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert sim.stdout is not None
        line = ""
        deadline = time.monotonic() + 60
        while not line.startswith("Scoreboard: ") and time.monotonic() < deadline:
            line = sim.stdout.readline()
            assert line or sim.poll() is None, sim.stderr.read() if sim.stderr else ""
        assert line.strip() == f"Scoreboard: http://127.0.0.1:{port}/"
        from urllib.request import urlopen

        with urlopen(line.split(" ", 1)[1].strip(), timeout=10) as page:
            assert page.status == 200
    finally:
        sim.terminate()
        sim.communicate(timeout=20)


def test_a_page_on_every_interface_is_linked_at_the_lan_address() -> None:
    from hub.table.runtime import _lan_address, link_host

    assert link_host("0.0.0.0") == _lan_address()
    assert link_host("::1") == "[::1]" and link_host("192.168.50.1") == "192.168.50.1"


HOTSPOT_ONLY_PI = """
set -e
ip link set lo up
ip link add eth0 type veth peer name eth0-peer
ip addr add 192.168.1.20/24 dev eth0
ip link add wlan0 type veth peer name wlan0-peer
ip addr add 10.42.0.1/24 dev wlan0
ip link set wlan0-peer up
ip link set wlan0 up
exec "$0" -c 'from hub.table.runtime import link_host; print(link_host("0.0.0.0"))'
"""


def test_a_pi_that_is_its_own_hotspot_links_its_hotspot_address_not_loopback() -> None:
    """A Pi that is its own Wi-Fi hotspot, Ethernet unplugged, has no default route: the
    links (and their QR codes) name the hotspot's address, which phones on it open, not
    127.0.0.1; an interface that is down (the unplugged eth0) is not named."""
    user = [] if os.geteuid() == 0 else ["--map-root-user"]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PATH": f"/usr/sbin:/sbin:{os.environ.get('PATH', '')}"}
    result = subprocess.run(["unshare", *user, "--net", "sh", "-c", HOTSPOT_ONLY_PI, sys.executable],
                            capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "10.42.0.1"


def test_the_journal_says_when_seats_drop_off_and_the_game_pauses_and_goes_on() -> None:
    from hub.table.journal_lines import JournalLines

    bus, out = InProcessBus(), io.StringIO()
    service = TableService(bus, TagRegistry.virtual(), Setup(players=3, mode="physical"))
    service.subscribe(JournalLines(out))
    service.start()
    seats = [VirtualSeat(bus, seat=s, device=f"journal-{s}") for s in (1, 2)]  # seat 3 never comes
    try:
        seats[1].vanish()  # not deciding: no pause
        seats[0].vanish()  # it decides: paused
        seats[0].reconnect()
        service.pause("tea break")
        service.resume()
        assert service.adjust_gold(2, 1, "miscount")["ok"]
    finally:
        service.stop()
    assert out.getvalue().splitlines() == [
        "Seat 1's reader is online", "Seat 2's reader is online", "Seat 2's reader is offline",
        "Seat 1's reader is offline", "Game paused: seat 1's reader is offline",
        "Seat 1's reader is online", "Game resumed",
        "Game paused by the table: tea break", "Game resumed",
        "Correction by the table: 0 adjust 2 1 miscount"]
