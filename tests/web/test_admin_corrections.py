"""The admin's corrections, through the web and the real table (issue 22, issue 24 item 8).

Undo is every game's (the kernel's `void_last`: the game replayed without its last move);
a game's own corrections (Citadels' gold, The Builders' coins) are declared by its plug-in
and served by one route that names no game. A refused correction names its field; the undo
is told to everyone without a secret, and named to the trusted admin; the New game form
starts from the game on the table.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hub.engine.citadels import Setup
from hub.engine.nim import NimSetup
from hub.games.nim.adapter import NimAdapter
from hub.games import host_table, plugin_named
from hub.table.runtime import CurrentTable
from hub.transport import InProcessBus
from hub.web import create_app

ADMIN = "admin-" + "c" * 20
SEATS = {seat: f"seat{seat}-" + "s" * 16 for seat in range(1, 8)}
WEB = Path(__file__).resolve().parents[2] / "hub" / "web"


class Site:
    """A real table hosting a game, its web app (as ``sim`` and ``run`` serve it) and a test
    client; `events` every public event the table's listeners heard."""

    def __init__(self, game: str, setup: Any) -> None:
        plugin = plugin_named(game)
        self.table = host_table(plugin, InProcessBus(), plugin.virtual_registry(setup), setup)
        self.events: list[dict[str, Any]] = []
        self.table.subscribe(lambda _id, message: self.events.extend(message["events"]))
        self.table.start()
        self.app = create_app({"TABLE": CurrentTable(self.table), "ADMIN_TOKEN": ADMIN, "SEAT_TOKENS": SEATS, "GAME": plugin})
        self.client = self.app.test_client()
        self.api = f"/api/admin/{ADMIN}"

    def play(self, moves: int) -> list[str]:
        """`moves` moves by phone (each the first legal one); their texts."""
        said = []
        for _ in range(moves):
            action = self.table.game.legal_actions()[0]
            assert self.table.answer(action.seat, str(action))["ok"]
            said.append(str(action))
        return said

    def status(self) -> dict[str, Any]:
        return dict(self.client.get(f"{self.api}/status").get_json())

    def post(self, path: str, body: dict[str, Any]) -> Any:
        return self.client.post(self.api + path, json=body)


@pytest.fixture
def citadels() -> Iterator[Site]:
    site = Site("citadels", Setup(players=7, seed=11, mode="digital", edition="2000", variant="short",
                                  names=("Ann", "Bo", "Cai", "Dee", "Eve", "Fu", "Gil")))
    yield site
    site.table.stop()


def test_the_web_names_no_correction_of_a_game() -> None:
    """The web's routes and contract know the undo and a declared correction, never gold."""
    for name in ("app.py", "facade.py", "errors.py"):
        source = (WEB / name).read_text(encoding="utf-8")
        assert not re.search(r"gold|adjust", source, re.IGNORECASE), name


def test_each_game_declares_its_own_corrections() -> None:
    citadels, builders, nim = (plugin_named(name) for name in ("citadels", "builders", "nim"))
    assert [c.name for c in citadels.corrections] == ["gold"]
    assert [c.name for c in builders.corrections] == ["coins"]
    assert nim.corrections == ()
    gold = citadels.corrections[0].to_json()
    assert gold["shows"] == "gold"
    assert gold["fields"] == [{"name": "seat", "label": "seat", "seat": True, "nonzero": False},
                              {"name": "delta", "label": "gold_delta", "seat": False, "nonzero": True,
                               "low": -50, "high": 50}]


def test_the_gold_correction_is_served_from_its_declaration(citadels: Site) -> None:
    status = citadels.status()
    assert [c["name"] for c in status["corrections"]] == ["gold"]
    gold = citadels.table.game.player(6).gold
    response = citadels.post("/correct/gold", {"seat": 6, "delta": 3, "reason": "coin fell off"})
    assert response.status_code == 200 and response.get_json()["ok"]
    assert citadels.table.game.player(6).gold == gold + 3
    assert str(citadels.table.game.log[-1]) == "0 adjust 6 3 coin fell off"
    assert citadels.post("/correct/coins", {"seat": 6, "delta": 3, "reason": "x"}).status_code == 404


