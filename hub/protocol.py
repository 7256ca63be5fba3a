"""Table wire protocol v1 (docs/protocol.md): topics, device message parsing, commands.

Everything a seat device sends is untrusted input (a phone on the table Wi-Fi can
publish too if the broker lets it), so every parser here refuses with a stable
`ProtocolError.code` instead of guessing. Standard library only, no I/O.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, NamedTuple, TypeAlias

from hub.errors import HubError
from hub.text import text_problem

PROTOCOL_VERSION = 1
MAX_PAYLOAD_BYTES = 1024
TOPIC_ROOT = "citadels"
DEFAULT_TABLE = "t1"
SEAT_NUMBERS = range(1, 8)

LEDS = ("off", "green", "red", "amber", "blue", "white")
BEEPS = ("none", "ok", "error", "turn")
BUTTONS = ("a", "b", "ok")
TAG_EDGES = ("added", "removed")
PRESS_KINDS = ("short", "long")
EVENT_TYPES = ("tag", "button", "fault", "recovered", "inventory", "alive")
ALIVE_S_MAX = 60  # hello.alive_s: the longest heartbeat a device may declare
INVENTORY_MAX_UIDS = 8
MULTIPLE_CARDS = "multiple_cards"  # fault/recovered `what`: two or more cards on one antenna
STATUSES = ("online", "offline")
TEXT_MAX_LINES = 4
TEXT_MAX_CHARS = 21

SEAT_TOPIC_KINDS = ("status", "hello", "event", "cmd")
HUB_TOPIC_KINDS = ("hub/status", "hub/events", "public")

UID_PATTERN = re.compile(r"(?:[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20})")
REFUSAL_CODE_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,39}")
TABLE_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")
MAX_TEXT_FIELD_CHARS = 128

TopicKind: TypeAlias = Literal[
    "status", "hello", "event", "cmd", "hub/status", "hub/events", "public"
]
EventType: TypeAlias = Literal["tag", "button", "fault", "recovered", "inventory", "alive"]


class ProtocolError(HubError, ValueError):
    """A message or topic that breaks the protocol; `code` is stable, `message` is for logs."""


# --------------------------------------------------------------------------- values


class SeatEvent(NamedTuple):
    """One device event. `key` identifies it for at-most-once application. A named tuple:
    immutable, compared by value, and made at a fifth of a frozen dataclass's cost (the
    hub makes one for every seat message)."""

    device: str
    boot: int
    seq: int
    t: int
    type: EventType
    edge: Literal["added", "removed"] | None = None
    uid: str | None = None
    button: str | None = None
    long: bool = False
    what: str | None = None
    detail: str | None = None
    seat: int | None = None  # only serial readers send it
    uids: tuple[str, ...] | None = None  # inventory: every tag lying on the reader

    @property
    def key(self) -> tuple[str, int, int]:
        """(device, boot, seq): the same event delivered twice has the same key."""
        return (self.device, self.boot, self.seq)


@dataclass(frozen=True)
class SeatHello:
    """What a device says about itself (retained), so the hub knows its abilities."""

    device: str
    boot: int
    fw: str
    reader: str
    buttons: tuple[str, ...]
    display: str | None
    inventory: bool = False  # the device reports what lies on its reader after every (re)connect
    alive_s: int | None = None  # the device sends an event at least this often (seconds) while connected


class SeatCommand(NamedTuple):
    """A hub -> device command, as a device (or a fake seat) reads it (a named tuple, as
    `SeatEvent`)."""

    id: int
    led: str | None = None
    blink: bool | None = None
    beep: str | None = None
    text: tuple[str, ...] | None = None
    ref: int | None = None
    code: str | None = None


_tuple_new = tuple.__new__  # a named tuple made from its fields in order, without keyword handling


# --------------------------------------------------------------------------- topics


_GOOD_TABLES: set[str] = set()


def _check_table(table: str) -> str:
    if type(table) is str and table in _GOOD_TABLES:
        return table
    if not TABLE_PATTERN.fullmatch(table):
        raise ProtocolError("bad_topic", f"table name {table!r} is not 1-32 of [A-Za-z0-9_-]")
    if type(table) is str and len(_GOOD_TABLES) < 1024:
        _GOOD_TABLES.add(table)
    return table


def _check_seat(seat: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in SEAT_NUMBERS:
        raise ProtocolError("bad_topic", f"seat {seat!r} is not 1-7")
    return seat


_SEAT_TOPICS: dict[tuple[str, int, str], str] = {}  # checked once: the hub sends on them per message


def seat_topic(table: str, seat: int, kind: str) -> str:
    """`citadels/<table>/seat/<seat>/<kind>` for kind in status, hello, event, cmd."""
    key = (table, seat, kind)
    topic = _SEAT_TOPICS.get(key) if type(seat) is int and type(table) is str else None  # no bool
    if topic is not None:
        return topic
    if kind not in SEAT_TOPIC_KINDS:
        raise ProtocolError("bad_topic", f"unknown seat topic kind {kind!r}")
    topic = f"{TOPIC_ROOT}/{_check_table(table)}/seat/{_check_seat(seat)}/{kind}"
    if type(seat) is int and type(table) is str and len(_SEAT_TOPICS) < 4096:
        _SEAT_TOPICS[key] = topic
    return topic


def status_topic(table: str, seat: int) -> str:
    return seat_topic(table, seat, "status")


def hello_topic(table: str, seat: int) -> str:
    return seat_topic(table, seat, "hello")


def event_topic(table: str, seat: int) -> str:
    return seat_topic(table, seat, "event")


def cmd_topic(table: str, seat: int) -> str:
    return seat_topic(table, seat, "cmd")


def hub_status_topic(table: str = DEFAULT_TABLE) -> str:
    return f"{TOPIC_ROOT}/{_check_table(table)}/hub/status"


def hub_events_topic(table: str = DEFAULT_TABLE) -> str:
    return f"{TOPIC_ROOT}/{_check_table(table)}/hub/events"


def public_topic(table: str = DEFAULT_TABLE) -> str:
    return f"{TOPIC_ROOT}/{_check_table(table)}/public"


def seat_subscription(table: str = "+", kind: str = "+") -> str:
    """A subscription pattern for every seat's `kind` topic (`+` = every table/kind)."""
    if table != "+":
        _check_table(table)
    if kind != "+" and kind not in SEAT_TOPIC_KINDS:
        raise ProtocolError("bad_topic", f"unknown seat topic kind {kind!r}")
    return f"{TOPIC_ROOT}/{table}/seat/+/{kind}"


