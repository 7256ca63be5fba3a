"""hub.protocol: every refusal code, topic handling, commands, and a fuzz property."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hub.protocol import (
    MAX_PAYLOAD_BYTES,
    ProtocolError,
    SeatCommand,
    SeatEvent,
    cmd_topic,
    event_topic,
    hello_topic,
    hub_events_topic,
    hub_status_topic,
    make_command,
    parse_command,
    parse_event,
    parse_hello,
    parse_status,
    parse_topic,
    public_topic,
    seat_subscription,
    status_topic,
)

UID7 = "04A1B2C3D4E580"


def event(**changes: Any) -> bytes:
    """A valid tag event with fields changed (None removes a field)."""
    base: dict[str, Any] = {
        "v": 1, "device": "esp32-a1b2c3", "boot": 3141592, "seq": 5, "t": 1200,
        "type": "tag", "edge": "added", "uid": UID7,
    }
    base.update(changes)
    return json.dumps({k: v for k, v in base.items() if v is not None}).encode()


def refusal(payload: bytes | str, parser: Any = parse_event) -> str:
    with pytest.raises(ProtocolError) as caught:
        parser(payload)
    return caught.value.code


# ----------------------------------------------------------------------------- events


def test_spec_examples_parse() -> None:
    added = parse_event(event())
    assert added == SeatEvent("esp32-a1b2c3", 3141592, 5, 1200, "tag", edge="added", uid=UID7)
    assert added.key == ("esp32-a1b2c3", 3141592, 5)
    assert parse_event(event(edge="removed")).edge == "removed"
    button = parse_event(event(type="button", edge=None, uid=None, button="ok", press="long"))
    assert (button.type, button.button, button.long) == ("button", "ok", True)
    # made field by field in order (the fast way): the same value as made by name
    assert button == SeatEvent("esp32-a1b2c3", 3141592, 5, 1200, "button", button="ok", long=True)
    assert parse_event(event(seat=3)) == SeatEvent("esp32-a1b2c3", 3141592, 5, 1200, "tag", edge="added",
                                                   uid=UID7, seat=3)
    assert parse_event(event(type="button", edge=None, uid=None, button="a")).long is False
    fault = parse_event(event(type="fault", edge=None, uid=None, what="reader", detail="no ACK from PN532"))
    assert (fault.what, fault.detail) == ("reader", "no ACK from PN532")
    assert parse_event(event(type="recovered", edge=None, uid=None, what="reader")).detail is None


def test_serial_reader_seat_field_is_read_and_checked() -> None:
    assert parse_event(event(seat=4)).seat == 4
    assert refusal(event(seat=9)) == "bad_field"
    assert refusal(event(seat="4")) == "bad_field"


def test_unknown_extra_fields_are_ignored_for_forward_compatibility() -> None:
    assert parse_event(event(rssi=-40)).uid == UID7


@pytest.mark.parametrize("uid", ["04A1B2C3", UID7, "04A1B2C3D4E5F6A7B8C9"])
def test_uid_lengths_4_7_10_bytes(uid: str) -> None:
    assert parse_event(event(uid=uid)).uid == uid


def test_too_large() -> None:
    big = event(detail="x" * MAX_PAYLOAD_BYTES)
    assert refusal(big) == "too_large"
    padded = event()[:-1] + b" " * (MAX_PAYLOAD_BYTES - len(event())) + b"}"
    assert len(padded) == MAX_PAYLOAD_BYTES and parse_event(padded).uid == UID7


@pytest.mark.parametrize(
    "payload",
    [b"\xff\xfe{}", b"{\"v\":1", b"", b"not json", b"{\"v\":NaN}", b"[" * 1000],
    ids=["not-utf8", "truncated", "empty", "text", "nan", "deep-nesting"],
)
def test_bad_json(payload: bytes) -> None:
    assert refusal(payload) == "bad_json"


@pytest.mark.parametrize("payload", [b"[]", b"1", b"\"tag\"", b"null"])
def test_not_an_object(payload: bytes) -> None:
    assert refusal(payload) == "not_object"


@pytest.mark.parametrize("version", [None, 2, "1", True, 1.5, 0])
def test_bad_version(version: Any) -> None:
    payload = event(v=version) if version is not None else event(v=None)
    assert refusal(payload) == "bad_version"


@pytest.mark.parametrize("field", ["device", "boot", "seq", "t", "type", "edge", "uid"])
def test_missing_field(field: str) -> None:
    code = refusal(event(**{field: None}))
    assert code == "missing_field"


def test_missing_fields_of_other_types() -> None:
    assert refusal(event(type="button", edge=None, uid=None)) == "missing_field"
    assert refusal(event(type="fault", edge=None, uid=None)) == "missing_field"
    assert refusal(event(type="recovered", edge=None, uid=None)) == "missing_field"


@pytest.mark.parametrize(
    "changes",
    [
        {"device": ""}, {"device": 7}, {"device": "d" * 200}, {"device": "\ud800"},
        {"boot": -1}, {"boot": "3"}, {"boot": 1.5}, {"boot": True},
        {"seq": 0}, {"seq": "1"}, {"t": -5}, {"seq": 2**60},
        {"type": 3}, {"edge": "maybe"}, {"edge": ["added"]},
        {"type": "button", "edge": None, "uid": None, "button": "a", "press": "double"},
        {"type": "fault", "edge": None, "uid": None, "what": 4},
    ],
    ids=lambda c: ",".join(f"{k}={v!r}"[:20] for k, v in c.items()),
)
def test_bad_field(changes: dict[str, Any]) -> None:
    assert refusal(event(**changes)) == "bad_field"


@pytest.mark.parametrize("kind", ["card", "TAG", "", "tag "])
def test_unknown_type(kind: str) -> None:
    assert refusal(event(type=kind)) == "unknown_type"


@pytest.mark.parametrize(
    "uid",
    ["04a1b2c3d4e580", "04A1B2C3D4E5", "04:A1:B2:C3", "04A1B2C3D4E58G", "", 12345678, "04A1B2C3D4E580 "],
)
def test_bad_uid(uid: Any) -> None:
    assert refusal(event(uid=uid)) == "bad_uid"


@pytest.mark.parametrize("button", ["c", "OK", "", 1, ["a"]])
def test_bad_button(button: Any) -> None:
    assert refusal(event(type="button", edge=None, uid=None, button=button)) == "bad_button"


def test_error_carries_code_and_readable_message() -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_event(event(seq=None))
    assert caught.value.code == "missing_field" and "'seq'" in caught.value.message
    assert isinstance(caught.value, ValueError)


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=1200))
def test_random_bytes_raise_only_protocol_error(payload: bytes) -> None:
    for parser in (parse_event, parse_hello, parse_command):
        try:
            parser(payload)
        except ProtocolError:
            pass


json_scalars = (
    st.none() | st.booleans() | st.integers(-3, 2**60) | st.floats(allow_nan=False)
    | st.text(max_size=30) | st.sampled_from(["tag", "button", "added", "ok", "04A1B2C3", 1])
)
json_values = json_scalars | st.lists(json_scalars, max_size=3)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["v", "device", "boot", "seq", "t", "type", "edge", "uid",
                                        "button", "press", "what", "detail", "seat", "x"]),
                       json_values, max_size=10))
def test_random_json_objects_raise_only_protocol_error(obj: dict[str, Any]) -> None:
    try:
        result = parse_event(json.dumps(obj).encode())
    except ProtocolError:
        return
    assert obj["v"] == 1 and result.seq >= 1


# ----------------------------------------------------------------------------- hello, status


HELLO = {"v": 1, "device": "esp32-a1b2c3", "boot": 3141592, "fw": "1.0.0", "reader": "pn532-hsu",
         "buttons": ["a", "b", "ok"], "display": "ssd1306-128x64"}


def test_hello_spec_example() -> None:
    hello = parse_hello(json.dumps(HELLO))
    assert hello.buttons == ("a", "b", "ok") and hello.display == "ssd1306-128x64"
    assert parse_hello(json.dumps({**HELLO, "display": None})).display is None


@pytest.mark.parametrize(
    "changes, code",
    [
        ({"v": 2}, "bad_version"),
        ({"fw": None}, "missing_field"),
        ({"buttons": "a"}, "bad_field"),
        ({"buttons": ["a", "z"]}, "bad_button"),
        ({"display": 5}, "bad_field"),
    ],
)
def test_hello_refusals(changes: dict[str, Any], code: str) -> None:
    assert refusal(json.dumps({**HELLO, **changes}), parse_hello) == code


def test_hello_without_display_key_means_no_display() -> None:
    without = {k: v for k, v in HELLO.items() if k != "display"}
    assert parse_hello(json.dumps(without)).display is None


def test_hello_says_whether_the_device_sends_inventories() -> None:
    assert parse_hello(json.dumps(HELLO)).inventory is False  # a v1 device
    assert parse_hello(json.dumps({**HELLO, "inventory": True})).inventory is True
    assert refusal(json.dumps({**HELLO, "inventory": "yes"}), parse_hello) == "bad_field"
    assert refusal(json.dumps({**HELLO, "inventory": 1}), parse_hello) == "bad_field"


# ----------------------------------------------------------------------------- inventory


def inventory(uids: Any) -> bytes:
    return event(type="inventory", edge=None, uid=None, uids=uids)


def test_inventory_lists_what_lies_on_the_reader() -> None:
    parsed = parse_event(inventory([UID7, "04A1B2C3"]))
    assert (parsed.type, parsed.uids, parsed.key) == ("inventory", (UID7, "04A1B2C3"), ("esp32-a1b2c3", 3141592, 5))
    assert parse_event(inventory([])).uids == ()


@pytest.mark.parametrize(
    "uids, code",
    [
        (None, "missing_field"),
        ("04A1B2C3", "bad_field"),
        ([UID7, UID7], "bad_field"),
        ([f"04A1B2{i:02X}" for i in range(9)], "bad_field"),
        (["04a1b2c3"], "bad_uid"),
        ([12345678], "bad_uid"),
    ],
)
def test_inventory_refusals(uids: Any, code: str) -> None:
    assert refusal(inventory(uids)) == code


def test_multiple_cards_is_a_fault_like_any_other() -> None:
    fault = parse_event(event(type="fault", edge=None, uid=None, what="multiple_cards", detail="2 cards"))
    assert (fault.type, fault.what, fault.detail) == ("fault", "multiple_cards", "2 cards")


def test_status() -> None:
    assert parse_status(b"online") == "online" and parse_status("offline") == "offline"
    assert refusal(b"Online", parse_status) == "bad_status"
    assert refusal(b"online\n", parse_status) == "bad_status"


# ----------------------------------------------------------------------------- topics


def test_topic_builders_and_parse_round_trip() -> None:
    assert event_topic("t1", 3) == "citadels/t1/seat/3/event"
    for builder, kind in ((status_topic, "status"), (hello_topic, "hello"),
                          (event_topic, "event"), (cmd_topic, "cmd")):
        assert parse_topic(builder("t1", 7)) == ("t1", 7, kind)
    assert parse_topic(hub_status_topic("t2")) == ("t2", None, "hub/status")
    assert parse_topic(hub_events_topic()) == ("t1", None, "hub/events")
    assert parse_topic(public_topic()) == ("t1", None, "public")
    assert seat_subscription() == "citadels/+/seat/+/+"
    assert seat_subscription("t1", "event") == "citadels/t1/seat/+/event"


@pytest.mark.parametrize(
    "topic",
    ["citadels/t1/seat/0/event", "citadels/t1/seat/8/event", "citadels/t1/seat/3/view",
     "citadels/t1/seat/03/event", "other/t1/seat/3/event", "citadels/t1/seat/3",
     "citadels//seat/3/event", "citadels/t1/hub", "citadels/t1/seat/3/event/x"],
)
def test_bad_topics(topic: str) -> None:
    assert refusal(topic, parse_topic) == "bad_topic"


@pytest.mark.parametrize("seat", [0, 8, True, "3"])
def test_builders_refuse_bad_seats(seat: Any) -> None:
    with pytest.raises(ProtocolError):
        event_topic("t1", seat)


# ----------------------------------------------------------------------------- commands


def test_make_command_spec_example_and_round_trip() -> None:
    payload = make_command(17, led="green", blink=False, beep="ok", text=["Warlord", "Tap a district"])
    assert json.loads(payload) == {"v": 1, "id": 17, "led": "green", "blink": False, "beep": "ok",
                                   "text": ["Warlord", "Tap a district"]}
    assert parse_command(payload) == SeatCommand(17, "green", False, "ok", ("Warlord", "Tap a district"))
    answer = make_command(18, led="red", beep="error", text=["Not your turn"], ref=5, code="not_your_turn")
    assert parse_command(answer) == SeatCommand(id=18, led="red", beep="error", text=("Not your turn",), ref=5,
                                                code="not_your_turn")


def test_make_command_minimal_and_refusal_answer() -> None:
    assert json.loads(make_command(1)) == {"v": 1, "id": 1}
    answer = parse_command(make_command(2, led="red", beep="error", ref=9, code="not_your_turn"))
    assert (answer.ref, answer.code, answer.led) == (9, "not_your_turn", "red")


def test_make_command_trims_text_to_display() -> None:
    payload = make_command(3, text="line one is far too long for the display\n2\n3\n4\n5")
    text = json.loads(payload)["text"]
    assert text == ["line one is far too l", "2", "3", "4"]
    assert len(text[0]) == 21
    assert len(payload) <= MAX_PAYLOAD_BYTES


@pytest.mark.parametrize(
    "kwargs",
    [{"led": "purple"}, {"beep": "loud"}, {"blink": 1}, {"ref": 0}, {"ref": True},
     {"code": "Not Your Turn"}, {"text": [1, 2]}],
)
def test_make_command_refuses_bad_values(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ProtocolError) as caught:
        make_command(1, **kwargs)
    assert caught.value.code == "bad_field"


@pytest.mark.parametrize("command_id", [-1, True, "1", 1.0])
def test_make_command_refuses_bad_ids(command_id: Any) -> None:
    with pytest.raises(ProtocolError):
        make_command(command_id)


@pytest.mark.parametrize(
    "obj",
    [{"v": 1}, {"v": 1, "id": 1, "led": "pink"}, {"v": 1, "id": 1, "text": ["x" * 22]},
     {"v": 1, "id": 1, "text": ["a", "b", "c", "d", "e"]}, {"v": 1, "id": 1, "blink": "yes"}],
)
def test_parse_command_is_strict(obj: dict[str, Any]) -> None:
    with pytest.raises(ProtocolError):
        parse_command(json.dumps(obj))


@pytest.mark.parametrize("odd", ["\ud83d", "no\nACK", "\ufdd0", "\u0378", "\x85", "\u202eKCA"],
                         ids=["surrogate", "newline", "noncharacter", "unassigned", "C1", "override"])
def test_payload_strings_pass_the_one_text_check(odd: str) -> None:
    """Issue 31: the strings a seat sends reach logs, pages and the store; they pass the
    same check as every other untrusted text (`hub.text.text_problem`)."""
    assert refusal(event(type="fault", edge=None, uid=None, what="reader", detail=odd)) == "bad_field"
    assert refusal(event(device=f"esp32{odd}")) == "bad_field"
    assert parse_event(event(type="fault", edge=None, uid=None, what="reader", detail="lecteur: pas d'ACK (PN532) é")).detail
