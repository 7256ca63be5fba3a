"""The `--serial` CLI option: which serial reader to run for which seat.

    --serial PORT:SEAT          JSON-lines seat device on PORT (USB CDC), e.g. /dev/ttyACM0:2
    --serial json:PORT:SEAT     the same, explicitly
    --serial pn532:PORT:SEAT    a PN532 on the hub's UART, e.g. pn532:/dev/ttyS0:3

PORT is anything pyserial opens: a device path, COM3, or a URL (loop://,
fakepn532://seat3, rfc2217://host:port). The seat is what follows the last colon, so a
PORT may itself contain colons; only a leading `json:` or `pn532:` picks the kind.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from hub.serial.events import EventCallback
from hub.serial.jsonlines import JsonLineReader
from hub.serial.pn532 import PN532UartReader
from hub.serial.validate import SEATS
from hub.serial.worker import ReaderThread

ReaderKind = Literal["json", "pn532"]
KIND_PREFIXES: tuple[ReaderKind, ...] = ("json", "pn532")


@dataclass(frozen=True)
class SerialSpec:
    """One `--serial` option, parsed."""

    kind: ReaderKind
    port: str
    seat: int

    @property
    def device_id(self) -> str:
        """Stable device id for readers the hub drives itself, derived from the port."""
        slug = re.sub(r"[^A-Za-z0-9]+", "-", self.port).strip("-").lower()
        return f"hub-{self.kind}-{slug or 'port'}"


def parse_serial_arg(text: str) -> SerialSpec:
    """Parse `[json:|pn532:]PORT:SEAT`; raises ValueError with a usable message."""
    port_part, sep, seat_text = text.rpartition(":")
    if not sep or not port_part:
        raise ValueError(f"--serial expects [json:|pn532:]PORT:SEAT, got {text!r}")
    if not seat_text.isdigit() or int(seat_text) not in SEATS:
        raise ValueError(f"--serial {text!r}: seat must be 1..7, got {seat_text!r}")
    kind: ReaderKind = "json"
    for prefix in KIND_PREFIXES:
        if port_part.startswith(prefix + ":") and not port_part.startswith(prefix + "://"):
            kind, port_part = prefix, port_part[len(prefix) + 1 :]
            break
    if not port_part:
        raise ValueError(f"--serial {text!r}: missing PORT")
    return SerialSpec(kind, port_part, int(seat_text))


def make_reader(spec: SerialSpec, on_event: EventCallback) -> ReaderThread:
    """The reader for `spec`, not yet started."""
    if spec.kind == "pn532":
        return PN532UartReader(spec.port, spec.seat, spec.device_id, on_event)
    return JsonLineReader(spec.port, spec.seat, on_event)
