"""A broker-less, deterministic bus for tests and the simulator.

Delivery is synchronous and in global publish order: every publish goes into one FIFO
and whoever publishes first drains it, so a handler that publishes (a hub answering a
seat) only queues its message; it is delivered after the current one, never recursively.
Handlers run in the draining thread. Retained messages, per-client subscriptions and
last wills behave as Mosquitto's do, so fault tests (a seat vanishing) need no server.

It is the simulated table's hot path, so a publish costs a dictionary look-up: the
subscriptions a topic reaches are worked out once per topic (a new subscription joins
the topics it matches; a client leaving makes them worked out again), not by matching
every pattern on every message. `publish_lazy` takes a
function that makes the payload, called only when someone receives it: a retained view
nobody is listening to is encoded when a late subscriber arrives, not on every change.
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from .bus import Handler, Payload, Will, check_pattern, check_qos, check_topic, to_bytes, topic_matches

log = logging.getLogger(__name__)


@dataclass(eq=False)
class _Subscription:
    pattern: str
    handler: Handler
    owner: InProcessClient | None
    active: bool = True

    def __post_init__(self) -> None:
        self.exact = "+" not in self.pattern and "#" not in self.pattern  # a seat's own cmd topic

    def matches(self, topic: str) -> bool:
        return self.pattern == topic if self.exact else topic_matches(self.pattern, topic)


_Delivery = tuple[str, bytes, tuple[_Subscription, ...]]  # (topic, payload, targets), in publish order


class _LazyPayload:
    """A retained payload not made yet: made (once) by the first reader."""

    __slots__ = ("make", "data")

    def __init__(self, make: Callable[[], Payload]) -> None:
        self.make = make
        self.data: bytes | None = None

    def resolve(self) -> bytes:
        if self.data is None:
            self.data = to_bytes(self.make())
        return self.data


Retained = bytes | _LazyPayload

_USUAL_QOS = 1
"""Every seat and hub message is QoS 1; CPython keeps one object for the int 1, so that
case is one identity test (`qos is _USUAL_QOS`) instead of `check_qos`'s checks."""
_VIEW_QOS = 0
"""The public view's and the hub events' QoS (one object too; never a bool: `False is 0` is false)."""


