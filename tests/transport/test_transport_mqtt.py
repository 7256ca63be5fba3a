"""MqttBus against a real Mosquitto: delivery, retained, wills, latency, reconnects."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hub.transport import Bus, BusConnectError, MqttBus, Will, connect_bus
from hub.transport.mqtt import BrokerAddress
from tests.broker import MosquittoBroker, MosquittoFactory, free_port
from tests.fakes.seat import MessageLog


@pytest.fixture
def buses() -> Iterator[list[MqttBus]]:
    opened: list[MqttBus] = []
    yield opened
    for bus in opened:
        bus.close()


def open_bus(opened: list[MqttBus], broker: MosquittoBroker, client_id: str, **options: object) -> MqttBus:
    bus = MqttBus.from_url(broker.url, client_id, **options)  # type: ignore[arg-type]
    opened.append(bus)
    return bus


def test_url_parsing() -> None:
    assert BrokerAddress.from_url("mqtt://hub:s%40cret@10.0.0.2:1884") == BrokerAddress("10.0.0.2", 1884, "hub", "s@cret")
    assert BrokerAddress.from_url("mqtt://pi.local") == BrokerAddress("pi.local", 1883)
    with pytest.raises(ValueError):
        BrokerAddress.from_url("tcp://pi.local")


def test_publish_subscribe_round_trip(mosquitto: MosquittoBroker, buses: list[MqttBus]) -> None:
    hub = open_bus(buses, mosquitto, "hub")
    seat = open_bus(buses, mosquitto, "seat")
    assert isinstance(hub, Bus)
    events = MessageLog()
    hub.subscribe("citadels/+/seat/+/event", events)
    seat.publish("citadels/t1/seat/3/event", b'{"v":1}')
    seat.publish("citadels/t1/seat/3/hello", b"not for the event handler")
    seat.publish("citadels/t1/seat/3/event", "second")
    assert events.wait_count(2) == [("citadels/t1/seat/3/event", b'{"v":1}'),
                                    ("citadels/t1/seat/3/event", b"second")]


def test_handlers_run_in_paho_thread(mosquitto: MosquittoBroker, buses: list[MqttBus]) -> None:
    bus = open_bus(buses, mosquitto, "hub")
    threads: list[str] = []
    done = threading.Event()

    def record_thread(topic: str, payload: bytes) -> None:
        threads.append(threading.current_thread().name)
        done.set()

    bus.subscribe("x", record_thread)
    bus.publish("x", b"1")
    assert done.wait(2)
    assert threads[0].startswith("paho-mqtt-client") and threads[0] != threading.current_thread().name


def test_handler_exception_does_not_kill_the_loop(mosquitto: MosquittoBroker, buses: list[MqttBus]) -> None:
    bus = open_bus(buses, mosquitto, "hub")
    log = MessageLog()

    def broken(topic: str, payload: bytes) -> None:
        raise RuntimeError("handler bug")

    bus.subscribe("x", broken)
    bus.subscribe("x", log)
    bus.publish("x", b"1")
    bus.publish("x", b"2")
    assert [p for _, p in log.wait_count(2)] == [b"1", b"2"]


def test_retained_reaches_late_subscriber(mosquitto: MosquittoBroker, buses: list[MqttBus]) -> None:
    seat = open_bus(buses, mosquitto, "seat")
    seat.publish("citadels/t1/seat/2/status", b"online", retain=True)
    seat.publish("citadels/t1/seat/2/hello", b"{}", retain=True)
    hub_log = MessageLog()
    hub = open_bus(buses, mosquitto, "hub")
    time.sleep(0.05)  # let the broker store the retained messages before we subscribe
    hub.subscribe("citadels/t1/seat/+/status", hub_log)
    assert hub_log.wait_count(1) == [("citadels/t1/seat/2/status", b"online")]


def test_retained_reads_what_the_broker_keeps_now(
        mosquitto: MosquittoBroker, buses: list[MqttBus]) -> None:
    """`retained(topic)` answers for the broker now: nothing, a payload, the latest, nothing
    once cleared (the UNSUBACK comes after the retained message, so no sleep is needed); a
    topic the bus follows already is refused (its handler has had the message)."""
    hub = open_bus(buses, mosquitto, "hub")
    other = open_bus(buses, mosquitto, "other")
    topic = "citadels/t1/hub/status"
    assert hub.retained(topic) is None
    other.publish(topic, b"online", retain=True)
    assert other.flush(5)
    assert hub.retained(topic) == b"online"
    other.publish(topic, b"offline", retain=True)
    assert other.flush(5)
    assert hub.retained(topic) == b"offline"
    other.publish(topic, b"", retain=True)  # cleared
    assert other.flush(5)
    assert hub.retained(topic) is None
    hub.subscribe("citadels/t1/seat/1/status", MessageLog())
    with pytest.raises(ValueError, match="followed by this bus"):
        hub.retained("citadels/t1/seat/1/status")


def test_will_fires_on_drop_not_on_close(mosquitto: MosquittoBroker, buses: list[MqttBus]) -> None:
    hub = open_bus(buses, mosquitto, "hub")
    statuses = MessageLog()
    hub.subscribe("citadels/t1/seat/+/status", statuses)
    polite = MqttBus.from_url(mosquitto.url, "seat1", will=Will("citadels/t1/seat/1/status", b"offline", 1, True))
    polite.close()
    crashing = MqttBus.from_url(mosquitto.url, "seat2", will=("citadels/t1/seat/2/status", b"offline", 1, True))
    crashing.drop()
    topic, payload = statuses.wait_for(lambda t, p: True)
    assert (topic, payload) == ("citadels/t1/seat/2/status", b"offline")
    time.sleep(0.1)
    assert statuses.on("citadels/t1/seat/1/status") == []


def test_tcp_nodelay_on_both_ends_and_the_round_trip_works(mosquitto: MosquittoBroker, buses: list[MqttBus]) -> None:
    """Guards the field note (with Nagle on, a loopback round trip took ~88 ms) by what
    causes it: TCP_NODELAY on the clients here, `set_tcp_nodelay` in the shipped broker
    config. The time itself is a benchmark's (bench/latency.py), never a test's."""
    hub = open_bus(buses, mosquitto, "hub")
    seat = open_bus(buses, mosquitto, "seat")
    assert hub.socket_nodelay() and seat.socket_nodelay()
    shipped = (Path(__file__).resolve().parents[2] / "hardware" / "mosquitto" / "mosquitto.conf").read_text()
    assert any(line.split() == ["set_tcp_nodelay", "true"] for line in shipped.splitlines())
    answered = threading.Event()
    hub.subscribe("citadels/t1/seat/1/event", lambda t, p: hub.publish("citadels/t1/seat/1/cmd", p))
    seat.subscribe("citadels/t1/seat/1/cmd", lambda t, p: answered.set())
    for i in range(5):
        answered.clear()
        seat.publish("citadels/t1/seat/1/event", str(i))
        assert answered.wait(5)


def test_reconnects_and_resubscribes_after_broker_restart(mosquitto: MosquittoBroker, buses: list[MqttBus]) -> None:
    hub = open_bus(buses, mosquitto, "hub")
    seat = open_bus(buses, mosquitto, "seat")
    log = MessageLog()
    hub.subscribe("citadels/+/seat/+/event", log)
    seat.publish("citadels/t1/seat/1/event", b"before")
    log.wait_count(1)
    mosquitto.restart()
    assert hub.wait_connected(5) and seat.wait_connected(5)
    assert hub.connect_count == 2
    seat.publish("citadels/t1/seat/1/event", b"after")
    assert [p for _, p in log.wait_count(2)] == [b"before", b"after"]


def test_on_connect_runs_after_every_connect_with_subscriptions_renewed(mosquitto: MosquittoBroker, buses: list[MqttBus]) -> None:
    hub = open_bus(buses, mosquitto, "hub")
    log = MessageLog()
    hub.subscribe("citadels/t1/hub/status", log)
    announced: list[int] = []

    def announce() -> None:  # what a hub does: re-publish what the broker forgot
        announced.append(hub.connect_count)
        hub.publish("citadels/t1/hub/status", b"online", qos=1)

    hub.on_connect = announce
    mosquitto.restart()
    assert hub.wait_connected(5)
    assert [p for _, p in log.wait_count(1)] == [b"online"]  # subscription was live when it ran
    assert announced == [2]


def test_qos1_publish_during_outage_is_sent_after_reconnect(mosquitto: MosquittoBroker, buses: list[MqttBus]) -> None:
    hub = open_bus(buses, mosquitto, "hub")
    seat = open_bus(buses, mosquitto, "seat")
    mosquitto.stop()
    deadline = time.monotonic() + 3
    while seat.connected and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not seat.connected
    seat.publish("citadels/t1/seat/1/status", b"online", qos=1, retain=True)
    mosquitto.start()
    assert seat.wait_connected(5) and hub.wait_connected(5)
    log = MessageLog()
    time.sleep(0.1)
    hub.subscribe("citadels/t1/seat/1/status", log)
    assert log.wait_count(1) == [("citadels/t1/seat/1/status", b"online")]


def test_subscribe_before_broker_is_up_takes_effect_on_connect(mosquitto_factory: MosquittoFactory, buses: list[MqttBus]) -> None:
    broker = mosquitto_factory()
    broker.stop()
    hub = MqttBus.from_url(broker.url, "hub", wait=False)
    buses.append(hub)
    log = MessageLog()
    hub.subscribe("a/#", log)
    assert not hub.connected
    broker.start()
    assert hub.wait_connected(5)
    seat = open_bus(buses, broker, "seat")
    seat.publish("a/b", b"1")
    assert log.wait_count(1) == [("a/b", b"1")]


def test_no_broker_fails_fast_with_bus_connect_error() -> None:
    started = time.monotonic()
    with pytest.raises(BusConnectError):
        MqttBus("127.0.0.1", free_port(), "hub", connect_timeout=0.5)
    assert time.monotonic() - started < 2


def test_wrong_credentials_refused(mosquitto_factory: MosquittoFactory) -> None:
    broker = mosquitto_factory(passwd={"hub": "right"})
    with pytest.raises(BusConnectError, match="refused"):
        MqttBus.from_url(broker.url_for("hub", "wrong"), "hub")
    MqttBus.from_url(broker.url_for("hub", "right"), "hub").close()


def test_connect_bus_mqtt(mosquitto: MosquittoBroker) -> None:
    bus = connect_bus(mosquitto.url, "hub", will=("citadels/t1/hub/status", b"offline", 1, True))
    try:
        assert isinstance(bus, MqttBus) and bus.connected
    finally:
        bus.close()


def test_missing_mosquitto_fails_the_fixture_instead_of_skipping(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    import tests.broker
    from tests.conftest import _factory

    monkeypatch.setattr(tests.broker.shutil, "which", lambda *args, **kwargs: None)
    with pytest.raises(tests.broker.MosquittoMissing):
        tests.broker.find_executable("mosquitto")
    with pytest.raises(pytest.fail.Exception, match="Mosquitto is required"):
        _factory(tmp_path_factory)
