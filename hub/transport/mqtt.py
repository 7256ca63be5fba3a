"""`MqttBus`: the `Bus` over a real MQTT 3.1.1 broker with paho-mqtt 2.x.

Threading: paho's network loop runs in its own thread (`loop_start`) and every handler
is called from THAT thread, one message at a time, in arrival order. Handlers must be
quick and hand work to the caller's own queue; a handler exception is logged, never
allowed to kill the loop.

Latency: Nagle's algorithm holds small packets back waiting for an ACK, which on a
loopback round trip cost ~88 ms; with TCP_NODELAY here and `set_tcp_nodelay true` in
mosquitto.conf the round trip is ~0.4 ms (p50). The option is set before CONNECT.

Reconnects are automatic (exponential back-off up to `reconnect_max`); subscriptions are
renewed on every CONNACK (a clean session's broker forgot them).

`persistent=True` (the hub): clean_session=False, so a broker that keeps sessions queues
the QoS 1 messages sent while the hub was away (its restart) and hands them over right
after the CONNACK, before any SUBSCRIBE of this process: such a message that matches no
handler yet is held (at most HELD_MAX) and handed to the first handler subscribed for
it. Correctness never rests on this: the seats re-send what the hub has not answered.
QoS 1/2 messages published while disconnected are queued by paho and sent on reconnect;
`publish` never raises for a lost connection and `flush` waits for them like any other.
`on_state` listeners hear every change of link state ("connected", "lost", "refused"):
`hub.transport.watch.BrokerWatch` turns them into one line each for the people at the table.
"""

from __future__ import annotations

import logging
import socket
import ssl
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import paho.mqtt.client as paho
from paho.mqtt.enums import CallbackAPIVersion, MQTTErrorCode
from paho.mqtt.reasoncodes import ReasonCode

from .bus import Handler, Payload, Will, check_pattern, check_qos, check_topic, to_bytes, topic_matches
from .tls import ca_file_for, client_context, take_failure

log = logging.getLogger(__name__)

DEFAULT_PORT = 1883
DEFAULT_TLS_PORT = 8883
HELD_MAX = 1000  # messages of a persistent session held until their handler subscribes


class BusConnectError(ConnectionError):
    """The broker could not be reached, or refused us (bad credentials, not authorised)."""


@dataclass(frozen=True)
class BrokerAddress:
    """Where an `mqtt://[user[:password]@]host[:port]` or
    `mqtts://[user[:password]@]host[:port][?ca=/path/ca.crt]` URL points. For mqtts the
    CA is the URL's `ca`, else $CITADELS_MQTT_CA, else the system store (hub/transport/tls.py)."""

    host: str
    port: int = DEFAULT_PORT
    username: str | None = None
    password: str | None = None
    tls: bool = False
    ca_file: str | None = None

    @classmethod
    def from_url(cls, url: str, environ: Mapping[str, str] | None = None) -> BrokerAddress:
        parts = urlsplit(url)
        if parts.scheme not in ("mqtt", "mqtts") or not parts.hostname:
            raise ValueError(f"expected mqtt://host[:port] or mqtts://host[:port][?ca=FILE], got {url!r}")
        tls = parts.scheme == "mqtts"
        query = parse_qs(parts.query, keep_blank_values=True)
        unknown = sorted(set(query) - ({"ca"} if tls else set()))
        if unknown:
            raise ValueError(f"unknown broker URL parameter {unknown[0]!r} in {url!r} (only mqtts:// takes ?ca=FILE)")
        try:
            port = parts.port
        except ValueError:
            raise ValueError(f"bad port in broker URL {url!r}") from None
        return cls(
            host=parts.hostname,
            port=port or (DEFAULT_TLS_PORT if tls else DEFAULT_PORT),
            username=unquote(parts.username) if parts.username is not None else None,
            password=unquote(parts.password) if parts.password is not None else None,
            tls=tls,
            ca_file=ca_file_for(query.get("ca", [""])[-1], environ) if tls else None,
        )

    def tls_context(self) -> ssl.SSLContext | None:
        """The client TLS context for an mqtts:// address (None for plain mqtt://)."""
        return client_context(self.ca_file) if self.tls else None


