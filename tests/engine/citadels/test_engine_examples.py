"""The two worked examples at the end of the rules digest, as scenario tests."""

from __future__ import annotations

from tests.engine_support import act, physical, start

ANNA, ASHLEY, KENT, DAVE = 1, 2, 3, 4


def test_turn_example_thief_robs_warlord_who_destroys_taxes_and_builds() -> None:
    game = physical(
        4, {ANNA: "thief", ASHLEY: "warlord", KENT: "architect", DAVE: "king"}, faceup=("bishop", "merchant"),
        starts=[start(gold=1), start(gold=4, city=("prison", "school_of_magic")), start(city=("market",)), start()],
    )
    act(game, "1 rob warlord", "1 gold", "1 end", "4 gold", "4 end", "3 gold", "3 end")
    assert game.turn_char == "warlord"
    assert game.player(ASHLEY).gold == 0 and game.player(ANNA).gold == 1 + 2 + 4
    act(game, "2 gold")
    assert game.player(ASHLEY).gold == 2
    act(game, "2 destroy 3 market")
    assert game.player(ASHLEY).gold == 1 and "market" not in game.player(KENT).city
    act(game, "2 tax")
    assert game.player(ASHLEY).gold == 3  # Prison + School of Magic counted as military
    act(game, "2 build barracks")
    assert game.player(ASHLEY).gold == 0
    assert "2 tax" not in {str(a) for a in game.legal_actions()}
    events = act(game, "2 end")
    assert game.player(ASHLEY).gold == 0  # Barracks brings no tax: the tax was taken
    assert not any(e.kind == "gold" and e.data["reason"] == "tax" for e in events)
    assert game.round == 2


def test_scoring_example_ashley_wins_29_to_28() -> None:
    kent_city = ("castle", "tavern", "trading_post", "monastery", "cathedral", "observatory")
    ashley_city = ("docks", "trading_post", "barracks", "prison", "manor", "school_of_magic")
    kent, ashley = 1, 2
    game = physical(
        7, {1: "king", 2: "warlord", 3: "assassin", 4: "thief", 5: "magician", 6: "bishop", 7: "merchant"},
        starts=[start(gold=2, city=kent_city), start(gold=6, city=ashley_city)] + [start() for _ in range(5)],
    )
    assert game.complete_at == 7
    act(game, "3 gold", "3 end", "4 gold", "4 end", "5 gold", "5 end")
    act(game, "1 gold", "1 build haunted_quarter", "1 end")
    assert game.first_complete == kent
    act(game, "6 gold", "6 end", "7 gold", "7 end", "2 gold", "2 build dragon_gate", "2 end")
    result = game.result()
    assert result is not None
    by_seat = {s["seat"]: s for s in result["seats"]}
    assert by_seat[kent]["breakdown"] == {"districts": 21, "all_types": 3, "completion": 4, "uniques": 0}
    assert by_seat[kent]["score"] == 28
    assert by_seat[ashley]["breakdown"] == {"districts": 25, "all_types": 0, "completion": 2, "uniques": 2}
    assert by_seat[ashley]["score"] == 29
    assert result["winner"] == ashley and result["tiebreak"] is False
