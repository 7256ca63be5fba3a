"""Bad input at scale (hypothesis): random and malformed seat messages, phone answers,
admin corrections and HTTP requests thrown at a real TableService (+ its web app).

The table's admin also voids, adjusts gold, pauses and enters cards by hand. HTTP bodies
include the malformed: nesting thousands deep, NaN, cut or flipped bytes,
on every POST route. Checked after every single input:
- nothing escapes: no exception reaches the caller, the service's ``internal_error``
  counter stays 0;
- every refusal has a reason: each seat command with a ``code`` has text, each refused
  answer dict has ``code`` and ``message``, each failed API response is JSON with both;
- the state changes only through legal actions: a shadow engine game applies the new
  log entries one by one (``Game.apply`` refuses anything illegal) and must reach the
  service's exact state hash; the log never shrinks;
- every accepted action is journaled: the event store holds exactly the game log;
- each city's physical copies, bound to a tag or entered by hand, are its districts.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hub.engine.citadels import Action, Game, Setup
from hub.engine.citadels.bots import RandomBot
from hub.games.citadels.cities import CityCards
from hub.protocol import parse_command
from hub.store import EventStore, Recorder, restore_table_state
from hub.games.citadels.registry import TagRegistry
from hub.table.runtime import CurrentTable
from hub.games.citadels.service import TableService
from hub.transport import InProcessBus
from hub.games import plugin_named
from hub.web import create_app
from hub.games import REGISTRY as GAMES

pytestmark = pytest.mark.slow  # thousands of seeded games and seat messages

REGISTRY = TagRegistry.virtual("classic")
UIDS = sorted(REGISTRY.tags)
ADMIN = "a" * 24
SEATS = {s: f"seat{s}-" + "t" * 16 for s in range(1, 8)}
CASES = {"seat": 0, "answer": 0, "admin": 0, "http": 0, "accepted": 0, "refused": 0, "districts_checked": 0}

json_leaf = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.text(max_size=30)
json_any = st.recursive(json_leaf, lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=5),
                        max_leaves=12)
words = st.sampled_from(["pick", "build", "gold", "draw", "end", "kill", "rob", "destroy", "faceup", "void", "adjust",
                         "king", "thief", "manor", "keep", "toss", "done", "graveyard", "take", "1", "-3", "99", "", "é"])


def district_of(uid: str) -> str | None:
    ref = REGISTRY.lookup(uid)
    return ref.id if ref is not None and ref.kind == "district" else None


class Harness:
    """One fresh hub: service + in-process bus + journal + shadow game, and the checks."""

    def __init__(self, players: int, seed: int, played: int = 0) -> None:
        """A table at the start of a game, or resumed after `played` actions of random bots
        (their districts entered by hand: no tag said them), so the inputs meet cities."""
        self.setup = Setup(players=players, seed=seed, mode="physical")
        self.bus = InProcessBus()
        self.store = EventStore(":memory:", GAMES)
        self.recorder = Recorder.new_game(self.store, self.setup)
        start = Game.new(self.setup)
        bot = RandomBot(seed)
        while start.pending is not None and len(start.log) < played:
            action = bot.choose(start)
            start.apply(action)
            self.recorder.journal(action, {})
        self.service = TableService(self.bus, REGISTRY, self.setup, game=start, journal_meta=self.recorder)
        log = [str(a) for a in start.log]
        restore_table_state(self.service, log, [{} for _ in log], GAMES.plugin_for(self.service.game.setup).parse_action)
        self.commands: list[tuple[str, bytes]] = []
        self.bus.subscribe("citadels/t1/seat/+/cmd", lambda t, p: self.commands.append((t, p)))
        self.service.start()
        self.client = self.bus.client("fuzzer")
        self.shadow = Game.replay(self.setup, list(start.log))
        self.game = self.service.game
        self.seq: dict[int, int] = {}
        for s in range(1, players + 1):
            self.client.publish(f"citadels/t1/seat/{s}/status", b"online", qos=1, retain=True)
        self.check()

    # ------------------------------------------------------------------ inputs
    def event(self, seat: int, **fields: Any) -> bytes:
        self.seq[seat] = self.seq.get(seat, 0) + 1
        body = {"v": 1, "device": f"fz-{seat}", "boot": 7, "seq": self.seq[seat], "t": 0, **fields}
        return json.dumps(body).encode()

    def publish(self, topic: str, payload: bytes) -> None:
        CASES["seat"] += 1
        self.client.publish(topic, payload, qos=1)
        if topic.endswith("/cmd"):  # the fuzzer's own garbage on a cmd topic is not the hub's answer
            self.commands = [(t, p) for t, p in self.commands if (t, p) != (topic, payload)]
        self.check()

    def answer(self, seat: int, text: str) -> None:
        CASES["answer"] += 1
        result = self.service.answer(seat, text)
        self.check_result(result)

    def check_result(self, result: dict[str, Any]) -> None:
        if result.get("ok"):
            CASES["accepted"] += 1
        else:
            CASES["refused"] += 1
            assert result.get("code") and result.get("message"), result
        self.check()

    # ------------------------------------------------------------------ invariants
    def check(self) -> None:
        service = self.service
        assert service.counters["internal_error"] == 0
        if service.game is not self.game:  # the admin started a new game: a fresh shadow
            self.game = service.game
            self.shadow = Game.new(service.game.setup)
            self.recorder = Recorder.new_game(self.store, service.game.setup)
            service.journal = self.recorder
            assert not service.game.log
        log = [str(a) for a in service.game.log]
        done = [str(a) for a in self.shadow.log]
        assert log[:len(done)] == done, "the log was rewritten"
        for text in log[len(done):]:
            self.shadow.apply(text)  # raises IllegalAction if the hub let an illegal action in
        assert self.shadow.state_hash() == service.game.state_hash()
        assert self.store.load(self.recorder.game_id).actions == log
        cities = service.citadels.cities  # each city's copies, bound to a tag or entered by hand
        for player in service.game.players:
            held = [REGISTRY.tags[uid].id for uid, owner in cities.owner.items() if owner == player.seat]
            assert sorted(held + cities.entered_by_hand(player.seat)) == sorted(player.city), player.seat
            CASES["districts_checked"] += len(player.city)
        stored = self.store.load(self.recorder.game_id)  # a hub restarted now binds the same copies
        resumed = CityCards(district_of)
        for text, meta in zip(stored.actions, stored.meta):
            resumed.applied(Action.parse(text), meta.get("uid"))
        assert resumed.owner == cities.owner
        for player in service.game.players:
            assert sorted(resumed.entered_by_hand(player.seat)) == sorted(cities.entered_by_hand(player.seat))
        for _topic, payload in self.commands:
            command = parse_command(payload)
            if command.code is not None:
                assert command.text and any(line.strip() for line in command.text), payload
        self.commands.clear()


def seat_ops(h: Harness) -> Callable[[Any], None]:
    def op(data: Any) -> None:
        n = h.setup.players
        game = h.service.game
        kind = data.draw(st.sampled_from(["legal_card", "legal_button", "card", "button", "raw", "json",
                                          "bad_topic", "status", "hello", "dup", "answer", "legal_answer"]))
        seat = data.draw(st.integers(1, n)) if data.draw(st.integers(0, 9)) else data.draw(st.integers(-1, 12))
        topic = f"citadels/t1/seat/{seat}/event"
        if kind == "legal_card" and game.pending is not None:
            s = game.pending.seat
            cards = [a.args[-1] for a in game.legal_actions() if a.verb in ("pick", "faceup", "build", "destroy")]
            card = data.draw(st.sampled_from(cards)) if cards else "king"
            uid = next((u for u in UIDS if REGISTRY.tags[u].id == card), UIDS[0])
            h.publish(f"citadels/t1/seat/{s}/event", h.event(s, type="tag", edge="added", uid=uid))
        elif kind == "legal_button" and game.pending is not None:
            s = game.pending.seat
            h.publish(f"citadels/t1/seat/{s}/event", h.event(s, type="button", button=data.draw(st.sampled_from(["a", "b", "ok"]))))
        elif kind == "card":
            uid = data.draw(st.sampled_from(UIDS) | st.text(max_size=20))
            h.publish(topic, h.event(seat, type="tag", edge=data.draw(st.sampled_from(["added", "removed", "x"])), uid=uid))
        elif kind == "button":
            h.publish(topic, h.event(seat, type="button", button=data.draw(st.text(max_size=3) | st.sampled_from(["a", "b", "ok"])),
                                     press=data.draw(st.sampled_from(["short", "long", 3]))))
        elif kind == "raw":
            h.publish(topic, data.draw(st.binary(max_size=300)))
        elif kind == "json":
            body = data.draw(json_any)
            if isinstance(body, dict) and data.draw(st.booleans()):
                body = {"v": 1, "device": "fz", "boot": 1, "seq": data.draw(st.integers(-5, 2**64)), **body}
            h.publish(topic, json.dumps(body, allow_nan=True).encode())
        elif kind == "bad_topic":
            t = data.draw(st.sampled_from([f"citadels/t1/seat/{seat}/", "citadels/t1/seat/x/event", "citadels/t2/seat/1/event",
                                           f"citadels/t1/seat/{seat}/cmd", f"citadels/t1/seat/0{seat}/event",
                                           "citadels/t1/seat/1/event/extra"]))
            h.publish(t, data.draw(st.binary(max_size=60)))
        elif kind == "status":
            h.publish(f"citadels/t1/seat/{seat}/status", data.draw(st.sampled_from([b"online", b"offline", b"", b"\xff", b"ONLINE"])))
        elif kind == "hello":
            h.publish(f"citadels/t1/seat/{seat}/hello", json.dumps(data.draw(json_any)).encode())
        elif kind == "dup" and seat in h.seq:
            h.publish(topic, json.dumps({"v": 1, "device": f"fz-{seat}", "boot": 7, "seq": h.seq[seat], "t": 0,
                                         "type": "button", "button": "ok"}).encode())
        elif kind == "answer":
            h.answer(seat, data.draw(st.lists(words, max_size=4).map(" ".join) | st.text(max_size=40)))
        elif kind == "legal_answer" and game.pending is not None:
            options = game.legal_actions()
            action = data.draw(st.sampled_from(options))
            h.answer(action.seat, str(action))
        elif kind in ("admin",):
            pass
        if data.draw(st.integers(0, 19)) == 0:
            CASES["admin"] += 1
            choice = data.draw(st.sampled_from(["void", "adjust", "pause", "resume", "card"]))
            if choice == "card":  # a card entered by hand: one the rules allow now, or anything
                said = [a for a in game.legal_actions() if a.verb in ("pick", "faceup", "build", "destroy")]
                text = str(data.draw(st.sampled_from(said))) if said and data.draw(st.booleans()) else \
                    data.draw(st.lists(words, max_size=4).map(" ".join))
                h.check_result(h.service.admin_card(seat, text, data.draw(st.sampled_from(["tag torn", "", "x"]))))
            elif choice == "void":
                h.check_result(h.service.void_last("fuzz"))
            elif choice == "adjust":
                h.check_result(h.service.adjust_gold(data.draw(st.integers(-2, 9)), data.draw(st.integers(-50, 50)),
                                                     data.draw(st.text(max_size=10))))
            elif choice == "pause":
                h.service.pause(data.draw(st.text(max_size=20)))
                h.check()
            else:
                h.service.resume()
                h.check()
    return op


@settings(max_examples=700, deadline=None, suppress_health_check=list(HealthCheck))
@given(players=st.integers(2, 7), seed=st.integers(0, 2**32), data=st.data())
def test_random_seat_traffic_answers_and_corrections(players: int, seed: int, data: Any) -> None:
    h = Harness(players, seed, played=data.draw(st.sampled_from([0, 0, 40, 120, 250])))
    op = seat_ops(h)
    for _ in range(data.draw(st.integers(1, 25))):
        op(data)


def _http_app() -> tuple[Any, CurrentTable]:
    h = Harness(4, 1)
    table = CurrentTable(h.service)
    app = create_app({"GAME": plugin_named("citadels"), "TABLE": table, "ADMIN_TOKEN": ADMIN, "SEAT_TOKENS": {s: SEATS[s] for s in range(1, 5)},
                      "PUBLIC_URL": "http://hub.test"})
    return app, table


APP, TABLE = _http_app()
paths = st.sampled_from([
    "/", "/api/public", "/api/i18n", "/qr.svg", "/nope", "/api/nope",
    "/seat/{s}", "/api/seat/{s}", "/api/seat/{s}/answer",
    "/admin/{a}", "/api/admin/{a}/status", "/api/admin/{a}/qr/seat/{n}", "/api/admin/{a}/game",
    "/api/admin/{a}/pause", "/api/admin/{a}/resume", "/api/admin/{a}/void",
    "/api/admin/{a}/correct/gold",
])


@settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_http_requests(data: Any) -> None:
    h = Harness(4, data.draw(st.integers(0, 1000)))
    TABLE.switch(h.service)
    client = APP.test_client()
    for _ in range(data.draw(st.integers(1, 8))):
        CASES["http"] += 1
        seat = data.draw(st.integers(1, 4))
        game = h.service.game
        good_seat = data.draw(st.booleans())
        path = data.draw(paths).format(
            s=SEATS[seat] if good_seat else data.draw(st.sampled_from(["x", SEATS[5], "%00", "../" + ADMIN, "a" * 300])),
            a=ADMIN if data.draw(st.booleans()) else data.draw(st.sampled_from(["", "b" * 24, ADMIN[:-1]])).strip() or "z",
            n=data.draw(st.integers(-1, 9)))
        method = data.draw(st.sampled_from(["GET", "POST", "PUT", "DELETE"]))
        if path.endswith("/answer") and game.pending is not None and data.draw(st.booleans()):
            body: Any = {"action": str(data.draw(st.sampled_from(game.legal_actions())))}
        else:
            body = data.draw(json_any | st.dictionaries(st.sampled_from(["action", "reason", "seat", "delta", "players",
                                                                         "seed", "names", "mode", "variant"]), json_leaf))
        raw = data.draw(st.booleans())
        if raw:
            response = client.open(path, method=method, data=data.draw(st.binary(max_size=200)),
                                   content_type=data.draw(st.sampled_from(["application/json", "text/plain", ""])))
        else:
            response = client.open(path, method=method, json=body)
        assert response.status_code < 500, (path, method, response.status_code, response.data[:300])
        if response.status_code >= 400 and path.startswith("/api/"):
            payload = response.get_json()
            assert payload["code"] and payload["message"], payload
        elif response.is_json and isinstance(response.get_json(), dict) and response.get_json().get("ok") is False:
            payload = response.get_json()
            assert payload["code"] and payload["message"], payload
        h.service = TABLE.service  # an admin "new game" swaps nothing here: same service object
        h.check()


POST_ROUTES = ["/api/seat/{s}/answer", "/api/admin/{a}/game", "/api/admin/{a}/pause",
               "/api/admin/{a}/resume", "/api/admin/{a}/void", "/api/admin/{a}/correct/gold"]


@st.composite
def nested(draw: Any) -> str:
    """Deep nesting, as in issue 11 (6 KB of ``[[[``): arrays, objects or both, closed or not."""
    depth = draw(st.integers(1, 4000))
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}"), ('[{"b":', "}]")]))
    inner = draw(st.sampled_from(["", "1", '"x"', "null", "[]"]))
    closed = draw(st.booleans())
    return opener * depth + inner + (closer * depth if closed else "")


@st.composite
def mangled(draw: Any) -> bytes:
    """A body a page would send, then cut, padded or with bytes flipped."""
    good = json.dumps(draw(st.dictionaries(st.sampled_from(["action", "reason", "seat", "delta", "players", "seed",
                                                            "names", "mode", "variant"]), json_leaf, max_size=5)))
    raw = bytearray(good.encode())
    for _ in range(draw(st.integers(0, 4))):
        if raw:
            raw[draw(st.integers(0, len(raw) - 1))] = draw(st.integers(0, 255))
    cut = draw(st.integers(0, len(raw)))
    return bytes(raw[:cut]) + draw(st.sampled_from([b"", b"\xff", b"\x00", b"\xef\xbb\xbf", b"}}}", b"]"]))


malformed_bodies = (
    nested().map(str.encode)
    | mangled()
    | st.sampled_from([b"NaN", b'{"players": NaN}', b'{"seed": Infinity}', b'{"seed": -Infinity}',
                       b'{"seed": ' + b"9" * 5000 + b"}", b"1e999", b'{"a": 1, "a": 2}', rb'"\ud800"',
                       rb'{"names": ["\u0000"]}', b"\xef\xbb\xbf{}", b"", b" ", b"{} []"])
    | st.binary(max_size=400)
)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_malformed_bodies_on_every_post_route(data: Any) -> None:
    """Every POST route, with a valid token (so the body is really read): never a 5xx, every
    refusal JSON with a code and a message, and the game only moves by legal actions."""
    h = Harness(4, data.draw(st.integers(0, 1000)))
    TABLE.switch(h.service)
    client = APP.test_client()
    for _ in range(data.draw(st.integers(1, 4))):
        CASES["http"] += 1
        path = data.draw(st.sampled_from(POST_ROUTES)).format(s=SEATS[data.draw(st.integers(1, 4))], a=ADMIN)
        body = data.draw(malformed_bodies)
        content_type = data.draw(st.sampled_from(["application/json", "application/json; charset=utf-8",
                                                  "text/plain", "application/x-www-form-urlencoded", ""]))
        response = client.post(path, data=body, content_type=content_type)
        assert response.status_code < 500, (path, body[:80], response.status_code, response.data[:300])
        if response.status_code >= 400:
            payload = response.get_json()
            assert payload["ok"] is False and payload["code"] and payload["message"], payload
        h.service = TABLE.service
        h.check()


def test_zz_report_case_counts() -> None:
    """Not a check: prints how many inputs the suite threw (the figure for docs/benchmarks.md)."""
    total = CASES["seat"] + CASES["answer"] + CASES["admin"] + CASES["http"]
    print(f"\nfuzz inputs survived: {total} ({CASES})")