class InProcessBus:
    """The broker and an always-connected root client in one object (implements `Bus`).

    `raise_handler_errors`: a handler exception is re-raised to the publisher after the
    queue is drained (loud tests); False only logs it, like a real broker would.
    """

    def __init__(self, *, raise_handler_errors: bool = True) -> None:
        self.raise_handler_errors = raise_handler_errors
        self._lock = threading.RLock()
        self._queue: deque[_Delivery] = deque()
        self._draining = False
        self._subscriptions: list[_Subscription] = []
        self._targets: dict[str, tuple[_Subscription, ...]] = {}  # topic -> subscriptions it reaches
        self._retained: dict[str, Retained] = {}
        self._clients: dict[str, InProcessClient] = {}
        self._anonymous_ids = itertools.count(1)
        self._closed = False

    # ------------------------------------------------------------------ Bus
    # publish(topic, payload, qos=1, retain=False): `_publish` below, under both names.

    def subscribe(self, pattern: str, handler: Handler, *, retained: bool = True) -> None:
        """`retained=False`: the retained messages of `pattern` are not handed to `handler`."""
        self._subscribe(pattern, handler, owner=None, retained=retained)

    # publish_lazy(topic, make, qos=1, retain=False): publish what `make()` returns, calling
    # it only if a subscriber receives it now (a retained one: also when a later subscriber
    # or `retained()` reads it). `make` must return what is current when it is called; it
    # must not return b"" with retain. `_publish` below (which takes a function as payload).

    @property
    def closed(self) -> bool:
        """Closed: every client disconnected, nothing more is delivered."""
        return self._closed

    def close(self) -> None:
        """Disconnect every client cleanly (no wills) and refuse further use."""
        with self._lock:
            for client in list(self._clients.values()):
                client.disconnect()
            self._subscriptions.clear()
            self._targets.clear()
            self._queue.clear()
            self._closed = True

    # ------------------------------------------------------------------ clients
    def client(self, client_id: str = "", will: Will | tuple[str, Payload, int, bool] | None = None) -> InProcessClient:
        """Connect a client (a device, the hub) whose `drop()` fires its last will.

        A second client with the same id takes over, dropping the first (its will fires),
        as Mosquitto does when a rebooted device reconnects before its old session times out.
        """
        with self._lock:
            self._check_open()
            if not client_id:
                client_id = f"inproc-{next(self._anonymous_ids)}"
            previous = self._clients.get(client_id)
        if previous is not None:
            previous.drop()
        new_client = InProcessClient(self, client_id, Will(*will) if will is not None else None)
        with self._lock:
            self._clients[client_id] = new_client
        return new_client

    @property
    def client_ids(self) -> list[str]:
        with self._lock:
            return list(self._clients)

    def retained(self, topic: str) -> bytes | None:
        """The retained payload on `topic`, if any (as `MqttBus.retained` asks its broker)."""
        with self._lock:
            data = self._retained.get(topic)
        return data.resolve() if isinstance(data, _LazyPayload) else data

    # ------------------------------------------------------------------ internals
    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("in-process bus is closed")

    def _publish(self, topic: str, payload: Payload | Callable[[], Payload], qos: int = 1,
                 retain: bool = False) -> None:
        """Queue one message, then deliver the queue unless an outer frame is doing it.

        The simulated table's hot path (about seven publishes per action), so the usual
        case, bytes to a topic already seen, costs one locked step and no extra call: the
        message is handed over at once when nothing is queued before it."""
        lock = self._lock
        lock.acquire()  # not `with`: acquire/release in try/finally costs half as much
        try:
            if self._closed:
                self._check_open()
            try:
                targets = self._targets[topic]
            except (KeyError, TypeError):  # a topic not seen since a client left (or not a topic)
                check_topic(topic)
                targets = self._targets[topic] = tuple(s for s in self._subscriptions if s.matches(topic))
            if qos is not _USUAL_QOS and qos is not _VIEW_QOS:  # anything else (2, a bad value) is checked in full
                check_qos(qos)
            if type(payload) is bytes:  # the usual case first
                data = payload
                if retain:
                    self._retain(topic, data)
            elif callable(payload):
                if not retain and not targets:
                    return  # nobody listens and nothing is kept: never made
                lazy = _LazyPayload(payload)
                if retain:
                    self._retained[topic] = lazy
                if not targets:
                    return  # nobody listens now: made only if a late subscriber reads it
                data = lazy.resolve()
            else:
                data = to_bytes(payload)
                if retain:
                    self._retain(topic, data)
            message: _Delivery = (topic, data, targets)
            if self._draining:
                self._queue.append(message)
                return  # the frame already draining delivers it, after the current message
            self._draining = True
            delivery: _Delivery | None = message
            if self._queue:  # left by a subscribe on another thread: those go first
                self._queue.append(message)
                delivery = None
        finally:
            lock.release()
        self._deliver(delivery)

    publish = _publish  # the hub's publishes: one call frame fewer (`Bus.publish`'s signature)
    publish_lazy = _publish  # the views' and events' (`LazyBus.publish_lazy`'s signature): likewise

    def _retain(self, topic: str, data: bytes) -> None:
        """MQTT: a retain with an empty payload only clears; it is still delivered live."""
        if data:
            self._retained[topic] = data
        else:
            self._retained.pop(topic, None)

    def _subscribe(self, pattern: str, handler: Handler, owner: InProcessClient | None,
                   retained: bool = True) -> None:
        check_pattern(pattern)
        if not callable(handler):
            raise TypeError("handler must be callable(topic, payload)")
        with self._lock:
            self._check_open()
            subscription = _Subscription(pattern, handler, owner)
            self._subscriptions.append(subscription)
            targets = self._targets
            for topic, reached in targets.items():  # the topics seen keep their look-up: one more target
                if subscription.matches(topic):
                    targets[topic] = (*reached, subscription)
            for topic, data in self._retained.items() if retained else ():
                if subscription.matches(topic):
                    payload = data.resolve() if isinstance(data, _LazyPayload) else data
                    self._queue.append((topic, payload, (subscription,)))
        self._drain()

    def _remove_owner(self, owner: InProcessClient) -> None:
        with self._lock:
            for subscription in self._subscriptions:
                if subscription.owner is owner:
                    subscription.active = False
            self._subscriptions = [s for s in self._subscriptions if s.active]
            self._targets.clear()
            if self._clients.get(owner.client_id) is owner:
                del self._clients[owner.client_id]

    def _drain(self) -> None:
        """Deliver queued messages in order unless an outer frame is already doing it."""
        with self._lock:
            if self._draining:
                return
            self._draining = True
        self._deliver(None)

    def _deliver(self, delivery: _Delivery | None) -> None:
        """Deliver `delivery` (if any), then the queue, in order; the caller has set
        `_draining` (under the lock), so this frame alone takes messages off the queue.

        Taking a message needs no lock (other threads only append, and a deque's popleft
        is atomic); saying "done" does: the queue is found empty and `_draining` cleared
        in one locked step, so a message queued meanwhile by another thread is never left
        behind."""
        queue = self._queue
        first_error: BaseException | None = None
        finished = False
        try:
            while True:
                if delivery is None:
                    if not queue:
                        self._lock.acquire()  # not `with`, as in `_publish`
                        try:
                            if not queue:
                                self._draining = False
                                finished = True
                                break
                        finally:
                            self._lock.release()
                        continue
                    try:
                        delivery = queue.popleft()
                    except IndexError:  # emptied by close() on another thread
                        continue
                topic, payload, targets = delivery
                delivery = None
                for subscription in targets:
                    if not subscription.active:
                        continue
                    try:
                        subscription.handler(topic, payload)
                    except Exception as err:  # a broken subscriber must not starve others
                        log.exception("handler for %s failed on %s", subscription.pattern, topic)
                        if first_error is None:
                            first_error = err
        finally:
            if not finished:
                with self._lock:
                    self._draining = False
        if first_error is not None and self.raise_handler_errors:
            raise first_error