@pytest.mark.parametrize("body, field", [
    ({"seat": 6, "delta": 0, "reason": "x"}, "delta"),
    ({"seat": 6, "delta": 51, "reason": "x"}, "delta"),
    ({"seat": 8, "delta": 1, "reason": "x"}, "seat"),  # a 7-player game has no seat 8
    ({"seat": "6", "delta": 1, "reason": "x"}, "seat"),
    ({"seat": 6, "delta": 1, "reason": " "}, "reason"),
    ({"seat": 6, "delta": -9, "reason": "too much"}, "delta"),  # refused by the rules: seat 6 has 2 gold
])
def test_a_refused_correction_names_the_field_that_was_wrong(citadels: Site, body: dict[str, Any],
                                                             field: str) -> None:
    response = citadels.post("/correct/gold", body)
    assert response.status_code in (400, 409)
    assert response.get_json()["field"] == field
    assert citadels.table.game.log == []


def test_a_new_game_refused_names_its_field(citadels: Site) -> None:
    response = citadels.post("/game", {"players": 9, "mode": "digital"})
    assert response.status_code == 400 and response.get_json()["field"] == "players"


def test_undo_is_named_to_the_admin_and_told_to_everyone_without_the_secret(citadels: Site) -> None:
    """An undone character pick: the admin's status names the character before the undo;
    the stream and the scoreboard's log say a pick was undone, and never which."""
    (pick,) = citadels.play(1)
    character = pick.split()[-1]
    status = citadels.status()
    assert status["last_move"] == pick and status["can_undo"] is True
    assert citadels.post("/void", {"reason": "misread card"}).get_json()["ok"]
    assert citadels.table.game.log[-1].verb == "void" and citadels.table.game.pending.seat == 1
    (undone,) = [e for e in citadels.events if e["kind"] == "undone"]
    assert undone["seat"] == 1 and undone["reason"] == "misread card"
    assert {"kind": "picked", "seat": 1} in undone["told"]
    history = citadels.client.get("/api/history").get_json()["events"]
    logged = [e for e in history if e["kind"] == "undone"]
    assert len(logged) == 1 and logged[0]["reason"] == "misread card"
    assert logged[0]["words"] == {"en": "Correction (misread card): undone: Ann chose a character.",
                                  "zh-Hant": "更正（misread card）：撤銷了：Ann選好了角色。",
                                  "zh-Hans": "更正（misread card）：撤销了：Ann选好了角色。"}
    public = citadels.client.get("/api/public").get_json()
    view = public.get("view", public)
    strip = view.pop("characters")  # the character strip names every character of the game, never whose
    assert [entry["seat"] for entry in strip] == [None] * len(strip)
    for said in (json.dumps(undone), json.dumps(history), json.dumps(public)):
        assert character not in said
    assert citadels.status()["last_move"] is None
    refused = citadels.post("/void", {"reason": "again"})
    assert refused.status_code == 409 and refused.get_json()["code"] == "nothing_to_undo"


def test_an_undone_public_move_stays_in_the_log_with_its_undo_after_it(citadels: Site) -> None:
    """A gold correction undone: the log keeps the correction, then says it was undone,
    then goes on with what stands."""
    citadels.play(2)
    assert citadels.post("/correct/gold", {"seat": 3, "delta": 2, "reason": "bank"}).get_json()["ok"]
    assert citadels.post("/void", {"reason": "wrong seat"}).get_json()["ok"]
    citadels.play(1)
    kinds = [e["kind"] for e in citadels.client.get("/api/history").get_json()["events"]]
    corrected = kinds.index("gold")
    assert kinds[corrected + 1] == "undone" and kinds.count("undone") == 1 and kinds[-1] != "undone"


def test_the_new_game_form_starts_from_the_game_on_the_table(citadels: Site) -> None:
    form = citadels.status()["game_form"]
    assert form == {"players": 7, "names": ["Ann", "Bo", "Cai", "Dee", "Eve", "Fu", "Gil"], "mode": "digital",
                    "edition": "2000", "variant": "short"}
    assert "seed" not in json.dumps(form)


