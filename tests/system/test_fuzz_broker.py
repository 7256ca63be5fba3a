"""Random publishes through the shipped broker (hypothesis): every topic a seat login can
try, through real Mosquitto with the production config, ACL and logins, at a real hub.

Each seat login (seat1..seat7, over TLS as on the table) publishes random payloads on its
own status/hello/event (which reach the hub) and on every other topic shape — other
seats', `cmd`, `hub/...`, `public`, other tables, `$SYS` — which the broker must drop.
Legal card and button events of the seat whose turn it is keep the game moving.

Checked after every publish (once a marker sent after it by the same login has reached
the hub and the hub thread has taken in everything queued, so the hub has handled it): the invariants of tests/system/test_fuzz.py (no internal
error, every accepted action legal in a shadow game, state hash, journal, every refusal
with a text) and that the hub's own connection never dropped. At the end: no forged
message ever reached the hub or a seat.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hub.engine.citadels import Game, Setup
from hub.store import EventStore, Recorder
from hub.games.citadels.service import TableService
from hub.transport import MqttBus, Will
from hub.games import REGISTRY as GAMES
from tests.fakes.seat import MessageLog
from tests.table_broker import TableBroker
from tests.system.test_fuzz import REGISTRY, UIDS, Harness, json_any

FORGED = b"forged:"
CASES = {"own": 0, "forged": 0, "legal": 0, "examples": 0, "hub_refused": 0, "hub_accepted": 0}
_markers = itertools.count(1)


class BrokerHarness(Harness):
    """One fresh hub (TableService on the hub's MQTT connection) fed only by what the broker
    lets through from the seat logins. The table is the one the seat logins are pinned to
    (the ACL make-passwords.sh writes: `t1`); the last example's hub is stopped first."""

    last: TableService | None = None

    def __init__(self, players: int, seed: int, hub: MqttBus, seats: dict[int, MqttBus]) -> None:
        if BrokerHarness.last is not None:
            BrokerHarness.last.stop()
        self.table = "t1"
        self.setup = Setup(players=players, seed=seed, mode="physical")
        self.hub_bus, self.seats = hub, seats
        self.store = EventStore(":memory:", GAMES)
        self.recorder = Recorder.new_game(self.store, self.setup)
        self.service = TableService(hub, REGISTRY, self.setup, table=self.table, journal_meta=self.recorder.journal)
        self.commands: list[tuple[str, bytes]] = []
        self.incoming: list[tuple[str, bytes]] = []
        self.service.start()
        BrokerHarness.last = self.service
        self.arrived = MessageLog()  # after the service's own handler (which queues it for the hub thread)
        root = f"citadels/{self.table}/seat/+/"
        for kind in ("status", "hello", "event"):
            hub.subscribe(root + kind, self.arrived)
        hub.subscribe(root + "cmd", lambda t, p: self.incoming.append((t, p)))
        self.shadow = Game.new(self.setup)
        self.game = self.service.game
        self.seq: dict[int, int] = {}
        for seat in range(1, players + 1):
            self.send(seat, f"citadels/{self.table}/seat/{seat}/status", b"online", retain=True)

    def topic(self, seat: int, kind: str) -> str:
        return f"citadels/{self.table}/seat/{seat}/{kind}"

    def send(self, login: int, topic: str, payload: bytes, retain: bool = False) -> None:
        """Publish as seat `login`, then wait until the hub has handled it (see module doc)."""
        self.seats[login].publish(topic, payload, qos=1, retain=retain)
        marker = json.dumps({"v": 1, "device": f"marker-{login}", "boot": 1, "seq": next(_markers), "t": 0,
                             "type": "tag", "edge": "removed", "uid": UIDS[0]}).encode()
        self.seats[login].publish(self.topic(login, "event"), marker, qos=1)
        self.arrived.wait_for(lambda t, p: p == marker, timeout=10)
        self.service.settle()  # the marker is queued behind it: once the hub thread is through, both are handled
        self.commands, self.incoming = self.incoming, []
        self.check()
        assert self.hub_bus.connect_count == 1 and self.hub_bus.connected


def topics_a_seat_can_try(table: str, login: int) -> st.SearchStrategy[str]:
    """Every topic shape a seat login might publish to, other than its own three."""
    others = st.sampled_from([s for s in range(0, 9) if s != login] + ["x", "1a", "01"])
    kinds = st.sampled_from(["status", "hello", "event", "cmd", "", "event/extra"])
    return st.one_of(
        st.builds(lambda s, k: f"citadels/{table}/seat/{s}/{k}", others, kinds),
        st.just(f"citadels/{table}/seat/{login}/cmd"),
        st.sampled_from([f"citadels/{table}/hub/status", f"citadels/{table}/hub/events", f"citadels/{table}/public",
                         f"citadels/{table}/hub/x/y", "citadels/t1/public", "$SYS/broker/uptime", "citadels",
                         f"citadels/{table}/seat/{login}", "hub/status", ""]).filter(bool),
        # Any valid topic name: no wildcards, no control characters (Mosquitto cuts off a
        # client that sends those, which only hurts that client: its own session).
        st.text(st.characters(blacklist_characters="+#", blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40),
    )


def step(h: BrokerHarness, data: Any) -> None:
    game = h.service.game
    kind = data.draw(st.sampled_from(["legal_card", "legal_button", "own", "own", "forged", "forged"]))
    if kind == "legal_card" and game.pending is not None:
        seat = game.pending.seat
        cards = [a.args[-1] for a in game.legal_actions() if a.verb in ("pick", "faceup", "build", "destroy")]
        if cards:
            card = data.draw(st.sampled_from(cards))
            uid = next(u for u in UIDS if REGISTRY.tags[u].id == card)
            h.seq[seat] = h.seq.get(seat, 0) + 1
            CASES["legal"] += 1
            h.send(seat, h.topic(seat, "event"), h.event(seat, type="tag", edge="added", uid=uid))
            return
    if kind == "legal_button" and game.pending is not None:
        seat = game.pending.seat
        CASES["legal"] += 1
        h.send(seat, h.topic(seat, "event"), h.event(seat, type="button", button=data.draw(st.sampled_from(["a", "b", "ok"]))))
        return
    login = data.draw(st.integers(1, h.setup.players))
    payload = data.draw(st.binary(max_size=1200) | json_any.map(lambda v: json.dumps(v, allow_nan=True).encode())
                        | st.sampled_from([b"online", b"offline", b""]))
    if kind == "forged":
        CASES["forged"] += 1
        h.send(login, data.draw(topics_a_seat_can_try(h.table, login)), FORGED + payload, retain=data.draw(st.booleans()))
    else:
        CASES["own"] += 1
        own = data.draw(st.sampled_from(["status", "hello", "event"]))
        h.send(login, h.topic(login, own), payload, retain=own != "event" and data.draw(st.booleans()))


def test_random_publishes_from_every_seat_login_through_the_shipped_broker(table_broker: TableBroker) -> None:
    hub = table_broker.bus("hub", "hub-fuzz", will=Will("citadels/fz/hub/status", b"offline", 1, True))
    overheard = MessageLog()
    hub.subscribe("citadels/+/hub/#", overheard)
    hub.subscribe("citadels/+/public", overheard)
    seats: dict[int, MqttBus] = {}
    for n in range(1, 8):
        seats[n] = table_broker.bus(f"seat{n}")  # over TLS, as on the table
        seats[n].subscribe(f"citadels/+/seat/{n}/cmd", overheard)
        seats[n].subscribe("citadels/+/hub/status", overheard)

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(players=st.integers(2, 7), seed=st.integers(0, 2**32), data=st.data())
    def run(players: int, seed: int, data: Any) -> None:
        CASES["examples"] += 1
        h = BrokerHarness(players, seed, hub, seats)
        for _ in range(data.draw(st.integers(1, 30))):
            step(h, data)
        counters = h.service.counters
        CASES["hub_refused"] += sum(v for k, v in counters.items() if k.startswith("refused_"))
        CASES["hub_accepted"] += counters["accepted"]

    run()
    print(f"\nbroker fuzz publishes survived: {CASES}")
    assert CASES["forged"] > 0 and CASES["own"] > 0 and CASES["legal"] > 0
    assert CASES["hub_refused"] > 0 and CASES["hub_accepted"] > 0  # garbage reached the hub; the game moved
    assert not [m for m in overheard.messages if m[1].startswith(FORGED)]
    assert all(bus.connect_count == 1 for bus in [hub, *seats.values()])  # nobody was knocked off
