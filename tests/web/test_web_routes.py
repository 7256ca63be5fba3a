"""Every web route through Flask's test client, with its refusals."""

from __future__ import annotations

import io
import json
import os
from typing import Any

import pytest

from hub.games import GAMES, plugin_named
from hub.web import create_app, make_tokens, print_access
from hub.protocol import LEDS
from hub.web.app import MAX_CONTENT_LENGTH
from hub.web.pages import PAGE_STYLE
from hub.web.state import game_assets
from hub.web.tokens import seat_for_token, token_matches
from tests.web_support import ADMIN_TOKEN, SEAT_TOKENS, FakeTable, make_app, sse_frames

ADMIN = f"/api/admin/{ADMIN_TOKEN}"
BAD_TOKEN = "x" * 32


@pytest.fixture
def table() -> FakeTable:
    return FakeTable(4, seed=5, names=("Ann", "Ben", "Cai", "Dee"))


@pytest.fixture
def client(table: FakeTable):
    app = make_app(table)
    yield app.test_client()
    from hub.web.app import close_app

    close_app(app)


def seat_api(seat: int) -> str:
    return f"/api/seat/{SEAT_TOKENS[seat]}"


def pending_seat(table: FakeTable) -> int:
    assert table.game.pending is not None
    return table.game.pending.seat


# --- the game log -----------------------------------------------------------------------
def test_api_history_is_the_whole_game_in_public_events_with_words(client, table: FakeTable) -> None:
    table.play_to_end()
    body = client.get("/api/history").get_json()
    from hub.engine.citadels.history import public_history

    expected = public_history(table.game.setup, table.game.log)
    assert body["id"] == table.last_event_id()
    assert [{k: v for k, v in e.items() if k != "words"} for e in body["events"]] == expected
    assert body["events"][0]["words"]["en"] == "Round 1 begins; Ann holds the crown."
    assert body["events"][0]["words"]["zh-Hant"] == "第1輪開始，Ann持有皇冠。"
    assert body["events"][-1]["words"]["zh-Hans"].startswith("游戏结束：")
    assert all("to" not in e and "speech" not in e for e in body["events"])
    hands = {c for p in table.game.players for c in p.hand}
    assert not any(isinstance(v, list) and set(map(str, v)) & hands for e in body["events"] for v in e.values())


def test_api_history_without_a_table_history_falls_back_to_recent() -> None:
    class Older(FakeTable):
        history = None  # a table from before the history existed

    older = Older(4, seed=5)
    older.step()
    app = make_app(older)
    events = app.test_client().get("/api/history").get_json()["events"]
    assert [e["kind"] for e in events] == ["picked", "draft_turn"]  # what the table keeps


def test_default_seat_names_and_pauses_are_worded_per_language(client, table: FakeTable) -> None:
    from hub.games.citadels.pages import sentence, card_names

    names = {1: "Seat 1", 2: "Ben"}
    assert sentence({"kind": "revealed", "seat": 1, "character": "king"}, "zh-Hant", names, card_names()["zh-Hant"]) \
        == "1號座位是國王。"
    assert sentence({"kind": "revealed", "seat": 2, "character": "thief"}, "zh-Hans", names, card_names()["zh-Hans"]) \
        == "Ben是盗贼。"
    table.pause("card on the floor")
    view = client.get("/api/public").get_json()["view"]
    assert view["pause"] == {"reason": "card on the floor"}
    table.pause("paused: seat 3's reader is offline", reader=3)
    assert client.get("/api/public").get_json()["view"]["pause"] == {"reader": 3}
    table.resume()
    assert client.get("/api/public").get_json()["view"]["pause"] is None


