"""TLS between the seats and the broker (issue 11, finding 7): make-ca.sh, `mqtts://`
URLs in the hub, and a whole game over TLS through real Mosquitto.

The CA and certificates are made by the shipped hardware/mosquitto/make-ca.sh; the test
brokers are real Mosquitto processes with a loopback TLS listener.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from hub.protocol import make_command
from hub.transport import BrokerAddress, BusConnectError, MqttBus
from hub.transport.tls import CA_ENV
from tests.broker import MosquittoBroker, MosquittoFactory
from tests.fakes.seat import FakeSeat, MessageLog
from tests.table_broker import CONFIG_DIR, TableBroker, make_ca
from tests.waiting import wait_until

SIM = [sys.executable, "-m", "hub.cli", "sim", "--headless", "--json", "--voice", "none", "--players", "4", "--seed", "11"]


@pytest.fixture(scope="module")
def tls_dirs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The table's CA, a stranger's CA, and a CA whose certificate names only `localhost`."""
    root = tmp_path_factory.mktemp("tls")
    return {"table": make_ca(root / "table"), "stranger": make_ca(root / "stranger"),
            "named": make_ca(root / "named", "localhost")}


@pytest.fixture
def tls_broker(mosquitto_factory: MosquittoFactory, tls_dirs: dict[str, Path]) -> MosquittoBroker:
    """An anonymous bench broker: plain loopback listener + TLS listener with the table CA."""
    return mosquitto_factory(tls_dir=tls_dirs["table"])


# ---------------------------------------------------------------- make-ca.sh

def expires_within(cert: Path, days: int) -> bool:
    checked = subprocess.run(["openssl", "x509", "-in", str(cert), "-noout", "-checkend", str(days * 86400)],
                             capture_output=True, text=True)
    return checked.returncode != 0


def test_make_ca_writes_a_ca_and_a_server_certificate_for_the_given_names(tmp_path: Path) -> None:
    out = make_ca(tmp_path / "ca", "citadels.local", "192.168.50.1")
    assert sorted(p.name for p in out.iterdir()) == ["ca.crt", "ca.key", "server.crt", "server.key"]
    for key in ("ca.key", "server.key"):
        assert (out / key).stat().st_mode & 0o077 == 0, key  # private keys: owner only
    assert (out / "ca.crt").stat().st_mode & 0o044 == 0o044  # the CA is public, seats need it
    text = subprocess.run(["openssl", "x509", "-in", str(out / "server.crt"), "-noout", "-ext", "subjectAltName"],
                          capture_output=True, text=True, check=True).stdout
    assert "DNS:citadels.local" in text and "IP Address:192.168.50.1" in text
    assert not expires_within(out / "server.crt", 1820) and expires_within(out / "server.crt", 1826)  # SERVER_DAYS
    assert not expires_within(out / "ca.crt", 3645) and expires_within(out / "ca.crt", 3651)  # CA_DAYS
    verified = subprocess.run(["openssl", "verify", "-CAfile", str(out / "ca.crt"), str(out / "server.crt")],
                              capture_output=True, text=True)
    assert verified.returncode == 0, verified.stderr


def test_make_ca_keeps_the_ca_and_renews_the_server_certificate(tmp_path: Path) -> None:
    out = make_ca(tmp_path / "ca")
    ca_before, server_before = (out / "ca.crt").read_bytes(), (out / "server.crt").read_bytes()
    make_ca(out, "localhost", "127.0.0.1", "10.0.0.7")
    assert (out / "ca.crt").read_bytes() == ca_before  # seats keep trusting the broker
    assert (out / "server.crt").read_bytes() != server_before
    verified = subprocess.run(["openssl", "verify", "-CAfile", str(out / "ca.crt"), str(out / "server.crt")],
                              capture_output=True, text=True)
    assert verified.returncode == 0, verified.stderr


# ---------------------------------------------------------------- mqtts:// URLs

