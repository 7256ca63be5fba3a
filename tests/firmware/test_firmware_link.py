"""The seat's link on a clock the test owns: a broker that stops answering without a TCP
reset (Wi-Fi drop, frozen broker) is noticed within 10 s and reached again within 5 s of
coming back; the LED shows the link state; TLS wraps the socket with the CA from
config.json. The broker is `tests/fakes/network.ScriptedBroker` behind fake sockets,
except for one real TLS handshake with Mosquitto under CPython's ssl."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.fakes import network
from tests.fakes.mpy import FIRMWARE_DIR, firmware_modules

LOOP_MS = 10


@pytest.fixture(scope="module")
def fw() -> Iterator[Any]:
    with firmware_modules() as modules:
        yield modules


class Table:
    """One seat's link + feedback wired to a scripted broker on a fake clock."""

    def __init__(self, fw: Any, monkeypatch: pytest.MonkeyPatch, broker_cfg: dict[str, Any] | None = None) -> None:
        self.clock = network.FakeClock()
        self.broker = network.ScriptedBroker(self.clock)
        monkeypatch.setattr(fw.mqtt, "socket", network.FakeSocketModule(self.broker))
        wlan = network.WLAN(network.STA_IF)
        wlan.active(True)
        wlan.connect("citadels-table", "change-me")
        cfg = {"wifi": {"ssid": "citadels-table", "password": "change-me"},
               "broker": {"host": "192.168.50.1", **(broker_cfg or {})}, "table": "t1", "seat": 4}
        self.leds: list[tuple[int, int, int]] = []
        self.feedback = fw.feedback.Feedback(self.leds.append, None, None, lambda m: None)
        self.link = fw.link.Link(wlan, cfg, "esp32-a1b2c3", lambda n: n - 1, lambda: {"v": 1},
                                 lambda payload: self.feedback.apply(payload, self.clock.ms),
                                 lambda m: None)
        self.connects: list[int] = []
        self.link.on_connect = lambda: self.connects.append(self.clock.ms)
        self.link.clock = lambda: self.clock.ms

    def run_until(self, predicate: Any, limit_ms: int) -> int:
        """Loop passes until predicate() holds; returns the fake time it took."""
        start = self.clock.ms
        while not predicate():
            assert self.clock.ms - start <= limit_ms, f"not within {limit_ms} ms"
            self.clock.ms += LOOP_MS
            self.link.service(self.clock.ms)
            self.feedback.set_offline(not self.link.connected)
            self.feedback.tick(self.clock.ms)
        return self.clock.ms - start

    def run_for(self, ms: int) -> None:
        end = self.clock.ms + ms
        self.run_until(lambda: self.clock.ms >= end, ms + LOOP_MS)


