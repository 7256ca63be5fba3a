"""The web side of issue 21's smaller items: chunked bodies, direction controls in names,
redirects naming the client's host, POSTs from other sites, Nagle on kept-alive answers."""

from __future__ import annotations

import http.client
import json
import socket
from typing import Any

import pytest

from tests.web_support import ADMIN_TOKEN, SEAT_TOKENS, FakeTable, LiveServer, make_app

ADMIN = f"/api/admin/{ADMIN_TOKEN}"


@pytest.fixture
def table() -> FakeTable:
    return FakeTable(4, seed=3)


@pytest.fixture
def client(table: FakeTable) -> Any:
    return make_app(table).test_client()


# --- text: control and direction characters ---------------------------------------------
@pytest.mark.parametrize("name", ["Bob\u202eevil", "\u2066Ann\u2069", "Eve\u200f", "Tab\x7f", "C1\x85x", "two\u2028lines"])
def test_names_with_control_or_direction_characters_are_refused(client: Any, table: FakeTable, name: str) -> None:
    response = client.post(f"{ADMIN}/game", json={"players": 3, "names": [name]})
    message = response.get_json()["message"]
    assert response.status_code == 400 and message.startswith("seat 1's name contains") and "text-direction" in message
    assert table.setup.players == 4  # no game started


@pytest.mark.parametrize("reason", ["card\u202efell", "card\x9bfell"])
def test_reasons_with_control_or_direction_characters_are_refused(client: Any, table: FakeTable, reason: str) -> None:
    response = client.post(f"{ADMIN}/pause", json={"reason": reason})
    assert response.status_code == 400 and response.get_json()["code"] == "bad_input"
    assert not table.paused


def test_names_in_any_script_and_emoji_still_pass(client: Any, table: FakeTable) -> None:
    names = ["Zoë", "小明", "علي", "Mo 👨\u200d👩\u200d👧"]  # Arabic needs no override; the ZWJ builds the emoji
    response = client.post(f"{ADMIN}/game", json={"players": 4, "names": names})
    assert response.status_code == 200, response.get_json()
    assert list(table.setup.names) == names


# --- POSTs from other sites ---------------------------------------------------------------
@pytest.mark.parametrize("route", ["pause", "resume"])
def test_body_less_admin_posts_are_refused(client: Any, table: FakeTable, route: str) -> None:
    """What a form on another site could send, token learned or not: no JSON body, no action."""
    for headers in ({}, {"Content-Type": "text/plain"}, {"Content-Type": "application/x-www-form-urlencoded"}):
        response = client.post(f"{ADMIN}/{route}", headers=headers)
        assert response.status_code == 400 and response.get_json()["code"] == "not_json"
    assert not table.paused


def test_posts_from_another_origin_are_refused_even_with_the_token(client: Any, table: FakeTable) -> None:
    for headers in ({"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
        response = client.post(f"{ADMIN}/pause", json={"reason": "x"}, headers=headers)
        assert response.status_code == 403, headers
    assert not table.paused
    same = client.post(f"{ADMIN}/pause", json={"reason": "x"},
                       headers={"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"})
    assert same.status_code == 200 and table.paused


# --- redirects ----------------------------------------------------------------------------
def test_redirects_never_name_the_host_the_client_sent(client: Any) -> None:
    response = client.get("/api//public", headers={"Host": "evil.example"})
    assert response.status_code == 308
    assert response.headers["Location"] == "/api/public"


# --- the served app: chunked bodies, Nagle ---------------------------------------------------
def test_a_chunked_request_body_is_read(table: FakeTable) -> None:
    with LiveServer(make_app(table)) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        body = iter([b'{"reason": ', b'"card on the floor"}'])
        connection.request("POST", f"{ADMIN}/pause", body=body, encode_chunked=True,
                           headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
        response = connection.getresponse()
        assert response.status == 200, response.read()
        response.read()
        connection.close()
    assert table.paused and table.pause_reason == "card on the floor"


def test_a_seat_answer_sent_chunked_is_applied(table: FakeTable) -> None:
    seat = table.game.pending.seat
    action = table.seat_view(seat)["you"]["options"][0]
    with LiveServer(make_app(table)) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        connection.request("POST", f"/api/seat/{SEAT_TOKENS[seat]}/answer",
                           body=iter([json.dumps({"action": action}).encode()]), encode_chunked=True,
                           headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
        response = connection.getresponse()
        assert response.status == 200 and json.loads(response.read())["ok"]
        connection.close()
    assert table.answers == [(seat, action)]


def test_answers_leave_without_waiting_for_nagle(table: FakeTable) -> None:
    """An answer is written in two parts (head, body): with Nagle on, a kept-alive request
    waited ~40 ms for the client's delayed ACK (bench/web_keepalive.py measures it)."""
    with LiveServer(make_app(table)) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        connection.request("GET", "/api/public")
        connection.getresponse().read()
        protocols = list(server.server.server.server_state.connections)
        assert protocols
        for protocol in protocols:
            sock = protocol.transport.get_extra_info("socket")
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
        connection.close()


# --- a budget per seat link (issue 31) ------------------------------------------------------
def test_a_seat_link_answering_in_a_loop_is_held_to_a_persons_pace() -> None:
    """The issue: one seat link posting refused answers pushed 400 frames in 1.9 s to every
    page. Past its burst a link is refused 429 with Retry-After before the table sees it;
    another seat's link is not."""
    table = CountingTable(4, seed=3, human_seats=frozenset({1, 2, 3, 4}))
    client = make_app(table).test_client()
    waiting = next(seat for seat in range(1, 5) if seat != table.game.pending.seat)
    statuses = [client.post(f"/api/seat/{SEAT_TOKENS[waiting]}/answer", json={"action": f"{waiting} pick king"})
                for _ in range(40)]
    too_many = [r for r in statuses if r.status_code == 429]
    assert len(too_many) >= 30 and table.asked <= 10, (len(too_many), table.asked)
    assert too_many[0].get_json()["code"] == "too_many_answers" and int(too_many[0].headers["Retry-After"]) >= 1
    seat = table.game.pending.seat
    action = table.seat_view(seat)["you"]["options"][0]
    assert client.post(f"/api/seat/{SEAT_TOKENS[seat]}/answer", json={"action": action}).status_code == 200


class CountingTable(FakeTable):
    """The fake table, counting every answer it is asked for (taken or refused)."""

    asked = 0

    def answer(self, seat: int, action_text: str) -> dict[str, Any]:
        self.asked += 1
        return super().answer(seat, action_text)
