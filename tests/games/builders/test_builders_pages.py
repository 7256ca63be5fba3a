"""The Builders' pages and voice through the product: the web serves the game's own
scripts (its plug-in's ``page_assets``), its words in three languages, each event worded
by the game; the admin's corrections (undo, correct coins, new game) reach its table;
``sim --game builders --voice-dir`` says whose turn, a building finished, the last round
and the winner in the language asked for."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hub.engine.builders import Setup
from hub.games import plugin_named
from hub.games.builders.table import BuildersTable
from hub.games.builders.tags import BuildersTags
from hub.table.runtime import CurrentTable
from hub.transport import InProcessBus
from hub.web import create_app
from hub.web.app import close_app

ADMIN = "admin-" + "b" * 20
SEATS = {s: f"seat{s}-" + "u" * 16 for s in range(1, 5)}


@pytest.fixture
def site() -> Iterator[tuple[Any, BuildersTable]]:
    table = BuildersTable(InProcessBus(), BuildersTags.virtual(), Setup(players=3, seed=4, names=("Ann", "Bob", "Cy")))
    table.start()
    app = create_app({"TABLE": CurrentTable(table), "ADMIN_TOKEN": ADMIN, "SEAT_TOKENS": SEATS,
                      "GAME": plugin_named("builders")})
    try:
        yield app.test_client(), table
    finally:
        close_app(app)
        table.stop()


def test_the_pages_load_the_games_own_scripts_and_styles(site: Any) -> None:
    client, _ = site
    for path, page in (("/", "scoreboard"), (f"/seat/{SEATS[1]}", "seat"), (f"/admin/{ADMIN}", "admin")):
        html = client.get(path).get_data(as_text=True)
        assert f'<script src="/game/common.js"></script><script src="/game/{page}.js"></script>' in html, path
        assert f"/static/{page}.js" not in html
        with client.get(f"/game/{page}.js") as script:  # a file response: closed when read
            assert script.status_code == 200 and "Builders" in script.get_data(as_text=True)
    with client.get("/game/style.css") as style:
        assert style.status_code == 200
    assert client.get("/game/../plugin.py").status_code == 404  # only the static folder is served


def test_the_admin_page_shows_no_control_before_its_script_has_drawn_it(site: Any) -> None:
    """The Builders' admin script draws every control with its handler: the hub's plain admin
    page's Pause, Undo and New game, shown until then, did nothing when pressed (a loaded
    machine drew the page seconds later, and a Pause pressed meanwhile was lost)."""
    client, _ = site
    html = client.get(f"/admin/{ADMIN}").get_data(as_text=True)
    assert "adminpage" in html and "/game/admin.js" in html  # the admin's page, drawn by its script
    for control in ("pause", "resume", "pause-reason", "undo", "new-game"):
        assert f'id="{control}"' not in html, control


def test_citadels_pages_are_its_plugins_over_the_hubs_script() -> None:
    from hub.engine.citadels import Setup as CitadelsSetup
    from hub.games.citadels.registry import TagRegistry
    from hub.games.citadels.service import TableService

    table = TableService(InProcessBus(), TagRegistry.virtual(), CitadelsSetup(players=4, seed=5, mode="digital"))
    table.start()
    app = create_app({"GAME": plugin_named("citadels"), "TABLE": CurrentTable(table), "ADMIN_TOKEN": ADMIN, "SEAT_TOKENS": SEATS})
    try:
        client = app.test_client()
        html = client.get("/").get_data(as_text=True)
        assert ('<script src="/static/hub.js"></script>\n'
                '<script src="/game/common.js"></script><script src="/game/scoreboard.js"></script>') in html
        assert 'id="key"' in html  # Citadels' own template: the district types' colour key
        with client.get("/game/common.js") as script:
            assert script.status_code == 200 and "const Citadels" in script.get_data(as_text=True)
        assert client.get("/static/scoreboard.js").status_code == 404
    finally:
        close_app(app)
        table.stop()


def test_the_words_and_every_logged_event_are_the_games_in_three_languages(site: Any) -> None:
    client, table = site
    words = client.get("/api/i18n").get_json()["builders"]
    assert words["zh-Hant"]["stone"] == "石頭" and words["zh-Hans"]["card.b28"] == "小礼拜堂"
    assert words["en"]["page.sites"] == "Under construction" and words["zh-Hant"]["page.sites"] == "施工中"
    seat = table.game.pending.seat
    assert client.post(f"/api/seat/{SEATS[seat]}/answer", json={"action": f"{seat} coins 3"}).get_json()["ok"]
    events = client.get("/api/history").get_json()["events"]
    took = next(e for e in events if e["kind"] == "coins")
    name = ("Ann", "Bob", "Cy")[seat - 1]
    assert took["words"] == {"en": f"{name} takes 3 coins (13 now).", "zh-Hant": f"{name}獲得3元（現有13元）。",
                             "zh-Hans": f"{name}获得3元（现有13元）。"}
    assert events[0]["kind"] == "turn_started" and "speech" not in events[0]  # the log shows, it does not speak
    view = client.get("/api/public").get_json()["view"]
    turn = next(e for e in view["recent"] if e["kind"] == "turn_started")
    assert turn["speech"]["zh-Hant"].startswith("輪到") and turn["speech"]["en"].endswith("'s turn.")
    assert view["actions_left"] == 1 and len(view["rows"]["buildings"]) == 5
    assert set(view["decks"]) == {"buildings", "workers"} and all(isinstance(n, int) for n in view["decks"].values())
    assert "you" not in view  # a seat's own options and chosen site stay on its page
    assert client.get(f"/api/seat/{SEATS[seat]}").get_json()["view"]["you"]["seat"] == seat


def test_the_admin_corrects_coins_undoes_with_a_reason_and_starts_a_new_game(site: Any) -> None:
    client, table = site
    api = f"/api/admin/{ADMIN}"
    before = table.game.player(2).coins
    assert client.post(f"{api}/correct/coins", json={"seat": 2, "delta": 4, "reason": "bank miscount"}).get_json()["ok"]
    assert table.game.player(2).coins == before + 4 and str(table.game.log[-1]) == "0 adjust 2 4 bank miscount"
    assert client.post(f"{api}/void", json={"reason": "wrong seat"}).get_json()["ok"]
    assert table.game.player(2).coins == before and str(table.game.log[-1]) == "0 void wrong seat"
    assert client.post(f"{api}/correct/coins", json={"seat": 5, "delta": 1, "reason": "x"}).status_code == 400  # 2 to 4 seats
    started = client.post(f"{api}/game", json={"players": 4, "names": ["A", "B", "C", "D"], "mode": "physical", "seed": 8})
    assert started.get_json()["ok"] and table.game.n == 4 and table.game.setup.seed == 8
    assert client.post(f"{api}/game", json={"players": 5, "mode": "physical"}).status_code == 400
    status = client.get(f"{api}/status").get_json()
    assert status["round"] == 1 and len(status["seat_links"]) == 4


@pytest.mark.slow  # a `citadels-hub sim` process a language (test_builders_words voices every event in process)
def test_the_voice_says_turns_finished_buildings_the_last_round_and_the_winner(tmp_path: Path) -> None:
    for lang, turn, finished, last, wins in (("en", "'s turn.", "finished the", "Last round: ", " wins with "),
                                             ("zh-Hant", "輪到", "竣工了", "最後一輪", "分獲勝"),
                                             ("zh-Hans", "轮到", "竣工了", "最后一轮", "分获胜")):
        folder = tmp_path / lang
        done = subprocess.run([sys.executable, "-m", "hub.cli", "sim", "--game", "builders", "--headless", "--quiet",
                               "--players", "2", "--seed", "9", "--voice-dir", str(folder), "--lang", lang], check=False,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        said = [line.split("\t")[2] for line in (folder / "index.txt").read_text(encoding="utf-8").splitlines()]
        assert turn in said[0] and any(finished in s for s in said) and last in said[-2] and wins in said[-1], said