def test_mqtts_url_defaults_to_8883_and_takes_the_ca_from_the_url_or_the_environment() -> None:
    plain = BrokerAddress.from_url("mqtt://hub:pw@pi:1884")
    assert (plain.host, plain.port, plain.username, plain.password, plain.tls, plain.ca_file) == ("pi", 1884, "hub", "pw", False, None)
    assert BrokerAddress.from_url("mqtts://pi", environ={}) == BrokerAddress("pi", 8883, tls=True)
    assert BrokerAddress.from_url("mqtts://u:p%40ss@pi:9?ca=/a/ca.crt", environ={CA_ENV: "/env.crt"}) == \
        BrokerAddress("pi", 9, "u", "p@ss", tls=True, ca_file="/a/ca.crt")
    assert BrokerAddress.from_url("mqtts://pi", environ={CA_ENV: "/env.crt"}).ca_file == "/env.crt"


@pytest.mark.parametrize("url, message", [
    ("mqtt://pi?ca=/x.crt", "unknown broker URL parameter 'ca'"),
    ("mqtts://pi?cafile=/x.crt", "unknown broker URL parameter 'cafile'"),
    ("https://pi", "expected mqtt://host"),
    ("mqtts://pi:99999", "bad port"),
])
def test_bad_broker_urls_are_refused_with_a_reason(url: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        BrokerAddress.from_url(url, environ={})


def test_a_missing_ca_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=f"CA file {tmp_path}/none.crt not found"):
        MqttBus.from_url(f"mqtts://127.0.0.1:1?ca={tmp_path}/none.crt", "hub")


# ---------------------------------------------------------------- through real Mosquitto

def test_a_whole_game_over_tls_matches_the_in_process_game(tls_broker: MosquittoBroker) -> None:
    local = subprocess.run(SIM, capture_output=True, text=True, timeout=120)
    over_tls = subprocess.run(SIM + ["--broker", tls_broker.tls_url], capture_output=True, text=True, timeout=180)
    assert local.returncode == 0 and over_tls.returncode == 0, local.stderr + over_tls.stderr
    assert over_tls.stdout == local.stdout and '"winner"' in local.stdout
    assert tls_broker.log_text().count(f"on port {tls_broker.tls_port}") >= 5  # hub + 4 seats came over TLS


def test_the_ca_can_come_from_the_environment(tls_broker: MosquittoBroker) -> None:
    env = {**os.environ, CA_ENV: str(tls_broker.ca_file)}
    url = f"mqtts://127.0.0.1:{tls_broker.tls_port}"
    result = subprocess.run(SIM + ["--broker", url], capture_output=True, text=True, timeout=180, env=env)
    assert result.returncode == 0 and '"winner"' in result.stdout, result.stderr


