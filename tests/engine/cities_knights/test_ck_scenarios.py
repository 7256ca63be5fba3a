"""Cities & Knights: whole situations played through the engine, each named by issue 30
or by a progress card whose tracked effect it checks."""

from __future__ import annotations

from hub.engine.cities_knights.game import SHIP_STEPS

from .helpers import QUIET, confirm_all, draw_all, give, kinds, new, options, refused, ships, to_seat


def knights_for(g, seat: int, *reports: str) -> None:  # type: ignore[no-untyped-def]
    """On ``seat``'s next turn: knight reports (built and activated knights are ready next turn)."""
    to_seat(g, seat)
    g.apply(f"{seat} roll {QUIET}")
    draw_all(g)
    for r in reports:
        g.apply(f"{seat} knight {r}")
    g.apply(f"{seat} end")


def test_an_attack_won_with_a_tie_for_strongest() -> None:
    g = new(players=4)
    for seat in (1, 2):
        knights_for(g, seat, "build", "promote 1i", "activate 2")  # strength 2 each
    knights_for(g, 3, "build", "activate 1")
    give(g, 2, "T05a", "T05b", "T05c", "T05d")  # seat 2 holds 4 progress cards
    to_seat(g, 1)
    ships(g, SHIP_STEPS)
    assert g.pending is not None and g.pending.kind == "confirm" and g.pending.seat == g.turn_seat
    seen = []
    while g.pending is not None and g.pending.kind == "confirm":
        seen.append(g.pending.seat)
        assert refused(g, f"{g.pending.seat} knight build") == "wrong_time"  # no knights once they arrive
        events = g.apply(f"{g.pending.seat} confirm")
    assert seen == g.order()
    attack = next(e for e in events if e.kind == "attack").data
    assert attack["won"] and attack["knights"] == 5 and attack["barbarians"] == 4
    assert attack["defender"] == 0 and attack["tied"] == [1, 2]
    assert g.player(1).defender == g.player(2).defender == 0
    # each tied player chooses a colour and draws its top card, in turn order
    assert g.pending is not None and (g.pending.seat, g.pending.kind) == (1, "reward")
    g.apply("1 reward green")
    assert g.pending is not None and (g.pending.kind, g.pending.about) == ("draw", "green")
    g.apply("1 draw S08a")  # the Printer: a VP card drawn so is kept, face up
    assert g.player(1).vp_cards == ["S08a"]
    g.apply("2 reward blue")
    g.apply("2 draw P07a")  # a 5th card out of turn: discarded at once
    assert g.pending is not None and (g.pending.seat, g.pending.kind) == (2, "discard")
    g.apply("2 discard T05a")
    assert len(g.player(2).hand) == 4
    assert g.knights_strength() == 0 and g.ship == 0 and g.first_attack_done


def test_an_attack_lost_with_a_tie_for_weakest_and_a_metropolis_only_player() -> None:
    g = new(players=4)
    to_seat(g, 1)
    g.apply(f"1 roll {QUIET}")
    for _ in range(4):
        g.apply("1 improve blue")  # seat 1's only city is now the politics metropolis
    g.apply("1 end")
    knights_for(g, 4, "build", "activate 1")
    to_seat(g, 2)
    ships(g, SHIP_STEPS)
    events = confirm_all(g)
    attack = next(e for e in events if e.kind == "attack").data
    assert not attack["won"] and attack["barbarians"] == 4 and attack["knights"] == 1
    assert attack["strength"] == {1: 0, 2: 0, 3: 0, 4: 1}
    assert attack["skipped"] == [1]  # weakest too, but only a metropolis: not pillaged
    assert sorted(attack["losers"]) == [2, 3]  # tied weakest both lose a city
    while g.pending is not None and g.pending.kind == "pillage":
        assert "wall" not in " ".join(options(g))
        g.apply(f"{g.pending.seat} pillage plain")
    assert [g.player(s).cities for s in (1, 2, 3, 4)] == [1, 0, 0, 1]
    assert [g.vp(s) for s in (1, 2, 3, 4)] == [5, 2, 2, 3]
    assert g.ship == 0 and g.knights_strength() == 0


def test_a_metropolis_taken_at_level_five() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    g.apply("1 build city")
    for _ in range(4):
        g.apply("1 improve yellow")
    one_before = g.vp(1)
    assert g.metropolis["yellow"] == 1 and one_before == 2 * 2 + 2  # 2 cities, one a metropolis
    g.apply("1 end")
    g.apply(f"2 roll {QUIET}")
    g.apply("2 build city")
    for _ in range(4):
        g.apply("2 improve yellow")
    assert g.metropolis["yellow"] == 1  # level 4 second: nothing
    events = g.apply("2 improve yellow")
    metro = next(e for e in events if e.kind == "metropolis").data
    assert metro == {"seat": 2, "colour": "yellow", "previous": 1, "vp": g.vp(2)}
    assert g.metropolis["yellow"] == 2 and g.vp(1) == one_before - 2
    assert sum(len(g.metropolises(s)) for s in (1, 2, 3)) == 1
    g.apply("2 end")
    g.apply("3 roll 6 2 blue")
    g.apply("3 end")
    g.apply("1 roll 6 2 blue")
    g.apply("1 improve yellow")  # level 5 too late: the holder is at 5
    assert g.metropolis["yellow"] == 2


