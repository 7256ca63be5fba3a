"""`VirtualSeat`: a seat board in software that puts on the wire exactly what the firmware does.

Tests and `sim` drive it like a player at the table (`place`, `lift`, `press`,
`place_second`) and like bad luck (`vanish`, `reboot`, `resend_last`, `send_raw`), and read
back what the hub answered (`commands`, `wait_for_command`, `display`). Like the current
firmware it reports an `inventory` of the cards lying on its reader after every
(re)connect, including the transport's automatic reconnects; `inventory=False` makes it a
v1 seat that reports cards present at boot as `added` instead. It works over an `InProcessBus` (given the
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
    compact_encoder,
    DEFAULT_TABLE,
    PROTOCOL_VERSION,
    TOPIC_ROOT,
    ProtocolError,
    SeatCommand,
    cmd_topic,
    event_topic,
    hello_topic,
    hub_status_topic,
    parse_command,
    status_topic,
)
from hub.transport import InProcessBus, InProcessClient, MqttBus, Will, named_inprocess_bus

_boot_numbers = itertools.count(3_141_592)
"""Distinct boot numbers across every fake in the process, as real boots would be."""

Connection = InProcessClient | MqttBus
CommandPredicate = Callable[[SeatCommand], bool]

# What the firmware's display says instead of the hub's lines while the hub is away
# (firmware/seat.py, the same words: tests/fakes/test_seat_fake.py compares them).
HUB_UNREACHABLE = ("No link to the hub", "Reconnecting...", "Your cards and moves", "are kept")
HUB_OFFLINE = ("The hub is offline", "Wait: the game goes", "on when it is back", "Moves are kept")
HUB_WAITING = ("Waiting for the hub", "(no hub status on", "the broker yet)")
HUB_SILENT_S = 3.0
"""Connected this long with no hub status at all: no hub ever started on this broker."""


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
        inventory: bool = True,
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
        self.inventory = inventory
        self._inventory_owed = False  # connected with two cards lying: inventory after the lift
        self.on_reader: list[str] = []  # UIDs lying on the reader, in the order laid
        self.seq = 0
        self.sent: list[dict[str, Any]] = []
        self.raw_commands: list[bytes] = []
        # Commands are checked (parsed) when read, not when they arrive: a simulated seat
        # reads the answer to its own event and rarely anything else.
        self._parsed: dict[int, SeatCommand | ProtocolError] = {}  # raw command index -> checked, once read
        self._commands: list[SeatCommand] = []
        self._bad_commands: list[tuple[bytes, ProtocolError]] = []
        self._listed = 0  # raw commands sorted into _commands / _bad_commands so far
        self._answer_from: dict[tuple[int, int], int] = {}  # (boot, seq) -> raw commands received before it
        # The condition's own lock, held directly on the hot paths (`with self._mutex` is a C
        # call; `with self._condition` goes through Condition.__enter__ in Python).
        self._mutex = threading.RLock()
        self._condition = threading.Condition(self._mutex)
        self._waiting = 0  # threads waiting on _condition: a command wakes them, nobody else needs a notify
        self._last_payload: bytes | None = None
        self._booted_at = time.monotonic()
        self._connection: Connection | None = None
        self._closed = False
        self._event_topic: str | None = None  # made (and checked) once
        self._outbox: list[bytes] = []  # events made while offline, sent after the reconnect
        self._announced_link = 0  # over MQTT: the transport's connect count this seat last announced on
        self._head_json: tuple[Any, Any, str | None] = (None, None, None)  # (device, boot, the event's JSON up to `seq`)
        self._lock = threading.RLock()  # one numbering and one send order, whichever thread sends
        self.hub_online: bool | None = None
        """The hub's retained status as the firmware follows it: True, False (`offline`, its
        will, or gone), None (not heard since this connect)."""
        self._connected_at = time.monotonic()
        if connect:
            self.connect()

    # ------------------------------------------------------------------ topics
    @property
    def event_topic(self) -> str:
        topic = self._event_topic
        if topic is None:
            topic = self._event_topic = event_topic(self.table, self.seat)
        return topic

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
    def commands(self) -> list[SeatCommand]:
        """The valid commands received, in order."""
        with self._condition:
            self._list_commands()
            return self._commands

    @property
    def bad_commands(self) -> list[tuple[bytes, ProtocolError]]:
        """The commands a strict device refuses, with why."""
        with self._condition:
            self._list_commands()
            return self._bad_commands

    @property
    def online(self) -> bool:
        return self._connection is not None

    @property
    def hello(self) -> dict[str, Any]:
        hello = {
            "v": PROTOCOL_VERSION,
            "device": self.device,
            "boot": self.boot,
            "fw": self.fw,
            "reader": self.reader,
            "buttons": list(self.buttons),
            "display": self.display,
        }
        if self.inventory:
            hello["inventory"] = True
        return hello

    @property
    def shown(self) -> dict[str, Any]:
        """What the seat's LED and display show now (the commands applied in order; a
        field absent from a command keeps its value, as on the firmware). While the hub is
        away the display says so instead, as the firmware's does (`away`); the hub's
        lines come back with it."""
        led, text = "off", list[str]()
        with self._condition:
            for command in self.commands:
                led = command.led if command.led is not None else led
                text = list(command.text) if command.text is not None else text
        away = self.away
        return {"led": led, "text": list(away) if away is not None else text}

    @property
    def away(self) -> tuple[str, ...] | None:
        """The firmware's notice while the hub is away (no link; the hub's retained status
        says `offline` or is gone; none heard for HUB_SILENT_S since connecting), else None."""
        if self._connection is None:
            return None if self._closed else HUB_UNREACHABLE
        if self.hub_online is False:
            return HUB_OFFLINE
        if self.hub_online is None and time.monotonic() - self._connected_at >= HUB_SILENT_S:
            return HUB_WAITING
        return None

    # ------------------------------------------------------------------ connection
    def connect(self) -> None:
        """(Re)connect as the firmware does: will `offline`, subscribe to cmd, then
        retained `online` and `hello`, the events made while offline, and the inventory."""
        if self._connection is not None:
            return
        will = Will(self.status_topic, b"offline", 1, True)
        connection = self._open(will)
        self.hub_online = None  # heard again from the retained status subscribed to below
        self._connected_at = time.monotonic()
        self._connection = connection
        self._closed = False
        connection.subscribe(self.cmd_topic, self._on_command)
        connection.subscribe(hub_status_topic(self.table), self._on_hub_status)
        self._announce()
        if isinstance(connection, MqttBus):
            connection.on_connect = self._on_transport_reconnect

    def _announce(self) -> None:
        """`online` and `hello`, then the events kept while the link was down, then the
        inventory: the firmware's order after every connect (firmware/link.py)."""
        with self._lock:
            self._publish(self.status_topic, b"online", retain=True)
            self._publish(self.hello_topic, _json(self.hello), retain=True)
            connection = self._connection
            if isinstance(connection, MqttBus):  # acknowledged: this link is the one announced
                self._announced_link = connection.connect_count
            queued, self._outbox = self._outbox, []
            for payload in queued:
                self._publish(self.event_topic, payload)
            if self.inventory and len(self.on_reader) > 1:  # as the firmware: no inventory it cannot read
                self._inventory_owed = True
                self._event("fault", what="multiple_cards", detail=f"{len(self.on_reader)} cards")
            elif self.inventory:
                self._event("inventory", uids=list(self.on_reader))

    def _link_announced(self) -> bool:
        """Whether an event may go out now: connected, and (over MQTT) `online` said on this
        link. While the transport reconnects by itself, an event handed to it would leave
        before the seat's `online` (paho sends what it queued as soon as the broker
        answers), and the hub would rightly refuse it as from a seat that is offline; the
        firmware keeps it in its outbox until it has announced itself, and so does this seat."""
        connection = self._connection
        if connection is None:
            return False
        if isinstance(connection, MqttBus):
            return connection.connected and connection.connect_count == self._announced_link
        return True

    def _on_hub_status(self, topic: str, payload: bytes) -> None:
        """The hub's retained status: `online`, or `offline` (its will or its stop) or gone
        (an empty payload), as the firmware's link reads it."""
        self.hub_online = bytes(payload) == b"online"

    def _on_transport_reconnect(self) -> None:
        """The transport reconnected by itself (broker restart, network blip): say again
        what the broker may have forgotten. Runs on paho's thread, which must not wait for
        its own PUBACKs, so the announcement goes out from a short-lived thread. (The hub's
        status is kept: the transport's own resubscription hands its retained value again,
        possibly before this runs.)"""
        threading.Thread(target=self._announce_quietly, name=f"seat{self.seat}-announce", daemon=True).start()

    def _announce_quietly(self) -> None:
        try:
            if self._connection is not None:
                self._announce()
        except (RuntimeError, TimeoutError):
            pass  # gone again: the next reconnect announces

    def _publish(self, topic: str, payload: bytes | str, retain: bool = False) -> None:
        """QoS 1, and over MQTT wait for the broker's PUBACK: when a VirtualSeat method
        returns, the message is at the broker, so a following `vanish()` cannot lose it."""
        connection = self._connection
        if connection is None:
            raise self._offline()
        connection.publish(topic, payload, 1, retain)
        if isinstance(connection, MqttBus) and not self._flush(connection):
            raise TimeoutError(f"broker did not acknowledge {topic} within {self.patience} s")

    def _flush(self, connection: MqttBus) -> bool:
        if self.patience is not None:
            return connection.flush(timeout=self.patience)
        while not connection.flush(timeout=1.0):  # paho sends it again once the broker is back
            if connection is not self._connection:
                return False  # vanished or closed meanwhile
        return True

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
        """Device restart: old connection lost, new boot number, seq restarts at 1, the
        events not yet sent are gone. Cards still lying on the reader are reported as the
        inventory (or, by a v1 seat, as `added`, one each, as the old firmware did)."""
        self.vanish()
        self.boot = boot if boot is not None else next(_boot_numbers)
        self.seq = 0
        self._booted_at = time.monotonic()
        self._last_payload = None
        self._outbox = []
        self.connect()
        if not self.inventory:
            for uid in self.on_reader:
                self._event("tag", edge="added", uid=uid)

    def close(self) -> None:
        """Planned shutdown: `offline` retained, then a clean disconnect (no will)."""
        connection, self._connection = self._connection, None
        self._closed = True
        if connection is not None:
            connection.publish(self.status_topic, b"offline", qos=1, retain=True)
            if isinstance(connection, MqttBus):
                connection.flush(timeout=5.0)
                connection.close()
            else:
                connection.disconnect()

    def __enter__(self) -> VirtualSeat:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ------------------------------------------------------------------ events
    # The reader and the event that reports a change of it move together (under the seat's
    # lock), as in the firmware's single loop: an inventory sent meanwhile by a reconnect
    # must not list a card whose `added` follows it.
    def place(self, uid: str) -> dict[str, Any]:
        """A card laid on the reader: one `added`, however long it stays."""
        with self._lock:
            self.on_reader.append(uid)
            return self._send("tag", {"edge": "added", "uid": uid}, _tag_fields_json("added", uid))

    def lift(self, uid: str) -> dict[str, Any]:
        with self._lock:
            if uid in self.on_reader:
                self.on_reader.remove(uid)
            return self._send("tag", {"edge": "removed", "uid": uid}, _tag_fields_json("removed", uid))

    def place_second(self, uid: str) -> dict[str, Any]:
        """A second card laid on a reader already holding one: the firmware reads neither
        and reports `fault multiple_cards`; lifting one (`lift_second`) recovers."""
        with self._lock:
            self.on_reader.append(uid)
            return self._event("fault", what="multiple_cards", detail=f"{len(self.on_reader)} cards")

    def lift_second(self, uid: str) -> dict[str, Any]:
        """One of two cards lifted: `recovered`, then the inventory the seat owed since it
        (re)connected with both lying there (firmware/seat.py does the same)."""
        with self._lock:
            self.on_reader.remove(uid)
            recovered = self._event("recovered", what="multiple_cards")
            if self._inventory_owed:
                self._inventory_owed = False
                self._event("inventory", uids=list(self.on_reader))
            return recovered

    def press(self, button: str, long: bool = False) -> dict[str, Any]:
        if long:
            return self._event("button", button=button, press="long")
        with self._lock:
            return self._send("button", {"button": button}, _button_fields_json(button))

    def fault(self, what: str = "reader", detail: str = "no ACK from PN532") -> dict[str, Any]:
        return self._event("fault", what=what, detail=detail)

    def recovered(self, what: str = "reader") -> dict[str, Any]:
        return self._event("recovered", what=what)

    def send_raw(self, payload: bytes | str, kind: str = "event") -> None:
        """Publish arbitrary bytes on this seat's `kind` topic (bad-input tests)."""
        self._publish(f"{TOPIC_ROOT}/{self.table}/seat/{self.seat}/{kind}", payload)  # unchecked: bad-input tests

    def resend_last(self) -> None:
        """Deliver the last event again, byte for byte (at-least-once duplicate)."""
        if self._last_payload is None:
            raise RuntimeError("no event sent since boot")
        self._publish(self.event_topic, self._last_payload)

    def resend(self, event: dict[str, Any]) -> None:
        """Deliver one event of this boot again, byte for byte, as the firmware (1.2.0 on)
        re-sends an event the hub has not answered: after a reconnect, when the hub says
        `online`, and every 3 s (docs/protocol.md, "Delivery"). Not `resend_last`: after a
        reconnect the last event is the inventory, not the move still waiting for its answer."""
        if (event["device"], event["boot"]) != (self.device, self.boot):
            raise ValueError(f"seat {self.seat}: that event is not of this boot")
        payload = _json(event)
        with self._lock:
            if not self._link_announced():  # the link is down: it goes out after the announcement
                if payload not in self._outbox:
                    self._outbox.append(payload)
                return
            self._publish(self.event_topic, payload)

    def _event(self, kind: str, **fields: Any) -> dict[str, Any]:
        with self._lock:
            return self._send(kind, fields)

    def _send(self, kind: str, fields: dict[str, Any], fields_json: str | None = None) -> dict[str, Any]:
        """Number and send one event (under `_lock`); while the link is down (vanished, not
        closed, or a transport reconnecting by itself) it waits in the outbox, as on the
        firmware, and goes out after the reconnect's announcement.

        `fields_json`: `fields` as JSON (`,"name":value` each), from the seat's most frequent
        events (a card laid or lifted, a button): the payload is then written by one
        f-string, the same bytes as the encoder's. It is the simulated table's hot path, and
        json's C encoder costs about five times as much for these small objects."""
        if self._closed:
            raise RuntimeError(f"seat {self.seat} is closed")
        self.seq = seq = self.seq + 1
        t = int((time.monotonic() - self._booted_at) * 1000)
        device, boot = self.device, self.boot
        event = {"v": PROTOCOL_VERSION, "device": device, "boot": boot, "seq": seq, "t": t, "type": kind, **fields}
        head = self._head_json  # the fields before `seq`, written once per device and boot (objects)
        if head[0] is not device or head[1] is not boot:
            head = self._head_json = (device, boot, _event_head_json(device, boot))
        if fields_json is not None and head[2] is not None:
            payload = f'{head[2]}{seq},"t":{t},"type":{_KIND_JSON.get(kind) or _json_string(kind)}{fields_json}}}'.encode()
        else:
            payload = _json(event)
        self.sent.append(event)
        self._answer_from[(boot, seq)] = len(self.raw_commands)  # one atomic store
        self._last_payload = payload
        connection = self._connection
        if connection is None or (type(connection) is not InProcessClient and not self._link_announced()):
            self._outbox.append(payload)
        else:
            self._publish(self._event_topic or self.event_topic, payload)
        return event

    def _offline(self) -> RuntimeError:
        return RuntimeError(f"seat {self.seat} is offline (vanished or closed)")

    # ------------------------------------------------------------------ commands
    def _on_command(self, topic: str, payload: bytes) -> None:
        mutex = self._mutex
        mutex.acquire()  # not `with`: every command to every seat comes here, and this costs half
        try:
            self.raw_commands.append(payload)
            if self._waiting:
                self._condition.notify_all()
        finally:
            mutex.release()

    def _parsed_at(self, index: int) -> SeatCommand | ProtocolError:
        """Raw command `index` checked as the firmware does (once). Under the condition."""
        parsed = self._parsed.get(index)
        if parsed is None:
            try:
                parsed = parse_command(self.raw_commands[index])
            except ProtocolError as error:
                parsed = error
            self._parsed[index] = parsed
        return parsed

    def _list_commands(self) -> None:
        """Sort the commands not yet listed into `commands` / `bad_commands`. Under the condition."""
        for index in range(self._listed, len(self.raw_commands)):
            parsed = self._parsed_at(index)
            if isinstance(parsed, ProtocolError):
                self._bad_commands.append((self.raw_commands[index], parsed))
            else:
                self._commands.append(parsed)
        self._listed = len(self.raw_commands)

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
                    raise self._nothing("no matching command", timeout)
                self._wait(remaining)

    def _nothing(self, what: str, timeout: float) -> TimeoutError:
        """The error of a wait that timed out, listing what did arrive."""
        return TimeoutError(f"seat {self.seat}: {what} within {timeout}s; "
                            f"got {self.commands!r}, invalid {self.bad_commands!r}")

    def _wait(self, timeout: float) -> None:
        """Wait (under the condition) for a command to arrive."""
        self._waiting += 1
        try:
            self._condition.wait(timeout)
        finally:
            self._waiting -= 1

    def answer_to(self, event: dict[str, Any], timeout: float = 2.0) -> SeatCommand:
        """The command whose `ref` answers `event`, among those received after it was made:
        `ref` is a seq, and seq restarts at every boot, so an older boot's answer with the
        same number must not be taken for this one."""
        seq = event["seq"]
        index = self._answer_from.get((event["boot"], seq), 0)
        deadline = None  # in process the answer is usually there already: no clock read
        raw = self.raw_commands
        with self._mutex:
            while True:
                for index in range(index, len(raw)):  # noqa: B020 - resumes where the last scan stopped
                    parsed = self._parsed_at(index)
                    if isinstance(parsed, SeatCommand) and parsed.ref == seq:
                        return parsed
                else:
                    index = len(raw)
                if deadline is None:
                    deadline = time.monotonic() + timeout
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise self._nothing(f"no answer to seq {seq}", timeout)
                self._wait(remaining)

    def __repr__(self) -> str:
        state = "online" if self.online else "offline"
        return f"VirtualSeat(seat={self.seat}, device={self.device!r}, boot={self.boot}, seq={self.seq}, {state})"


