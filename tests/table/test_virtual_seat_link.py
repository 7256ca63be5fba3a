"""The virtual seat's link over a real Mosquitto, in the firmware's order (firmware/link.py)."""

from __future__ import annotations

import json
import threading

from hub.table.virtual_seat import VirtualSeat
from hub.transport import MqttBus
from tests.broker import MosquittoBroker
from tests.fakes.seat import MessageLog
from tests.fakes.tcp_proxy import FreezableProxy
from tests.waiting import wait_until

UID = "04A1B2C3D4E5F6"


def test_a_card_laid_while_the_link_is_down_leaves_after_the_seats_online(mosquitto: MosquittoBroker) -> None:
    """paho sends what it queued as soon as the broker answers again, before the seat has
    said `online`: an event handed to it while the link was down reached the hub from a seat
    it still held offline. The firmware keeps the event in its outbox until it has announced
    itself (`online`, `hello`), and so must the virtual seat."""
    watcher = MqttBus(mosquitto.host, mosquitto.port, "link-order-watcher")
    seen = MessageLog()
    watcher.subscribe("citadels/t1/seat/1/#", seen)
    proxy = FreezableProxy(mosquitto.port)
    seat = VirtualSeat(proxy.url, seat=1, device="link-order-1", patience=None)
    status = seat.status_topic
    try:
        seen.wait_for(lambda t, p: t.endswith("/event") and json.loads(p)["type"] == "inventory", timeout=10)
        proxy.cut()
        seen.wait_for(lambda t, p: t == status and p == b"offline", timeout=15)  # the broker fired its will
        cut_at = len(seen.messages)
        laid: list[dict] = []
        layer = threading.Thread(target=lambda: laid.append(seat.place(UID)), daemon=True)
        layer.start()  # a seat that hands the event to the transport waits here for the broker's PUBACK
        layer.join(0.5)
        proxy.thaw()
        layer.join(15)
        assert laid, "laying a card waited for the broker"
        seq = laid[0]["seq"]
        seen.wait_for(lambda t, p: t.endswith("/event") and json.loads(p).get("seq") == seq, timeout=15)
        assert wait_until(lambda: (status, b"online") in seen.messages[cut_at:], 15)
        after = [(t.rsplit("/", 1)[1], p) for t, p in seen.messages[cut_at:]]
        order = [kind if kind != "event" else json.loads(p)["type"] for kind, p in after]
        assert order.index("status") < order.index("tag"), f"the card's event left before the seat's online: {order}"
        assert order[:3] == ["status", "hello", "tag"], order  # then the inventory, as the firmware
    finally:
        seat.close()
        proxy.close()
        watcher.close()
