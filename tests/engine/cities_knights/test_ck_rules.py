"""Catan: Cities & Knights as a companion: one literal test per rule of the digest
(shared/rules/cities-knights/README.md, section numbers below) and per decision where it
leaves a point open (docs/rules-notes.md, "Cities & Knights")."""

from __future__ import annotations

import pytest

from hub.engine.cities_knights import Action, Game, IllegalAction, Setup
from hub.engine.cities_knights.cards import BY_COLOUR, CARDS
from hub.engine.cities_knights.game import DIE_FACE, FACES, SHIP_STEPS

from .helpers import QUIET, confirm_all, deal, draw_all, give, improve, kinds, new, options, refused, ships, to_seat, turn


# ---------------------------------------------------------------- §1 dice
def test_the_event_die_has_three_ships_and_one_gate_of_each_colour() -> None:
    faces = list(DIE_FACE.values())
    assert faces.count("ship") == 3
    assert sorted(f for f in faces if f != "ship") == ["blue", "green", "yellow"]


def test_the_hub_rolls_three_seeded_dice_when_the_seat_presses_ok() -> None:
    rolls = []
    for _ in range(2):
        g = new(dice="hub", seed=11)
        assert options(g) == {"1 roll"}
        events = g.apply("1 roll")
        rolled = next(e for e in events if e.kind == "rolled").data
        assert 1 <= rolled["red"] <= 6 and 1 <= rolled["yellow"] <= 6 and rolled["event"] in FACES
        rolls.append(rolled)
    assert rolls[0] == rolls[1]
    assert refused(new(dice="hub"), "1 roll 3 4 ship") == "bad_dice"


def test_physical_dice_are_entered_at_the_seat() -> None:
    g = new()
    assert "1 roll 3 4 ship" in options(g) and "1 roll" not in options(g)
    assert len([o for o in options(g) if o.startswith("1 roll")]) == 6 * 6 * 4
    assert refused(g, "1 roll 7 1 ship") == "bad_dice"
    g.apply("1 roll 3 4 blue")
    assert g.dice == (3, 4, "blue")


# ---------------------------------------------------------------- §1 barbarian track
def test_the_seventh_ship_brings_the_barbarians_and_the_ship_goes_back_after() -> None:
    g = new()
    ships(g, SHIP_STEPS - 1)
    assert g.ship == 6 and g.attacks == 0
    events = ships(g, 1)
    assert g.ship == 7 and g.pending is not None and g.pending.kind == "confirm"
    assert next(e for e in events if e.kind == "ship").data["arrived"] is True
    confirm_all(g)
    assert g.ship == 0 and g.attacks == 1


# ---------------------------------------------------------------- §1 improvements
def test_an_improvement_level_costs_its_number_of_commodities_up_to_five() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    events = []
    for _ in range(3):
        events += g.apply("1 improve green")
    assert [e.data["cost"] for e in events if e.kind == "improved"] == [1, 2, 3]
    assert "ability" in kinds(events)


def test_a_sixth_level_is_refused() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    g.apply("1 build city")  # a second city: one for the metropolis, one to spare
    for _ in range(5):
        g.apply("1 improve green")
    assert g.player(1).levels["green"] == 5
    assert refused(g, "1 improve green") == "max_level"


def test_improvements_need_a_city_of_ones_own() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    g.player(1).cities = 0  # as after a pillage (test_ck_scenarios plays one)
    g.player(1).settlements = 2
    g.options_made = None
    assert refused(g, "1 improve blue") == "no_city"


def test_level_three_abilities_are_said_when_they_matter() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    for _ in range(3):
        events = g.apply("1 improve green")
    assert any(e.kind == "ability" and e.data["ability"] == "aqueduct" for e in events)
    g.apply("1 end")
    events = g.apply("2 roll 3 5 ship")
    assert next(e for e in events if e.kind == "production").data["aqueducts"] == [1]
    g.apply("2 end")
    events = g.apply("3 roll 3 4 ship")  # a 7: no aqueduct
    assert "production" not in kinds(events) and "seven" in kinds(events)


def test_a_mighty_knight_needs_the_fortress() -> None:
    g = new()
    turn(g, "knight build", "knight promote 1i", end=False)
    g.apply("1 end")
    to_seat(g, 1)
    g.apply(f"1 roll {QUIET}")
    assert refused(g, "1 knight promote 2i") == "no_fortress"
    for _ in range(3):
        g.apply("1 improve blue")
    g.apply("1 knight promote 2i")
    assert [k.level for k in g.player(1).knights] == [3]


