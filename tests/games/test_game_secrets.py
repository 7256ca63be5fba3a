"""Secrets by declaration: what a game's plug-in declares private never reaches a public
channel (the public MQTT topic and hub events, the web's pages and streams, the voice),
even when its adapter hands it over by mistake. Shown with a second game, Nim, whose
adapter is made to leak its seat's hint (a kind and a view key Nim declares private)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from hub.engine.nim import NimSetup, Took
from hub.games import GAMES, host_table
from hub.games.nim import PLUGIN as NIM
from hub.games.nim.adapter import NimAdapter
from hub.games.nim.cards import StoneTags
from hub.games.plugin import GamePlugin
from hub.kernel import Table
from hub.protocol import hub_events_topic, public_topic
from hub.table.runtime import CurrentTable
from hub.transport import InProcessBus
from hub.voice import sentences
from hub.voice.backends import NullBackend
from hub.voice.speaker import Speaker
from hub.web import create_app

SECRET = "psst-take-2"
ADMIN = "admin-" + "a" * 20
SEATS = {1: "seat1-" + "t" * 16, 2: "seat2-" + "t" * 16}


class LeakyNimAdapter(NimAdapter):
    """Nim's adapter with a bug: it puts each move's hint in the public events and views."""

    def public_events(self, events: Any) -> list[dict[str, Any]]:
        made = super().public_events(events)
        return made + [{"kind": "hint", "seat": e.seat, "say": SECRET} for e in events if isinstance(e, Took)]

    def public_view(self, game: Any) -> dict[str, Any]:
        view = super().public_view(game)
        view["hint"] = SECRET
        view["seats"] = [{**seat, "hint": SECRET} for seat in view["seats"]]
        return view


def leaky_table(bus: Any, registry: StoneTags, setup: NimSetup, **options: Any) -> Table[Any]:
    table: Table[Any] = NIM.make_table(bus, registry, setup, **options)
    table.adapter = LeakyNimAdapter(registry)
    return table


LEAKY_NIM = dataclasses.replace(NIM, make_table=leaky_table)
UNDECLARED_NIM = dataclasses.replace(LEAKY_NIM, private_event_kinds=frozenset(), private_view_keys=frozenset())


def play_two_moves(game: GamePlugin) -> tuple[Table[Any], list[bytes]]:
    """Host `game` in process, listen on its public topics, and take two moves by phone."""
    bus = InProcessBus()
    heard: list[bytes] = []
    listener = bus.client("listener")
    for topic in (public_topic("t1"), hub_events_topic("t1")):
        listener.subscribe(topic, lambda _topic, payload: heard.append(bytes(payload)))
    setup = NimSetup(players=2, stones=5)
    table = host_table(game, bus, game.virtual_registry(setup), setup, hub_thread="own")
    table.start()
    assert table.answer(1, "1 take 1") == {"ok": True} and table.answer(2, "2 take 2") == {"ok": True}
    table.settle()
    return table, heard


def test_a_declared_secret_never_reaches_the_public_topic_or_the_listeners() -> None:
    table, heard = play_two_moves(LEAKY_NIM)
    told: list[dict[str, Any]] = []
    table.subscribe(lambda _id, message: told.append(message))
    assert table.answer(1, "1 take 1") == {"ok": True}
    table.settle()
    try:
        assert heard and not [p for p in heard if SECRET.encode() in p]
        assert told and SECRET not in json.dumps(told)
        assert SECRET not in json.dumps(table.public_view())
    finally:
        table.stop()


def test_the_same_secret_leaks_where_the_game_declares_nothing() -> None:
    """The filter is what stops it: undeclared, the buggy adapter's hint goes out."""
    table, heard = play_two_moves(UNDECLARED_NIM)
    try:
        assert [p for p in heard if SECRET.encode() in p]
    finally:
        table.stop()


def test_a_declared_secret_never_reaches_a_page_or_a_stream() -> None:
    """The web filters by the game's declaration even if the table hands a secret over."""
    table, _heard = play_two_moves(UNDECLARED_NIM)  # the table itself lets it through
    try:
        for config in ({"GAME": LEAKY_NIM},):  # the app is always told its game (it refuses to start without)
            app = create_app({"TABLE": CurrentTable(table), "ADMIN_TOKEN": ADMIN, "SEAT_TOKENS": SEATS, **config})
            client = app.test_client()
            for path in ("/api/public", "/api/history"):
                body = client.get(path).get_data(as_text=True)
                assert "stones" in body and SECRET not in body, path
            state = app.extensions["citadels_web"]
            frame = state.encode(1, {"view": table.public_view(), "events": [
                {"kind": "took", "seat": 1, "n": 1, "left": 4}, {"kind": "hint", "seat": 1, "say": SECRET}]})
            assert b"took" in frame and SECRET.encode() not in frame
    finally:
        table.stop()


def test_a_declared_secret_never_reaches_the_voice() -> None:
    narrated: list[Any] = []
    told = sentences(lambda event, lang, names: narrated.append(event) or [])
    speaker = Speaker(NullBackend(), "en", private_kinds=NIM.private_event_kinds, speech=told)  # type: ignore[arg-type]
    try:
        speaker.on_events([{"kind": "hint", "seat": 1, "say": SECRET}, {"kind": "took", "seat": 1, "n": 1, "left": 4}])
        assert [e["kind"] for e in narrated] == ["took"]  # the hint never reached the words
    finally:
        speaker.close()


def test_every_registered_game_declares_its_secrets() -> None:
    for game in GAMES.values():
        assert "you" in game.private_view_keys, game.name  # a seat view's own part is never public
