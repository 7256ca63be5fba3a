"""Start real Mosquitto brokers for tests, each on a free loopback port with its own config.

Used through the `mosquitto` / `mosquitto_factory` fixtures in conftest.py. A broker
can be stopped and started again on the same port (reconnect and restart fault tests).
"""

from __future__ import annotations

import os
import pwd
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
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


def dynamic_security_plugin() -> Path:
    """This machine's Mosquitto dynamic security plugin (Debian ships it in /usr/lib/<arch>/)."""
    for library in sorted(Path("/usr/lib").glob("*/mosquitto_dynamic_security.so")) + \
            [Path("/usr/lib/mosquitto_dynamic_security.so")]:
        if library.exists():
            return library
    raise MosquittoMissing("mosquitto_dynamic_security.so not found under /usr/lib (apt-get install mosquitto)")


def _privilege_lines() -> str:
    """Run as root, Mosquitto would switch to user `mosquitto`, who cannot read our temp files."""
    if os.geteuid() == 0:
        return f"user {pwd.getpwuid(0).pw_name}\n"
    return ""


def adapt_config(
    text: str,
    ports: Mapping[int, int],
    workdir: Path,
    password_file: Path | None = None,
    acl_file: Path | None = None,
    tls_dir: Path | None = None,
    dynsec_file: Path | None = None,
) -> str:
    """Make a production mosquitto.conf runnable in a test: each `listener P` on loopback
    port `ports[P]`, certificates from `tls_dir` (same file names), the dynamic security
    plugin of this machine with its logins from `dynsec_file`, files in `workdir`, log to
    stderr. Access-control and limit settings are kept as they are."""
    replaced: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        words = stripped.split() if stripped and not stripped.startswith("#") else []
        key = words[0] if words else ""
        if key == "listener":
            replaced.append(f"listener {ports[int(words[1])]} 127.0.0.1")
        elif key in ("certfile", "keyfile", "cafile"):
            if tls_dir is None:
                raise ValueError(f"config uses TLS ({key}): pass tls_dir")
            replaced.append(f"{key} {tls_dir / Path(words[1]).name}")
        elif key == "password_file" and password_file is not None:
            replaced.append(f"password_file {password_file}")
        elif key == "acl_file" and acl_file is not None:
            replaced.append(f"acl_file {acl_file}")
        elif key == "plugin" and words[1].endswith("/mosquitto_dynamic_security.so"):
            replaced.append(f"plugin {dynamic_security_plugin()}")
        elif key == "plugin_opt_config_file" and dynsec_file is not None:
            replaced.append(f"plugin_opt_config_file {dynsec_file}")
        elif key == "persistence_location":
            replaced.append(f"persistence_location {workdir}/")
        elif key in ("log_dest", "pid_file", "include_dir", "user"):
            continue
        else:
            replaced.append(line)
    if not ports:
        raise ValueError("config has no listener line to rewrite")
    return "\n".join(replaced) + "\nlog_dest stderr\n" + _privilege_lines()


def listener_ports(text: str) -> list[int]:
    """The ports of a config's `listener` lines, in order."""
    return [int(m.group(1)) for m in re.finditer(r"^\s*listener\s+(\d+)", text, re.MULTILINE)]


def certificate_listener(text: str) -> int | None:
    """The configured port of the listener that has a `certfile`, if any."""
    current: int | None = None
    for line in text.splitlines():
        words = line.split()
        if len(words) >= 2 and words[0] == "listener":
            current = int(words[1])
        elif words and words[0] == "certfile":
            return current
    return None


def tls_listener(port: int, tls_dir: Path) -> str:
    """A loopback TLS listener serving make-ca.sh's server certificate from `tls_dir`."""
    return (f"listener {port} 127.0.0.1\ncertfile {tls_dir / 'server.crt'}\n"
            f"keyfile {tls_dir / 'server.key'}\ntls_version tlsv1.2\n")


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


class BrokerProcess:
    """What every test broker process shares: its log, `.running`, `.stop()` (SIGTERM,
    then SIGKILL) and `.restart()` on the same port(s). Subclasses start it."""

    host: str
    port: int
    log_path: Path
    _process: subprocess.Popen[bytes] | None
    _log: IO[bytes] | None

    @property
    def url(self) -> str:
        return f"mqtt://{self.host}:{self.port}"

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def start(self) -> None:
        raise NotImplementedError

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

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.url}, {'running' if self.running else 'stopped'})"