def _json(obj: dict[str, Any]) -> bytes:
    return _ENCODE(obj).encode("utf-8")


_json_string = json.encoder.encode_basestring_ascii  # type: ignore[attr-defined]
"""A str as JSON text, as `_ENCODE` writes it (quoted, escaped, ASCII only)."""


def _event_head_json(device: Any, boot: Any) -> str | None:
    """An event's JSON up to `seq` as `_ENCODE` writes it, or None (then the encoder writes
    the whole event) for a device that is not a plain str or a boot that is not a plain int."""
    if type(device) is not str or type(boot) is not int:  # not bool
        return None
    return f'{{"v":{PROTOCOL_VERSION},"device":{_json_string(device)},"boot":{boot},"seq":'


# The fields of the seat's most frequent events as `_ENCODE` writes them inside an object,
# or None (then the encoder writes the whole event) for a value that is not a plain str.
def _tag_fields_json(edge: str, uid: Any) -> str | None:
    return f',"edge":"{edge}","uid":{_json_string(uid)}' if type(uid) is str else None


def _button_fields_json(button: Any) -> str | None:
    return f',"button":{_json_string(button)}' if type(button) is str else None


_ENCODE = compact_encoder(ensure_ascii=True)  # json.dumps's text, its C encoder made once

_KIND_JSON = {kind: _json_string(kind) for kind in ("tag", "button")}  # the kinds `_send` writes itself, as JSON