# ---------------------------------------------------------------- §1 metropolises
def test_the_first_to_level_four_takes_the_metropolis_for_two_points() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    before = g.vp(1)
    for _ in range(4):
        events = g.apply("1 improve yellow")
    assert g.metropolis["yellow"] == 1 and "metropolis" in kinds(events)
    assert g.vp(1) == before + 2 and g.sources(1)["metropolises"] == 2


def test_level_four_needs_a_city_that_is_not_a_metropolis() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    for _ in range(4):
        g.apply("1 improve yellow")
    for _ in range(3):
        g.apply("1 improve blue")
    assert refused(g, "1 improve blue") == "no_city"
    g.apply("1 build city")
    g.apply("1 improve blue")
    assert g.metropolises(1) == ["yellow", "blue"]  # a player may hold several


def test_a_holder_at_level_five_keeps_the_metropolis() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    g.apply("1 build city")
    for _ in range(5):
        g.apply("1 improve green")
    g.apply("1 end")
    g.apply(f"2 roll {QUIET}")
    g.apply("2 build city")
    for _ in range(5):
        events = g.apply("2 improve green")
    assert g.metropolis["green"] == 1 and "metropolis" not in kinds(events)
    assert g.player(2).levels["green"] == 5


# ---------------------------------------------------------------- §1 walls
def test_walls_one_per_city_three_at_most_and_the_seven_limit() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    g.apply("1 build wall")
    assert refused(g, "1 build wall") == "no_city"
    for _ in range(3):
        g.apply("1 build settlement")
        g.apply("1 build city")
    g.apply("1 build wall")
    g.apply("1 build wall")
    assert refused(g, "1 build wall") == "no_piece"
    g.apply("1 end")
    events = g.apply("2 roll 1 6 ship")
    assert next(e for e in events if e.kind == "seven").data["limits"] == {2: 7, 3: 7, 1: 13}


# ---------------------------------------------------------------- §1 knights
def test_two_knights_of_each_level() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    g.apply("1 knight build")
    g.apply("1 knight build")
    assert refused(g, "1 knight build") == "no_piece"
    g.apply("1 knight promote 1i")
    g.apply("1 knight build")  # a basic piece is free again
    g.apply("1 knight promote 1i")
    assert refused(g, "1 knight promote 1i") == "no_piece"  # both strong knights are out


def test_a_knight_is_promoted_once_a_turn_and_keeps_its_state() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    g.apply("1 knight build")
    g.apply("1 knight activate 1")
    g.apply("1 knight promote 1a")  # built and promoted in one turn: allowed
    assert [k.token for k in g.player(1).knights] == ["2a"]
    g.player(1).levels["blue"] = 3
    g.options_made = None
    assert refused(g, "1 knight promote 2a") == "already_promoted"


def test_a_knight_activated_this_turn_cannot_act_until_the_next() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    g.apply("1 knight build")
    g.apply("1 knight activate 1")
    assert refused(g, "1 knight act 1") == "knight_fresh"
    g.apply("1 end")
    to_seat(g, 1)
    g.apply(f"1 roll {QUIET}")
    g.apply("1 knight act 1")
    assert g.player(1).strength == 0


def test_only_active_knights_count() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    g.apply("1 knight build")
    g.apply("1 knight build")
    g.apply("1 knight activate 1")
    assert g.player(1).strength == 1 and g.knights_strength() == 1


# ---------------------------------------------------------------- §2 turn
def test_every_seat_starts_with_a_settlement_and_a_city_three_points() -> None:
    g = new(players=4)
    assert [g.vp(s) for s in range(1, 5)] == [3, 3, 3, 3]
    assert g.ship == 0 and g.barbarian_strength() == 4


def test_the_alchemist_comes_before_the_roll_and_sets_red_and_yellow() -> None:
    g = new(dice="hub")
    give(g, 1, "S01a")
    g.apply("1 roll")
    draw_all(g)
    while g.pending is not None and g.pending.kind != "turn":
        g.apply(g.legal_actions()[0])
    assert refused(g, "1 play S01a 3 4") == "alchemist_after_roll"
    while g.turn_seat != 1 or g.stage != "roll":  # the others play plain turns
        plain = [a for a in g.legal_actions() if a.verb in ("end", "roll", "confirm")]
        g.apply(plain[0] if plain else g.legal_actions()[0])
    g.apply("1 play S01a 5 2")
    assert "1 roll" in options(g) and not any(o.startswith("1 play") for o in options(g))
    events = g.apply("1 roll")
    rolled = next(e for e in events if e.kind == "rolled").data
    assert (rolled["red"], rolled["yellow"], rolled["alchemist"]) == (5, 2, True)


