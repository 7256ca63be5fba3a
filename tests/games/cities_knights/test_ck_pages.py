"""Cities & Knights' pages through the web server (no browser): its own scripts and
templates (its plug-in's ``page_assets``), its words in ``/api/i18n``, the game log with
each event's round and move, the admin's corrections (a seat's cities, refused with the
field to check when out of the components' limits), the undo with a reason, a new game
with the table's own dice."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from hub.engine.cities_knights import Setup
from hub.games.cities_knights import PLUGIN
from hub.games.cities_knights.table import make_table
from hub.games.kit.table import GameTable
from hub.games.cities_knights.tags import ProgressTags
from hub.table.runtime import CurrentTable
from hub.transport import InProcessBus
from hub.web import create_app

ADMIN = "admin-" + "c" * 20
SEATS = {s: f"seat{s}-" + "v" * 16 for s in range(1, 5)}


@pytest.fixture
def site() -> Iterator[tuple[Any, GameTable[Any]]]:
    table = make_table(InProcessBus(), ProgressTags.virtual(), Setup(players=4, seed=3))
    table.start()
    app = create_app({"TABLE": CurrentTable(table), "ADMIN_TOKEN": ADMIN, "SEAT_TOKENS": SEATS, "GAME": PLUGIN})
    yield app.test_client(), table
    table.stop()


def test_the_pages_are_the_games_own_with_its_words(site: Any) -> None:
    client, _table = site
    for path, page in (("/", "scoreboard"), (f"/seat/{SEATS[1]}", "seat"), (f"/admin/{ADMIN}", "admin")):
        html = client.get(path).get_data(as_text=True)
        assert f"/game/{page}.js" in html and "/game/common.js" in html, path
    for page in ("seat", "admin"):  # the status and the pause in the sticky header
        html = client.get(f"/seat/{SEATS[1]}" if page == "seat" else f"/admin/{ADMIN}").get_data(as_text=True)
        assert 'id="status"' in html and 'id="paused"' in html
    for asset in ("common.js", "scoreboard.js", "seat.js", "admin.js", "style.css"):
        response = client.get(f"/game/{asset}")
        assert response.status_code == 200, asset
        response.close()
    words = client.get("/api/i18n").get_json()
    assert words["cities-knights"]["zh-Hans"]["page.improvements"] == "城市改善"


def test_the_game_log_tells_each_event_with_its_round_and_move(site: Any) -> None:
    client, table = site
    assert table.answer(1, "1 roll") == {"ok": True}
    table.settle()
    events = client.get("/api/history").get_json()["events"]
    assert events[0]["kind"] == "turn_started" and events[0]["move"] == 0 and events[0]["round"] == 1
    rolled = next(e for e in events if e["kind"] == "rolled")
    assert rolled["move"] == 1 and rolled["round"] == 1 and rolled["words"]["en"].startswith("Seat 1 rolls red")


def test_the_admin_corrects_a_seats_cities_undoes_it_and_starts_a_game_with_the_tables_dice(site: Any) -> None:
    client, table = site
    api = f"/api/admin/{ADMIN}"
    status = client.get(f"{api}/status").get_json()
    assert [c["name"] for c in status["corrections"]] == ["settlements", "cities", "walls", "defender", "green",
                                                          "yellow", "blue"]
    assert client.post(f"{api}/correct/cities", json={"seat": 2, "value": 3, "reason": "misread"}).get_json()["ok"]
    assert str(table.game.log[-1]) == "0 set 2 cities 3 misread" and table.game.vp(2) == 7
    refused = client.post(f"{api}/correct/cities", json={"seat": 2, "value": 5, "reason": "x"})
    assert refused.status_code == 409 and refused.get_json()["code"] == "out_of_range"
    assert refused.get_json()["field"] == "value"
    history = client.get("/api/history").get_json()["events"]
    assert history[-1]["words"]["zh-Hant"] == "更正：2號座位的城市改為3（7分）。"
    assert client.post(f"{api}/void", json={"reason": "wrong seat"}).get_json()["ok"]
    assert str(table.game.log[-1]) == "0 void wrong seat" and table.game.vp(2) == 3
    started = client.post(f"{api}/game", json={"players": 3, "names": ["A", "B", "C"], "mode": "physical",
                                               "dice": "physical", "seed": 8})
    assert started.get_json()["ok"] and table.game.n == 3 and table.game.setup.dice == "physical"
    assert client.post(f"{api}/game", json={"players": 3, "mode": "physical", "dice": "loaded"}).status_code == 400


def test_a_phone_plays_a_progress_card_by_its_id_though_the_web_lower_cases_the_answer() -> None:
    """The hub's web lower-cases every answer; Cities & Knights' card ids are not ("S01a"):
    the Alchemist played from the seat page was refused as "'s01a' is not a progress card"."""
    from tests.engine.cities_knights.helpers import deal, improve, to_seat

    from hub.engine.cities_knights import Game

    game = Game.new(Setup(players=3, seed=2, dice="physical"))
    improve(game, 1, "green", 1)
    deal(game, 1, "S01a")
    game.apply("1 end")
    to_seat(game, 1)
    table = make_table(InProcessBus(), ProgressTags.virtual(), game.setup, game=game)
    table.start()
    try:
        app = create_app({"TABLE": CurrentTable(table), "ADMIN_TOKEN": ADMIN, "SEAT_TOKENS": SEATS, "GAME": PLUGIN})
        response = app.test_client().post(f"/api/seat/{SEATS[1]}/answer", json={"action": "1 play S01a 3 4"})
        assert response.get_json() == {"ok": True} and str(table.game.log[-1]) == "1 play S01a 3 4"
        assert table.game.alchemist == (3, 4)
    finally:
        table.stop()
