"""Fake MicroPython `network` module: a Wi-Fi station whose access point the soft seat's
user (or a test) can take away and bring back; the TCP traffic itself goes over the
host's own network. `access_point` is replaced by `reset_network()`: read it through
the module (`network.access_point`), never copy it.
"""

from __future__ import annotations

from typing import Any

STA_IF = 0
AP_IF = 1
STAT_IDLE = 0
STAT_CONNECTING = 1
STAT_GOT_IP = 3
STAT_NO_AP_FOUND = 201


class AccessPoint:
    """Test side: the network the seat joins."""

    def __init__(self) -> None:
        self.ssid = "citadels-table"
        self.password = "change-me"
        self.up = True
        self.joins = 0


access_point = AccessPoint()
_stations: dict[int, WLAN] = {}


def reset_network() -> AccessPoint:
    global access_point
    access_point = AccessPoint()
    _stations.clear()
    return access_point


class WLAN:
    def __new__(cls, interface: int = STA_IF) -> WLAN:
        if interface not in _stations:
            station = super().__new__(cls)
            station.setup(interface)
            _stations[interface] = station
        return _stations[interface]

    def setup(self, interface: int) -> None:
        self.interface = interface
        self._active = False
        self._joined_ssid: str | None = None
        self.connect_calls = 0

    def active(self, state: bool | None = None) -> bool | None:
        if state is None:
            return self._active
        self._active = bool(state)
        return None

    def connect(self, ssid: str, key: str = "", **kwargs: Any) -> None:
        if not self._active:
            raise OSError("WLAN not active")
        self.connect_calls += 1
        ap = access_point
        if ap.up and ssid == ap.ssid and key == ap.password:
            self._joined_ssid = ssid
            ap.joins += 1
        else:
            self._joined_ssid = None

    def disconnect(self) -> None:
        self._joined_ssid = None

    def isconnected(self) -> bool:
        if self._joined_ssid is not None and not access_point.up:
            self._joined_ssid = None   # the access point went away under us
        return self._joined_ssid is not None

    def status(self, *args: Any) -> int:
        return STAT_GOT_IP if self.isconnected() else STAT_IDLE

    def ifconfig(self) -> tuple[str, str, str, str]:
        return ("127.0.0.1", "255.0.0.0", "127.0.0.1", "127.0.0.1")

    def config(self, *args: Any, **kwargs: Any) -> Any:
        if args == ("mac",):
            from hub.softseat import machine  # the MAC follows the board's id, as on an ESP32
            return bytes(machine.unique_id()[-6:])
        return None