def test_a_fifth_card_drawn_out_of_turn_is_discarded_at_once() -> None:
    g = new()
    g.player(2).levels["green"] = 1
    g.player(3).levels["green"] = 1
    give(g, 2, "S02a", "S02b", "S04a", "S04b")
    g.apply("1 roll 2 3 green")
    assert g.pending is not None and (g.pending.seat, g.pending.kind) == (2, "draw")
    events = g.apply("2 draw S05a")
    assert "hand_limit" in kinds(events)
    assert g.pending is not None and (g.pending.seat, g.pending.kind) == (2, "discard")
    assert refused(g, "3 draw S05b") == "not_your_turn"  # the discard comes first
    assert refused(g, "2 discard S09a") == "not_in_hand"
    g.apply("2 discard S05a")  # the owner's choice, the new card too
    assert g.player(2).hand == ["S02a", "S02b", "S04a", "S04b"]
    assert g.pending is not None and (g.pending.seat, g.pending.kind) == (3, "draw")


def test_alchemist_after_the_roll_refused() -> None:
    g = new()
    give(g, 1, "S01a")
    g.apply("1 roll 4 4 ship")
    assert refused(g, "1 play S01a 6 6") == "alchemist_after_roll"
    assert "S01a" in g.player(1).hand


# ---------------------------------------------------------------- tracked card effects
def test_spy_moves_a_card_between_hands_and_only_the_two_seats_see_which() -> None:
    g = new()
    give(g, 1, "P07a", "S02a", "S02b", "S04a")
    give(g, 2, "T05a", "T06a")
    g.apply(f"1 roll {QUIET}")
    assert "1 play P07a 3" not in options(g)  # seat 3 holds nothing to take
    g.apply("1 play P07a 2")
    view = g.seat_view(1)
    assert [c["id"] for c in view["you"]["spy_sees"]] == ["T05a", "T06a"]
    assert "spy_sees" not in g.seat_view(2)["you"] and g.public_view()["seats"][1]["progress_cards"] == 2
    events = g.apply("1 take T06a")
    assert {e.to for e in events if e.kind == "took_card"} == {1, 2}
    assert all("T06a" not in str(e.data) for e in events if e.public)
    assert g.player(1).hand == ["S02a", "S02b", "S04a", "T06a"] and g.player(2).hand == ["T05a"]


def test_deserter_the_victim_removes_a_knight_and_the_player_places_one_like_it() -> None:
    g = new()
    knights_for(g, 2, "build", "promote 1i", "activate 2")
    give(g, 1, "P03a")
    to_seat(g, 1)
    g.apply(f"1 roll {QUIET}")
    assert "1 play P03a 3" not in options(g)  # seat 3 has no knight
    g.apply("1 play P03a 2")
    assert g.pending is not None and (g.pending.seat, g.pending.kind) == (2, "desert")
    g.apply("2 desert 2a")
    assert g.pending is not None and (g.pending.seat, g.pending.kind) == (1, "deserter")
    g.apply("1 place")
    assert [k.token for k in g.player(1).knights] == ["2a"] and g.player(2).knights == []
    assert refused(g, "1 knight act 2") == "knight_fresh"  # placed this turn


def test_warlord_activates_every_knight_free() -> None:
    g = new()
    knights_for(g, 1, "build", "build")
    give(g, 1, "P08a")
    to_seat(g, 1)
    g.apply(f"1 roll {QUIET}")
    events = g.apply("1 play P08a")
    assert next(e for e in events if e.kind == "played").data["activated"] == 2
    assert g.player(1).strength == 2


def test_engineer_builds_a_free_wall_and_crane_lowers_an_improvement() -> None:
    g = new()
    give(g, 1, "S03a", "S02a", "S02b")
    g.apply(f"1 roll {QUIET}")
    g.apply("1 play S03a")
    assert g.player(1).walls == 1
    g.apply("1 play S02a")
    g.apply("1 play S02b")
    events = g.apply("1 improve green") + g.apply("1 improve green") + g.apply("1 improve green")
    assert [(e.data["cost"], e.data["discount"]) for e in events if e.kind == "improved"] == [(0, 1), (1, 1), (3, 0)]


def test_master_merchant_saboteur_and_wedding_name_their_seats_by_points() -> None:
    g = new()
    give(g, 1, "T02a", "P06a", "P09a")
    g.apply(f"1 roll {QUIET}")
    assert not [o for o in options(g) if o.startswith("1 play T02a")]  # nobody has more points
    g.apply("1 end")
    g.apply(f"2 roll {QUIET}")
    g.apply("2 build settlement")
    g.apply("2 end")
    g.apply(f"3 roll {QUIET}")
    g.apply("3 end")
    g.apply(f"1 roll {QUIET}")
    assert [o for o in options(g) if o.startswith("1 play T02a")] == ["1 play T02a 2"]
    saboteur = next(e for e in g.apply("1 play P06a") if e.kind == "played").data
    assert saboteur["affected"] == [2, 3]  # as many or more points
    wedding = next(e for e in g.apply("1 play P09a") if e.kind == "played").data
    assert wedding["affected"] == [2]  # more points


def test_medicine_upgrades_a_settlement() -> None:
    g = new()
    give(g, 1, "S06a")
    g.apply(f"1 roll {QUIET}")
    g.apply("1 play S06a")
    assert (g.player(1).settlements, g.player(1).cities, g.vp(1)) == (0, 2, 4)


def test_deserter_with_no_free_knight_piece_the_player_places_nothing() -> None:
    g = new()
    knights_for(g, 2, "build")
    knights_for(g, 1, "build", "build")
    give(g, 1, "P03b")
    to_seat(g, 1)
    g.apply(f"1 roll {QUIET}")
    g.apply("1 play P03b 2")
    g.apply("2 desert 1i")
    assert options(g) == {"1 pass"}  # both basic knights are on the board, no strong one to fall back on
    assert refused(g, "1 place") == "bad_action"
    g.apply("1 pass")
    assert [k.token for k in g.player(1).knights] == ["1i", "1i"] and g.player(2).knights == []
