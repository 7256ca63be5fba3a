"""Seat readers wired to the hub by serial: JSON-lines devices and a PN532 on the UART.

Both turn what they read into table protocol v1 event objects and hand them to
`on_event(seat, event)` from their own thread; see docs/serial.md.
"""

from hub.serial.events import Event, EventCallback, EventStamper
from hub.serial.jsonlines import JsonLineReader
from hub.serial.pn532 import PN532UartReader, ReaderError
from hub.serial.presence import TagPresence
from hub.serial.spec import SerialSpec, make_reader, parse_serial_arg

__all__ = [
    "Event",
    "EventCallback",
    "EventStamper",
    "JsonLineReader",
    "PN532UartReader",
    "ReaderError",
    "SerialSpec",
    "TagPresence",
    "make_reader",
    "parse_serial_arg",
]
