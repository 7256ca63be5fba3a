"""Unpredictable deals: a game nobody gave a seed to gets one from the OS CSPRNG, the seed
is stored with the game, and no page shows it before the game is over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hub.cli import build_parser
from hub.cli_args import HEADLESS_SIM_SEED, preflight
from hub.engine.citadels import Game, Setup
from hub.seeds import MAX_SEED, fresh_seed
from hub.store import EventStore, Recorder
from hub.games.citadels.registry import TagRegistry
from hub.table.runtime import CurrentTable
from hub.games.citadels.service import TableService
from hub.table.sim import SimTable
from hub.transport import InProcessBus
from hub.games import plugin_named
from hub.web import create_app
from hub.games import REGISTRY

ADMIN = "admin-" + "a" * 20
SEATS = {s: f"seat{s}-" + "t" * 16 for s in range(1, 8)}


def deal(game: Game) -> tuple[Any, ...]:
    """What a seed decides at the start: every hand and the face-down character."""
    return tuple(tuple(p.hand) for p in game.players), tuple(game.faceup), tuple(game.facedown)


def service(store: EventStore | None = None) -> TableService:
    svc = TableService(InProcessBus(), TagRegistry.virtual(), Setup(players=4, seed=5, mode="digital"))
    if store is not None:
        svc.on_new_game = lambda setup: Recorder.new_game(store, setup).journal
    svc.start()
    return svc


def test_fresh_seeds_are_in_range_and_differ() -> None:
    seeds = {fresh_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(0 <= s <= MAX_SEED for s in seeds)


def test_the_seed_zero_the_issue_found_predicts_the_deal() -> None:
    """Why it matters: the same seed deals the same hands (so seed 0 was readable by anyone)."""
    assert deal(Game.new(Setup(players=4, seed=0))) == deal(Game.new(Setup(players=4, seed=0)))


def test_two_admin_games_with_the_seed_left_empty_deal_differently(tmp_path: Path) -> None:
    store = EventStore(tmp_path / "g.db", REGISTRY)
    svc = service(store)
    app = create_app({"GAME": plugin_named("citadels"), "TABLE": CurrentTable(svc), "ADMIN_TOKEN": ADMIN, "SEAT_TOKENS": {s: SEATS[s] for s in range(1, 5)}})
    client = app.test_client()
    games = []
    for _ in range(2):
        for body in ({"players": 4, "mode": "digital"}, {"players": 4, "mode": "digital", "seed": None}):
            response = client.post(f"/api/admin/{ADMIN}/game", json=body)
            assert response.status_code == 200, response.get_json()
            games.append(svc.game)
    seeds = [g.setup.seed for g in games]
    assert len(set(seeds)) == 4 and 0 not in seeds
    assert len({deal(g) for g in games}) == 4
    stored = [store.load(game_id).setup.seed for game_id, _c, _n in store.games()]
    assert stored == seeds  # stored with the game: a replay deals the same cards
    assert deal(Game.new(store.load().setup)) == deal(games[-1])
    svc.stop()


def test_a_seed_typed_on_the_admin_form_is_kept(tmp_path: Path) -> None:
    svc = service()
    app = create_app({"GAME": plugin_named("citadels"), "TABLE": CurrentTable(svc), "ADMIN_TOKEN": ADMIN, "SEAT_TOKENS": {s: SEATS[s] for s in range(1, 5)}})
    client = app.test_client()
    assert client.post(f"/api/admin/{ADMIN}/game", json={"players": 3, "seed": 42}).status_code == 200
    assert svc.game.setup.seed == 42
    refused = client.post(f"/api/admin/{ADMIN}/game", json={"players": 3, "seed": MAX_SEED + 1})
    assert refused.status_code == 400 and "seed" in refused.get_json()["message"]
    svc.stop()


def test_the_table_service_itself_never_defaults_to_seed_zero() -> None:
    svc = service()
    assert svc.new_game({"players": 4})["ok"]
    first = svc.game.setup.seed
    assert svc.new_game({"players": 4})["ok"]
    assert first != svc.game.setup.seed and 0 not in (first, svc.game.setup.seed)
    svc.stop()


@pytest.mark.parametrize("argv, expected", [
    (["run", "--tags", "t.json", "--headless"], "random"),
    (["run", "--tags", "t.json", "--headless", "--seed", "7"], 7),
    (["sim", "--players", "2", "--port", "1"], "random"),  # a game people watch: a new deal each time
    (["sim", "--headless"], HEADLESS_SIM_SEED),  # reproducible runs (docs/security.md says why)
    (["sim", "--headless", "--seed", "0"], 0),
    (["sim", "--engine-only", "--json"], HEADLESS_SIM_SEED),  # no table, no pages: a tool
])
def test_command_line_seeds(argv: list[str], expected: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("hub.cli_args.check_port_free", lambda host, port: None)
    seeds = []
    for _ in range(2):
        args = build_parser().parse_args(argv)
        preflight(args)
        seeds.append(args.seed)
    if expected == "random":
        assert seeds[0] != seeds[1] and all(0 <= s <= MAX_SEED for s in seeds)
    else:
        assert seeds == [expected, expected]


def test_the_seed_is_hidden_until_the_game_is_over() -> None:
    sim = SimTable(Setup(players=2, seed=fresh_seed(), mode="physical"))
    app = create_app({"GAME": plugin_named("citadels"), "TABLE": CurrentTable(sim.service), "ADMIN_TOKEN": ADMIN,
                      "SEAT_TOKENS": {1: SEATS[1], 2: SEATS[2]}})
    client = app.test_client()
    try:
        pages = lambda: (client.get("/api/public").get_json()["view"],  # noqa: E731
                         client.get(f"/api/seat/{SEATS[1]}").get_json()["view"],
                         client.get(f"/api/admin/{ADMIN}/status").get_json()["view"])
        seed = str(sim.setup.seed)
        assert all(view["seed"] is None for view in pages())
        assert all(seed not in str(view) for view in pages())
        game = sim.play()
        assert game.over
        assert all(view["seed"] == sim.setup.seed for view in pages())
    finally:
        sim.close()