class InProcessClient:
    """One connection to an `InProcessBus`: same publish/subscribe, plus a last will."""

    def __init__(self, bus: InProcessBus, client_id: str, will: Will | None) -> None:
        self.bus = bus
        self.client_id = client_id
        self.will = will
        self.connected = True

    def publish(self, topic: str, payload: Payload, qos: int = 1, retain: bool = False) -> None:
        if not self.connected:  # every seat event comes this way: the check without a call
            self._check_connected()
        self.bus._publish(topic, payload, qos, retain)

    def subscribe(self, pattern: str, handler: Handler, *, retained: bool = True) -> None:
        self._check_connected()
        self.bus._subscribe(pattern, handler, owner=self, retained=retained)

    def disconnect(self) -> None:
        """Planned goodbye: subscriptions end, the will is discarded."""
        if self.connected:
            self.connected = False
            self.bus._remove_owner(self)

    close = disconnect

    def drop(self) -> None:
        """Connection lost (power cut, Wi-Fi gone): subscriptions end and the will fires."""
        if not self.connected:
            return
        self.connected = False
        self.bus._remove_owner(self)
        if self.will is not None and not self.bus._closed:
            self.bus._publish(self.will.topic, self.will.payload, self.will.qos, self.will.retain)

    def _check_connected(self) -> None:
        if not self.connected:
            raise RuntimeError(f"in-process client {self.client_id!r} is disconnected")

    def __repr__(self) -> str:
        state = "connected" if self.connected else "gone"
        return f"InProcessClient({self.client_id!r}, {state})"