def test_with_physical_dice_the_alchemist_leaves_the_event_die_to_enter() -> None:
    g = new()
    give(g, 1, "S01b")
    g.apply("1 play S01b 6 6")
    assert options(g) == {f"1 roll {e}" for e in FACES}
    g.apply("1 roll blue")
    assert g.dice == (6, 6, "blue")


def test_after_the_alchemist_the_table_dice_red_and_yellow_are_refused_with_the_values_set() -> None:
    """The Alchemist chooses red and yellow; the event die alone is still rolled (digest §2,
    CSV S01): entering all three dice is refused, saying the values the Alchemist set."""
    g = new()
    give(g, 1, "S01a")
    g.apply("1 play S01a 3 4")
    before = g.state_hash()
    with pytest.raises(IllegalAction) as caught:
        g.apply("1 roll 2 5 ship")
    assert caught.value.code == "alchemist_dice" and "red 3 and yellow 4" in caught.value.message
    assert refused(g, "1 roll 3 4 ship") == "alchemist_dice" and g.state_hash() == before
    assert g.public_view()["alchemist"] == {"red": 3, "yellow": 4}
    g.apply("1 roll green")
    assert g.dice == (3, 4, "green")


def test_the_event_die_is_resolved_before_production() -> None:
    g = new()
    order = kinds(g.apply("1 roll 2 5 ship"))
    assert order.index("ship") < order.index("seven")
    g.apply("1 end")
    g.apply(f"2 roll {QUIET}")
    g.apply("2 improve green")
    g.apply("2 end")
    g.apply("3 roll 1 3 green")
    assert g.pending is not None and g.pending.kind == "draw"  # the draw waits; production after it
    events = g.apply(f"2 draw {BY_COLOUR['green'][3]}")
    assert "production" in kinds(events)


def test_no_robber_before_the_first_attack_but_discards_on_a_seven() -> None:
    g = new()
    events = g.apply("1 roll 3 4 ship")
    seven = next(e for e in events if e.kind == "seven")
    assert seven.data["robber"] is False
    g.apply("1 knight build")
    g.apply("1 end")
    to_seat(g, 1)
    g.apply(f"1 roll {QUIET}")
    g.apply("1 knight activate 1")
    g.apply("1 end")
    to_seat(g, 1)
    g.apply(f"1 roll {QUIET}")
    assert refused(g, "1 knight chase 1") == "robber_locked"
    g.apply("1 knight act 1")  # any other knight action is fine


def test_the_bishop_waits_for_the_first_attack() -> None:
    g = new()
    improve(g, 1, "blue", 1)
    deal(g, 1, "P01a")
    assert refused(g, "1 play P01a") == "robber_locked"
    g.apply("1 end")
    ships(g, SHIP_STEPS - g.ship)
    confirm_all(g)
    draw_all(g)
    while g.pending is not None and g.pending.kind == "pillage":
        g.apply(f"{g.pending.seat} pillage plain")
    g.apply(f"{g.turn_seat} end")
    to_seat(g, 1)
    g.apply(f"1 roll {QUIET}")
    assert "1 play P01a" in options(g)


# ---------------------------------------------------------------- §3 distribution
@pytest.mark.parametrize("red", range(1, 7))
@pytest.mark.parametrize("level", range(0, 6))
def test_who_draws_on_a_gate_by_level_and_red_die(red: int, level: int) -> None:
    g = new()
    g.player(2).levels["green"] = level
    expected = level >= 1 and level >= red - 1  # the digest's table
    assert (2 in g.drawers("green", red)) is expected
    assert {1: 1, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5}[red] <= level or not expected


def test_draws_go_in_turn_order_from_the_roller() -> None:
    g = new(players=4)
    for s in (1, 2, 3, 4):
        g.player(s).levels["blue"] = 1
    to_seat(g, 3)
    g.apply("3 roll 1 1 blue")
    seen = []
    while g.pending is not None and g.pending.kind == "draw":
        seen.append(g.pending.seat)
        g.apply(g.legal_actions()[0])
    assert seen == [3, 4, 1, 2]


