"""Broker outages are weather, not errors: wait for the broker, say so once, carry on.

`BrokerWatch` listens to an `MqttBus`'s link state and prints ONE line per change
("waiting for the MQTT broker at 127.0.0.1:1883 ...", "connected to ...", "lost ...").
`connect_patiently` opens a bus that may start before its broker: it waits as long as it
takes (paho retries with back-off) and raises only when the broker *refuses* the login,
which no amount of waiting fixes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from hub.exits import say

from .bus import Payload, Will
from .mqtt import BrokerAddress, BusConnectError, MqttBus

Say = Callable[[str], None]

QUIET_WAIT_S = 1.0
"""How long a start may wait for the broker before the 'waiting' line is printed."""


def say_on_stderr(line: str) -> None:
    """Status lines go to stderr: stdout stays the program's output (e.g. `sim --json`)."""
    say(line)


class BrokerWatch:
    """One line per change of the link between a bus and its broker."""

    def __init__(self, bus: MqttBus, who: str = "the hub", say: Say = say_on_stderr) -> None:
        self.bus = bus
        self.who = who
        self.say = say
        self.where = f"{bus.host}:{bus.port}"
        self._lock = threading.Lock()
        self._last: str | None = None
        self._refused = threading.Event()
        self.refusal = ""
        self._ever_connected = False
        bus.on_state = self._changed

    def _line(self, state: str, detail: str = "") -> None:
        with self._lock:
            if state == self._last:
                return
            self._last = state
        if state == "waiting":
            self.say(f"waiting for the MQTT broker at {self.where} ...")
        elif state == "connected":
            self.say(f"connected to the MQTT broker at {self.where}")
        elif state == "lost":
            self.say(f"lost the MQTT broker at {self.where}; waiting for it to come back ...")
        elif state == "refused":
            self.say(f"the MQTT broker at {self.where} refused {self.who}: {detail}")

    def _changed(self, state: str, detail: str) -> None:
        if state == "refused":
            self.refusal = detail
            self._refused.set()
            if not self._ever_connected:
                return  # wait_first raises with the reason: one line, not two
        if state == "connected":
            self._ever_connected = True
        self._line(state, detail)

    def wait_first(self, stop: threading.Event | None = None) -> None:
        """Block until connected (however long the broker takes to appear). Raises
        `BusConnectError` if the broker refuses the login, or if `stop` is set."""
        if self.bus.wait_connected(QUIET_WAIT_S):
            self._line("connected")
            return
        if not self._refused.is_set():
            self._line("waiting")
        while not self.bus.wait_connected(0.2):
            if self._refused.is_set():
                raise BusConnectError(f"the MQTT broker at {self.where} refused {self.who}: {self.refusal} "
                                      "(check the user in the URL and CITADELS_BROKER_PASSWORD)")
            if stop is not None and stop.is_set():
                raise BusConnectError(f"stopped while waiting for the MQTT broker at {self.where}")
        self._line("connected")


def connect_patiently(url: str, client_id: str, will: Will | tuple[str, Payload, int, bool] | None = None,
                      *, who: str = "the hub", say: Say = say_on_stderr, stop: threading.Event | None = None,
                      **options: Any) -> MqttBus:
    """An `MqttBus` connected to the broker at `url`, however long it takes to appear.
    On refusal (or `stop` set) the bus is closed and `BusConnectError` says why in one line."""
    BrokerAddress.from_url(url)  # a malformed URL is a ValueError now, not a retry loop
    bus = MqttBus.from_url(url, client_id, will, wait=False, **options)
    watch = BrokerWatch(bus, who=who, say=say)
    try:
        watch.wait_first(stop)
    except BaseException:
        bus.close()
        raise
    return bus


def open_bus(url: str | None, client_id: str, will: Will | tuple[str, Payload, int, bool] | None = None,
             *, who: str = "the hub", say: Say = say_on_stderr) -> Any:
    """`connect_bus` for commands: the broker password from the environment
    (`hub.transport.login`), and an MQTT broker waited for patiently."""
    from . import connect_bus
    from .login import with_broker_password

    url = with_broker_password(url)
    if url is not None and url.startswith("mqtt"):
        return connect_patiently(url, client_id, will, who=who, say=say)
    return connect_bus(url, client_id, will)
