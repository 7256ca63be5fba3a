"""Cities & Knights as a registered plug-in, through the product: ``citadels-hub sim --game
cities-knights`` (engine only and at the simulated table, in process), its simulated people
tapping tagged progress cards and pressing buttons on the real protocol, its store, its
words in three languages, and its secrets (which card a seat drew)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hub.engine.cities_knights import Game, Setup, make_bot
from hub.engine.cities_knights.cards import CARDS
from hub.games import GAMES, plugin_for
from hub.games.cities_knights.plugin import PLUGIN, PRIVATE_EVENT_KINDS
from hub.games.cities_knights.words import LANGS, WORDS, catalogue, event_sentences
from hub.table.sim import SimTable

ROOT = Path(__file__).resolve().parents[3]
HUB = [sys.executable, "-m", "hub.cli", "sim", "--game", "cities-knights"]


def sim(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*HUB, *args], check=False, capture_output=True, text=True, timeout=300, cwd=ROOT)


def check_summary(line: dict[str, Any], players: int, seed: int) -> None:
    """The issue's fields of one ``sim --json`` line, and what the rules say of them."""
    assert (line["game"], line["seed"], line["players"]) == ("cities-knights", seed, players)
    assert line["rounds"] >= 1 and line["barbarian_attacks"] >= 0
    seats = line["seats"]
    assert [s["seat"] for s in seats] == list(range(1, players + 1))
    for s in seats:
        assert s["vp"] == sum(s["sources"].values())
        assert set(s["sources"]) == {"settlements", "cities", "metropolises", "longest_road", "defender", "merchant",
                                     "progress"}
        assert s["sources"]["cities"] == 2 * s["cities"] and 0 <= s["cities"] <= 4
        assert len(s["knights"]) <= 6 and set(s["improvements"]) == {"green", "yellow", "blue"}
        assert s["progress_played"] >= 0
    winner = next(s for s in seats if s["seat"] == line["winner"])
    assert winner["vp"] >= 13


def test_the_plugin_is_registered_under_its_name() -> None:
    assert GAMES["cities-knights"] is PLUGIN and plugin_for(Setup(players=3)) is PLUGIN
    assert PLUGIN.setup_from_json(Setup(players=4, seed=3, dice="physical").to_json()) == \
        Setup(players=4, seed=3, dice="physical")


@pytest.mark.slow  # whole `citadels-hub` processes
def test_sim_engine_only_and_at_the_table_print_the_issues_fields_the_same_bytes_each_time() -> None:
    for mode in (("--engine-only",), ()):
        runs = [sim(*mode, "--headless", "--json", "--seed", "3", "--games", "2", "--players", "3") for _ in range(2)]
        assert runs[0].returncode == 0, runs[0].stderr
        assert runs[0].stdout == runs[1].stdout
        lines = [json.loads(x) for x in runs[0].stdout.splitlines()]
        for seed, line in zip((3, 4), lines):
            check_summary(line, 3, seed)


class Recorded:
    def __init__(self) -> None:
        self.entries: list[tuple[str, dict[str, Any]]] = []

    def __call__(self, action: Any, meta: dict[str, Any]) -> None:
        self.entries.append((str(action), dict(meta)))


@pytest.mark.parametrize("players,seed,dice", [(3, 2, "hub"), (4, 7, "hub"), (4, 11, "physical")])
def test_simulated_people_tap_their_cards_and_press_buttons(players: int, seed: int, dice: str) -> None:
    journal = Recorded()
    heard: list[dict[str, Any]] = []
    table = SimTable(Setup(players=players, seed=seed, dice=dice), bots="table", journal_meta=journal,
                     listeners=(lambda event_id, message: heard.extend(message.get("events", ())),))
    try:
        game = table.play()
    finally:
        table.close()
    assert game.over and game.winner == game.turn_seat
    tapped = [(text, meta) for text, meta in journal.entries if text.split()[1] in ("draw", "discard", "take")]
    assert tapped and all(meta.get("uid") for _, meta in tapped)  # each drawn card tapped on a reader
    pressed = [meta for text, meta in journal.entries if text.split()[1] in ("roll", "end", "build", "confirm")]
    assert pressed and all(not meta.get("uid") and meta.get("device") for meta in pressed)
    assert [text for text, _ in journal.entries] == [str(a) for a in game.log]
    assert Game.replay(game.setup, [t for t, _ in journal.entries]).state_hash() == game.state_hash()
    kinds = {e.get("kind") for e in heard}
    assert {"rolled", "gate", "drew", "attack", "game_over"} <= kinds
    assert not kinds & PRIVATE_EVENT_KINDS  # which card a seat drew never reaches a listener
    assert all("card" not in e for e in heard if e.get("kind") in ("drew", "discarded", "took"))