def test_a_drawn_card_is_named_by_its_tap_and_stays_secret() -> None:
    g = new()
    g.player(1).levels["green"] = 1
    g.apply("1 roll 1 1 green")
    assert refused(g, "1 draw T03a") == "not_drawable"
    assert refused(g, "1 draw X99") == "unknown_card"
    events = g.apply("1 draw S02a")
    public = [e for e in events if e.public]
    assert all("S02a" not in str(e.data) for e in public)
    assert any(e.to == 1 and e.data["card"] == "S02a" for e in events)
    assert g.player(1).hand == ["S02a"]


# ---------------------------------------------------------------- §4 attack
def test_barbarians_count_every_city_metropolises_included() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    g.apply("1 build city")
    for _ in range(4):
        g.apply("1 improve green")
    assert g.metropolis["green"] == 1
    assert g.barbarian_strength() == 4  # 2 + 1 + 1


def test_catan_wins_when_the_knights_match_the_barbarians() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    g.apply("1 knight build")
    g.apply("1 knight promote 1i")
    for _ in range(2):
        g.apply("1 knight build")
        g.apply("1 knight activate 1")
    g.apply("1 end")
    to_seat(g, 1)
    g.apply(f"1 roll {QUIET}")
    g.apply("1 knight activate 2")  # 1 + 1 + 2 = 4 ... 3 cities: Catan wins
    g.apply("1 end")
    ships(g, SHIP_STEPS)
    events = confirm_all(g)
    attack = next(e for e in events if e.kind == "attack").data
    assert attack["won"] and attack["defender"] == 1 and g.player(1).defender == 1
    assert g.sources(1)["defender"] == 1
    assert g.knights_strength() == 0 and g.ship == 0  # every knight inactive, the ship back


def test_a_lost_attack_skips_players_without_a_plain_city() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    for _ in range(4):
        g.apply("1 improve green")  # seat 1's only city becomes the metropolis
    g.apply("1 end")
    g.apply(f"2 roll {QUIET}")
    g.apply("2 knight build")
    g.apply("2 knight activate 1")
    g.apply("2 end")
    ships(g, SHIP_STEPS)
    events = confirm_all(g)
    attack = next(e for e in events if e.kind == "attack").data
    assert not attack["won"] and attack["losers"] == [3] and attack["skipped"] == [1]


def test_a_pillaged_city_loses_its_wall_and_lies_on_its_side_without_a_settlement_piece() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    g.apply("1 build wall")
    for _ in range(4):
        g.apply("1 build settlement")  # 5 settlements: no piece left
    g.player(2).levels["blue"] = 0
    g.apply("1 end")
    ships(g, SHIP_STEPS)
    confirm_all(g)
    assert g.pending is not None and g.pending.kind == "pillage"
    pillaged = set()
    while g.pending is not None and g.pending.kind == "pillage":
        seat = g.pending.seat
        pillaged.add(seat)
        if seat == 1:
            assert options(g) == {"1 pillage wall"}  # its only city had the wall
        g.apply(f"{seat} pillage {'wall' if seat == 1 else 'plain'}")
    assert pillaged == {1, 2, 3}  # all tied at 0
    p = g.player(1)
    assert (p.cities, p.walls, p.sided, p.settlements) == (0, 0, 1, 5)
    assert g.sources(1)["settlements"] == 6 and g.barbarian_strength() == 0
    to_seat(g, 1)
    g.apply(f"1 roll {QUIET}")
    g.apply("1 build city")  # the city on its side is rebuilt first
    assert (p.cities, p.sided, p.settlements) == (1, 0, 5)


# ---------------------------------------------------------------- §5 cards and hand limit
def test_a_card_may_be_played_the_turn_it_is_drawn() -> None:
    g = new()
    improve(g, 1, "yellow", 1)
    deal(g, 1, "T03a")
    g.apply("1 play T03a")
    assert g.merchant == 1 and g.sources(1)["merchant"] == 1
    assert "T03a" in g.under["yellow"]  # played cards go under their deck


def test_cards_other_than_the_alchemist_wait_for_the_roll() -> None:
    g = new()
    improve(g, 1, "yellow", 1)
    deal(g, 1, "T03a")
    g.apply("1 end")
    to_seat(g, 1)
    assert refused(g, "1 play T03a") == "before_roll"


