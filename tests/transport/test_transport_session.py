"""The hub's MQTT session (hub/transport/mqtt.py): persistent, its queued messages reach
handlers subscribed after the connect, and a subscription may refuse retained messages
(a seat's events: a retained one is never a move). On Mosquitto and on amqtt."""

from __future__ import annotations

from typing import Any

from hub.transport import MqttBus
from tests.broker import MosquittoFactory
from tests.fakes.seat import MessageLog
from tests.waiting import wait_until


def test_messages_queued_for_a_persistent_session_wait_for_their_handler(mosquitto_factory: MosquittoFactory) -> None:
    """The hub restarted: the broker hands over what it queued right after the CONNACK,
    before the new process subscribed. Those messages must not fall on the floor."""
    broker = mosquitto_factory()
    first = MqttBus(broker.host, broker.port, "hub-t1", persistent=True)
    first.subscribe("citadels/t1/seat/+/event", lambda _t, _p: None)
    first.drop()  # SIGKILL: the session stays on the broker
    seat = MqttBus(broker.host, broker.port, "seat-1")
    for n in range(3):
        seat.publish("citadels/t1/seat/1/event", f"move {n}".encode(), qos=1)
    assert seat.flush(5)
    got = MessageLog()
    second = MqttBus(broker.host, broker.port, "hub-t1", persistent=True)
    try:
        assert wait_until(lambda: len(second._held) == 3, 20)  # arrived before any handler existed
        second.subscribe("citadels/t1/seat/+/event", got)
        assert [p for _t, p in got.wait_count(3, timeout=20)] == [b"move 0", b"move 1", b"move 2"]
    finally:
        second.close()
        seat.close()


def test_a_clean_session_holds_nothing(mosquitto_factory: MosquittoFactory) -> None:
    broker = mosquitto_factory()
    bus = MqttBus(broker.host, broker.port, "tool")
    try:
        assert not bus.persistent and bus._held == []
    finally:
        bus.close()


def test_a_subscription_may_refuse_retained_messages(any_broker: Any) -> None:
    seat = MqttBus(any_broker.host, any_broker.port, "seat-1")
    seat.publish("citadels/t1/seat/1/event", b"stale", qos=1, retain=True)
    assert seat.flush(5)
    everything, fresh_only = MessageLog(), MessageLog()
    probe = MqttBus(any_broker.host, any_broker.port, "probe")  # the broker does hold it
    probe.subscribe("citadels/t1/seat/1/event", everything)
    everything.wait_for(lambda _t, p: p == b"stale", timeout=20)
    hub = MqttBus(any_broker.host, any_broker.port, "hub-t1")
    try:
        hub.subscribe("citadels/t1/seat/+/event", fresh_only, retained=False)
        # at least once: a subscription sent both by the connect and by subscribe() (the link
        # came up between them, likelier on a loaded machine) has the broker replay it twice
        assert wait_until(lambda: hub.retained_ignored >= 1, 20)
        seat.publish("citadels/t1/seat/1/event", b"live", qos=1)
        fresh_only.wait_for(lambda _t, p: p == b"live", timeout=20)
        assert [p for _t, p in fresh_only.messages] == [b"live"]
    finally:
        hub.close()
        probe.close()
        seat.close()
