"""InProcessBus: MQTT semantics without a server, delivered in a deterministic order."""

from __future__ import annotations

import threading

import pytest

from hub.transport import Bus, InProcessBus, Will, connect_bus, named_inprocess_bus, topic_matches
from hub.transport.bus import check_pattern
from tests.fakes.seat import MessageLog


@pytest.mark.parametrize(
    "pattern, topic, expected",
    [
        ("a/b", "a/b", True), ("a/b", "a/c", False), ("a/+", "a/b", True), ("a/+", "a/b/c", False),
        ("a/#", "a", True), ("a/#", "a/b/c", True), ("#", "a/b", True), ("+/+", "a/b", True),
        ("+", "a/b", False), ("a/+/c", "a//c", True), ("#", "$SYS/x", False), ("+/x", "$SYS/x", False),
        ("citadels/+/seat/+/event", "citadels/t1/seat/3/event", True),
        ("citadels/+/seat/+/event", "citadels/t1/seat/3/cmd", False),
    ],
)
def test_topic_matching(pattern: str, topic: str, expected: bool) -> None:
    assert topic_matches(pattern, topic) is expected


@pytest.mark.parametrize("pattern", ["a/#/b", "a/b#", "a+/b", "", "a/++"])
def test_invalid_patterns_refused(pattern: str) -> None:
    with pytest.raises(ValueError):
        check_pattern(pattern)


def test_publish_refuses_wildcards_and_bad_qos() -> None:
    bus = InProcessBus()
    with pytest.raises(ValueError):
        bus.publish("a/+", b"x")
    with pytest.raises(ValueError):
        bus.publish("a", b"x", qos=3)


def test_implements_bus_protocol() -> None:
    bus = InProcessBus()
    assert isinstance(bus, Bus) and isinstance(bus.client("c"), Bus)


def test_delivery_to_matching_handlers_with_bytes_payload() -> None:
    bus = InProcessBus()
    events, everything = MessageLog(), MessageLog()
    bus.subscribe("citadels/+/seat/+/event", events)
    bus.subscribe("#", everything)
    bus.publish("citadels/t1/seat/2/event", "héllo")
    bus.publish("citadels/t1/seat/2/cmd", b"\x00\x01")
    assert events.messages == [("citadels/t1/seat/2/event", "héllo".encode())]
    assert [t for t, _ in everything.messages] == ["citadels/t1/seat/2/event", "citadels/t1/seat/2/cmd"]


def test_reentrant_publish_is_queued_not_recursed() -> None:
    """A hub answering inside its handler must not overtake messages already queued."""
    bus = InProcessBus()
    order: list[str] = []

    def hub(topic: str, payload: bytes) -> None:
        order.append(f"hub got {payload.decode()}")
        bus.publish("answer", b"re " + payload)
        order.append(f"hub done {payload.decode()}")

    def second(topic: str, payload: bytes) -> None:
        order.append(f"second got {payload.decode()}")

    bus.subscribe("question", hub)
    bus.subscribe("question", second)
    bus.subscribe("answer", lambda t, p: order.append(f"answer {p.decode()}"))
    bus.publish("question", b"1")
    assert order == ["hub got 1", "hub done 1", "second got 1", "answer re 1"]


def test_order_is_global_publish_order_across_clients() -> None:
    bus = InProcessBus()
    log = MessageLog()
    bus.subscribe("#", log)
    a, b = bus.client("a"), bus.client("b")
    for i in range(5):
        (a if i % 2 else b).publish(f"n/{i}", str(i))
    assert [p for _, p in log.messages] == [b"0", b"1", b"2", b"3", b"4"]


def test_retained_delivered_on_subscribe_and_cleared_by_empty_payload() -> None:
    bus = InProcessBus()
    bus.publish("s/1/status", b"online", retain=True)
    bus.publish("s/2/status", b"offline", retain=True)
    bus.publish("s/2/status", b"online", retain=True)
    bus.publish("s/3/event", b"not retained")
    late = MessageLog()
    bus.subscribe("s/+/+", late)
    assert late.messages == [("s/1/status", b"online"), ("s/2/status", b"online")]
    bus.publish("s/1/status", b"", retain=True)
    assert bus.retained("s/1/status") is None
    later = MessageLog()
    bus.subscribe("s/#", later)
    assert later.messages == [("s/2/status", b"online")]


def test_subscription_added_in_handler_sees_only_later_messages() -> None:
    bus = InProcessBus()
    late = MessageLog()
    bus.subscribe("go", lambda t, p: bus.subscribe("x", late))
    bus.publish("x", b"before")
    bus.publish("go", b"")
    bus.publish("x", b"after")
    assert late.messages == [("x", b"after")]


