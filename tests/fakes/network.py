"""Fake MicroPython `network` module for tests: the Wi-Fi station is the soft seat's
(`hub.softseat.network`, re-exported here, `access_point` read through at each use), plus a
scripted MQTT broker behind fake sockets, on a fake clock, for the link's unit tests.
"""

from __future__ import annotations

from typing import Any

from hub.softseat import network as _station
from hub.softseat.network import (AP_IF, STA_IF, STAT_CONNECTING, STAT_GOT_IP, STAT_IDLE,  # noqa: F401
                                  STAT_NO_AP_FOUND, WLAN, AccessPoint, reset_network)


def __getattr__(name: str) -> Any:
    """`access_point` is replaced at every reset: always the station's current one."""
    return getattr(_station, name)


# ----- a scripted MQTT broker behind fake sockets, on a fake clock ---------------------
# Why: a broker that stops answering without closing the connection (Wi-Fi gone, broker
# process frozen) cannot be made on demand with a real Mosquitto in a unit test, and the
# link's timings (ping, dead link, reconnect) must be checked on a clock the test owns.

EAGAIN = 11
ETIMEDOUT = 110
ECONNREFUSED = 111


class FakeClock:
    """Milliseconds the test advances; a blocking socket call that times out advances it."""

    def __init__(self) -> None:
        self.ms = 0


class ScriptedBroker:
    """`up` answers like an MQTT 3.1.1 broker (CONNACK, PUBACK, SUBACK, PINGRESP);
    `frozen` accepts connections and bytes but never answers (no reset either);
    `down` refuses connections. `freeze_connections()` keeps the current connections
    silent even after the broker is `up` again (their path is gone)."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.state = "up"
        self.connects = 0
        self.published: list[tuple[str, bytes]] = []
        self.order: list[str] = []  # "subscribe <topic>" / "publish <topic>", as they came
        self.pings = 0
        self.sockets: list[FakeSocket] = []

    def handle(self, sock: FakeSocket, packet: bytes) -> None:
        kind = packet[0] & 0xF0
        body = _body(packet)
        if kind == 0x10:
            self.connects += 1
            sock.inbox += b"\x20\x02\x00\x00"
        elif kind == 0x30:
            qos = (packet[0] >> 1) & 3
            topic_len = int.from_bytes(body[:2], "big")
            topic = body[2:2 + topic_len].decode()
            rest = body[2 + topic_len:]
            if qos:
                sock.inbox += b"\x40\x02" + rest[:2]
                rest = rest[2:]
            self.published.append((topic, bytes(rest)))
            self.order.append(f"publish {topic}")
        elif kind == 0x80:
            topic_len = int.from_bytes(body[2:4], "big")
            self.order.append(f"subscribe {body[4:4 + topic_len].decode()}")
            sock.inbox += b"\x90\x03" + body[:2] + b"\x01"
        elif kind == 0xC0:
            self.pings += 1
            sock.inbox += b"\xd0\x00"

    def freeze_connections(self) -> None:
        for sock in self.sockets:
            sock.frozen = True


def _body(packet: bytes) -> bytes:
    length, shift, pos = 0, 0, 1
    while True:
        byte = packet[pos]
        length |= (byte & 0x7F) << shift
        pos += 1
        shift += 7
        if not byte & 0x80:
            return packet[pos:pos + length]


def _packet_length(data: bytes | bytearray) -> int | None:
    length, shift, pos = 0, 0, 1
    while pos < len(data):
        byte = data[pos]
        length |= (byte & 0x7F) << shift
        pos += 1
        shift += 7
        if not byte & 0x80:
            total = pos + length
            return total if len(data) >= total else None
    return None


class FakeSocket:
    def __init__(self, broker: ScriptedBroker) -> None:
        self.broker = broker
        self.timeout: float | None = None
        self.inbox = bytearray()     # broker -> client
        self._outbox = bytearray()   # client -> broker, not yet a whole packet
        self.frozen = False
        self.closed = False

    def _silent(self) -> bool:
        return self.frozen or self.broker.state != "up"

    def settimeout(self, value: float | None) -> None:
        self.timeout = value

    def setblocking(self, flag: bool) -> None:
        self.timeout = None if flag else 0

    def connect(self, addr: object) -> None:
        if self.broker.state == "down":
            raise OSError(ECONNREFUSED, "connection refused")
        if self.broker.state == "frozen":
            self.frozen = True   # the kernel completes the handshake; the broker never reads
        self.broker.sockets.append(self)

    def send(self, data: bytes | memoryview) -> int:
        if self.closed:
            raise OSError(9, "closed")
        self._outbox += bytes(data)
        while not self._silent():
            total = _packet_length(self._outbox)
            if total is None:
                break
            packet = bytes(self._outbox[:total])
            del self._outbox[:total]
            self.broker.handle(self, packet)
        return len(data)

    def recv(self, count: int) -> bytes:
        if self.inbox and not self.frozen:
            chunk = bytes(self.inbox[:count])
            del self.inbox[:count]
            return chunk
        if self.timeout == 0:
            raise OSError(EAGAIN, "no data")
        self.broker.clock.ms += int((self.timeout or 0) * 1000)   # blocked until the timeout
        raise OSError(ETIMEDOUT, "timed out")

    def close(self) -> None:
        self.closed = True


class FakeSocketModule:
    """Stands in for the `socket` module the firmware's mqtt.py imports."""

    def __init__(self, broker: ScriptedBroker) -> None:
        self.broker = broker

    def getaddrinfo(self, host: str, port: int, *args: object) -> list[tuple[object, ...]]:
        return [(2, 1, 0, "", (host, port))]

    def socket(self, *args: object) -> FakeSocket:
        return FakeSocket(self.broker)


class FakeTLSSocket:
    """What MicroPython's ssl returns: read/write/setblocking only (no recv/send, no
    settimeout), so the firmware must use the stream methods and the raw socket's timeout."""

    def __init__(self, raw: FakeSocket) -> None:
        self.raw = raw

    def read(self, count: int) -> bytes | None:
        try:
            return self.raw.recv(count)
        except OSError as exc:
            if exc.args[0] == EAGAIN:
                return None
            raise

    def write(self, data: bytes | memoryview) -> int:
        return self.raw.send(data)

    def setblocking(self, flag: bool) -> None:
        self.raw.setblocking(flag)

    def close(self) -> None:
        self.raw.close()


class FakeSSLContext:
    """One `ssl.SSLContext` the firmware made: what it was told to verify, what it wrapped."""

    def __init__(self, protocol: int) -> None:
        self.protocol = protocol
        self.verify_mode = FakeSSLModule.CERT_NONE
        self.check_hostname = True
        self.cafile: str | None = None
        self.wraps: list[dict[str, object]] = []

    def load_verify_locations(self, cafile: str | None = None, cadata: bytes | None = None) -> None:
        self.cafile = cafile

    def wrap_socket(self, sock: FakeSocket, server_hostname: str | None = None) -> FakeTLSSocket:
        self.wraps.append({"server_hostname": server_hostname, "verify_mode": self.verify_mode})
        return FakeTLSSocket(sock)


class FakeSSLModule:
    """Stands in for `ssl`: records every context and wrap the firmware asks for."""

    PROTOCOL_TLS_CLIENT = 16
    CERT_NONE = 0
    CERT_REQUIRED = 2

    def __init__(self) -> None:
        self.contexts: list[FakeSSLContext] = []

    def SSLContext(self, protocol: int) -> FakeSSLContext:  # noqa: N802  (the ssl module's name)
        context = FakeSSLContext(protocol)
        self.contexts.append(context)
        return context
