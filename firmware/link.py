"""The seat's MQTT link: keeps Wi-Fi and the broker connected and the outbox flowing.

Retries forever with jittered exponential backoff, subscribes to `cmd` and `hub/status`,
then announces `online` + `hello` after every connect (the last will says `offline`), and
reports how many events were dropped while the queue was full. `hub_online` follows the
hub's retained status (False once it says `offline` or the status is gone), so the seat's
display can say the hub is away.

Delivery is end to end: an event stays in the outbox until the hub answers it (a `cmd`
whose `ref` is its seq), one at a time; it is sent again after every reconnect, when the
hub says `online` (it restarted: what it had not answered may be lost) and when
unanswered for RESEND_MS. The hub must hear from a seat at least every ALIVE_S seconds
(it declares that in `hello`): an idle seat sends an `alive` event (answered like any).

Dead links are found by the seat itself: a broker that stops answering without closing
the connection (Wi-Fi gone, broker frozen) sends no TCP reset, so the link pings once
nothing came in for PING_MS and gives up when nothing came in for DEAD_MS. Reconnects
wait at most BROKER_RETRY_MAX_MS (jittered), so a broker that is back is reached within
one socket timeout plus that wait.
"""

import json

from backoff import Backoff
from mqtt import MQTTClient
from outbox import Outbox

RESEND_MS = 3000           # an event the hub has not answered this long is sent again
ALIVE_S = 5                # idle this long: send an `alive` event (the hub allows 3x)
PING_MS = 2000             # ping when the broker has been silent this long
DEAD_MS = 6000             # silent this long despite pings: the link is dead
BROKER_RETRY_MS = 500      # first reconnect after 250-500 ms, doubling ...
BROKER_RETRY_MAX_MS = 2000   # ... to 1-2 s, forever


