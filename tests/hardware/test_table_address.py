"""One address for the table (issue 20): hardware/table.env's TABLE_ADDRESS is what
make-ca.sh certifies, what flash_seat.py writes into every seat's config, and what the
example config, the broker's bench listener and the guides say. A seat dialling an address
the broker's certificate does not cover says so in one line and on its display."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.broker import MosquittoFactory
from tests.soft_seat import SoftSeatProcess
from tests.table_broker import CONFIG_DIR, TableBroker, make_ca, start_table_broker
from tests.hardware.test_firmware_deploy import TABLE_CA, load_flash_seat

ROOT = Path(__file__).resolve().parents[2]
IPV4 = re.compile(r"(?<![\d.])(?:10|192\.168|172\.(?:1[6-9]|2\d|3[01]))(?:\.\d{1,3}){2,3}(?![\d.])")
# Files that tell a maker where the seats find the Pi.
STATEMENTS = ["firmware/config.example.json", "hardware/mosquitto/mosquitto.conf", "hardware/mosquitto/make-ca.sh",
              "hardware/flash_seat.py", "hardware/raspberry-pi.md", "hardware/README.md", "docs/firmware.md",
              "docs/security.md"]


def table_address() -> str:
    address: str = load_flash_seat().table_address()
    return address


def test_the_table_address_has_one_source_and_every_file_agrees() -> None:
    address = table_address()
    assert address == "10.42.0.1"   # the NetworkManager hotspot of raspberry-pi.md step 2
    example = json.loads((ROOT / "firmware/config.example.json").read_text())
    assert example["broker"]["host"] == address
    assert f"#listener 1883 {address}" in (CONFIG_DIR / "mosquitto.conf").read_text()
    for name in STATEMENTS:
        others = set(IPV4.findall((ROOT / name).read_text())) - {address}
        assert not others, f"{name} names {others}, not the table's address {address} (hardware/table.env)"
    assert "table.env" in (ROOT / "hardware/raspberry-pi.md").read_text()


def test_make_ca_certifies_the_table_address_by_default(tmp_path: Path) -> None:
    subprocess.run([str(CONFIG_DIR / "make-ca.sh"), str(tmp_path / "ca")], capture_output=True, text=True,
                   check=True, timeout=60)
    text = subprocess.run(["openssl", "x509", "-in", str(tmp_path / "ca" / "server.crt"), "-noout", "-text"],
                          capture_output=True, text=True, check=True).stdout
    assert f"IP Address:{table_address()}" in text and "IP Address:127.0.0.1" in text


def test_flash_seat_dials_the_table_address_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    flash_seat = load_flash_seat()
    code = flash_seat.main(["--port", "/dev/ttyUSB0", "--seat", "2", "--wifi-ssid", "citadels-table",
                            "--wifi-password", "wpa-pass", "--mqtt-password", "pw2", "--ca", str(TABLE_CA),
                            "--dry-run", "--source"])  # .py files: compiling every one (test_firmware_deploy) takes seconds
    assert code == 0
    config_text = capsys.readouterr().out.split(flash_seat.DRY_RUN_MARK + "\n")[0]
    assert json.loads(config_text)["broker"]["host"] == table_address()


@pytest.fixture
def elsewhere_broker(mosquitto_factory: MosquittoFactory,
                     table_credentials: tuple[Path, dict[str, str], Path], tmp_path: Path) -> Iterator[TableBroker]:
    """The shipped broker with a certificate for the table's address only (not 127.0.0.1,
    the address the soft seat dials here): the seat dials an address it does not cover."""
    password_file, passwords, _ = table_credentials
    tls_dir = make_ca(tmp_path / "tls", table_address())
    made = start_table_broker(mosquitto_factory, password_file, passwords, tls_dir)
    try:
        yield made
    finally:
        made.close()


def test_a_seat_dialling_an_address_the_certificate_does_not_cover_says_so(elsewhere_broker: TableBroker) -> None:
    broker = elsewhere_broker.broker
    seat = SoftSeatProcess(["--seat", "2", "--broker",
                            f"mqtts://seat2@{broker.host}:{broker.tls_port}?ca={broker.ca_file}"],
                           password=elsewhere_broker.passwords["seat2"])
    try:
        seat.wait_line("display: Broker cert refused | for 127.0.0.1 | make-ca.sh must | name this address")
        refusals = [line for line in seat.output.stdout if "CERTIFICATE_VERIFY_FAILED" in line]
        assert refusals and "not valid for 127.0.0.1" in refusals[0] and "IP address mismatch" in refusals[0]
        assert "make-ca.sh must name the address the seats dial" in refusals[0]
    finally:
        seat.kill()
