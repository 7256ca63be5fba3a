"""The shipped table broker configuration (hardware/mosquitto/) really enforces the ACL.

Mosquitto runs with the production mosquitto.conf and acl (only the port and file
locations rewritten) and a password file made by make-passwords.sh. MQTT 3.1.1 drops a
forbidden publish silently, so each "never arrives" check is followed by an allowed
message from the same client on the same connection: once that one has arrived, the
forbidden one, sent earlier, can no longer be in flight.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from hub.protocol import make_command, parse_event
from hub.transport import BusConnectError, MqttBus
from tests.broker import MosquittoBroker, MosquittoFactory
from tests.fakes.seat import FakeSeat, MessageLog

CONFIG_DIR = Path(__file__).resolve().parent.parent / "hardware" / "mosquitto"
USERS = ["hub"] + [f"seat{n}" for n in range(1, 8)]


@dataclass
class SecuredBroker:
    broker: MosquittoBroker
    passwords: dict[str, str]
    opened: list[MqttBus | FakeSeat] = field(default_factory=list)

    def url(self, user: str) -> str:
        return self.broker.url_for(user, self.passwords[user])

    def bus(self, user: str, client_id: str | None = None) -> MqttBus:
        bus = MqttBus.from_url(self.url(user), client_id or f"{user}-test")
        self.opened.append(bus)
        return bus

    def seat(self, user: str, seat: int) -> FakeSeat:
        fake = FakeSeat(self.url(user), seat=seat, device=f"{user}-as-{seat}")
        self.opened.append(fake)
        return fake


@pytest.fixture(scope="module")
def passwords_made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """Run the shipped make-passwords.sh once and read back what it printed."""
    password_file = tmp_path_factory.mktemp("passwd") / "citadels.passwd"
    result = subprocess.run(
        [str(CONFIG_DIR / "make-passwords.sh"), str(password_file)],
        capture_output=True, text=True, check=True, timeout=30,
    )
    passwords = dict(line.split(" ", 1) for line in result.stdout.splitlines())
    return password_file, passwords


@pytest.fixture
def secured(mosquitto_factory: MosquittoFactory, passwords_made: tuple[Path, dict[str, str]]) -> Iterator[SecuredBroker]:
    password_file, passwords = passwords_made
    broker = mosquitto_factory(
        config=(CONFIG_DIR / "mosquitto.conf").read_text(),
        passwd=password_file,
        acl=CONFIG_DIR / "acl",
    )
    made = SecuredBroker(broker, passwords)
    yield made
    for item in made.opened:
        item.close()


def test_shipped_config_is_the_locked_down_one() -> None:
    config = (CONFIG_DIR / "mosquitto.conf").read_text().splitlines()
    for line in ["listener 1883", "allow_anonymous false", "set_tcp_nodelay true", "persistence true"]:
        assert line in config
    assert any(line.startswith("password_file ") for line in config)
    assert any(line.startswith("acl_file ") for line in config)


def test_make_passwords_creates_every_user_with_a_distinct_password(passwords_made: tuple[Path, dict[str, str]]) -> None:
    password_file, passwords = passwords_made
    assert sorted(passwords) == sorted(USERS)
    assert len(set(passwords.values())) == len(USERS)
    assert all(len(p) == 20 and p.isalnum() for p in passwords.values())
    stored = password_file.read_text()
    assert sorted(line.split(":", 1)[0] for line in stored.splitlines()) == sorted(USERS)
    assert not any(p in stored for p in passwords.values())  # hashed, never in clear
    assert password_file.stat().st_mode & 0o077 == 0


def test_client_without_credentials_cannot_connect(secured: SecuredBroker) -> None:
    with pytest.raises(BusConnectError, match="refused"):
        MqttBus.from_url(secured.broker.url, "phone", connect_timeout=2)
    with pytest.raises(BusConnectError, match="refused"):
        MqttBus.from_url(secured.broker.url_for("seat2", "guess"), "phone", connect_timeout=2)
    with pytest.raises(BusConnectError, match="refused"):
        MqttBus.from_url(secured.broker.url_for("admin", secured.passwords["hub"]), "phone", connect_timeout=2)


def test_hub_reads_seat_events_and_commands_reach_the_seat(secured: SecuredBroker) -> None:
    hub = secured.bus("hub")
    events = MessageLog()
    hub.subscribe("citadels/+/seat/+/event", events)
    hub.publish("citadels/t1/hub/status", b"online", retain=True)
    seat = secured.seat("seat3", 3)
    placed = seat.place("04A1B2C3D4E580")
    topic, payload = events.wait_for(lambda t, p: parse_event(p).type == "tag")  # after its inventory
    assert topic == "citadels/t1/seat/3/event" and parse_event(payload).seq == placed["seq"]
    hub.publish(seat.cmd_topic, make_command(1, led="green", ref=placed["seq"]))
    assert seat.answer_to(placed).led == "green"
    hub_status = MessageLog()
    secured.bus("seat3", "seat3-display").subscribe("citadels/t1/hub/status", hub_status)
    assert hub_status.wait_count(1) == [("citadels/t1/hub/status", b"online")]


def test_seat2_cannot_publish_as_seat3(secured: SecuredBroker) -> None:
    hub = secured.bus("hub")
    heard = MessageLog()
    hub.subscribe("citadels/#", heard)
    seat2 = secured.bus("seat2")
    spoofs = ["citadels/t1/seat/3/event", "citadels/t1/seat/3/status", "citadels/t1/seat/3/hello",
              "citadels/t1/seat/2/cmd", "citadels/t1/seat/3/cmd", "citadels/t1/hub/status",
              "citadels/t1/public", "citadels/t1/hub/events"]
    for topic in spoofs:
        seat2.publish(topic, b'{"v":1,"spoof":true}')
    seat2.publish("citadels/t1/seat/2/event", b"marker")
    heard.wait_for(lambda t, p: p == b"marker")
    assert [t for t, _ in heard.messages] == ["citadels/t1/seat/2/event"]


def test_seat_impersonation_with_a_fake_seat_never_reaches_the_hub(secured: SecuredBroker) -> None:
    hub = secured.bus("hub")
    heard = MessageLog()
    hub.subscribe("citadels/t1/seat/#", heard)
    try:
        impostor: FakeSeat | None = secured.seat("seat2", 3)
    except BusConnectError:
        impostor = None  # Mosquitto may refuse the will on a foreign status topic outright
    if impostor is not None:
        impostor.place("04A1B2C3D4E580")
        impostor.vanish()  # its will on seat 3's status must not be published either
    honest = secured.seat("seat2", 2)
    honest.press("ok")
    heard.wait_for(lambda t, p: t == "citadels/t1/seat/2/event")
    assert not [t for t, _ in heard.messages if "/seat/3/" in t]


def test_seat2_cannot_read_seat3_commands(secured: SecuredBroker) -> None:
    hub = secured.bus("hub")
    seat2 = secured.bus("seat2")
    overheard = MessageLog()
    for pattern in ("citadels/t1/seat/3/cmd", "citadels/t1/seat/+/cmd", "citadels/#", "#"):
        seat2.subscribe(pattern, overheard)
    hub.publish("citadels/t1/seat/3/cmd", make_command(1, text="secret hand"))
    hub.publish("citadels/t1/seat/2/cmd", make_command(2, text="yours"))
    overheard.wait_for(lambda t, p: t == "citadels/t1/seat/2/cmd")
    assert {t for t, _ in overheard.messages} == {"citadels/t1/seat/2/cmd"}


def test_seat_cannot_read_other_seats_events(secured: SecuredBroker) -> None:
    spy = secured.bus("seat2")
    overheard = MessageLog()
    spy.subscribe("citadels/+/seat/+/event", overheard)
    spy.subscribe("citadels/t1/seat/2/cmd", overheard)
    seat3 = secured.seat("seat3", 3)
    seat3.place("04A1B2C3D4E580")
    secured.bus("hub").publish("citadels/t1/seat/2/cmd", make_command(5))
    overheard.wait_for(lambda t, p: t.endswith("/cmd"))
    assert not [t for t, _ in overheard.messages if t.endswith("/event")]