def test_a_frozen_broker_is_dead_within_10_s_and_reached_within_5_s_of_its_return(
    fw: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(fw, monkeypatch)
    table.run_until(lambda: table.link.connected, 1000)
    table.run_for(5000)                           # healthy: pings answered, no reconnect
    assert table.link.connected and table.broker.connects == 1 and table.broker.pings >= 2
    for attempt in range(3):
        table.broker.state = "frozen"             # no answer, no reset: like a Wi-Fi drop
        took = table.run_until(lambda: not table.link.connected, 60000)
        assert took <= 10000, f"dead link noticed after {took} ms"
        table.run_for(7000 * (attempt + 1))      # frozen a while: retries keep failing
        assert not table.link.connected
        table.broker.state = "up"
        back = table.run_until(lambda: table.link.connected, 60000)
        assert back <= 5000, f"reconnected {back} ms after the broker came back"
    assert len(table.connects) == 4


def test_retries_go_on_forever_with_a_low_jittered_cap(fw: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(fw, monkeypatch)
    table.broker.state = "down"                   # refused at once
    table.run_for(600000)                         # ten minutes
    waits = table.link.broker_backoff
    assert waits.max_ms <= 2000 and waits.failures >= 300
    table.broker.state = "up"
    assert table.run_until(lambda: table.link.connected, 5000) <= 2000


def test_the_led_shows_the_link_is_down_and_restores_the_hubs_colour(
    fw: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(fw, monkeypatch)
    colours = fw.feedback.COLOURS
    table.run_for(300)                            # booting, not connected yet
    table.run_until(lambda: table.link.connected, 1000)
    table.feedback.apply(b'{"v":1,"id":1,"led":"green"}', table.clock.ms)
    table.run_for(100)
    assert table.leds[-1] == colours["green"]
    table.broker.state = "frozen"
    table.run_until(lambda: not table.link.connected, 10000)
    table.leds.clear()
    table.run_for(8000)   # (a connect attempt to a silent broker blocks its 2 s timeout)
    assert set(table.leds) == {colours["white"], colours["amber"]} and len(table.leds) >= 4
    table.broker.state = "up"
    table.run_until(lambda: table.link.connected, 5000)
    table.run_for(50)
    assert table.leds[-1] == colours["green"]


def test_tls_wraps_the_socket_and_checks_the_broker_against_the_ca(
    fw: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ssl = network.FakeSSLModule()
    monkeypatch.setitem(sys.modules, "ssl", ssl)
    raw = json.loads((FIRMWARE_DIR / "config.example.json").read_text())
    raw["broker"].update({"tls": True, "port": 8883})
    (tmp_path / "config.json").write_text(json.dumps(raw))
    with pytest.raises(fw.config.ConfigError, match="ca.crt not found"):
        fw.config.load(str(tmp_path / "config.json"))
    (tmp_path / "ca.crt").write_text("-----BEGIN CERTIFICATE-----\n")
    cfg = fw.config.load(str(tmp_path / "config.json"))
    assert cfg["broker"]["ca"] == str(tmp_path / "ca.crt")
    table = Table(fw, monkeypatch, cfg["broker"] | {"host": "192.168.50.1"})
    assert table.link.client.port == 8883
    table.run_until(lambda: table.link.connected, 1000)
    table.link.queue(1, '{"seq":1}')
    table.run_until(lambda: any(t.endswith("/event") for t, _ in table.broker.published), 1000)
    topic, answer = b"citadels/t1/seat/4/cmd", b'{"v":1,"id":1,"ref":1}'   # the hub's answer, through TLS
    body = len(topic).to_bytes(2, "big") + topic + answer
    table.broker.sockets[-1].inbox += bytes((0x30, len(body))) + body
    table.run_until(lambda: len(table.link.outbox) == 0, 1000)
    [context] = ssl.contexts
    assert context.protocol == ssl.PROTOCOL_TLS_CLIENT and context.cafile == str(tmp_path / "ca.crt")
    assert context.wraps == [{"server_hostname": "192.168.50.1", "verify_mode": ssl.CERT_REQUIRED}]
    topics = [topic for topic, _ in table.broker.published]
    assert topics == ["citadels/t1/seat/4/status", "citadels/t1/seat/4/hello", "citadels/t1/seat/4/event"]


def test_tls_without_a_ca_is_explicit_and_plain_tcp_stays_default(
    fw: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ssl = network.FakeSSLModule()
    monkeypatch.setitem(sys.modules, "ssl", ssl)
    plain = Table(fw, monkeypatch)
    assert plain.link.client.port == 1883 and plain.link.client.tls is None
    plain.run_until(lambda: plain.link.connected, 1000)
    assert ssl.contexts == []
    raw = json.loads((FIRMWARE_DIR / "config.example.json").read_text())
    raw["broker"].update({"tls": True, "ca": None})
    (tmp_path / "config.json").write_text(json.dumps(raw))
    cfg = fw.config.load(str(tmp_path / "config.json"))
    table = Table(fw, monkeypatch, cfg["broker"] | {"host": "192.168.50.1"})
    table.run_until(lambda: table.link.connected, 1000)
    assert ssl.contexts[0].wraps[0]["verify_mode"] == ssl.CERT_NONE
    raw["broker"]["tls"] = "yes"
    with pytest.raises(fw.config.ConfigError, match="'broker.tls' must be true or false"):
        fw.config.validate(raw)


def make_ca_and_server_cert(directory: Path, name: str) -> tuple[Path, Path, Path]:
    """A CA and a broker certificate for 127.0.0.1 signed by it (openssl CLI, PEM files),
    the way hardware/mosquitto's CA script makes the table's."""
    ca, ca_key = directory / f"{name}-ca.crt", directory / f"{name}-ca.key"
    cert, key, csr = (directory / f"{name}-server.{ext}" for ext in ("crt", "key", "csr"))
    ext = directory / f"{name}-server.ext"
    ext.write_text("basicConstraints=critical,CA:FALSE\nsubjectAltName=IP:127.0.0.1\n")
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    for argv in (
        ["req", "-x509", "-new", *ec, "-keyout", ca_key, "-out", ca, "-days", "1",
         "-subj", f"/CN={name} test CA", "-addext", "basicConstraints=critical,CA:TRUE"],
        ["req", "-new", *ec, "-keyout", key, "-out", csr, "-subj", "/CN=127.0.0.1"],
        ["x509", "-req", "-in", csr, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial",
         "-out", cert, "-days", "1", "-extfile", ext],
    ):
        done = subprocess.run(["openssl", *map(str, argv)], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
    for path in (ca, cert, key):
        path.chmod(0o644)
    return ca, cert, key


def test_the_seat_client_speaks_tls_to_mosquitto_and_refuses_a_foreign_ca(
    fw: Any, mosquitto_factory: Any, tmp_path: Path
) -> None:
    """CPython's ssl stands in for MicroPython's here: same SSLContext calls, real handshake."""
    ca, cert, key = make_ca_and_server_cert(tmp_path, "table")
    other_ca, _, _ = make_ca_and_server_cert(tmp_path, "other")
    broker = mosquitto_factory(conf_extra=f"cafile {ca}\ncertfile {cert}\nkeyfile {key}\n")
    client = fw.mqtt.MQTTClient("seat-tls", broker.host, broker.port, keepalive=5, timeout_s=2, tls=str(ca))
    acks: list[int] = []
    client.on_ack = acks.append
    client.connect()
    pid = client.publish("citadels/t1/seat/1/event", b'{"seq":1}', qos=1)
    deadline = time.monotonic() + 5
    while not acks and time.monotonic() < deadline:
        if client.poll() is None:       # non-blocking TLS read: "want read" is no data
            time.sleep(0.01)
    assert acks == [pid]
    client.disconnect()
    stranger = fw.mqtt.MQTTClient("seat-x", broker.host, broker.port, timeout_s=2, tls=str(other_ca))
    with pytest.raises(OSError, match="CERTIFICATE_VERIFY_FAILED|certificate verify failed"):
        stranger.connect()
    stranger.close()


def test_the_seat_listens_for_commands_before_it_says_online(fw: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hub answers `online`/`hello` with the seat's display at once: a seat that
    subscribed after announcing itself could miss that answer (clean session)."""
    table = Table(fw, monkeypatch)
    table.run_until(lambda: table.link.connected, 1000)
    table.run_for(100)
    order = table.broker.order
    assert order.index("subscribe citadels/t1/seat/4/cmd") < order.index("publish citadels/t1/seat/4/status")
    assert order.index("publish citadels/t1/seat/4/status") < order.index("publish citadels/t1/seat/4/hello")
