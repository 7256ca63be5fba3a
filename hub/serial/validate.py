"""Checks for objects crossing a serial line, so junk never reaches the table service.

Each check returns None for a valid object, else a short reason used as a counter key.
Unknown event types are accepted (protocol v1 allows new types) if the common fields
are sound; known types must carry their fields.
"""

from __future__ import annotations

import re
from typing import Any

from hub.protocol import SEAT_NUMBERS
from hub.serial.events import PROTOCOL_VERSION

MAX_LINE_BYTES = 1024
SEATS = SEAT_NUMBERS  # the table's seats, as the wire numbers them (a game's own range is its plug-in's)
UID_PATTERN = re.compile(r"(?:[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20})")
BUTTONS = {"a", "b", "ok"}
LEDS = {"off", "green", "red", "amber", "blue", "white"}
BEEPS = {"none", "ok", "error", "turn"}
MAX_TEXT_LINES = 4
MAX_TEXT_CHARS = 21


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def event_problem(event: Any) -> str | None:
    """Why `event` is not a valid v1 event object (without the serial "seat" field)."""
    if not isinstance(event, dict):
        return "not_an_object"
    if event.get("v") != PROTOCOL_VERSION:
        return "bad_version"
    if not isinstance(event.get("device"), str) or not event["device"]:
        return "bad_device"
    if not _is_int(event.get("boot")) or not _is_int(event.get("seq")) or event["seq"] < 1:
        return "bad_boot_or_seq"
    if not _is_int(event.get("t")) or event["t"] < 0:
        return "bad_time"
    kind = event.get("type")
    if not isinstance(kind, str) or not kind:
        return "bad_type"
    if kind == "tag":
        if event.get("edge") not in ("added", "removed"):
            return "bad_edge"
        if not isinstance(event.get("uid"), str) or not UID_PATTERN.fullmatch(event["uid"]):
            return "bad_uid"
    elif kind == "button":
        if event.get("button") not in BUTTONS:
            return "bad_button"
        if "press" in event and event["press"] != "long":
            return "bad_press"
    elif kind in ("fault", "recovered"):
        if not isinstance(event.get("what"), str):
            return "bad_what"
        if kind == "fault" and not isinstance(event.get("detail", ""), str):
            return "bad_detail"
    return None


def command_problem(command: Any) -> str | None:
    """Why `command` is not a valid v1 command object."""
    if not isinstance(command, dict):
        return "not_an_object"
    if command.get("v") != PROTOCOL_VERSION or not _is_int(command.get("id")):
        return "bad_header"
    if "led" in command and command["led"] not in LEDS:
        return "bad_led"
    if "blink" in command and not isinstance(command["blink"], bool):
        return "bad_blink"
    if "beep" in command and command["beep"] not in BEEPS:
        return "bad_beep"
    if "text" in command:
        text = command["text"]
        if (
            not isinstance(text, list)
            or len(text) > MAX_TEXT_LINES
            or not all(isinstance(line, str) and len(line) <= MAX_TEXT_CHARS for line in text)
        ):
            return "bad_text"
    return None
