"""Start real Mosquitto brokers for tests, each on a free loopback port with its own config.

Used through the `mosquitto` / `mosquitto_factory` fixtures in conftest.py. A broker
can be stopped and started again on the same port (reconnect and restart fault tests).
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Mapping
from pathlib import Path
from typing import IO

START_TIMEOUT_S = 5.0
STOP_TIMEOUT_S = 5.0


class MosquittoMissing(RuntimeError):
    """No mosquitto executable: the broker tests cannot run (install the Debian package)."""


def find_executable(name: str) -> str:
    """`name` on PATH, else in /usr/sbin (Debian puts the broker there, outside user PATHs)."""
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/local/sbin:/usr/bin")
    if found is None:
        raise MosquittoMissing(
            f"{name} not found on PATH or in /usr/sbin: install it (apt-get install mosquitto)"
        )
    return found


def free_port() -> int:
    """A loopback TCP port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def write_password_file(path: Path, users: Mapping[str, str]) -> Path:
    """A Mosquitto password file (hashed with mosquitto_passwd) for user -> password."""
    tool = find_executable("mosquitto_passwd")
    path.unlink(missing_ok=True)
    path.touch(mode=0o600)
    for user, password in users.items():
        subprocess.run([tool, "-b", str(path), user, password], check=True, capture_output=True)
    return path


def _privilege_lines() -> str:
    """Run as root, Mosquitto would switch to user `mosquitto`, who cannot read our temp files."""
    if os.geteuid() == 0:
        return f"user {pwd.getpwuid(0).pw_name}\n"
    return ""


def adapt_config(
    text: str,
    port: int,
    workdir: Path,
    password_file: Path | None = None,
    acl_file: Path | None = None,
) -> str:
    """Make a production mosquitto.conf runnable in a test: loopback on `port`, files in
    `workdir`, log to stderr. Access-control settings are kept as they are."""
    replaced: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        key = stripped.split(None, 1)[0] if stripped and not stripped.startswith("#") else ""
        if key == "listener":
            replaced.append(f"listener {port} 127.0.0.1")
        elif key == "password_file" and password_file is not None:
            replaced.append(f"password_file {password_file}")
        elif key == "acl_file" and acl_file is not None:
            replaced.append(f"acl_file {acl_file}")
        elif key == "persistence_location":
            replaced.append(f"persistence_location {workdir}/")
        elif key in ("log_dest", "pid_file", "include_dir", "user"):
            continue
        else:
            replaced.append(line)
    if not any(re.match(r"\s*listener\s", line) for line in replaced):
        raise ValueError("config has no listener line to rewrite")
    return "\n".join(replaced) + "\nlog_dest stderr\n" + _privilege_lines()


def default_config(
    port: int,
    password_file: Path | None = None,
    acl_file: Path | None = None,
    extra: str = "",
) -> str:
    """The test broker: loopback only, no persistence, Nagle off, anonymous unless a
    password file is given."""
    lines = [
        f"listener {port} 127.0.0.1",
        f"allow_anonymous {'false' if password_file is not None else 'true'}",
        "set_tcp_nodelay true",
        "persistence false",
        "log_dest stderr",
        "log_type error",
        "log_type warning",
        "log_type notice",
    ]
    if password_file is not None:
        lines.append(f"password_file {password_file}")
    if acl_file is not None:
        lines.append(f"acl_file {acl_file}")
    return "\n".join(lines) + "\n" + _privilege_lines() + extra + "\n"


class MosquittoBroker:
    """One broker process; `.stop()`/`.start()`/`.restart()` keep the same port."""

    def __init__(self, config_text: str, port: int, workdir: Path) -> None:
        self.host = "127.0.0.1"
        self.port = port
        self.workdir = workdir
        self.config_path = workdir / "mosquitto.conf"
        self.config_path.write_text(config_text)
        self.log_path = workdir / "mosquitto.log"
        self._process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def url(self) -> str:
        return f"mqtt://{self.host}:{self.port}"

    def url_for(self, username: str, password: str) -> str:
        """The URL with credentials, as a seat or the hub would be configured."""
        return f"mqtt://{username}:{password}@{self.host}:{self.port}"

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def start(self) -> None:
        if self.running:
            return
        self._log = open(self.log_path, "ab")
        self._process = subprocess.Popen(
            [find_executable("mosquitto"), "-c", str(self.config_path)],
            stdout=self._log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        self._wait_accepting()

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self._log is not None:
            self._log.close()
            self._log = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def _wait_accepting(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            assert self._process is not None
            if self._process.poll() is not None:
                code = self._process.returncode
                self.stop()
                raise RuntimeError(f"mosquitto exited with {code} at start:\n{self.log_text()}")
            try:
                with socket.create_connection((self.host, self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.01)
        self.stop()
        raise RuntimeError(f"mosquitto did not accept on port {self.port}:\n{self.log_text()}")

    def __repr__(self) -> str:
        return f"MosquittoBroker({self.url}, {'running' if self.running else 'stopped'})"


class MosquittoFactory:
    """Makes brokers in one temp directory and stops every one of them on `close()`."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._brokers: list[MosquittoBroker] = []
        find_executable("mosquitto")

    def __call__(
        self,
        conf_extra: str = "",
        passwd: Mapping[str, str] | Path | None = None,
        acl: str | Path | None = None,
        config: str | None = None,
    ) -> MosquittoBroker:
        """Start a broker. `passwd`: user -> password (hashed here) or an existing file;
        `acl`: ACL text or file; `config`: a full production config to adapt instead of
        the default test config."""
        port = free_port()
        workdir = self.root / f"broker-{len(self._brokers) + 1}-{port}"
        workdir.mkdir(parents=True)
        password_file: Path | None = None
        if isinstance(passwd, Path):
            password_file = workdir / "passwd"
            shutil.copyfile(passwd, password_file)
        elif passwd is not None:
            password_file = write_password_file(workdir / "passwd", passwd)
        acl_file: Path | None = None
        if isinstance(acl, Path):
            acl_file = acl
        elif acl is not None:
            acl_file = workdir / "acl"
            acl_file.write_text(acl)
        if config is not None:
            text = adapt_config(config, port, workdir, password_file, acl_file) + conf_extra + "\n"
        else:
            text = default_config(port, password_file, acl_file, conf_extra)
        broker = MosquittoBroker(text, port, workdir)
        self._brokers.append(broker)
        broker.start()
        return broker

    def close(self) -> None:
        for broker in self._brokers:
            broker.stop()
        self._brokers.clear()
