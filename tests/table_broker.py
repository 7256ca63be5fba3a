"""The shipped table broker (hardware/mosquitto/) started for a test: production
mosquitto.conf, logins and rules from make-passwords.sh (the dynamic security plugin's
file), certificates from make-ca.sh.

Only ports and file locations are rewritten (tests/broker.py `adapt_config`): the
loopback listener (1883 on the Pi, the hub's) and the TLS listener (8883 on the Pi, the
seats') each get a free loopback port. Used through the `table_broker` fixture.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from hub.transport import MqttBus
from tests.broker import MosquittoBroker, MosquittoFactory
from tests.fakes.seat import FakeSeat

CONFIG_DIR = Path(__file__).resolve().parent.parent / "hardware" / "mosquitto"
USERS = ["hub"] + [f"seat{n}" for n in range(1, 8)]
SYSTEMD_DEFAULT_FILES = 1024  # systemd's default soft RLIMIT_NOFILE, without the drop-in


def shipped_file_limit() -> int:
    """The broker's open-file limit on the Pi: LimitNOFILE in the shipped systemd drop-in."""
    for line in (CONFIG_DIR / "mosquitto-limits.conf").read_text().splitlines():
        if line.startswith("LimitNOFILE="):
            return int(line.split("=", 1)[1])
    raise ValueError("mosquitto-limits.conf sets no LimitNOFILE")


PI_FILE_LIMIT = shipped_file_limit()


def make_passwords(directory: Path) -> tuple[Path, dict[str, str]]:
    """Run the shipped make-passwords.sh and read back what it printed: (the dynamic
    security plugin's file it wrote, user -> password)."""
    logins_file = directory / "citadels-dynsec.json"
    result = subprocess.run(
        [str(CONFIG_DIR / "make-passwords.sh"), str(logins_file)],
        capture_output=True, text=True, check=True, timeout=30,
    )
    return logins_file, dict(line.split(" ", 1) for line in result.stdout.splitlines())


def make_ca(directory: Path, *names: str) -> Path:
    """Run the shipped make-ca.sh for a loopback broker; returns the directory it filled."""
    subprocess.run([str(CONFIG_DIR / "make-ca.sh"), str(directory), *(names or ("localhost", "127.0.0.1"))],
                   capture_output=True, text=True, check=True, timeout=60)
    return directory


@dataclass
class TableBroker:
    """A running production broker and the logins made for it. `url()` is the hub's
    loopback listener, `tls_url()` the seats' TLS listener; `bus()` and `seat()` go
    where that login would on the Pi (hub: loopback, seats: TLS) unless `tls` says."""

    broker: MosquittoBroker
    passwords: dict[str, str]
    opened: list[MqttBus | FakeSeat] = field(default_factory=list)

    def url(self, user: str) -> str:
        return self.broker.url_for(user, self.passwords[user])

    def tls_url(self, user: str) -> str:
        return self.broker.tls_url_for(user, self.passwords[user])

    def where(self, user: str, tls: bool | None = None) -> str:
        return self.tls_url(user) if (tls if tls is not None else user != "hub") else self.url(user)

    def bus(self, user: str, client_id: str | None = None, tls: bool | None = None, **options: object) -> MqttBus:
        url = self.where(user, tls)
        bus = MqttBus.from_url(url, client_id or f"{user}-test", **options)  # type: ignore[arg-type]
        self.opened.append(bus)
        return bus

    def seat(self, user: str, seat: int, tls: bool | None = None, table: str = "t1") -> FakeSeat:
        fake = FakeSeat(self.where(user, tls), table=table, seat=seat, device=f"{user}-as-{seat}")
        self.opened.append(fake)
        return fake

    def close(self) -> None:
        for item in reversed(self.opened):
            item.close()
        self.opened.clear()


def start_table_broker(factory: MosquittoFactory, logins_file: Path, passwords: dict[str, str], tls_dir: Path,
                       config: str | None = None, nofile: int | None = None) -> TableBroker:
    """The shipped config (or `config`, e.g. an edited copy) with the Pi's file limit (or `nofile`)."""
    broker = factory(
        config=config if config is not None else (CONFIG_DIR / "mosquitto.conf").read_text(),
        dynsec=logins_file,
        tls_dir=tls_dir,
        nofile=nofile or PI_FILE_LIMIT,
    )
    return TableBroker(broker, passwords)
