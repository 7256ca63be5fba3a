"""The hub service end to end: virtual seats -> protocol -> TableService -> engine -> cmd."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hub.engine import Setup
from hub.protocol import SeatCommand
from hub.table import TableService, TagRegistry
from hub.table.registry import CardRef, virtual_uid
from hub.table.sim import SimTable
from hub.table.virtual_seat import VirtualSeat
from hub.transport import InProcessBus, MqttBus, Will

KING = virtual_uid(CardRef("character", "king"))
THIEF = virtual_uid(CardRef("character", "thief"))
ASSASSIN = virtual_uid(CardRef("character", "assassin"))
MANOR = virtual_uid(CardRef("district", "manor", 1))


class Table:
    """A 4-player physical table with the hub and four virtual seats on one bus."""

    def __init__(self, bus: Any, target: Any, players: int = 4) -> None:
        self.service = TableService(bus, TagRegistry.virtual(), Setup(players=players, mode="physical"))
        self.service.start()
        self.seats = {s: VirtualSeat(target, seat=s, device=f"test-{s}") for s in range(1, players + 1)}

    def answer(self, seat: int, event: dict[str, Any]) -> SeatCommand:
        return self.seats[seat].answer_to(event, timeout=5)

    def close(self) -> None:
        for seat in self.seats.values():
            seat.close()


@pytest.fixture
def table() -> Any:
    bus = InProcessBus()
    t = Table(bus, bus)
    yield t
    t.close()


def test_face_up_cards_then_pick_with_cards(table: Table) -> None:
    s1 = table.seats[1]
    assert table.answer(1, s1.place(ASSASSIN)).code is None  # face up, reported by the crowned seat
    assert table.answer(1, s1.place(THIEF)).code is None
    answer = table.answer(1, s1.place(KING))
    assert answer.code is None and answer.led == "green"
    assert table.service.game.holder == {"king": 1}


def test_character_already_taken_and_not_your_turn(table: Table) -> None:
    s1, s2 = table.seats[1], table.seats[2]
    for uid in (ASSASSIN, THIEF, KING):
        table.answer(1, s1.place(uid))
    before = table.service.game.state_hash()
    assert table.answer(2, s2.place(KING)).code == "not_available"
    assert table.answer(1, s1.place(virtual_uid(CardRef("character", "bishop")))).code == "not_your_turn"
    assert table.service.game.state_hash() == before


def test_duplicate_and_late_deliveries_are_applied_once(table: Table) -> None:
    s1 = table.seats[1]
    table.answer(1, s1.place(ASSASSIN))
    s1.resend_last()
    s1.resend_last()
    assert table.service.counters["duplicate"] == 2
    assert table.service.game.faceup == ["assassin"]
    assert table.service.game.log[-1].verb == "faceup" and len(table.service.game.log) == 1


def test_out_of_order_delivery_is_not_confused() -> None:
    bus = InProcessBus()
    t = Table(bus, bus)
    raw = bus.client("raw")
    topic = "citadels/t1/seat/1/event"

    def event(seq: int, uid: str) -> bytes:
        return json.dumps({"v": 1, "device": "late-1", "boot": 9, "seq": seq, "t": 0, "type": "tag",
                           "edge": "added", "uid": uid}).encode()
    raw.publish(topic, event(2, THIEF))
    raw.publish(topic, event(1, ASSASSIN))  # arrives after a later one: still applied, once
    raw.publish(topic, event(2, THIEF))
    assert t.service.game.faceup == ["thief", "assassin"]
    assert t.service.counters["duplicate"] == 1
    t.close()


def test_buttons_cycle_through_options_and_ok_applies(table: Table) -> None:
    s1, s2, s3, s4 = (table.seats[s] for s in (1, 2, 3, 4))
    for seat, uid in ((1, ASSASSIN), (1, THIEF), (1, KING)):
        table.answer(seat, table.seats[seat].place(uid))
    for seat, char in ((2, "bishop"), (3, "merchant"), (4, "warlord")):
        table.answer(seat, table.seats[seat].place(virtual_uid(CardRef("character", char))))
    assert table.service.game.pending == (1, "turn")
    options = table.service.button_options(1)
    assert [str(a) for a in options][:2] == ["1 gold", "1 draw"]
    moved = table.answer(1, s1.press("a"))
    assert moved.text is not None and "Draw" in moved.text[0]
    table.answer(1, s1.press("b"))
    assert table.answer(1, s1.press("ok")).code is None
    assert table.service.game.player(1).gold == 4
    assert any(c.text and "Take 2 gold" in c.text[0] for c in s1.commands)
    assert table.answer(2, s2.press("ok")).code == "not_your_turn"
    del s3, s4


def test_build_with_a_district_card_and_warlord_targets_with_the_victims_card(table: Table) -> None:
    s = table.seats
    for seat, uid in ((1, ASSASSIN), (1, THIEF), (1, KING)):
        table.answer(seat, s[seat].place(uid))
    for seat, char in ((2, "bishop"), (3, "merchant"), (4, "warlord")):
        table.answer(seat, s[seat].place(virtual_uid(CardRef("character", char))))
    table.answer(1, s[1].press("ok"))  # gold
    assert table.answer(1, s[1].place(MANOR)).code is None
    assert table.service.game.player(1).city == ["manor"]
    s[1].lift(MANOR)
    assert table.answer(1, s[1].place(MANOR)).code == "already_built"
    for seat in (1, 2, 3):
        while table.service.game.pending and table.service.game.pending.seat == seat:
            options = table.service.button_options(seat)
            target = next(a for a in options if a.verb in ("gold", "end"))
            for _ in range(options.index(target)):
                table.answer(seat, s[seat].press("a"))
            table.answer(seat, s[seat].press("ok"))
    assert table.service.game.turn_char == "warlord"
    table.answer(4, s[4].press("ok"))  # gold: 4
    assert table.answer(4, s[4].place(MANOR)).code is None  # the King's Manor, laid on the Warlord's reader
    assert table.service.game.player(1).city == []


def test_unknown_tag_is_refused_at_the_seat(table: Table) -> None:
    answer = table.answer(1, table.seats[1].place("04DEADBEEF0000"))
    assert answer.code == "unknown_tag" and answer.led == "red"


def test_seat_offline_pauses_where_it_is_needed_and_resumes(table: Table) -> None:
    s1 = table.seats[1]
    s1.vanish()
    view = table.service.public_view()
    assert view["paused"] and "seat 1" in view["pause_reason"]
    assert table.service.answer(1, "1 faceup assassin")["code"] == "paused"
    s1.reconnect()
    assert not table.service.public_view()["paused"]
    assert table.answer(1, s1.place(ASSASSIN)).code is None


def test_phone_answers_go_through_the_same_queue() -> None:
    bus = InProcessBus()
    service = TableService(bus, TagRegistry.virtual(), Setup(players=4, mode="digital"))
    service.start()
    first = str(service.game.legal_actions()[0])
    assert service.answer(1, first) == {"ok": True}
    refused = service.answer(2, "1 faceup thief")
    assert refused["code"] == "wrong_seat"
    again = service.answer(1, first)
    assert again["ok"] is False and again["code"] and again["message"]


def test_admin_corrections_are_logged(table: Table) -> None:
    table.answer(1, table.seats[1].place(ASSASSIN))
    assert table.service.adjust_gold(2, 1, "coin fell off") == {"ok": True}
    assert table.service.game.player(2).gold == 3
    assert table.service.void_last("mistake") == {"ok": True}
    assert table.service.game.player(2).gold == 2
    assert [str(a) for a in table.service.game.log] == ["1 faceup assassin", "0 adjust 2 1 coin fell off",
                                                        "0 void mistake"]


# ---------------------------------------------------------------- through a real broker
BAD_INPUTS = [
    ("malformed JSON", b"{not json", "bad_json"),
    ("wrong v", json.dumps({"v": 2, "device": "d", "boot": 1, "seq": 1, "t": 0, "type": "button", "button": "a"}), "bad_version"),
    ("missing field", json.dumps({"v": 1, "device": "d", "boot": 1, "t": 0, "type": "button", "button": "a"}), "missing_field"),
    ("oversized", b'{"v":1,"pad":"' + b"x" * 2000 + b'"}', "too_large"),
]


def test_bad_input_through_mosquitto_is_refused_with_reasons(mosquitto: Any) -> None:
    hub_bus = MqttBus.from_url(mosquitto.url, "hub-test", Will("citadels/t1/hub/status", b"offline", 1, True))
    assert hub_bus.wait_connected(5)
    t = Table(hub_bus, mosquitto.url)
    try:
        before = t.service.game.state_hash()
        s1 = t.seats[1]
        for name, payload, code in BAD_INPUTS:
            count = len(s1.commands)
            s1.send_raw(payload)
            answer = s1.wait_for_command(lambda c: c.code is not None, timeout=5, since=count)
            assert answer.code == code, name
        seven = VirtualSeat(mosquitto.url, seat=7, device="intruder")
        seven.press("ok")
        seven_answer = seven.wait_for_command(lambda c: c.code == "unknown_seat", timeout=5)
        assert seven_answer.code == "unknown_seat"
        seven.close()
        assert t.answer(1, s1.place("04DEADBEEF0000")).code == "unknown_tag"
        assert t.answer(1, s1.place(MANOR)).code == "out_of_phase"  # a district in the draft
        assert t.answer(2, t.seats[2].press("ok")).code == "not_your_turn"  # no decision for seat 2
        assert t.service.game.state_hash() == before
        for uid in (ASSASSIN, THIEF, KING):
            t.answer(1, s1.place(uid))
        assert t.answer(2, t.seats[2].place(KING)).code == "not_available"  # already taken
        counted = {k: v for k, v in t.service.counters.items() if k.startswith("refused_")}
        assert sum(counted.values()) >= 9
    finally:
        t.close()
        t.service.stop()
        hub_bus.close()


def _sim_json(broker: str | None, players: int, seed: int) -> str:
    from hub.cli import game_summary

    sim = SimTable(Setup(players=players, seed=seed, mode="physical"), broker=broker)
    try:
        return json.dumps(game_summary(sim.play()), sort_keys=True)
    finally:
        sim.close()


@pytest.mark.parametrize(("players", "seed"), [(4, 11), (2, 5)])
def test_same_seed_same_game_over_inprocess_bus_and_mosquitto(mosquitto: Any, players: int, seed: int) -> None:
    assert _sim_json(None, players, seed) == _sim_json(mosquitto.url, players, seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_simulated_tables_finish_with_every_card_accounted_for(players: int) -> None:
    for seed in range(4):
        sim = SimTable(Setup(players=players, seed=seed, mode="physical"))
        try:
            game = sim.play()
            assert game.over
            assert sim.world.count() == 68
            for seat in range(1, players + 1):
                assert sorted(sim.world.card(u).id for u in sim.world.cities[seat]) == sorted(game.player(seat).city)
                assert len(sim.world.hands[seat]) == game.player(seat).hand_size
            assert sim.service.counters.get("internal_error", 0) == 0
        finally:
            sim.close()