_PARSED_TOPICS: dict[str, tuple[str, int | None, TopicKind]] = {}  # valid topics, parsed once


def parse_topic(topic: str) -> tuple[str, int | None, TopicKind]:
    """Split a protocol topic into (table, seat, kind); seat is None for hub/public topics."""
    parsed = _PARSED_TOPICS.get(topic) if type(topic) is str else None
    if parsed is None:
        parsed = _parse_topic(topic)
        if type(topic) is str and len(_PARSED_TOPICS) < 4096:
            _PARSED_TOPICS[topic] = parsed
    return parsed


def _parse_topic(topic: str) -> tuple[str, int | None, TopicKind]:
    parts = topic.split("/")
    if len(parts) < 3 or parts[0] != TOPIC_ROOT:
        raise ProtocolError("bad_topic", f"{topic!r} is not under {TOPIC_ROOT}/<table>/")
    table = _check_table(parts[1])
    rest = parts[2:]
    if len(rest) == 3 and rest[0] == "seat":
        if not re.fullmatch(r"[1-7]", rest[1]):
            raise ProtocolError("bad_topic", f"seat {rest[1]!r} in {topic!r} is not 1-7")
        kind = rest[2]
        if kind not in SEAT_TOPIC_KINDS:
            raise ProtocolError("bad_topic", f"unknown seat topic kind {kind!r}")
        return table, int(rest[1]), kind  # type: ignore[return-value]
    joined = "/".join(rest)
    if joined in HUB_TOPIC_KINDS:
        return table, None, joined  # type: ignore[return-value]
    raise ProtocolError("bad_topic", f"{topic!r} is not a protocol topic")


