"""No secret in any public response or event stream, over many random games.

Every change's SSE frame (encoded by the app exactly as it is sent), `/api/public` and
every seat's `/api/seat` response are checked against what the seat views say is secret:
hands, the deck, unrevealed characters.
"""

from __future__ import annotations

import json
from typing import Any
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hub.engine.citadels import Game
from hub.web.app import close_app
from tests.web_support import SEAT_TOKENS, FakeTable, make_app

FREE_TEXT_KEYS = frozenset({"words", "speech", "reason", "note", "text_key", "kind", "name", "pause_reason"})
PRIVATE_KEYS = frozenset({"you", "options", "draft", "drawn", "deck_order", "facedown"})


def strings(value: Any, skip: frozenset[str] = FREE_TEXT_KEYS) -> Iterator[str]:
    """Every card-like string in a payload, leaving out human sentences and names."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                yield from strings(item, skip)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item, skip)


def keys(value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from keys(item)


def mentioned_districts(payload: Any) -> set[str]:
    """Districts the payload shows as public: in a city, or named by a public event."""
    found = set()
    for key, item in keys(payload):
        if key == "city" and isinstance(item, list):
            found |= {d["id"] if isinstance(d, dict) else str(d) for d in item}
        if key == "district" and isinstance(item, str):
            found.add(item)
    return found


def secret_cards(game: Game, viewer: int | None) -> set[str]:
    """District ids only someone other than `viewer` may know: hands and the deck."""
    hidden: set[str] = set(game.deck)
    for player in game.players:
        if player.seat != viewer:
            hidden |= set(player.hand)
    return hidden


def leaks(payload: dict[str, Any], game: Game, viewer: int | None = None, same_moment: bool = True) -> list[str]:
    """Everything in `payload` that `viewer` (None: the public) must not see.

    `same_moment`: the payload was made in the game's current state, so it must also
    equal the engine's public view (not so for a page read while the table moves on).
    """
    problems: list[str] = []
    view = payload.get("view", payload)
    outside = {k: v for k, v in payload.items() if k != "view"}
    for key, item in keys({**outside, "view": {k: v for k, v in view.items() if k != "you"}}):
        if key in PRIVATE_KEYS:
            problems.append(f"private key {key!r}")
        if key == "hand" and not isinstance(item, int):
            problems.append(f"hand contents {item!r}")
        if key == "to":
            problems.append("a seat-addressed event")
    own = set(game.player(viewer).hand) if viewer else set()
    hidden = secret_cards(game, viewer) - mentioned_districts(payload) - own
    public_part = {**outside, "view": {k: v for k, v in view.items() if k != "you"}}
    for text in strings(public_part):
        if text in hidden:
            problems.append(f"hidden card {text!r}")
    for entry in view.get("seats", []):
        player = game.player(entry["seat"])
        secret_characters = set(player.characters) - set(game.public_view()["seats"][entry["seat"] - 1]["characters"])
        shown = set(entry.get("characters", []))
        if same_moment and secret_characters & shown:
            problems.append(f"seat {entry['seat']} unrevealed {sorted(secret_characters & shown)}")
    engine_view = game.public_view() if same_moment else {}
    for key, value in engine_view.items():
        if key == "seats":
            trimmed = [{k: v for k, v in s.items() if k != "online"} for s in view["seats"]]
            if trimmed != value:
                problems.append("seats differ from the engine's public view")
        elif view.get(key) != value:
            problems.append(f"{key!r} differs from the engine's public view")
    return problems


def test_the_checker_itself_catches_leaks() -> None:
    table = FakeTable(4, seed=3)
    game = table.game
    view = table.public_view()
    assert leaks({"view": view}, game) == []
    hand_card = game.player(2).hand[0]
    leaky = json.loads(json.dumps(view))
    leaky["seats"][1]["hand"] = list(game.player(2).hand)
    assert any("hand contents" in p for p in leaks({"view": leaky}, game))
    with_event = {"view": view, "events": [{"kind": "drew", "cards": [hand_card], "to": 2}]}
    problems = leaks(with_event, game)
    assert any("hidden card" in p for p in problems) and any("seat-addressed" in p for p in problems)
    assert any("private key" in p for p in leaks({"view": {**view, "you": {"hand": []}}, "x": {"you": 1}}, game))


class LeakyTable(FakeTable):
    """A table that hands the web layer secrets: the web layer must strip them."""

    def _publish(self, events: list[dict[str, Any]]) -> None:
        seat = self.game.pending.seat if self.game.pending else 1
        secret = {"kind": "drew", "cards": list(self.game.player(seat).hand), "to": seat}
        super()._publish([*events, secret, {**secret, "to": None}])

    def _public_locked(self) -> dict[str, Any]:
        view = super()._public_locked()
        view["you"] = self.game.seat_view(1)["you"]
        view["seats"][0]["hand"] = list(self.game.player(1).hand)
        view["recent"] = [*view["recent"], {"kind": "hand", "cards": list(self.game.player(2).hand)}]
        return view


def test_web_layer_strips_secrets_a_table_hands_it() -> None:
    table = LeakyTable(4, seed=8)
    app = make_app(table)
    web = app.extensions["citadels_web"]
    problems: list[str] = []
    frames = 0

    def check_frame(event_id: int, message: dict[str, Any]) -> None:
        nonlocal frames
        frames += 1
        assert leaks(message, table.game)  # the table really does leak...
        payload = json.loads(web.encode(event_id, message).decode().split("data: ", 1)[1])
        problems.extend(leaks(payload, table.game))  # ...the stream does not

    table.subscribe(check_frame)
    for _ in range(40):
        table.step()
        assert leaks({"view": table.public_view()}, table.game)
        served = app.test_client().get("/api/public").get_json()
        problems.extend(leaks(served, table.game))
    assert frames == 40 and problems == []
    close_app(app)


@pytest.mark.slow
@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=7),
    seed=st.integers(min_value=0, max_value=2**32),
    mode=st.sampled_from(["digital", "physical"]),
    variant=st.sampled_from(["classic7", "classic8"]),
    bot=st.sampled_from(["random", "heuristic"]),
)
def test_random_games_never_leak_into_public_payloads(players: int, seed: int, mode: str, variant: str, bot: str) -> None:
    table = FakeTable(players, seed=seed, mode=mode, variant=variant, bot_kind=bot, crowned=seed % players + 1)
    app = make_app(table)
    web = app.extensions["citadels_web"]
    client = app.test_client()
    problems: list[str] = []

    def check_frame(event_id: int, message: dict[str, Any]) -> None:
        payload = json.loads(web.encode(event_id, message).decode().split("data: ", 1)[1])
        problems.extend(f"frame {event_id}: {p}" for p in leaks(payload, table.game))

    table.subscribe(check_frame)  # runs inside the change, while the game is in that state
    steps = 0
    while table.step():
        steps += 1
        if steps % 7 == 0:
            problems.extend(f"/api/public: {p}" for p in leaks(client.get("/api/public").get_json(), table.game))
        if steps % 23 == 0:
            for seat in range(1, players + 1):
                body = client.get(f"/api/seat/{SEAT_TOKENS[seat]}").get_json()
                assert body["view"]["you"]["hand"] == sorted(table.game.player(seat).hand)
                problems.extend(f"seat {seat}: {p}" for p in leaks(body, table.game, viewer=seat))
        assert not problems, problems[:5]
    assert table.game.over and steps > 20
    final = client.get("/api/public").get_json()["view"]
    assert final["result"]["winner"] in range(1, players + 1)
    close_app(app)


@pytest.mark.slow
def test_the_real_table_service_through_the_web_never_leaks() -> None:
    """The lead's TableService (physical mode, simulated seats over the in-process bus)."""
    from hub.engine.citadels import Setup
    from hub.table.sim import SimTable

    for players, seed in ((3, 4), (6, 9)):
        sim = SimTable(Setup(players=players, seed=seed, mode="physical"))
        service = sim.service
        app = make_app(service)
        web = app.extensions["citadels_web"]
        client = app.test_client()
        problems: list[str] = []
        frames = 0

        def check_frame(event_id: int, message: dict[str, Any]) -> None:
            nonlocal frames
            frames += 1
            payload = json.loads(web.encode(event_id, message).decode().split("data: ", 1)[1])  # noqa: B023 - this game's
            problems.extend(f"frame {event_id}: {p}" for p in leaks(payload, service.game))  # noqa: B023

        service.subscribe(check_frame)
        try:
            game = sim.play(after_step=lambda: problems.extend(  # noqa: B023 - called during this game only
                f"/api/public: {p}"
                for p in leaks(client.get("/api/public").get_json(), service.game, same_moment=False)))  # noqa: B023
            assert game.over and frames > 50
            for seat in range(1, players + 1):
                body = client.get(f"/api/seat/{SEAT_TOKENS[seat]}").get_json()
                problems.extend(f"seat {seat}: {p}" for p in leaks(body, service.game, viewer=seat))
            assert problems == [], problems[:5]
        finally:
            sim.close()
            close_app(app)