def test_drop_fires_will_disconnect_does_not() -> None:
    bus = InProcessBus()
    log = MessageLog()
    bus.subscribe("seat/+/status", log)
    seat1 = bus.client("seat1", will=("seat/1/status", b"offline", 1, True))
    seat2 = bus.client("seat2", will=Will("seat/2/status", "offline", 1, True))
    seat1.drop()
    seat2.disconnect()
    assert log.messages == [("seat/1/status", b"offline")]
    assert bus.retained("seat/1/status") == b"offline"
    seat1.drop()  # already gone: no second will
    assert len(log.messages) == 1
    with pytest.raises(RuntimeError):
        seat1.publish("x", b"y")


def test_dropped_client_stops_receiving() -> None:
    bus = InProcessBus()
    seat = bus.client("seat")
    got = MessageLog()
    seat.subscribe("cmd", got)
    bus.publish("cmd", b"1")
    seat.drop()
    bus.publish("cmd", b"2")
    assert got.messages == [("cmd", b"1")]


def test_same_client_id_takes_over_and_fires_old_will() -> None:
    bus = InProcessBus()
    log = MessageLog()
    bus.subscribe("st", log)
    old = bus.client("esp32-1", will=("st", b"offline", 1, True))
    new = bus.client("esp32-1", will=("st", b"offline", 1, True))
    assert not old.connected and new.connected
    assert log.messages == [("st", b"offline")]
    assert bus.client_ids == ["esp32-1"]


def test_handler_error_reported_after_queue_drained() -> None:
    bus = InProcessBus()
    got = MessageLog()

    def broken(topic: str, payload: bytes) -> None:
        raise ZeroDivisionError("handler bug")

    bus.subscribe("a", broken)
    bus.subscribe("a", got)
    with pytest.raises(ZeroDivisionError):
        bus.publish("a", b"1")
    assert got.messages == [("a", b"1")]
    quiet = InProcessBus(raise_handler_errors=False)
    quiet.subscribe("a", broken)
    quiet.publish("a", b"1")  # logged, not raised


def test_close_refuses_further_use_without_firing_wills() -> None:
    bus = InProcessBus()
    log = MessageLog()
    bus.subscribe("#", log)
    bus.client("c", will=("w", b"gone", 1, False))
    bus.close()
    with pytest.raises(RuntimeError):
        bus.publish("a", b"1")
    assert log.messages == []


def test_publishes_from_other_threads_are_all_delivered_in_one_order() -> None:
    bus = InProcessBus()
    log = MessageLog()
    bus.subscribe("#", log)

    def spam(name: str) -> None:
        client = bus.client(name)
        for i in range(200):
            client.publish(f"{name}/n", str(i))

    threads = [threading.Thread(target=spam, args=(f"c{k}",)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(log.messages) == 800
    for k in range(4):
        assert log.on(f"c{k}/n") == [str(i).encode() for i in range(200)]


def test_connect_bus_picks_transport() -> None:
    assert isinstance(connect_bus(None, "hub"), InProcessBus)
    assert connect_bus("inproc://", "hub") is not connect_bus("inproc://", "hub")
    named = connect_bus("inproc://table-test", "hub")
    assert named is connect_bus("inproc://table-test", "seat") is named_inprocess_bus("table-test")
    with pytest.raises(ValueError):
        connect_bus("http://example.org", "hub")


def test_lazy_publish_makes_the_payload_only_for_a_receiver() -> None:
    bus = InProcessBus()
    made: list[int] = []

    def make() -> bytes:
        made.append(1)
        return b"view %d" % len(made)

    bus.publish_lazy("t/view", make, qos=0, retain=True)
    bus.publish_lazy("t/events", make, qos=0)
    assert made == []  # nobody listens: nothing made
    got: list[tuple[str, bytes]] = []
    bus.subscribe("t/#", lambda t, p: got.append((t, p)))
    assert got == [("t/view", b"view 1")]  # a late subscriber gets the retained one, made now
    assert bus.retained("t/view") == b"view 1"  # made once, then kept
    bus.publish_lazy("t/events", make, qos=0)
    assert got[-1] == ("t/events", b"view 2") and len(made) == 2  # a listener: made at once


def test_lazy_retained_payload_is_replaced_by_a_later_publish() -> None:
    bus = InProcessBus()
    bus.publish_lazy("t/view", lambda: b"old", retain=True)
    bus.publish("t/view", b"new", retain=True)
    assert bus.retained("t/view") == b"new"
    bus.publish_lazy("t/view", lambda: b"newer", retain=True)
    assert bus.retained("t/view") == b"newer"


def test_subscribers_of_a_topic_follow_every_subscription_change() -> None:
    bus = InProcessBus()
    got: list[str] = []
    bus.publish("a/b", b"1")  # the topic's (empty) list of receivers is worked out here
    bus.subscribe("a/+", lambda t, p: got.append("plus"))
    bus.publish("a/b", b"2")
    client = bus.client("c1")
    client.subscribe("a/#", lambda t, p: got.append("hash"))
    bus.publish("a/b", b"3")
    client.disconnect()
    bus.publish("a/b", b"4")
    assert got == ["plus", "plus", "hash", "plus"]