class MosquittoBroker(BrokerProcess):
    """One broker process; `.stop()`/`.start()`/`.restart()` keep the same ports.
    `.port` is the first listener; `.ports` maps each configured listener port (1883,
    8883 in a production config) to the loopback port it got; `.tls_port` and `.ca_file`
    are set when a TLS listener runs."""

    def __init__(self, config_text: str, port: int, workdir: Path, ports: Mapping[int, int] | None = None,
                 tls_port: int | None = None, ca_file: Path | None = None, nofile: int | None = None) -> None:
        self.host = "127.0.0.1"
        self.port = port
        self.ports = dict(ports or {port: port})
        self.tls_port = tls_port
        self.ca_file = ca_file
        self.nofile = nofile
        """The broker's open-file limit (soft), as systemd gives the Pi's service."""
        self.workdir = workdir
        self.config_path = workdir / "mosquitto.conf"
        self.config_path.write_text(config_text)
        self.log_path = workdir / "mosquitto.log"
        self._process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    def url_for(self, username: str, password: str) -> str:
        """The URL with credentials, as a seat or the hub would be configured."""
        return f"mqtt://{username}:{password}@{self.host}:{self.port}"

    @property
    def tls_url(self) -> str:
        """mqtts:// URL of the TLS listener, trusting the test CA."""
        return self.tls_url_for(None, None)

    def tls_url_for(self, username: str | None, password: str | None, ca_file: Path | None = None) -> str:
        """The TLS listener's URL (credentials optional), trusting `ca_file` or the broker's CA."""
        if self.tls_port is None:
            raise RuntimeError("this broker has no TLS listener")
        login = f"{username}:{password}@" if username is not None else ""
        return f"mqtts://{login}{self.host}:{self.tls_port}?ca={ca_file or self.ca_file}"

    def start(self) -> None:
        if self.running:
            return
        self._log = open(self.log_path, "ab")
        self._process = subprocess.Popen(
            [find_executable("mosquitto"), "-c", str(self.config_path)],
            stdout=self._log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            preexec_fn=self._limit_files if self.nofile is not None else None,
        )
        self._wait_accepting()

    def _limit_files(self) -> None:
        """In the child before exec: the soft open-file limit the broker would get."""
        assert self.nofile is not None
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (self.nofile, hard))

    def _wait_accepting(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            assert self._process is not None
            if self._process.poll() is not None:
                code = self._process.returncode
                self.stop()
                raise RuntimeError(f"mosquitto exited with {code} at start:\n{self.log_text()}")
            try:
                for port in self.ports.values():
                    with socket.create_connection((self.host, port), timeout=0.2):
                        pass
                return
            except OSError:
                time.sleep(0.01)
        self.stop()
        raise RuntimeError(f"mosquitto did not accept on port {self.port}:\n{self.log_text()}")



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
        tls_dir: Path | None = None,
        nofile: int | None = None,
        dynsec: Path | None = None,
    ) -> MosquittoBroker:
        """Start a broker. `passwd`: user -> password (hashed here) or an existing file;
        `acl`: ACL text or file; `config`: a full production config to adapt instead of
        the default test config; `tls_dir`: make-ca.sh's output (server.crt/key, ca.crt),
        for a production config's TLS listener or an extra TLS listener on the test one;
        `nofile`: the broker's open-file limit (hardware/mosquitto/mosquitto-limits.conf);
        `dynsec`: the dynamic security plugin's file (make-passwords.sh's), copied here."""
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
        dynsec_file: Path | None = None
        if dynsec is not None:
            dynsec_file = workdir / "dynamic-security.json"
            shutil.copyfile(dynsec, dynsec_file)
        ports = {port: port}
        tls_port: int | None = None
        if config is not None:
            configured = listener_ports(config)
            ports = {p: (port if i == 0 else free_port()) for i, p in enumerate(configured)}
            text = adapt_config(config, ports, workdir, password_file, acl_file, tls_dir, dynsec_file) + conf_extra + "\n"
            tls_configured = certificate_listener(config)
            if tls_dir is not None and tls_configured is not None:
                tls_port = ports[tls_configured]
        else:
            extra = conf_extra
            if tls_dir is not None:
                tls_port = free_port()
                ports[tls_port] = tls_port
                extra = conf_extra + "\n" + tls_listener(tls_port, tls_dir)
            text = default_config(port, password_file, acl_file, extra)
        ca_file = tls_dir / "ca.crt" if tls_dir is not None else None
        broker = MosquittoBroker(text, port, workdir, ports, tls_port, ca_file, nofile)
        self._brokers.append(broker)
        broker.start()
        return broker

    def close(self) -> None:
        for broker in self._brokers:
            broker.stop()
        self._brokers.clear()


class AmqttBroker(BrokerProcess):
    """A second, independent MQTT 3.1.1 broker (amqtt, from PyPI) with the same face as
    `MosquittoBroker` (`.url`, `.stop()`, `.start()`, `.restart()` on the same port): the
    delivery and liveness tests run on both, so they hold on any broker. amqtt keeps no
    sessions across its own restart, never drops a silent client (no keep-alive
    enforcement) and hands new subscriptions retained messages of other topics: tests
    must not depend on any of that."""

    def __init__(self, workdir: Path) -> None:
        self.host = "127.0.0.1"
        self.port = free_port()
        self.workdir = workdir
        self.config_path = workdir / "amqtt.yaml"
        self.config_path.write_text(
            "listeners:\n  default:\n    type: tcp\n"
            f"    bind: {self.host}:{self.port}\n"
            "plugins:\n  amqtt.plugins.authentication.AnonymousAuthPlugin:\n    allow_anonymous: true\n")
        self.log_path = workdir / "amqtt.log"
        self._process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    def start(self) -> None:
        if self.running:
            return
        self._log = open(self.log_path, "ab")
        self._process = subprocess.Popen(
            [sys.executable, "-c", "from amqtt.scripts.broker_script import main; main()",
             "-c", str(self.config_path)],
            stdout=self._log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 3 * START_TIMEOUT_S  # a Python broker imports a while
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                code = self._process.returncode
                self.stop()
                raise RuntimeError(f"amqtt exited with {code} at start:\n{self.log_text()}")
            try:
                with socket.create_connection((self.host, self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"amqtt did not accept on port {self.port}:\n{self.log_text()}")
