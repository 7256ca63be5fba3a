"""The Builders as a registered plug-in, through the product: ``citadels-hub sim --game
builders`` (in process, through Mosquitto, engine only), its simulated people acting with
virtual tagged cards and buttons on the real protocol, its table top, its terminal."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from typing import Any

import pytest

from hub.engine.builders import Game, Setup
from hub.engine.builders.cards import BUILDINGS, WORKERS
from hub.games import GAMES, plugin_for, plugin_named
from hub.games.builders.plugin import PLUGIN
from hub.games.builders.record import Teller, summary
from hub.table.sim import SimTable

HUB = [sys.executable, "-m", "hub.cli", "sim", "--game", "builders"]
CARD_ID = re.compile(r"\b([bw][0-9]{2}|m[1-8])\b")


def sim(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*HUB, *args], check=False, capture_output=True, text=True, timeout=timeout)


def check_summary(line: dict[str, Any], players: int, seed: int) -> None:
    """The contract of one ``sim --json`` line, and what the rules say of it."""
    assert line["game"] == "builders" and line["seed"] == seed and line["players"] == players
    seats = line["seats"]
    assert [s["seat"] for s in seats] == list(range(1, players + 1))
    assert line["turns"] == [s["turns"] for s in seats]
    assert max(line["turns"]) - min(line["turns"]) == 0  # everyone has as many turns: the round is played out
    for s in seats:
        assert s["points"] == sum(BUILDINGS[c].points for c in s["finished"])  # buildings and machines only
        assert s["score"] == s["points"] + s["coins"] // 10 and s["coins"] >= 0
    best = max(s["score"] for s in seats)
    assert line["winners"] and all(next(s for s in seats if s["seat"] == w)["score"] == best for w in line["winners"])
    assert line["winner"] == (line["winners"][0] if len(line["winners"]) == 1 else None)
    assert line["ended_by"] == "blocked" or max(s["points"] for s in seats) >= 17


def test_the_builders_is_a_registered_game() -> None:
    assert GAMES["builders"] is PLUGIN and plugin_named("builders") is PLUGIN
    assert plugin_for(Setup(players=2, seed=1)) is PLUGIN
    assert list(PLUGIN.seats) == [2, 3, 4]
    assert len(PLUGIN.virtual_registry(Setup(players=2)).tags) == 84  # every card has its own virtual tag


@pytest.mark.slow  # `citadels-hub sim` processes
def test_headless_json_prints_one_line_per_game_the_same_in_process_twice() -> None:
    first = sim("--headless", "--json", "--players", "3", "--seed", "21", "--games", "3")
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert len(lines) == 3
    for i, text in enumerate(lines):
        check_summary(json.loads(text), 3, 21 + i)
    again = sim("--headless", "--json", "--players", "3", "--seed", "21", "--games", "3")
    assert again.stdout == first.stdout


@pytest.mark.parametrize("players", [2, 4])
def test_the_same_arguments_give_the_same_bytes_through_mosquitto(mosquitto: Any, players: int) -> None:
    args = ("--headless", "--json", "--players", str(players), "--seed", "7", "--games", "2")
    in_process = sim(*args)
    broker = sim(*args, "--broker", mosquitto.url)
    assert in_process.returncode == 0 and broker.returncode == 0, broker.stderr
    assert broker.stdout == in_process.stdout and len(in_process.stdout.splitlines()) == 2


@pytest.mark.slow  # `citadels-hub sim` processes
def test_engine_only_json_is_the_engine_bots_game_and_the_same_twice() -> None:
    done = sim("--headless", "--engine-only", "--json", "--players", "4", "--seed", "3", "--games", "2")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(t) for t in done.stdout.splitlines()]
    assert len(lines) == 2
    for i, line in enumerate(lines):
        check_summary(line, 4, 3 + i)
        assert line == summary(PLUGIN.engine_only(Setup(players=4, seed=3 + i), "heuristic"))
    assert sim("--headless", "--engine-only", "--json", "--players", "4", "--seed", "3", "--games", "2").stdout == done.stdout
    text = sim("--headless", "--engine-only", "--players", "2", "--seed", "3")
    assert text.returncode == 0 and text.stdout.startswith("seed 3: 2 players,")


def test_a_player_count_the_box_does_not_take_is_refused_before_anything_starts() -> None:
    for players in ("1", "5"):
        done = sim("--headless", "--json", "--players", players)
        assert done.returncode == 2 and done.stdout == ""
        assert "2 to 4" in done.stderr or "2..4" in done.stderr or "between 2 and 4" in done.stderr, done.stderr


class Recorded:
    """A journal that keeps each action with its meta (the tag UID a card said it with)."""

    def __init__(self) -> None:
        self.entries: list[tuple[str, dict[str, Any]]] = []

    def __call__(self, action: Any, meta: dict[str, Any]) -> None:
        self.entries.append((str(action), dict(meta)))


@pytest.mark.parametrize("players,seed,bots", [(2, 5, "heuristic"), (3, 8, "random"), (4, 13, "heuristic")])
def test_simulated_people_lay_cards_and_press_buttons_and_the_table_top_follows(players: int, seed: int,
                                                                                bots: str) -> None:
    journal = Recorded()
    table = SimTable(Setup(players=players, seed=seed), bots=bots, journal_meta=journal)
    try:
        world = table.world
        checked = 0

        def same_table_top() -> None:
            nonlocal checked
            view = table.service.game.public_view()
            places = world.places()
            assert sorted(places) == sorted([*BUILDINGS, *WORKERS])  # each card in exactly one place
            assert [b["id"] for b in view["rows"]["buildings"]] == world.building_row
            assert [w["id"] for w in view["rows"]["workers"]] == world.worker_row
            for s in view["seats"]:
                assert sorted(w["id"] for w in s["workers"]) == sorted(world.crew[s["seat"]])
                assert {x["id"]: [w["id"] for w in x["workers"]] for x in s["sites"]} == world.sites[s["seat"]]
            checked += 1

        game = table.play(after_step=same_table_top)
        assert game.over and checked > 20
    finally:
        table.close()
    said_with_cards = [(text, meta) for text, meta in journal.entries if text.split()[1] in ("open", "recruit", "send")]
    assert said_with_cards and all(meta.get("uid") for _, meta in said_with_cards)  # laid on a reader, each one
    pressed = [meta for text, meta in journal.entries if text.split()[1] in ("coins", "buy", "end")]
    assert pressed and all(not meta.get("uid") and meta.get("device") for meta in pressed)  # the seat's buttons
    assert [text for text, _ in journal.entries] == [str(a) for a in game.log]
    assert Game.replay(game.setup, [t for t, _ in journal.entries]).state_hash() == game.state_hash()


def test_the_terminal_tells_every_public_event_in_words_never_a_card_id() -> None:
    out = io.StringIO()
    teller = Teller({1: "Ann", 2: "Bob"}, out=out)
    table = SimTable(Setup(players=2, seed=9, names=("Ann", "Bob")), listeners=(teller.on_message,))
    try:
        game = table.play()
    finally:
        teller.mute()
        table.close()
    text = out.getvalue()
    assert not CARD_ID.search(text), CARD_ID.search(text)
    assert "Round 1: " in text and "finishes the" in text and "Game over: " in text
    assert "the last round is played out" in text or "Nobody can finish" in text
    winner = game.result()["winners"][0]
    assert f"Game over: {('Ann', 'Bob')[winner - 1]}" in text


def test_sim_tells_the_game_and_ends_with_the_result_line() -> None:
    done = sim("--headless", "--players", "2", "--seed", "9", "--names", "Ann,Bob")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Set up: face up, the buildings ") and lines[1].startswith("Round 1: ") and re.fullmatch(r"Game 1: (Ann|Bob) wins with [0-9]+\.", lines[-1])
    assert not CARD_ID.search(done.stdout)