def test_a_broker_with_a_certificate_from_another_ca_is_refused_in_one_line(
    tls_broker: MosquittoBroker, tls_dirs: dict[str, Path]
) -> None:
    url = tls_broker.tls_url_for(None, None, tls_dirs["stranger"] / "ca.crt")
    result = subprocess.run(SIM + ["--broker", url], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert "TLS handshake failed (unable to get local issuer certificate)" in result.stderr
    assert "ca.crt" in result.stderr


def test_a_host_name_missing_from_the_certificate_is_refused(
    mosquitto_factory: MosquittoFactory, tls_dirs: dict[str, Path]
) -> None:
    broker = mosquitto_factory(tls_dir=tls_dirs["named"])  # certificate for localhost only
    with pytest.raises(BusConnectError, match="TLS handshake failed.*127.0.0.1"):
        MqttBus.from_url(broker.tls_url, "hub", connect_timeout=5)
    bus = MqttBus.from_url(broker.tls_url.replace("127.0.0.1", "localhost"), "hub", connect_timeout=5)
    bus.close()


def test_plain_mqtt_is_not_spoken_on_the_tls_listener(tls_broker: MosquittoBroker) -> None:
    with pytest.raises(BusConnectError):
        MqttBus.from_url(f"mqtt://127.0.0.1:{tls_broker.tls_port}", "plain", connect_timeout=2)


# ---------------------------------------------------------------- what a sniffer on the Wi-Fi sees

class Tap:
    """A loopback TCP relay to the broker that keeps a copy of every byte either way:
    what someone on the Wi-Fi would capture between a seat and the Pi."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.seen = bytearray()
        self._lock = threading.Lock()
        self._server = socket.create_server(("127.0.0.1", 0))
        self.port = self._server.getsockname()[1]
        self._sockets: list[socket.socket] = [self._server]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            self._sockets += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while chunk := source.recv(65536):
                with self._lock:
                    self.seen += chunk
                sink.sendall(chunk)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        for sock in self._sockets:
            sock.close()


@pytest.fixture
def tapped(table_broker: TableBroker) -> Iterator[tuple[TableBroker, Tap, Tap]]:
    """The shipped broker with a tap in front of its TLS and its plain listener."""
    broker = table_broker.broker
    assert broker.tls_port is not None
    taps = Tap(broker.tls_port), Tap(broker.port)
    yield table_broker, *taps
    for tap in taps:
        tap.close()


def seat_exchange(hub: MqttBus, url: str) -> None:
    """Seat 2 logs in at `url`, places a card, the hub answers with a prompt."""
    events = MessageLog()
    hub.subscribe("citadels/t1/seat/+/event", events)
    with FakeSeat(url, seat=2, device="seat2-board") as seat:
        placed = seat.place("04A1B2C3D4E580")
        events.wait_for(lambda t, p: True, timeout=5)
        hub.publish(seat.cmd_topic, make_command(1, text="secret hand: Assassin", ref=placed["seq"]))
        assert seat.answer_to(placed).text == ("secret hand: Assassin",)


def test_a_sniffer_sees_neither_the_seat_password_nor_its_prompts(tapped: tuple[TableBroker, Tap, Tap]) -> None:
    table, tls_tap, plain_tap = tapped
    password = table.passwords["seat2"]
    hub = table.bus("hub", "hub-t1")
    seat_exchange(hub, f"mqtts://seat2:{password}@127.0.0.1:{tls_tap.port}?ca={table.broker.ca_file}")
    assert len(tls_tap.seen) > 500  # the exchange really went through the tap
    for secret in (password.encode(), b"secret hand", b"04A1B2C3D4E580", b"citadels/t1/seat/2"):
        assert secret not in tls_tap.seen, secret
    # The control: the same exchange over plain MQTT (loopback-only on the Pi) is readable.
    seat_exchange(hub, f"mqtt://seat2:{password}@127.0.0.1:{plain_tap.port}")
    assert password.encode() in plain_tap.seen and b"secret hand" in plain_tap.seen


def test_the_shipped_config_names_the_files_make_ca_writes() -> None:
    config = (CONFIG_DIR / "mosquitto.conf").read_text()
    assert "certfile /etc/mosquitto/citadels/server.crt" in config
    assert "keyfile /etc/mosquitto/citadels/server.key" in config
    assert "dir=${1:-/etc/mosquitto/citadels}" in (CONFIG_DIR / "make-ca.sh").read_text()


def test_a_hub_that_keeps_retrying_logs_a_refused_certificate_once(
    tls_broker: MosquittoBroker, tls_dirs: dict[str, Path], caplog: pytest.LogCaptureFixture
) -> None:
    url = tls_broker.tls_url_for(None, None, tls_dirs["stranger"] / "ca.crt")
    bus = MqttBus.from_url(url, "hub-t1", wait=False, reconnect_min=0.05, reconnect_max=0.05)
    try:
        # several handshakes refused (the broker logs each: Mosquitto 2.0.11 says "alert unknown ca"
        # every time, and only now and then "Client connection from ... failed:"), then the hub's
        # log has said it once
        assert wait_until(lambda: tls_broker.log_text().count("alert unknown ca") >= 3, timeout=10), \
            tls_broker.log_text()
        refusals = [r.getMessage() for r in caplog.records if "TLS handshake failed" in r.getMessage()]
        assert len(refusals) == 1 and "unable to get local issuer certificate" in refusals[0]
        assert not bus.connected
    finally:
        bus.close()