# --- public -----------------------------------------------------------------------------
def test_scoreboard_page_is_self_contained(client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "/static/hub.js" in html and "/game/common.js" in html and "/game/scoreboard.js" in html
    assert "http://" not in html and "https://" not in html  # no CDN: the table is offline
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["Referrer-Policy"] == "no-referrer"


def test_the_seat_page_shows_every_led_colour_a_hub_command_may_ask_for(client) -> None:
    """The seat page mirrors the display's LED; white (the game is over) once showed as off."""
    response = client.get("/static/app.css")
    css = response.get_data(as_text=True)
    response.close()
    assert [led for led in LEDS if led != "off" and f'.led[data-led="{led}"]' not in css] == []


def test_a_games_own_styles_are_linked_after_the_hubs_and_the_hubs_name_no_district(client) -> None:
    """Citadels' district colours, cities and characters' strip are its package's
    (``static/style.css``, linked on its pages after ``app.css``), not the hub's."""
    html = client.get("/").get_data(as_text=True)
    assert ('<link rel="stylesheet" href="/static/app.css">\n'
            '<link rel="stylesheet" href="/game/style.css">') in html
    own, hubs = "", ""
    for path in ("/game/style.css", "/static/app.css"):
        response = client.get(path)
        own, hubs = hubs, response.get_data(as_text=True)
        response.close()
    assert ".t-noble" in own and ".district" in own and ".strip" in own
    assert [word for word in ("noble", "religious", "district", "strip", "crown", "robbed") if word in hubs] == []


@pytest.mark.parametrize("name", ["/static/app.css", "/static/hub.js", "/static/basic/scoreboard.js",
                                  "/game/common.js", "/game/scoreboard.js", "/game/seat.js", "/game/admin.js"])
def test_static_assets_are_served(client, name: str) -> None:
    response = client.get(name)
    assert response.status_code == 200
    assert b"http://" not in response.data and b"https://" not in response.data
    response.close()


def test_api_public_is_the_public_view_with_words(client, table: FakeTable) -> None:
    table.step()
    body = client.get("/api/public").get_json()
    assert body["id"] == table.last_event_id() == 1
    view = body["view"]
    assert [s["name"] for s in view["seats"]] == ["Ann", "Ben", "Cai", "Dee"]
    assert all(isinstance(s["hand"], int) and s["online"] is True for s in view["seats"])
    assert "you" not in view
    assert view["recent"][0]["kind"] == "picked"
    assert set(view["recent"][0]["words"]) == {"en", "zh-Hant", "zh-Hans"}
    assert view["recent"][0]["words"]["en"].startswith("Ann")


def test_i18n_has_three_languages_and_engine_card_names(client) -> None:
    body = client.get("/api/i18n").get_json()
    assert body["langs"] == ["en", "zh-Hant", "zh-Hans"]
    assert body["cards"]["en"]["manor"] == "Manor"
    assert body["cards"]["zh-Hant"]["king"] == "國王"
    assert body["cards"]["zh-Hans"]["king"] == "国王"
    assert body["ui"]["zh-Hans"]["gold"] != body["ui"]["en"]["gold"]


def test_events_stream_starts_with_a_snapshot(client, table: FakeTable) -> None:
    table.step()
    response = client.get("/events", buffered=False)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    event_id, data = next(sse_frames(iter(response.response)))
    assert event_id == 1
    message = json.loads(data)
    assert message["id"] == 1 and message["events"] == []
    assert message["view"]["seats"][0]["name"] == "Ann"
    response.close()


@pytest.mark.parametrize("bad", ["abc", "-1", "1" * 40])
def test_events_refuse_a_bad_last_event_id(client, bad: str) -> None:
    response = client.get("/events", headers={"Last-Event-ID": bad})
    assert response.status_code == 400
    assert "Last-Event-ID" in response.get_json()["message"]


def test_events_refuse_beyond_max_clients(table: FakeTable) -> None:
    app = make_app(table, SSE_MAX_CLIENTS=1)
    client = app.test_client()
    first = client.get("/events", buffered=False)
    next(iter(first.response))
    second = client.get("/events")
    assert second.status_code == 503
    assert second.get_json()["code"] == "busy"
    first.close()


def test_public_qr_code_is_svg(client) -> None:
    response = client.get("/qr.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml" and b"<svg" in response.data


def test_unknown_api_path_is_json_404(client) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404
    assert response.get_json()["code"] == "not_found"


# --- seat pages -------------------------------------------------------------------------
def test_seat_page_opens_with_its_token(client) -> None:
    response = client.get(f"/seat/{SEAT_TOKENS[2]}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'data-seat="2"' in html and f'data-api="/api/seat/{SEAT_TOKENS[2]}"' in html
    assert response.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("token", [BAD_TOKEN, "short", ADMIN_TOKEN, "y" * 500])
def test_seat_page_and_api_refuse_a_bad_token(client, token: str) -> None:
    assert client.get(f"/seat/{token}").status_code == 403
    response = client.get(f"/api/seat/{token}")
    assert response.status_code == 403
    assert response.get_json()["code"] == "forbidden"
    assert client.post(f"/api/seat/{token}/answer", json={"action": "1 pick king"}).status_code == 403


def test_a_seat_link_without_a_player_this_game_is_404(client) -> None:
    assert client.get(f"/seat/{SEAT_TOKENS[6]}").status_code == 404
    response = client.get(f"/api/seat/{SEAT_TOKENS[6]}")
    assert response.status_code == 404 and "seat 6" in response.get_json()["message"]
    assert client.post(f"/api/seat/{SEAT_TOKENS[6]}/answer", json={"action": "6 pick king"}).status_code == 404


def test_seat_api_shows_only_that_seats_secrets(client, table: FakeTable) -> None:
    for seat in (1, 2):
        view = client.get(seat_api(seat)).get_json()["view"]
        assert view["you"]["seat"] == seat
        assert view["you"]["hand"] == sorted(table.game.player(seat).hand)
        assert all(isinstance(s["hand"], int) for s in view["seats"])
        assert "you" not in json.dumps(view["seats"])


class MovingTable(FakeTable):
    """A table where a move lands just after a seat's view is read (a bot, another phone)."""

    def seat_view(self, seat: int) -> dict[str, Any]:
        view = super().seat_view(seat)
        self.step()
        return view


def test_seat_api_never_gives_a_view_older_than_its_id() -> None:
    table = MovingTable(4, seed=5)
    app = make_app(table)
    try:
        before = table.last_event_id()
        seat = pending_seat(table)
        answer = app.test_client().get(seat_api(seat)).get_json()
        assert table.last_event_id() == before + 1  # the move landed between the readings
        assert answer["id"] == before  # the view is of the table before it: so is its id
        assert answer["view"]["pending"]["seat"] == seat
    finally:
        from hub.web.app import close_app

        close_app(app)


def test_answer_applies_a_pending_option(client, table: FakeTable) -> None:
    seat = pending_seat(table)
    options = client.get(seat_api(seat)).get_json()["view"]["you"]["options"]
    assert options
    response = client.post(f"{seat_api(seat)}/answer", json={"action": options[0]})
    assert response.status_code == 200 and response.get_json() == {"ok": True}
    assert table.answers == [(seat, options[0])]
    assert str(table.game.log[-1]) == options[0]


def test_answer_refused_by_the_rules_is_409_with_code(client, table: FakeTable) -> None:
    seat = pending_seat(table)
    waiting = seat % 4 + 1
    response = client.post(f"{seat_api(waiting)}/answer", json={"action": f"{waiting} pick king"})
    assert response.status_code == 409
    body = response.get_json()
    assert body["ok"] is False and body["code"] == "not_your_turn" and body["message"]
    assert table.game.log == []


def test_answer_for_another_seat_is_forbidden(client, table: FakeTable) -> None:
    seat = pending_seat(table)
    other = seat % 4 + 1
    options = table.game.seat_view(seat)["you"]["options"]
    response = client.post(f"{seat_api(other)}/answer", json={"action": options[0]})
    assert response.status_code == 403
    assert table.game.log == []


@pytest.mark.parametrize(
    "body, fragment",
    [
        ({}, "'action' is required"),
        ({"action": 5}, "must be a string"),
        ({"action": ""}, "required"),
        ({"action": "1 " + "x" * 100}, "longer than"),
        ({"action": "pick king"}, "look like"),
        ({"action": "1 pick king; rm"}, "look like"),
        ({"action": "1\x00 pick"}, "control characters"),
        (["1 pick king"], "JSON object"),
    ],
)
def test_answer_refuses_bad_input_with_400(client, body, fragment: str) -> None:
    response = client.post(f"{seat_api(1)}/answer", json=body)
    assert response.status_code == 400
    assert fragment in response.get_json()["message"]


def test_answer_refuses_non_json_and_oversized_bodies(client) -> None:
    response = client.post(f"{seat_api(1)}/answer", data="1 pick king", content_type="text/plain")
    assert response.status_code == 400
    huge = json.dumps({"action": "1 pick king", "pad": "x" * MAX_CONTENT_LENGTH})
    response = client.post(f"{seat_api(1)}/answer", data=huge, content_type="application/json")
    assert response.status_code == 413
    assert response.get_json()["code"] == "too_large"


def test_answer_is_post_only(client) -> None:
    assert client.get(f"{seat_api(1)}/answer").status_code == 405


# --- admin ------------------------------------------------------------------------------
def test_admin_page_and_status(client, table: FakeTable) -> None:
    assert client.get(f"/admin/{ADMIN_TOKEN}").status_code == 200
    status = client.get(f"{ADMIN}/status").get_json()
    assert status["paused"] is False
    assert status["seats_online"] == {"1": True, "2": True, "3": True, "4": True}
    assert [link["seat"] for link in status["seat_links"]] == [1, 2, 3, 4]
    assert status["seat_links"][0]["url"].endswith(f"/seat/{SEAT_TOKENS[1]}")


def test_admin_links_use_public_url(table: FakeTable) -> None:
    app = make_app(table, PUBLIC_URL="http://hub.local:8000/")
    status = app.test_client().get(f"{ADMIN}/status").get_json()
    assert status["seat_links"][1]["url"] == f"http://hub.local:8000/seat/{SEAT_TOKENS[2]}"
    assert status["scoreboard_url"] == "http://hub.local:8000/"


@pytest.mark.parametrize(
    "method, path",
    [
        ("get", "/admin/{t}"), ("get", "/api/admin/{t}/status"), ("get", "/api/admin/{t}/qr/seat/1"),
        ("post", "/api/admin/{t}/game"), ("post", "/api/admin/{t}/pause"),
        ("post", "/api/admin/{t}/resume"), ("post", "/api/admin/{t}/void"), ("post", "/api/admin/{t}/correct/gold"),
    ],
)
@pytest.mark.parametrize("token", [BAD_TOKEN, SEAT_TOKENS[1]])
def test_admin_refuses_bad_tokens(client, table: FakeTable, method: str, path: str, token: str) -> None:
    before = table.last_event_id()
    response = getattr(client, method)(path.format(t=token), json={"players": 3, "reason": "x", "seat": 1, "delta": 1})
    assert response.status_code == 403
    assert table.last_event_id() == before and not table.paused


def test_admin_seat_qr_codes(client) -> None:
    response = client.get(f"{ADMIN}/qr/seat/3")
    assert response.status_code == 200 and b"<svg" in response.data
    assert client.get(f"{ADMIN}/qr/seat/99").status_code == 404


def test_admin_new_game(client, table: FakeTable) -> None:
    response = client.post(f"{ADMIN}/game", json={
        "players": 3, "names": ["Xu", "Yan", ""], "variant": "classic8", "mode": "physical", "seed": 9})
    assert response.status_code == 200 and response.get_json()["ok"] is True
    view = client.get("/api/public").get_json()["view"]
    assert [s["name"] for s in view["seats"]] == ["Xu", "Yan", "Seat 3"]  # each page says it in its language
    assert view["mode"] == "physical" and view["complete_at"] == 8
    assert table.setup.seed == 9


@pytest.mark.parametrize(
    "body, fragment",
    [
        ({"players": 1}, "between 2 and 7"),
        ({"players": 9}, "between 2 and 7"),
        ({"players": "4"}, "integer"),
        ({"players": True}, "integer"),
        ({}, "'players' is required"),
        ({"players": 3, "variant": "modern"}, "variant"),
        ({"players": 3, "mode": "magic"}, "mode"),
        ({"players": 3, "names": "Ann"}, "list"),
        ({"players": 3, "names": [1, 2, 3]}, "string"),
        ({"players": 3, "names": ["A" * 21]}, "at most 20"),
        ({"players": 3, "names": ["Ann", "ann"]}, "seat 2's name 'ann' is seat 1's too"),
        ({"players": 3, "names": ["Seat 2"]}, "seat 1's name 'Seat 2' reads as seat 2's"),
        ({"players": 3, "names": ["A", "B", "C", "D"]}, "4 names given for 3 players"),
        ({"players": 3, "seed": -1}, "seed"),
        ({"players": 3, "seed": "x"}, "seed"),
    ],
)
def test_admin_new_game_refuses_bad_input(client, table: FakeTable, body, fragment: str) -> None:
    response = client.post(f"{ADMIN}/game", json=body)
    assert response.status_code == 400
    assert fragment in response.get_json()["message"]
    assert table.setup.players == 4


def test_admin_pause_and_resume_reach_the_public_view(client, table: FakeTable) -> None:
    assert client.post(f"{ADMIN}/pause", json={"reason": "card fell"}).status_code == 200
    view = client.get("/api/public").get_json()["view"]
    assert view["paused"] is True and view["pause_reason"] == "card fell"
    assert view["recent"][-1]["kind"] == "paused"
    assert client.post(f"{ADMIN}/pause", json={}).status_code == 200  # no reason: a default one
    assert client.post(f"{ADMIN}/pause", json={"reason": "r" * 201}).status_code == 400
    assert client.post(f"{ADMIN}/resume", json={}).status_code == 200
    assert client.get("/api/public").get_json()["view"]["paused"] is False


def test_the_admin_page_says_how_cards_are_enrolled_and_offers_no_button_that_cannot(client) -> None:
    """Enrollment needs the seats' readers, which the running hub holds: it is the command
    line's (`citadels-hub enroll`), so the page says so instead of a button always refused."""
    html = client.get(f"/admin/{ADMIN_TOKEN}").get_data(as_text=True)
    assert 'data-i18n="admin_enroll_hint"' in html and "citadels-hub enroll" in html
    assert client.post(f"{ADMIN}/enroll", json={}).status_code in (404, 405)


def test_admin_void_last_is_logged_as_a_correction(client, table: FakeTable) -> None:
    assert client.post(f"{ADMIN}/void", json={"reason": "misread"}).status_code == 409  # nothing yet
    table.step()
    after_one = (table.game.pending, table.game.public_view())
    table.step()
    assert client.post(f"{ADMIN}/void", json={}).status_code == 400
    response = client.post(f"{ADMIN}/void", json={"reason": "misread card"})
    assert response.status_code == 200
    assert str(table.game.log[-1]) == "0 void misread card"
    assert (table.game.pending, table.game.public_view()) == after_one  # back to one step in
    recent = client.get("/api/public").get_json()["view"]["recent"]
    undone = next(e for e in recent if e["kind"] == "undone")
    assert undone["reason"] == "misread card" and undone["seat"] == 2


def test_admin_adjust_gold_is_logged_with_reason(client, table: FakeTable) -> None:
    gold = table.game.player(2).gold
    response = client.post(f"{ADMIN}/correct/gold", json={"seat": 2, "delta": 3, "reason": "miscounted tax"})
    assert response.status_code == 200
    assert table.game.player(2).gold == gold + 3
    assert str(table.game.log[-1]) == "0 adjust 2 3 miscounted tax"
    view = client.get("/api/public").get_json()["view"]
    assert view["seats"][1]["gold"] == gold + 3
    assert view["recent"][-1]["kind"] == "gold" and view["recent"][-1]["reason"] == "correction"
    refused = client.post(f"{ADMIN}/correct/gold", json={"seat": 2, "delta": -50, "reason": "too much"})
    assert refused.status_code == 409 and refused.get_json()["code"] == "cannot_afford"


@pytest.mark.parametrize(
    "body, fragment",
    [
        ({"seat": 2, "delta": 0, "reason": "x"}, "zero"),
        ({"seat": 2, "delta": 51, "reason": "x"}, "between"),
        ({"seat": "2", "delta": 1, "reason": "x"}, "integer"),
        ({"seat": 2, "delta": 1.5, "reason": "x"}, "integer"),
        ({"seat": 2, "delta": 1}, "'reason' is required"),
        ({"seat": 2, "delta": 1, "reason": "   "}, "'reason' is required"),
        ({"seat": 0, "delta": 1, "reason": "x"}, "between"),
    ],
)
def test_admin_adjust_gold_refuses_bad_input(client, table: FakeTable, body, fragment: str) -> None:
    response = client.post(f"{ADMIN}/correct/gold", json=body)
    assert response.status_code == 400
    assert fragment in response.get_json()["message"]
    assert table.game.log == []


def test_a_correction_without_a_reason_is_refused_with_its_own_code(client, table: FakeTable) -> None:
    """The admin page words "Please give a reason" from the code, never from the English message."""
    for path, body in ((f"{ADMIN}/correct/gold", {"seat": 2, "delta": 1}), (f"{ADMIN}/void", {"reason": "  "})):
        response = client.post(path, json=body)
        assert response.status_code == 400 and response.get_json()["code"] == "reason_required"
    assert table.game.log == []


# --- tokens, factory, access printing ------------------------------------------------
def test_make_tokens_are_distinct_and_unguessable() -> None:
    admin, seats = make_tokens(7)
    assert sorted(seats) == [1, 2, 3, 4, 5, 6, 7]
    everything = [admin, *seats.values()]
    assert len(set(everything)) == 8 and all(len(t) >= 24 for t in everything)
    assert make_tokens(7)[0] != admin
    assert seat_for_token(seats, seats[5]) == 5 and seat_for_token(seats, admin) is None
    assert token_matches(admin, admin) and not token_matches(admin, admin[:-1]) and not token_matches(admin, "")


def test_create_app_refuses_bad_config() -> None:
    table = FakeTable(2)
    with pytest.raises(ValueError, match="TableFacade"):
        create_app({"GAME": plugin_named("citadels"), "TABLE": object(), "ADMIN_TOKEN": ADMIN_TOKEN, "SEAT_TOKENS": {}})
    with pytest.raises(ValueError, match="ADMIN_TOKEN"):
        create_app({"GAME": plugin_named("citadels"), "TABLE": table, "ADMIN_TOKEN": "short", "SEAT_TOKENS": {}})
    with pytest.raises(ValueError, match="differ"):
        create_app({"GAME": plugin_named("citadels"), "TABLE": table, "ADMIN_TOKEN": ADMIN_TOKEN, "SEAT_TOKENS": {1: ADMIN_TOKEN}})
    # without its game the app does not start: no silent Citadels pages around another game's table
    with pytest.raises(ValueError, match=r"config\['GAME'\]"):
        create_app({"TABLE": table, "ADMIN_TOKEN": ADMIN_TOKEN, "SEAT_TOKENS": {}})
    with pytest.raises(ValueError, match=r"config\['GAME'\]"):
        create_app({"GAME": "builders", "TABLE": table, "ADMIN_TOKEN": ADMIN_TOKEN, "SEAT_TOKENS": {}})


def test_print_access_prints_links_and_terminal_qr() -> None:
    out = io.StringIO()
    print_access("http://10.0.0.2:8000/", "A" * 24, {1: "B" * 24, 2: "C" * 24}, out=out)
    text = out.getvalue()
    assert "Scoreboard: http://10.0.0.2:8000/\n" in text
    assert f"Table admin: http://10.0.0.2:8000/admin/{'A' * 24}" in text
    assert f"Seat 2: http://10.0.0.2:8000/seat/{'C' * 24}" in text
    assert "█" in text  # the QR codes, drawn with block characters


def test_every_hint_the_table_gives_has_words_in_three_languages() -> None:
    """The seat page shows `you.hint` through the catalogue: a hint without words would
    leave the player with an empty box (or an id)."""
    import inspect
    import re

    from hub.games.citadels import CitadelsAdapter
    from hub.kernel import Table
    from hub.games.citadels import PLUGIN
    from hub.web.i18n import catalogue

    source = inspect.getsource(Table.hint) + inspect.getsource(CitadelsAdapter.hint)  # the table's and the game's
    hints = set(re.findall(r'return "([a-z_]+)"', source))
    assert {"lay_character", "lay_district_or_button", "use_buttons", "lift_cards", "wait", "game_over"} <= hints
    words = catalogue(PLUGIN)["ui"]
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert all(words[lang].get(f"hint_{h}") for h in hints), lang


# --- every game's admin page --------------------------------------------------------------
CONTROLS = ("pause", "resume", "undo", "void", "new-game")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_admin_page_shows_a_control_before_its_script_has_wired_it(table: FakeTable, game: str) -> None:
    """The page is shown before its scripts have loaded and read the table (seconds on a
    loaded Pi): a Pause shown then did nothing when pressed, and the click was lost. The
    controls are either drawn by the script or in a main held hidden until it has wired them."""
    app = make_app(table, GAME=plugin_named(game))
    try:
        html = app.test_client().get(f"/admin/{ADMIN_TOKEN}").get_data(as_text=True)
    finally:
        from hub.web.app import close_app

        close_app(app)
    main = html[html.index("<main "):html.index("</main>")]
    if not main.startswith('<main id="main" hidden>'):
        assert [c for c in CONTROLS if f'id="{c}"' in main] == [], game


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_games_stylesheet_is_the_one_its_pages_link_in_their_head(name: str) -> None:
    """A game's stylesheet is its ``static/style.css``, which every page of its links in the
    head (`hub.web.pages.page_styles`), so the page is never drawn without it. The Builders'
    and Cities & Knights' had other names and were added by their scripts once the page was
    drawn: a slow phone showed it unstyled for a moment, and a check of its text sizes saw
    the body's 18 px."""
    folder = game_assets(GAMES[name])
    sheets = sorted(f for f in os.listdir(folder) if f.endswith(".css")) if folder is not None else []
    assert sheets in ([], [PAGE_STYLE]), sheets