def test_printer_and_constitution_score_at_once_even_out_of_turn() -> None:
    g = new()
    g.player(2).levels["green"] = 1
    g.apply("1 roll 1 1 green")
    events = g.apply("2 draw S08a")
    assert any(e.kind == "vp_card" and e.public for e in events)
    assert g.player(2).hand == [] and g.player(2).vp_cards == ["S08a"] and g.vp(2) == 4


def test_the_hand_holds_four_and_a_fifth_on_ones_own_turn_until_it_ends() -> None:
    g = new()
    g.player(1).levels["green"] = 1
    for card in ("S02a", "S02b", "S04a", "S04b", "S05a"):
        to_seat(g, 1)
        g.apply("1 roll 1 1 green")
        g.apply(f"1 draw {card}")
        if card != "S05a":
            g.apply("1 end")
    assert len(g.player(1).hand) == 5 and g.pending is not None and g.pending.kind == "turn"
    events = g.apply("1 end")
    assert g.pending is not None and g.pending.kind == "discard" and g.pending.seat == 1
    assert "hand_limit" in kinds(events)
    assert refused(g, "2 roll 1 1 ship") == "not_your_turn"
    g.apply("1 discard S04a")
    assert len(g.player(1).hand) == 4 and "S04a" in g.under["green"] and g.turn_seat == 2


def test_vp_cards_do_not_count_toward_the_hand() -> None:
    g = new()
    g.player(1).levels["green"] = 1
    g.player(1).hand = ["S02a", "S02b", "S04a", "S04b"]
    for c in g.player(1).hand:
        g.deck["green"].remove(c)
    g.apply("1 roll 1 1 green")
    g.apply("1 draw S08a")
    g.apply("1 end")
    assert g.turn_seat == 2  # no discard: the Printer lies face up


# ---------------------------------------------------------------- §6 points and winning
def test_points_come_from_every_source() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    g.apply("1 build settlement")
    g.apply("1 build city")
    g.apply("1 road 1")
    assert g.sources(1) == {"settlements": 1, "cities": 4, "metropolises": 0, "longest_road": 2, "defender": 0,
                            "merchant": 0, "progress": 0}
    g.apply("1 road 2")
    assert g.vp(1) == 5 and g.vp(2) == 5


def test_thirteen_points_win_only_on_ones_own_turn() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    for _ in range(4):
        g.apply("1 build settlement")
    g.apply("1 build city")
    g.apply("1 build city")
    g.apply("1 build city")  # 2 settlements + 4 cities = 10
    g.apply("1 road 1")  # 12
    g.apply("1 end")
    g.apply(f"2 roll {QUIET}")
    g.player(1).defender = 1  # 13, gained on seat 2's turn
    g.apply("2 end")
    assert g.winner == 0 and g.vp(1) == 13
    g.apply(f"3 roll {QUIET}")
    g.apply("3 end")
    assert g.winner == 1 and g.pending is None  # at the start of its own turn
    assert refused(g, "1 roll 1 1 ship") == "game_over"


def test_a_winner_during_the_turn_ends_the_game_at_once() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    for _ in range(4):
        g.apply("1 build settlement")
    for _ in range(3):
        g.apply("1 build city")
    g.apply("1 road 1")
    events = g.apply("1 build settlement")  # 13
    assert "game_over" in kinds(events) and g.winner == 1


# ---------------------------------------------------------------- actions and replay
def test_actions_read_back_from_their_text() -> None:
    for text in ("1 roll", "2 roll 3 4 ship", "3 play S01a 2 5", "1 knight promote 2a", "2 oust 3 1i"):
        assert str(Action.parse(text)) == text
    with pytest.raises(IllegalAction) as caught:
        Action.parse("1 fly")
    assert caught.value.code == "bad_action"


def test_replay_gives_the_same_state_and_void_cancels_the_last_action() -> None:
    g = new(dice="hub", seed=3)
    g.apply("1 roll")
    draw_all(g)
    while g.pending is not None and g.pending.kind != "turn":
        g.apply(g.legal_actions()[0])
    h = g.state_hash()
    g.apply(f"{g.turn_seat} build settlement")
    g.apply("0 void mistaken report")
    assert g.player(g.turn_seat).settlements == 1
    again = Game.replay(Setup(players=3, seed=3), g.log)
    assert again.state_hash() == g.state_hash()
    assert {k: v for k, v in g.snapshot().items() if k != "log"} == \
        {k: v for k, v in Game.replay(Setup(players=3, seed=3), g.log[:-2]).snapshot().items() if k != "log"}
    assert h