class NimWithoutUndo(NimAdapter):
    """Nim's adapter as a game without undo has it: writing none (the kernel's default)."""

    def undo_action(self, game: Any, reason: str) -> None:
        return None


def test_nim_undoes_through_the_kit() -> None:
    site = Site("nim", NimSetup(players=2, seed=3))
    try:
        took = site.play(1)
        assert site.status()["can_undo"] is True and site.status()["last_move"] == took[0]
        assert site.post("/void", {"reason": "oops"}).get_json()["ok"]
        assert [str(a) for a in site.table.game.log] == [took[0], "0 void oops"] and site.table.game.stones == 7
        assert site.status()["last_move"] is None
    finally:
        site.table.stop()


def test_a_game_that_writes_no_undo_refuses_it_by_code() -> None:
    site = Site("nim", NimSetup(players=2, seed=3))
    site.table.adapter = NimWithoutUndo(site.table.adapter.registry)
    try:
        site.play(1)
        assert site.status()["can_undo"] is False
        refused = site.post("/void", {"reason": "oops"})
        assert refused.status_code == 409 and refused.get_json()["code"] == "cannot_undo"
        assert site.post("/correct/gold", {"seat": 1, "delta": 1, "reason": "x"}).status_code == 404
    finally:
        site.table.stop()


def test_two_undos_take_back_two_moves_and_the_log_tells_each_after_what_it_took_back(citadels: Site) -> None:
    first, second, third = citadels.play(3)
    for reason in ("misread", "misread too"):
        assert citadels.post("/void", {"reason": reason}).get_json()["ok"]
    assert citadels.status()["last_move"] == first
    live = [(e["seat"], e["reason"]) for e in citadels.events if e["kind"] == "undone"]
    assert live == [(int(third.split()[0]), "misread"), (int(second.split()[0]), "misread too")]
    history = citadels.client.get("/api/history").get_json()["events"]
    assert [e["kind"] for e in history[-2:]] == ["undone", "undone"]
    assert [e["seat"] for e in history[-2:]] == [seat for seat, _ in live]
    assert [e["reason"] for e in history[-2:]] == ["misread", "misread too"]
    picked = [e for e in history if e["kind"] == "picked"]
    assert [e["seat"] for e in picked] == [int(m.split()[0]) for m in (first, second, third)]


def test_the_builders_undo_is_worded_in_three_languages_with_the_move_it_took_back() -> None:
    from hub.engine.builders import Setup as BuildersSetup

    site = Site("builders", BuildersSetup(players=3, seed=5, names=("Ann", "Bo", "Cai")))
    try:
        assert site.post("/correct/coins", {"seat": 2, "delta": 2, "reason": "bank"}).get_json()["ok"]
        assert site.post("/void", {"reason": "wrong seat"}).get_json()["ok"]
        (undone,) = [e for e in site.client.get("/api/history").get_json()["events"] if e["kind"] == "undone"]
        assert undone["words"]["en"] == "The table undoes a move (wrong seat): The table corrects Bo's coins by +2."
        assert all("wrong seat" in undone["words"][lang] and "Bo" in undone["words"][lang] for lang in ("zh-Hant", "zh-Hans"))
    finally:
        site.table.stop()


def test_an_undo_confirmed_for_one_move_never_takes_back_another(citadels: Site) -> None:
    """The admin confirmed "undo Ann's pick"; Bo picked meanwhile: refused, nothing undone."""
    (first,) = citadels.play(1)
    confirmed = citadels.status()["last_move"]
    assert confirmed == first
    citadels.play(1)
    refused = citadels.post("/void", {"reason": "misread", "expected": confirmed})
    assert refused.status_code == 409 and refused.get_json()["code"] == "moved_on"
    assert len(citadels.table.game.log) == 2
    assert citadels.post("/void", {"reason": "misread", "expected": citadels.status()["last_move"]}).get_json()["ok"]
