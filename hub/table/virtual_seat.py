"""`VirtualSeat`: a seat board in software that puts on the wire exactly what the firmware does.

Tests and `sim` drive it like a player at the table (`place`, `lift`, `press`) and like
bad luck (`vanish`, `reboot`, `resend_last`, `send_raw`), and read back what the hub
answered (`commands`, `wait_for_command`). It works over an `InProcessBus` (given the
bus object or `inproc://<name>`) and over Mosquitto (`mqtt://[user:pass@]host:port`).
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from hub.protocol import (
    DEFAULT_TABLE,
    PROTOCOL_VERSION,
    ProtocolError,
    SeatCommand,
    cmd_topic,
    event_topic,
    hello_topic,
    parse_command,
    status_topic,
)
from hub.transport import InProcessBus, InProcessClient, MqttBus, Will, named_inprocess_bus

_boot_numbers = itertools.count(3_141_592)
"""Distinct boot numbers across every fake in the process, as real boots would be."""

Connection = InProcessClient | MqttBus
CommandPredicate = Callable[[SeatCommand], bool]


class VirtualSeat:
    """One seat device: one connection, a last will of `offline`, events numbered per boot."""

    def __init__(
        self,
        bus_or_url: InProcessBus | str,
        table: str = DEFAULT_TABLE,
        seat: int = 1,
        device: str | None = None,
        boot: int | None = None,
        *,
        fw: str = "1.0.0",
        reader: str = "pn532-hsu",
        buttons: Sequence[str] = ("a", "b", "ok"),
        display: str | None = "ssd1306-128x64",
        connect: bool = True,
        patience: float | None = 5.0,
    ) -> None:
        self.bus_or_url = bus_or_url
        self.patience = patience
        """Seconds to wait for the broker's PUBACK before raising; None: as long as it
        takes while the broker is away (a restart is weather, e.g. in `sim --broker`)."""
        self.table = table
        self.seat = seat
        self.device = device if device is not None else f"fake-{seat}"
        self.boot = boot if boot is not None else next(_boot_numbers)
        self.fw = fw
        self.reader = reader
        self.buttons = tuple(buttons)
        self.display = display
        self.seq = 0
        self.sent: list[dict[str, Any]] = []
        self.raw_commands: list[bytes] = []
        self.commands: list[SeatCommand] = []
        self.bad_commands: list[tuple[bytes, ProtocolError]] = []
        self._condition = threading.Condition()
        self._last_payload: bytes | None = None
        self._booted_at = time.monotonic()
        self._connection: Connection | None = None
        self._boot_commands = 0  # index of the first command received in this boot
        if connect:
            self.connect()

    # ------------------------------------------------------------------ topics
    @property
    def event_topic(self) -> str:
        return event_topic(self.table, self.seat)

    @property
    def cmd_topic(self) -> str:
        return cmd_topic(self.table, self.seat)

    @property
    def status_topic(self) -> str:
        return status_topic(self.table, self.seat)

    @property
    def hello_topic(self) -> str:
        return hello_topic(self.table, self.seat)

    @property
    def online(self) -> bool:
        return self._connection is not None

    @property
    def hello(self) -> dict[str, Any]:
        return {
            "v": PROTOCOL_VERSION,
            "device": self.device,
            "boot": self.boot,
            "fw": self.fw,
            "reader": self.reader,
            "buttons": list(self.buttons),
            "display": self.display,
        }

    # ------------------------------------------------------------------ connection
    def connect(self) -> None:
        """(Re)connect as the firmware does: will `offline`, subscribe to cmd, then
        retained `online` and `hello`."""
        if self._connection is not None:
            return
        will = Will(self.status_topic, b"offline", 1, True)
        connection = self._open(will)
        self._connection = connection
        if isinstance(connection, MqttBus):
            connection.on_connect = self._announce_again
        connection.subscribe(self.cmd_topic, self._on_command)
        self._publish(self.status_topic, b"online", retain=True)
        self._publish(self.hello_topic, _json(self.hello), retain=True)

    def _publish(self, topic: str, payload: bytes | str, retain: bool = False) -> None:
        """QoS 1, and over MQTT wait for the broker's PUBACK: when a VirtualSeat method
        returns, the message is at the broker, so a following `vanish()` cannot lose it."""
        connection = self._require_connection()
        connection.publish(topic, payload, qos=1, retain=retain)
        if isinstance(connection, MqttBus) and not self._flush(connection):
            raise TimeoutError(f"broker did not acknowledge {topic} within {self.patience} s")

    def _flush(self, connection: MqttBus) -> bool:
        if self.patience is not None:
            return connection.flush(timeout=self.patience)
        while not connection.flush(timeout=1.0):  # paho sends it again once the broker is back
            if connection is not self._connection:
                return False  # vanished or closed meanwhile
        return True

    def _announce_again(self) -> None:
        """After an automatic reconnect (a broker restart forgets retained messages): what
        the firmware does on every connect. On the network thread: publish only, no wait."""
        connection = self._connection
        if not isinstance(connection, MqttBus) or connection.connect_count < 2:
            return  # the first connect is announced by connect()
        connection.publish(self.status_topic, b"online", qos=1, retain=True)
        connection.publish(self.hello_topic, _json(self.hello), qos=1, retain=True)

    def _open(self, will: Will) -> Connection:
        target = self.bus_or_url
        if isinstance(target, InProcessBus):
            return target.client(self.device, will)
        if isinstance(target, str) and target.startswith("inproc://") and target != "inproc://":
            return named_inprocess_bus(target.removeprefix("inproc://")).client(self.device, will)
        if isinstance(target, str) and target.startswith(("mqtt://", "mqtts://")):
            return MqttBus.from_url(target, self.device, will, wait=self.patience is not None)
        raise ValueError(f"VirtualSeat needs an InProcessBus, inproc://<name> or mqtt(s):// URL, got {target!r}")

    def vanish(self) -> None:
        """Power cut or Wi-Fi loss: the connection drops and the broker publishes the will."""
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.drop()

    def reconnect(self) -> None:
        """Back after a network loss: same boot, numbering continues."""
        self.connect()

    def reboot(self, boot: int | None = None) -> None:
        """Device restart: old connection lost, new boot number, seq restarts at 1."""
        self.vanish()
        self.boot = boot if boot is not None else next(_boot_numbers)
        self.seq = 0
        self._booted_at = time.monotonic()
        self._last_payload = None
        with self._condition:
            self._boot_commands = len(self.commands)  # answers to the old boot's seqs are not ours
        self.connect()

    def close(self) -> None:
        """Planned shutdown: `offline` retained, then a clean disconnect (no will)."""
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.publish(self.status_topic, b"offline", qos=1, retain=True)
            if isinstance(connection, MqttBus):
                connection.flush(timeout=5.0)
                connection.close()
            else:
                connection.disconnect()

    def __enter__(self) -> "VirtualSeat":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ------------------------------------------------------------------ events
    def place(self, uid: str) -> dict[str, Any]:
        """A card laid on the reader: one `added`, however long it stays."""
        return self._event("tag", edge="added", uid=uid)

    def lift(self, uid: str) -> dict[str, Any]:
        return self._event("tag", edge="removed", uid=uid)

    def press(self, button: str, long: bool = False) -> dict[str, Any]:
        if long:
            return self._event("button", button=button, press="long")
        return self._event("button", button=button)

    def fault(self, what: str = "reader", detail: str = "no ACK from PN532") -> dict[str, Any]:
        return self._event("fault", what=what, detail=detail)

    def recovered(self, what: str = "reader") -> dict[str, Any]:
        return self._event("recovered", what=what)

    def send_raw(self, payload: bytes | str, kind: str = "event") -> None:
        """Publish arbitrary bytes on this seat's `kind` topic (bad-input tests)."""
        self._publish(f"citadels/{self.table}/seat/{self.seat}/{kind}", payload)

    def resend_last(self) -> None:
        """Deliver the last event again, byte for byte (at-least-once duplicate)."""
        if self._last_payload is None:
            raise RuntimeError("no event sent since boot")
        self._publish(self.event_topic, self._last_payload)

    def _event(self, kind: str, **fields: Any) -> dict[str, Any]:
        self._require_connection()
        self.seq += 1
        event = {
            "v": PROTOCOL_VERSION,
            "device": self.device,
            "boot": self.boot,
            "seq": self.seq,
            "t": int((time.monotonic() - self._booted_at) * 1000),
            "type": kind,
            **fields,
        }
        payload = _json(event)
        self.sent.append(event)
        self._last_payload = payload
        self._publish(self.event_topic, payload)
        return event

    def _require_connection(self) -> Connection:
        if self._connection is None:
            raise RuntimeError(f"seat {self.seat} is offline (vanished or closed)")
        return self._connection

    # ------------------------------------------------------------------ commands
    def _on_command(self, topic: str, payload: bytes) -> None:
        with self._condition:
            self.raw_commands.append(payload)
            try:
                self.commands.append(parse_command(payload))
            except ProtocolError as error:
                self.bad_commands.append((payload, error))
            self._condition.notify_all()

    def wait_for_command(
        self,
        predicate: CommandPredicate | None = None,
        timeout: float = 2.0,
        since: int = 0,
    ) -> SeatCommand:
        """The first command (from index `since`) matching `predicate`, waiting up to
        `timeout` s for it; raises TimeoutError listing what did arrive."""
        deadline = time.monotonic() + timeout
        with self._condition:
            while True:
                for command in self.commands[since:]:
                    if predicate is None or predicate(command):
                        return command
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError(
                        f"seat {self.seat}: no matching command within {timeout}s; "
                        f"got {self.commands!r}, invalid {self.bad_commands!r}"
                    )
                self._condition.wait(remaining)

    def answer_to(self, event: dict[str, Any], timeout: float = 2.0) -> SeatCommand:
        """The command whose `ref` answers `event` (sent by this seat in this boot)."""
        return self.wait_for_command(lambda command: command.ref == event["seq"], timeout, since=self._boot_commands)

    def __repr__(self) -> str:
        state = "online" if self.online else "offline"
        return f"VirtualSeat(seat={self.seat}, device={self.device!r}, boot={self.boot}, seq={self.seq}, {state})"


def _json(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode("utf-8")