class Link:
    def __init__(self, wlan, cfg, client_id, rand_below, hello, on_command, log):
        self.wlan = wlan
        self.wifi = cfg["wifi"]
        broker = cfg["broker"]
        root = "citadels/%s/seat/%d/" % (cfg["table"], cfg["seat"])
        self.status_topic = root + "status"
        self.hello_topic = root + "hello"
        self.event_topic = root + "event"
        self.cmd_topic = root + "cmd"
        self.hub_status_topic = "citadels/%s/hub/status" % cfg["table"]
        self.keepalive_s = broker.get("keepalive", 10)
        self.ping_ms = broker.get("ping_ms", PING_MS)
        self.dead_ms = broker.get("dead_ms", DEAD_MS)
        self.resend_ms = broker.get("resend_ms", RESEND_MS)
        self.alive_s = broker.get("alive_s", ALIVE_S)
        tls = (broker.get("ca", "ca.crt") or "") if broker.get("tls") else None
        port = broker.get("port", 1883 if tls is None else 8883)
        self.client = MQTTClient(client_id, broker["host"], port,
                                 broker.get("user"), broker.get("password"),
                                 self.keepalive_s, broker.get("timeout_s", 2), tls)
        self.client.set_last_will(self.status_topic, "offline", retain=True, qos=1)
        self.client.on_message = self._on_message
        self.outbox = Outbox(cfg.get("queue", 64))
        # A Wi-Fi join takes seconds: retry no sooner than 2.5-5 s, or it is cut short.
        self.wifi_backoff = Backoff(rand_below, 5000, 30000)
        self.broker_backoff = Backoff(rand_below, BROKER_RETRY_MS, BROKER_RETRY_MAX_MS)
        self.hello = hello            # f() -> dict, built at each connect
        self.on_command = on_command  # f(payload bytes)
        self.on_drops = None          # f(count) when drops must be reported
        self.on_connect = None        # f() after every connect, once online + hello are out
        self.clock = None             # f() -> ms now: a failed attempt may have blocked a while
        self.log = log
        self.connected = False
        self.hub_online = None        # the hub's retained status: True, False, None (not heard since connect)
        self.connected_ms = 0         # when the link last came up
        self.connects = 0
        self._last_rx = 0
        self._last_tx = 0
        self._last_ping = 0
        self._last_event = 0          # when an event was last sent (alive is due after ALIVE_S)
        self.resent = 0               # events sent again for want of an answer in RESEND_MS, since boot

    def queue(self, key, payload):
        """Queue an event for delivery (drops the oldest if the queue is full)."""
        self.outbox.push(key, self.event_topic, payload)

    def _on_message(self, topic, payload):
        if topic == self.cmd_topic:
            ref = _ref_of(payload)
            if ref is not None:
                self.outbox.answered(ref)
            self.on_command(payload)
        elif topic == self.hub_status_topic:
            online = payload == b"online"   # "offline" (the hub's will or its stop) or gone (empty)
            if online:
                self.outbox.requeue()   # a restarted hub may have lost what it had not answered
            self.hub_online = online

    def wants_alive(self, now_ms):
        """Connected, nothing waiting and no event sent for ALIVE_S: time for an `alive`."""
        return (self.connected and not len(self.outbox)
                and now_ms - self._last_event >= self.alive_s * 1000)

    def _drop_connection(self, why, now_ms):
        if self.connected:
            self.log("link down: %s" % why)
        self.connected = False
        self.client.close()
        self.outbox.requeue()
        self.broker_backoff.fail(self.clock() if self.clock else now_ms)

    def service(self, now_ms):
        """One non-blocking step (a connect attempt blocks at most the socket timeout)."""
        if not self.wlan.isconnected():
            if self.connected:
                self._drop_connection("wifi lost", now_ms)
            if self.wifi_backoff.ready(now_ms):
                self.wifi_backoff.fail(now_ms)
                try:
                    self.wlan.connect(self.wifi["ssid"], self.wifi.get("password", ""))
                except OSError as exc:
                    self.log("wifi connect: %r" % (exc,))
            return
        self.wifi_backoff.reset()
        if not self.connected:
            if self.broker_backoff.ready(now_ms):
                self._connect(now_ms)
            return
        try:
            self._exchange(now_ms)
        except OSError as exc:
            self._drop_connection(repr(exc), now_ms)

    def _connect(self, now_ms):
        try:
            self.client.connect()
            self.connected = True
            self.hub_online = None      # heard again from the retained status just subscribed
            self.connected_ms = now_ms
            self.outbox.requeue()
            # cmd first: the hub answers `online`/`hello` with this seat's display at once
            self.client.subscribe(self.cmd_topic, 1)
            self.client.subscribe(self.hub_status_topic, 1)
            self.client.publish(self.status_topic, "online", retain=True, qos=1)
            self.client.publish(self.hello_topic, json.dumps(self.hello()), retain=True, qos=1)
        except OSError as exc:
            self.connected = False
            self.client.close()
            # Count the wait from the end of the attempt: one that blocked its socket
            # timeout must not be followed at once by the next (the loop would stall).
            wait = self.broker_backoff.fail(self.clock() if self.clock else now_ms)
            self.log("broker connect failed (%r), retry in %d ms" % (exc, wait))
            return
        self.connects += 1
        self.broker_backoff.reset()
        self._last_rx = self._last_tx = self._last_ping = self._last_event = now_ms
        self.log("broker connected")
        if self.outbox.unreported and self.on_drops:
            count = self.outbox.unreported
            self.outbox.unreported = 0
            self.on_drops(count)
        if self.on_connect:
            self.on_connect()

    def _exchange(self, now_ms):
        for _ in range(8):
            if self.client.poll() is None:
                break
            self._last_rx = now_ms
        entry = self.outbox.due(now_ms, self.resend_ms)
        if entry is not None:
            if entry[3] is not None:
                self.resent += 1
            self.client.publish(entry[1], entry[2], qos=1)
            self.outbox.mark_sent(entry, now_ms)
            self._last_tx = self._last_event = now_ms
        silent = now_ms - self._last_rx
        idle = now_ms - self._last_tx >= self.keepalive_s * 500   # keep the broker's timer fed
        if idle or (silent >= self.ping_ms and now_ms - self._last_ping >= self.ping_ms):
            self.client.ping()
            self._last_tx = self._last_ping = now_ms
        if silent > self.dead_ms:
            raise OSError(110)   # pings unanswered: dead link (no TCP reset ever came)

    def close(self):
        """Planned disconnect: say `offline` ourselves (the will is only for crashes)."""
        if self.connected:
            try:
                self.client.publish(self.status_topic, "offline", retain=True, qos=1)
                self.client.disconnect()
            except OSError:
                pass
        self.connected = False
        self.client.close()


def _ref_of(payload):
    """The `ref` of a hub command (the seq it answers), or None."""
    try:
        ref = json.loads(payload).get("ref")
    except (ValueError, AttributeError, UnicodeError):
        return None
    return ref if isinstance(ref, int) and not isinstance(ref, bool) else None