def _acknowledged(info: paho.MQTTMessageInfo) -> bool:
    """Whether the broker acknowledged a publish. paho's `is_published()` raises for a
    message queued while disconnected (rc NO_CONN) although paho sends it on reconnect
    and marks it published on the PUBACK; ask the flag directly for those."""
    if info.rc == MQTTErrorCode.MQTT_ERR_NO_CONN:
        return bool(info._published)
    return info.is_published()


def _enable_nodelay(sock: Any) -> None:
    """Disable Nagle so each small MQTT packet leaves at once (see module docstring)."""
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except (OSError, AttributeError):  # unix sockets or wrapped sockets: nothing to tune
        log.debug("TCP_NODELAY not available on %r", sock)


class MqttBus:
    """A connected MQTT client implementing `Bus`. The constructor waits for the first
    CONNACK (up to `connect_timeout`) so that callers fail fast on wrong credentials;
    pass `wait=False` to keep retrying in the background instead (hub booting before
    the broker)."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        client_id: str = "",
        *,
        username: str | None = None,
        password: str | None = None,
        will: Will | tuple[str, Payload, int, bool] | None = None,
        keepalive: int = 10,
        connect_timeout: float = 5.0,
        reconnect_min: float = 0.1,
        reconnect_max: float = 2.0,
        subscribe_timeout: float = 5.0,
        wait: bool = True,
        on_connect: Callable[[], None] | None = None,
        tls: ssl.SSLContext | None = None,
        on_state: Callable[[str, str], None] | None = None,
        persistent: bool = False,
    ) -> None:
        self.host = host
        self.on_connect = on_connect
        """Called on paho's thread after every (re)connect, once subscriptions are renewed:
        the place to re-announce what the broker forgot (status, displays). Must only
        publish or enqueue. May be set after construction."""
        self.on_state = on_state
        """Called on paho's thread as on_state(state, detail) when the link changes: "connected"
        (subscriptions renewed), "lost" (detail: why) or "refused" (detail: the broker's reason)."""
        self.port = port
        self.client_id = client_id
        self.will = Will(*will) if will is not None else None
        self.subscribe_timeout = subscribe_timeout
        self._lock = threading.Lock()
        self._subscriptions: list[tuple[str, Handler, bool]] = []  # pattern, handler, takes retained
        self.persistent = persistent
        self._held: list[paho.MQTTMessage] = []  # a persistent session's messages no handler took yet
        self._dispatching = threading.RLock()  # held and live messages reach handlers in order
        self.held_dropped = 0
        self.retained_ignored = 0
        self._patterns_acked: dict[int, threading.Event] = {}
        self._unsubscribe_acked: dict[int, threading.Event] = {}
        self._resubscribe_pending: set[int] = set()
        self._unacknowledged: list[paho.MQTTMessageInfo] = []
        self._link_up = threading.Event()  # CONNACK received: SUBSCRIBE can be sent
        self._connected = threading.Event()  # ...and every earlier subscription renewed
        self._first_answer = threading.Event()
        self._refusal: str | None = None
        self._loop_thread_id: int | None = None
        self._closed = False
        self.connect_count = 0

        client = paho.Client(
            callback_api_version=CallbackAPIVersion.VERSION2,
            client_id=client_id,
            protocol=paho.MQTTv311,
            clean_session=not persistent,
        )
        if username is not None:
            client.username_pw_set(username, password)
        self._tls = tls
        self._tls_reported: str | None = None
        self._tls_raised_by_constructor = wait
        if tls is not None:  # mqtts://: the broker's certificate and host name are checked
            client.tls_set_context(tls)
            client.on_connect_fail = self._on_connect_fail
        if self.will is not None:
            check_topic(self.will.topic)
            client.will_set(self.will.topic, to_bytes(self.will.payload), check_qos(self.will.qos), self.will.retain)
        client.reconnect_delay_set(min_delay=reconnect_min, max_delay=reconnect_max)  # type: ignore[arg-type]
        client.on_socket_open = self._on_socket_open
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        client.on_subscribe = self._on_subscribe
        client.on_unsubscribe = self._on_unsubscribe
        self._client = client
        client.connect_async(host, port, keepalive=keepalive)
        client.loop_start()
        if wait:
            self._wait_first_connect(connect_timeout)

    @classmethod
    def from_url(cls, url: str, client_id: str = "", will: Will | tuple[str, Payload, int, bool] | None = None, **options: Any) -> MqttBus:
        address = BrokerAddress.from_url(url)
        return cls(
            address.host,
            address.port,
            client_id,
            username=address.username,
            password=address.password,
            will=will,
            tls=address.tls_context(),
            **options,
        )

    # ------------------------------------------------------------------ Bus
    def publish(self, topic: str, payload: Payload, qos: int = 1, retain: bool = False) -> None:
        """Queue for sending (non-blocking). Raises only if the bus is closed."""
        check_topic(topic)
        if self._closed:
            raise RuntimeError("MQTT bus is closed")
        info = self._client.publish(topic, to_bytes(payload), check_qos(qos), retain)
        if info.rc not in (MQTTErrorCode.MQTT_ERR_SUCCESS, MQTTErrorCode.MQTT_ERR_NO_CONN):
            raise RuntimeError(f"publish to {topic} failed: {paho.error_string(info.rc)}")
        if qos > 0:
            with self._lock:
                self._unacknowledged = [i for i in self._unacknowledged if not _acknowledged(i)]
                self._unacknowledged.append(info)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until the broker has acknowledged every QoS 1/2 publish made so far
        (False on timeout). `publish` itself never blocks."""
        deadline = time.monotonic() + timeout
        with self._lock:
            pending = list(self._unacknowledged)
        for info in pending:
            while not _acknowledged(info):
                if time.monotonic() >= deadline:
                    return False
                time.sleep(0.0005)
        with self._lock:
            self._unacknowledged = [i for i in self._unacknowledged if not _acknowledged(i)]
        return True

    def subscribe(self, pattern: str, handler: Handler, *, retained: bool = True) -> None:
        """Subscribe and, unless called from a handler, wait for the broker's SUBACK so
        that a message published right after this call is not missed. `retained=False`:
        messages delivered with the retain flag never reach `handler`."""
        check_pattern(pattern)
        if self._closed:
            raise RuntimeError("MQTT bus is closed")
        with self._dispatching:
            with self._lock:
                self._subscriptions.append((pattern, handler, retained))
                held = [m for m in self._held if topic_matches(pattern, m.topic)]
                if held:
                    self._held = [m for m in self._held if not topic_matches(pattern, m.topic)]
            for message in held:
                self._dispatch(message)
        if not self._link_up.is_set():
            return  # _on_connect sends it
        # Sent even if the pattern is known, so the broker replays retained messages
        # (earlier handlers of that pattern see them again: retained data is state).
        acked = self._send_subscribe(pattern)
        if acked is not None and threading.get_ident() != self._loop_thread_id:
            if not acked.wait(self.subscribe_timeout):
                raise TimeoutError(f"no SUBACK for {pattern!r} within {self.subscribe_timeout}s")

    def retained(self, topic: str) -> bytes | None:
        """The payload the broker retains on `topic` now (None: nothing retained), read
        through a subscription taken back at once. The broker sends a subscription's
        retained message after its SUBACK, and answers the UNSUBSCRIBE that follows only
        after it (it handles one connection's packets in order), so once the UNSUBACK is
        in, what was retained has come. Not from a handler; not on a topic this bus
        already follows (its handler has had the retained message)."""
        check_topic(topic)
        if threading.get_ident() == self._loop_thread_id:
            raise RuntimeError("retained() waits for the broker: not from a handler")
        seen: list[bytes] = []
        entry: tuple[str, Handler, bool] = (topic, lambda _topic, payload: seen.append(payload), True)
        with self._lock:
            if any(topic_matches(pattern, topic) for pattern, _, _ in self._subscriptions):
                raise ValueError(f"{topic} is followed by this bus already: its handler has had the retained message")
            self._subscriptions.append(entry)
        try:
            subscribed = self._send_subscribe(topic)
            if subscribed is None or not subscribed.wait(self.subscribe_timeout):
                raise TimeoutError(f"no SUBACK for {topic!r} within {self.subscribe_timeout}s")
            unsubscribed = self._send_unsubscribe(topic)
            if unsubscribed is None or not unsubscribed.wait(self.subscribe_timeout):
                raise TimeoutError(f"no UNSUBACK for {topic!r} within {self.subscribe_timeout}s")
        finally:
            with self._lock:
                self._subscriptions.remove(entry)
        return seen[-1] if seen and seen[-1] else None  # an empty retained payload is none

    def close(self) -> None:
        """Clean DISCONNECT (the will is not published) and stop the network thread."""
        if self._closed:
            return
        self._closed = True
        self._client.disconnect()
        self._client.loop_stop()
        self._link_up.clear()
        self._connected.clear()

    # ------------------------------------------------------------------ extras
    @property
    def connected(self) -> bool:
        """Connected and every subscription confirmed again by the broker."""
        return self._connected.is_set()

    def wait_connected(self, timeout: float = 5.0) -> bool:
        """Wait until connected with subscriptions renewed (after a broker restart)."""
        return self._connected.wait(timeout)

    def drop(self) -> None:
        """Simulate a lost connection (power cut): stop without DISCONNECT, so the broker
        publishes the last will. The bus is unusable afterwards."""
        if self._closed:
            return
        self._closed = True
        # Shut the socket first so the loop wakes at once; loop_stop() right after stops
        # it before its reconnect back-off (reconnect_min) could elapse.
        sock = self._client.socket()
        if isinstance(sock, socket.socket):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._client.loop_stop()
        if sock is not None:
            sock.close()
        self._link_up.clear()
        self._connected.clear()

    def socket_nodelay(self) -> bool:
        """Whether the current socket has TCP_NODELAY set (for tests and diagnostics)."""
        sock = self._client.socket()
        if not isinstance(sock, socket.socket):
            return False
        return bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))

    # ------------------------------------------------------------------ paho callbacks (loop thread)
    def _wait_first_connect(self, timeout: float) -> None:
        answered = self._first_answer.wait(timeout)
        if self._connected.is_set():
            return
        self._closed = True
        self._client.loop_stop()
        self._client.disconnect()
        if not answered:
            raise BusConnectError(f"no MQTT broker answered at {self.host}:{self.port} within {timeout}s")
        raise BusConnectError(f"broker {self.host}:{self.port} refused {self.client_id!r}: {self._refusal}")

    def _send_subscribe(self, pattern: str, renewal: bool = False) -> threading.Event | None:
        with self._lock:  # held so the SUBACK callback cannot see the mid before we record it
            result, mid = self._client.subscribe(pattern, qos=1)
            if result != MQTTErrorCode.MQTT_ERR_SUCCESS or mid is None:
                log.info("subscribe %s not sent (%s); sent again on reconnect", pattern, paho.error_string(result))
                return None
            event = threading.Event()
            self._patterns_acked[mid] = event
            if renewal:
                self._resubscribe_pending.add(mid)
        return event

    def _send_unsubscribe(self, pattern: str) -> threading.Event | None:
        with self._lock:  # as _send_subscribe: the UNSUBACK callback cannot see the mid first
            result, mid = self._client.unsubscribe(pattern)
            if result != MQTTErrorCode.MQTT_ERR_SUCCESS or mid is None:
                return None
            event = self._unsubscribe_acked[mid] = threading.Event()
        return event

    def _on_socket_open(self, client: paho.Client, userdata: Any, sock: Any) -> None:
        _enable_nodelay(sock)

    def _on_connect(self, client: paho.Client, userdata: Any, flags: Any, reason: ReasonCode, properties: Any) -> None:
        self._loop_thread_id = threading.get_ident()
        if reason.is_failure:
            self._refusal = str(reason)
            log.info("MQTT broker refused %s: %s", self.client_id, reason)
            if not self._connected.is_set() and not self._first_answer.is_set():
                self._first_answer.set()
            self._tell_state("refused", str(reason))
            return
        self.connect_count += 1
        self._link_up.set()  # before the snapshot: a racing subscribe() sends its own
        with self._lock:
            patterns = list(dict.fromkeys(p for p, _, _ in self._subscriptions))
            self._resubscribe_pending.clear()
        for pattern in patterns:
            self._send_subscribe(pattern, renewal=True)
        with self._lock:
            renewed = not self._resubscribe_pending
        if renewed:
            self._mark_ready()

    def _mark_ready(self) -> None:
        self._connected.set()
        self._first_answer.set()
        self._tell_state("connected", "")
        callback = self.on_connect
        if callback is not None:
            try:
                callback()
            except Exception:  # a broken listener never kills the network loop
                log.exception("on_connect callback of %s failed", self.client_id)

    def _on_connect_fail(self, client: paho.Client, userdata: Any) -> None:
        """A TLS handshake failure is a refusal, like bad credentials: reported at once."""
        failure = take_failure(self._tls)
        if failure is None:
            return
        if not self._first_answer.is_set():
            self._refusal = failure
            self._first_answer.set()
            if self._tls_raised_by_constructor:
                return  # the constructor raises it as BusConnectError: one line, not two
        if failure != self._tls_reported:  # once per distinct failure, not per retry
            self._tls_reported = failure
            if self.on_state is not None:
                self._tell_state("refused", failure)  # a patient caller stops: waiting fixes no certificate
            else:
                log.warning("MQTT broker %s:%s: %s", self.host, self.port, failure)

    def _tell_state(self, state: str, detail: str) -> None:
        listener = self.on_state
        if listener is not None:
            try:
                listener(state, detail)
            except Exception:  # a broken listener never kills the network loop
                log.exception("on_state listener of %s failed", self.client_id)

    def _on_disconnect(self, client: paho.Client, userdata: Any, flags: Any, reason: ReasonCode, properties: Any) -> None:
        was_up = self._connected.is_set()  # "lost" only after a "connected"
        self._link_up.clear()
        self._connected.clear()
        if not self._closed:
            log.info("MQTT connection of %s lost (%s); reconnecting", self.client_id, reason)
            if was_up:
                self._tell_state("lost", str(reason))

    def _on_subscribe(self, client: paho.Client, userdata: Any, mid: int, reasons: list[ReasonCode], properties: Any) -> None:
        with self._lock:
            event = self._patterns_acked.pop(mid, None)
            was_renewal = mid in self._resubscribe_pending
            self._resubscribe_pending.discard(mid)
            renewed = was_renewal and not self._resubscribe_pending
        if renewed:
            self._mark_ready()
        if any(r.is_failure for r in reasons):
            log.warning("broker refused a subscription of %s (mid %s)", self.client_id, mid)
        if event is not None:
            event.set()

    def _on_unsubscribe(self, client: paho.Client, userdata: Any, mid: int, reasons: list[ReasonCode],
                        properties: Any) -> None:
        with self._lock:
            event = self._unsubscribe_acked.pop(mid, None)
        if event is not None:
            event.set()

    def _on_message(self, client: paho.Client, userdata: Any, message: paho.MQTTMessage) -> None:
        with self._dispatching:
            self._dispatch(message)

    def _dispatch(self, message: paho.MQTTMessage) -> None:
        """Hand one message to its handlers (the caller holds `_dispatching`)."""
        topic = message.topic
        with self._lock:
            subscribed = [(h, takes_retained) for p, h, takes_retained in self._subscriptions if topic_matches(p, topic)]
            if not subscribed and self.persistent:
                if len(self._held) < HELD_MAX:
                    self._held.append(message)
                    return
                self.held_dropped += 1
                log.warning("message on %s dropped: %d held already, no handler yet", topic, HELD_MAX)
        if not subscribed:
            return
        handlers = [h for h, takes_retained in subscribed if takes_retained or not message.retain]
        if len(handlers) < len(subscribed):
            self.retained_ignored += 1
            log.info("retained message on %s ignored (not a fresh one)", topic)
        payload = bytes(message.payload)
        for handler in handlers:
            try:
                handler(topic, payload)
            except Exception:
                log.exception("MQTT handler failed on %s", topic)

    def __repr__(self) -> str:
        state = "connected" if self.connected else "disconnected"
        return f"MqttBus({self.host}:{self.port}, {self.client_id!r}, {state})"