@pytest.mark.slow  # whole `citadels-hub` processes
def test_a_stored_game_replays_exports_and_resumes_to_the_same_end(tmp_path: Path) -> None:
    db = str(tmp_path / "ck.db")
    whole = sim("--headless", "--json", "--seed", "5", "--players", "3", "--db", db)
    assert whole.returncode == 0, whole.stderr
    line = json.loads(whole.stdout)
    replayed = subprocess.run([sys.executable, "-m", "hub.cli", "replay", db, "--game", "1", "--json"],
                              capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert json.loads(replayed.stdout) == line
    exported = subprocess.run([sys.executable, "-m", "hub.cli", "export", db, "--game", "1"],
                              capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert exported.stdout.startswith("# Cities & Knights game 1, started ") and "# over: seat" in exported.stdout
    with sqlite3.connect(db) as cut:  # the power went out after the 40th action
        cut.execute("DELETE FROM actions WHERE idx >= 40")
    resumed = sim("--headless", "--json", "--seed", "5", "--players", "3", "--db", db, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout.splitlines()[-1]) == line


def test_every_public_event_is_told_in_three_languages_in_the_source_documents_terms() -> None:
    game = Game.new(Setup(players=4, seed=21))
    bot = make_bot("table", 21)
    told: set[str] = set()
    while game.pending is not None:
        for event in game.apply(bot.choose(game)):
            said = {lang: event_sentences({**event.to_json(), "to": event.to}, {}, lang) for lang in LANGS}
            if event.public:
                assert all(said[lang] for lang in LANGS), event.kind
                assert said["zh-Hans"] != said["en"]
                told.add(event.kind)
            else:
                assert not any(said.values())  # a seat's secret is never said
    assert {"rolled", "ship", "attack", "gate", "played", "improved", "game_over"} <= told
    zh = " ".join(catalogue()["zh-Hans"].values())
    for term in ("骑士", "野蛮人", "进度卡", "城市改善", "大都会", "城墙"):
        assert term in zh, term
    assert all(set(forms) == set(LANGS) for forms in WORDS.table.values())
    assert catalogue()["zh-Hans"]["card.P07"] == CARDS["P07a"].name_zh.rstrip("?")


@pytest.mark.parametrize("dice", ["hub", "physical"])  # the table's dice: entered through the seats' menus
def test_the_same_arguments_give_the_same_bytes_through_mosquitto(mosquitto: Any, dice: str) -> None:
    args = ("--headless", "--json", "--players", "4", "--seed", "7", "--games", "2", "--dice", dice)
    in_process = sim(*args)
    broker = sim(*args, "--broker", mosquitto.url)
    assert in_process.returncode == 0 and broker.returncode == 0, broker.stderr
    assert broker.stdout == in_process.stdout and len(in_process.stdout.splitlines()) == 2


def test_seats_hear_the_attack_and_the_cards_to_draw_with_leds_and_beeps() -> None:
    from hub.games.cities_knights.adapter import CitiesKnightsAdapter
    from hub.games.cities_knights.tags import ProgressTags

    adapter = CitiesKnightsAdapter(ProgressTags.virtual())
    lost = adapter.feedback([{"kind": "attack", "won": False, "barbarians": 4, "knights": 1, "losers": [2, 3],
                              "skipped": [1], "strength": {1: 0, 2: 0, 3: 0, 4: 1}, "attack": 1}])
    assert [(seat, f["led"], f["beep"]) for seat, f in lost] == [(1, "amber", "turn"), (2, "red", "error"),
                                                                 (3, "red", "error"), (4, "amber", "turn")]
    draw = adapter.feedback([{"kind": "gate", "colour": "green", "red": 2, "drawers": [3, 1]}])
    told = {"led": "amber", "beep": "turn", "text": ["Draw 1 green, tap it"]}
    assert draw == [(3, told), (1, told)]
    assert all(len(line) <= 21 for _, f in lost for line in f["text"])


def test_the_voice_says_the_roll_the_barbarians_a_card_played_and_the_winner_only() -> None:
    from hub.games.cities_knights.words import speech

    assert speech({"kind": "rolled", "seat": 1, "red": 3, "yellow": 4, "event": "ship", "total": 7}, "zh-Hans", {})
    assert speech({"kind": "knight", "seat": 1, "change": "build", "token": "1i"}, "en", {}) == []


def test_a_card_played_is_said_with_what_the_players_do_on_the_board() -> None:
    from hub.games.cities_knights.words import EFFECTS

    assert set(EFFECTS.table) == {c.slug for c in CARDS.values()}
    event = {"kind": "played", "seat": 2, "card": "P05a", "slug": "intrigue", "colour": "blue"}
    assert event_sentences(event, {}, "en") == ["Seat 2 plays Intrigue.", EFFECTS.table["intrigue"]["en"]]
    assert "骑士" in " ".join(event_sentences(event, {}, "zh-Hans"))