# --------------------------------------------------------------------------- parsing helpers


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


_DECODER = json.JSONDecoder(parse_constant=_reject_constant)  # one, not one per message (json.loads)


_scan_once = _DECODER.scan_once  # type: ignore[attr-defined]  # set by JSONDecoder.__init__, not in the stubs


def _decode(text: str) -> Any:
    """`_DECODER.decode(text)`: a payload that is one JSON value with nothing around it
    (every well-formed message) is scanned at once; anything else (whitespace, extra
    data, an error) takes the full decoder, which raises what it always raised."""
    try:
        value, end = _scan_once(text, 0)
    except (StopIteration, ValueError):
        return _DECODER.decode(text)
    if end != len(text):
        return _DECODER.decode(text)
    return value


def _load_object(payload: bytes | str) -> dict[str, Any]:
    """Bytes -> JSON object, refusing oversized, non-UTF-8, non-JSON and non-object input."""
    if type(payload) is bytes:  # the usual case: no copy
        raw = payload
    else:
        raw = payload.encode("utf-8") if isinstance(payload, str) else bytes(payload)
    if len(raw) > MAX_PAYLOAD_BYTES:
        raise ProtocolError("too_large", f"{len(raw)} bytes > {MAX_PAYLOAD_BYTES}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ProtocolError("bad_json", f"not UTF-8 ({err.reason} at byte {err.start})") from None
    try:
        value = _decode(text)
    except (ValueError, RecursionError) as err:
        raise ProtocolError("bad_json", f"not JSON ({err})") from None
    if not isinstance(value, dict):
        raise ProtocolError("not_object", f"expected a JSON object, got {type(value).__name__}")
    if "v" not in value:
        raise ProtocolError("bad_version", "missing protocol version 'v'")
    version = value["v"]
    if type(version) is int and version == PROTOCOL_VERSION:
        return value
    if isinstance(version, bool) or version != PROTOCOL_VERSION or not isinstance(version, int):
        raise ProtocolError("bad_version", f"'v' is {version!r}, this hub speaks {PROTOCOL_VERSION}")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _require(obj: Mapping[str, Any], name: str) -> Any:
    if name not in obj or obj[name] is None:
        raise ProtocolError("missing_field", f"missing field {name!r}")
    return obj[name]


def _int_field(obj: Mapping[str, Any], name: str, minimum: int) -> int:
    value = obj.get(name)
    if type(value) is int and minimum <= value < 2**53:  # the usual case, checked in one line
        return value
    value = _require(obj, name)
    if not _is_int(value) or value < minimum or value >= 2**53:
        raise ProtocolError("bad_field", f"{name!r} must be an integer >= {minimum}, got {value!r}")
    return int(value)


def _text_field(obj: Mapping[str, Any], name: str, *, optional: bool = False) -> str | None:
    if optional and obj.get(name) is None:
        return None
    value = obj.get(name)
    if type(value) is str and value and len(value) <= MAX_TEXT_FIELD_CHARS and value.isascii() and value.isprintable():
        return value  # the usual case: printable ASCII always encodes and shows
    value = _require(obj, name)
    if (
        not isinstance(value, str)
        or not value
        or len(value) > MAX_TEXT_FIELD_CHARS
        or text_problem(value) is not None  # a lone surrogate, a control, a noncharacter, unassigned
    ):
        raise ProtocolError(
            "bad_field", f"{name!r} must be a string of 1-{MAX_TEXT_FIELD_CHARS} printable characters"
        )
    return value


def _encodable(value: str) -> bool:
    """False for strings with lone surrogates (valid JSON escapes, unusable downstream)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# --------------------------------------------------------------------------- device messages


def parse_event(payload: bytes | str) -> SeatEvent:
    """Validate one `event` message; raises ProtocolError with a stable code on any defect."""
    obj = _load_object(payload)
    get = obj.get
    device = _text_field(obj, "device")
    assert device is not None
    boot = _int_field(obj, "boot", 0)
    seq = _int_field(obj, "seq", 1)
    t = _int_field(obj, "t", 0)
    kind = _require(obj, "type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_field", f"'type' must be a string, got {kind!r}")
    seat: int | None = get("seat")
    if seat is not None and (not _is_int(seat) or seat not in SEAT_NUMBERS):
        raise ProtocolError("bad_field", f"'seat' must be 1-7, got {seat!r}")
    if kind == "tag":
        edge = _require(obj, "edge")
        if edge not in TAG_EDGES:
            raise ProtocolError("bad_field", f"'edge' must be added or removed, got {edge!r}")
        uid = _check_uid(_require(obj, "uid"))
        # SeatEvent's fields in order: device boot seq t type edge uid button long what detail seat uids
        return _tuple_new(SeatEvent, (device, boot, seq, t, "tag", edge, uid, None, False, None, None, seat, None))
    if kind == "button":
        button = _require(obj, "button")
        if button not in BUTTONS:
            raise ProtocolError("bad_button", f"button {button!r} is not one of {BUTTONS}")
        press = get("press")
        if press is not None and press not in PRESS_KINDS:
            raise ProtocolError("bad_field", f"'press' must be short or long, got {press!r}")
        return _tuple_new(SeatEvent, (device, boot, seq, t, "button", None, None, button, press == "long",
                                      None, None, seat, None))
    common = dict(device=device, boot=boot, seq=seq, t=t, seat=seat)
    if kind in ("fault", "recovered"):
        what = _text_field(obj, "what")
        detail = _text_field(obj, "detail", optional=True)
        return SeatEvent(type=kind, what=what, detail=detail, **common)  # type: ignore[arg-type]
    if kind == "inventory":
        return SeatEvent(type="inventory", uids=_uid_list(_require(obj, "uids")), **common)  # type: ignore[arg-type]
    if kind == "alive":  # an idle seat's heartbeat: the hub's liveness timer (docs/protocol.md)
        return SeatEvent(type="alive", **common)  # type: ignore[arg-type]
    raise ProtocolError("unknown_type", f"unknown event type {kind!r}")


def _check_uid(uid: Any) -> str:
    if not isinstance(uid, str) or not UID_PATTERN.fullmatch(uid):
        raise ProtocolError("bad_uid", f"uid {uid!r} is not upper-case hex of 4, 7 or 10 bytes")
    return uid


def _uid_list(value: Any) -> tuple[str, ...]:
    """An inventory's `uids`: 0-8 distinct valid UIDs (one reader holds a few cards at most)."""
    if not isinstance(value, list) or len(value) > INVENTORY_MAX_UIDS:
        raise ProtocolError("bad_field", f"'uids' must be a list of at most {INVENTORY_MAX_UIDS} UIDs")
    uids = tuple(_check_uid(uid) for uid in value)
    if len(set(uids)) != len(uids):
        raise ProtocolError("bad_field", "'uids' lists a tag twice")
    return uids


def parse_hello(payload: bytes | str) -> SeatHello:
    """Validate a retained `hello` message."""
    obj = _load_object(payload)
    device = _text_field(obj, "device")
    boot = _int_field(obj, "boot", 0)
    fw = _text_field(obj, "fw")
    reader = _text_field(obj, "reader")
    buttons = _require(obj, "buttons")
    if not isinstance(buttons, list) or len(buttons) > 16:
        raise ProtocolError("bad_field", f"'buttons' must be a list, got {buttons!r}")
    for button in buttons:
        if button not in BUTTONS:
            raise ProtocolError("bad_button", f"button {button!r} is not one of {BUTTONS}")
    display = _text_field(obj, "display", optional=True)
    inventory = obj.get("inventory", False)
    if not isinstance(inventory, bool):
        raise ProtocolError("bad_field", f"'inventory' must be true or false, got {inventory!r}")
    alive_s = obj.get("alive_s")
    if alive_s is not None and (not _is_int(alive_s) or not 1 <= alive_s <= ALIVE_S_MAX):
        raise ProtocolError("bad_field", f"'alive_s' must be an integer 1-{ALIVE_S_MAX}, got {alive_s!r}")
    assert device is not None and fw is not None and reader is not None
    return SeatHello(device, boot, fw, reader, tuple(buttons), display, inventory, alive_s)


def parse_status(payload: bytes | str) -> Literal["online", "offline"]:
    """Validate a retained `status` message (plain text, not JSON)."""
    raw = payload.encode("utf-8") if isinstance(payload, str) else bytes(payload)
    if raw == b"online":
        return "online"
    if raw == b"offline":
        return "offline"
    raise ProtocolError("bad_status", f"status must be online or offline, got {raw[:40]!r}")


def parse_command(payload: bytes | str) -> SeatCommand:
    """Validate a `cmd` message the way a strict device would (used by fakes and tests)."""
    obj = _load_object(payload)
    get = obj.get
    command_id = _int_field(obj, "id", 0)
    led = get("led")
    if led is not None and led not in LEDS:
        raise ProtocolError("bad_field", f"'led' must be one of {LEDS}, got {led!r}")
    blink = get("blink")
    if blink is not None and not isinstance(blink, bool):
        raise ProtocolError("bad_field", f"'blink' must be true or false, got {blink!r}")
    beep = get("beep")
    if beep is not None and beep not in BEEPS:
        raise ProtocolError("bad_field", f"'beep' must be one of {BEEPS}, got {beep!r}")
    text = get("text")
    lines: tuple[str, ...] | None = None
    if text is not None:
        if not isinstance(text, list) or len(text) > TEXT_MAX_LINES:
            raise ProtocolError("bad_field", "'text' must be up to 4 strings of up to 21 chars")
        for line in text:
            if type(line) is not str or len(line) > TEXT_MAX_CHARS:  # json gives str, never a subclass
                raise ProtocolError("bad_field", "'text' must be up to 4 strings of up to 21 chars")
        lines = tuple(text)
    ref = _int_field(obj, "ref", 1) if get("ref") is not None else None
    code = get("code")
    if code is not None and (not isinstance(code, str) or not REFUSAL_CODE_PATTERN.fullmatch(code)):
        raise ProtocolError("bad_field", f"'code' must be a snake_case code, got {code!r}")
    return _tuple_new(SeatCommand, (command_id, led, blink, beep, lines, ref, code))  # its fields, in order


# --------------------------------------------------------------------------- hub -> device


def fit_text(text: str | Iterable[str]) -> tuple[str, ...]:
    """Trim display text to 4 lines x 21 characters; a string is split on newlines."""
    lines = text.split("\n") if isinstance(text, str) else list(text)
    for line in lines:
        if not isinstance(line, str) or not _encodable(line):
            raise ProtocolError("bad_field", f"text line {line!r} is not a string")
    return tuple(line[:TEXT_MAX_CHARS] for line in lines[:TEXT_MAX_LINES])


def make_command(
    id: int,
    led: str | None = None,
    blink: bool | None = None,
    beep: str | None = None,
    text: str | Sequence[str] | None = None,
    ref: int | None = None,
    code: str | None = None,
) -> bytes:
    """Build a compact `cmd` payload; wrong values raise ProtocolError (a hub bug, not input).

    The hub sends the same few displays over and over (per message only `id` and `ref`
    change), so the checked, encoded fields are kept per distinct display and code."""
    if type(id) is not int or id < 0:  # the usual case in one test
        if not _is_int(id) or id < 0:
            raise ProtocolError("bad_field", f"command id must be an integer >= 0, got {id!r}")
    if text is not None and type(text) is not str:
        text = tuple(text)
    try:
        fields = _command_fields(led, blink, beep, text)
    except TypeError:  # unhashable values: checked (and refused) without the cache
        fields = _command_fields.__wrapped__(led, blink, beep, text)
    if code is None:  # the usual commands, each in one format: a bare one, and an answer (`ref`)
        if ref is None:
            return ('{"v":%d,"id":%d%s}' % (PROTOCOL_VERSION, id, fields)).encode("utf-8")
        if type(ref) is int and ref >= 1:
            return ('{"v":%d,"id":%d%s,"ref":%d}' % (PROTOCOL_VERSION, id, fields, ref)).encode("utf-8")
    head = '{"v":%d,"id":%d' % (PROTOCOL_VERSION, id)
    parts = [head, fields]
    if ref is not None:
        if type(ref) is not int or ref < 1:
            if not _is_int(ref) or ref < 1:
                raise ProtocolError("bad_field", f"ref must be the seq (>= 1) answered, got {ref!r}")
        parts.append(',"ref":%d' % ref)
    if code is not None:
        parts.append(_code_field(code) if type(code) is str else _code_field.__wrapped__(code))
    parts.append("}")
    return "".join(parts).encode("utf-8")


@lru_cache(maxsize=4096, typed=True)  # typed: blink=1 is refused, blink=True is not
def _command_fields(led: str | None, blink: bool | None, beep: str | None,
                    text: str | tuple[str, ...] | None) -> str:
    """`,"led":...,"blink":...,"beep":...,"text":[...]` (those given), checked."""
    command: dict[str, Any] = {}
    if led is not None:
        if led not in LEDS:
            raise ProtocolError("bad_field", f"led {led!r} is not one of {LEDS}")
        command["led"] = led
    if blink is not None:
        if not isinstance(blink, bool):
            raise ProtocolError("bad_field", f"blink must be a bool, got {blink!r}")
        command["blink"] = blink
    if beep is not None:
        if beep not in BEEPS:
            raise ProtocolError("bad_field", f"beep {beep!r} is not one of {BEEPS}")
        command["beep"] = beep
    if text is not None:
        command["text"] = list(fit_text(text))
    return "," + _ENCODER.encode(command)[1:-1] if command else ""


@lru_cache(maxsize=256)
def _code_field(code: str) -> str:
    if not isinstance(code, str) or not REFUSAL_CODE_PATTERN.fullmatch(code):
        raise ProtocolError("bad_field", f"code {code!r} is not a snake_case code")
    return ',"code":' + _ENCODER.encode(code)


def encode_json(obj: Mapping[str, Any]) -> bytes:
    """Compact UTF-8 JSON, the form every JSON payload on the table takes."""
    return _encode_compact(obj).encode("utf-8")


def compact_encoder(ensure_ascii: bool) -> Callable[[Any], str]:
    """``json.dumps(obj, separators=(",", ":"), ensure_ascii=...)`` for a dict or list,
    with the C encoder made once instead of on every call (`JSONEncoder.encode` builds
    one per message); the same text, byte for byte. Our payloads have no cycles."""
    encoder = json.JSONEncoder(separators=(",", ":"), ensure_ascii=ensure_ascii)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # a Python without the C accelerator
        return encoder.encode
    strings = json.encoder.encode_basestring_ascii if ensure_ascii else json.encoder.encode_basestring
    c_encode = make(None, encoder.default, strings, None, ":", ",", False, False, True)

    def encode(obj: Any) -> str:
        if type(obj) is dict or type(obj) is list:  # containers: the C encoder as is
            return "".join(c_encode(obj, 0))
        return encoder.encode(obj)
    return encode


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)  # one, not one per message (json.dumps)
_encode_compact = compact_encoder(ensure_ascii=False)