def test_every_card_of_the_digest_table_is_in_the_decks() -> None:
    counts: dict[str, int] = {}
    for c in CARDS.values():
        counts[c.name] = counts.get(c.name, 0) + 1
    assert counts["Merchant"] == 6 and counts["Spy"] == 3 and counts["Road Building"] == 2
    assert counts["Resource Monopoly"] == 4 and counts["Printer"] == 1 and counts["Constitution"] == 1


# ---------------------------------------------------------------- decisions (docs/rules-notes.md)
def test_decision_no_defender_and_no_reward_when_no_knight_is_active() -> None:
    g = new()
    for s in (1, 2, 3):
        g.player(s).cities = 0
        g.player(s).settlements = 2
    ships(g, SHIP_STEPS)
    events = confirm_all(g)
    attack = next(e for e in events if e.kind == "attack").data
    assert attack["won"] and attack["defender"] == 0 and attack["tied"] == []
    assert g.pending is not None and g.pending.kind == "turn"


def test_decision_a_draw_from_an_empty_deck_is_skipped() -> None:
    g = new()
    g.player(1).levels["green"] = 1
    g.player(2).levels["green"] = 1
    g.deck["green"] = ["S09a"]  # one card left, nothing under the deck (the rest out of this test)
    g.apply("1 roll 1 1 green")
    events = g.apply("1 draw S09a")
    assert any(e.kind == "deck_empty" and e.data["seat"] == 2 for e in events)
    assert g.pending is not None and g.pending.kind == "turn"


def test_decision_played_cards_go_under_their_deck_and_come_up_when_it_runs_out() -> None:
    g = new()
    give(g, 1, "T03a")
    g.apply(f"1 roll {QUIET}")
    g.apply("1 play T03a")
    assert g.under["yellow"] == ["T03a"] and "T03a" not in g.drawable("yellow")
    g.deck["yellow"].clear()
    assert g.drawable("yellow") == ["T03a"]


def test_decision_level_five_needs_a_plain_city_only_to_take_the_metropolis() -> None:
    g = new()
    g.apply(f"1 roll {QUIET}")
    for _ in range(4):
        g.apply("1 improve green")
    g.apply("1 improve green")  # the holder: its metropolis city is enough
    assert g.player(1).levels["green"] == 5
    g2 = new()
    g2.apply(f"1 roll {QUIET}")
    g2.apply("1 build city")
    for _ in range(4):
        g2.apply("1 improve green")
    g2.apply("1 end")
    g2.apply(f"2 roll {QUIET}")
    g2.apply("2 build city")
    for _ in range(4):
        g2.apply("2 improve green")  # level 4 while a plain city is left
    for _ in range(4):
        g2.apply("2 improve yellow")
        g2.apply("2 improve blue")  # both its cities become metropolises
    assert g2.player(2).cities == 2 and g2.metropolises(2) == ["yellow", "blue"]
    assert refused(g2, "2 improve green") == "no_city"  # level 5 would take green: no plain city


def test_decision_a_sixth_card_on_ones_own_turn_is_discarded_at_once() -> None:
    g = new()
    give(g, 1, "P07a", "S02a", "S02b", "S04a", "S04b")
    give(g, 2, "T05a")
    g.apply(f"1 roll {QUIET}")
    g.apply("1 play P07a 2")  # 4 left: the Spy brings the 5th: kept during the turn
    g.apply("1 take T05a")
    assert g.pending is not None and g.pending.kind == "turn" and len(g.player(1).hand) == 5
    give(g, 2, "T05b")
    g.player(1).hand.append(g.player(2).hand.pop())  # as if a second Spy took a 6th
    g._check_hand(1)
    assert g.pending is not None and (g.pending.seat, g.pending.kind) == (1, "discard")


def test_decision_crane_discounts_lapse_at_the_end_of_the_turn() -> None:
    g = new()
    give(g, 1, "S02a")
    g.apply(f"1 roll {QUIET}")
    g.apply("1 play S02a")
    g.apply("1 end")
    to_seat(g, 1)
    g.apply(f"1 roll {QUIET}")
    events = g.apply("1 improve green")
    assert next(e for e in events if e.kind == "improved").data["discount"] == 0
