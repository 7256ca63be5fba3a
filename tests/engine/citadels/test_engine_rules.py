"""One literal test per rule of the digest (../shared/rules/citadels-classic.md)."""

from __future__ import annotations

import pytest

from hub.engine.citadels import Action, Game, IllegalAction, Setup
from hub.engine.citadels.cards import card_set
from tests.engine_support import act, physical, start


def opts(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


# --------------------------------------------------------------------- cards and setup
def test_card_data_has_68_districts_8_characters_named_in_english() -> None:
    cs = card_set("classic")
    assert cs.size() == 68
    assert len(cs.characters) == 8
    assert sum(1 for d in cs.districts.values() if d.type == "unique") == 13
    assert sum(d.copies for d in cs.districts.values() if d.type == "unique") == 14
    assert all(d.name for d in cs.districts.values())  # English; the other languages: hub/words (tests/words/test_words.py)


def test_museum_quarry_printing_is_a_data_change() -> None:
    cs = card_set("museum_quarry")
    assert cs.size() == 68
    assert "museum" in cs.districts and "quarry" in cs.districts
    assert "map_room" not in cs.districts and "imperial_treasury" not in cs.districts


def test_setup_deals_four_cards_and_two_gold() -> None:
    game = Game.new(Setup(players=5, seed=3))
    assert all(p.hand_size == 4 and p.gold == 2 for p in game.players)
    assert game.deck_size() == 68 - 20
    assert game.crowned == 1


@pytest.mark.parametrize(("players", "faceup"), [(4, 2), (5, 1), (6, 0), (7, 0), (2, 0), (3, 0)])
def test_face_up_removed_count_and_king_never_face_up(players: int, faceup: int) -> None:
    for seed in range(60):
        game = Game.new(Setup(players=players, seed=seed))
        assert len(game.faceup) == faceup
        assert "king" not in game.faceup
        assert len(game.facedown) == 1


def test_king_cannot_be_reported_face_up_in_physical_mode() -> None:
    game = Game.new(Setup(players=4, mode="physical"))
    assert game.pending == (1, "faceup")
    with pytest.raises(IllegalAction) as err:
        game.apply("1 faceup king")
    assert err.value.code == "not_available"


def test_seven_players_last_picks_from_two_including_the_face_down_card() -> None:
    game = Game.new(Setup(players=7, seed=11))
    facedown = game.facedown[0]
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    assert game.pending is not None and game.pending.seat == 7
    offered = {a.args[0] for a in game.legal_actions()}
    assert len(offered) == 2 and facedown in offered
    game.apply(game.legal_actions()[0])
    assert len(game.facedown) == 1 and game.phase == "turns"


def test_two_player_draft_order_pick_and_discard() -> None:
    game = Game.new(Setup(players=2, seed=5))
    steps = []
    while game.phase == "draft":
        assert game.pending is not None
        steps.append((game.pending.seat, game.pending.kind))
        game.apply(game.legal_actions()[0])
    assert steps == [(1, "pick"), (2, "pick"), (2, "discard"), (1, "pick"), (1, "discard"), (2, "pick")]
    assert all(len(p.characters) == 2 for p in game.players)
    assert len(game.facedown) == 4  # one at the start, one by each discard, the last card


def test_three_players_each_take_two_characters() -> None:
    game = Game.new(Setup(players=3, seed=5))
    while game.phase == "draft":
        game.apply(game.legal_actions()[0])
    assert [len(p.characters) for p in game.players] == [2, 2, 2]
    assert len(game.facedown) == 2  # one at the start, the last card


@pytest.mark.parametrize(("players", "variant", "size"),
                         [(4, "classic7", 7), (7, "classic7", 7), (4, "classic8", 8), (2, "classic7", 8), (3, "classic7", 8)])
def test_completion_size(players: int, variant: str, size: int) -> None:
    assert Game.new(Setup(players=players, variant=variant)).complete_at == size


# --------------------------------------------------------------------- turns
def test_turn_must_gather_before_building_and_ending() -> None:
    game = physical(4, {1: "king", 2: "bishop", 3: "merchant", 4: "warlord"}, faceup=("assassin", "thief"))
    assert game.pending == (1, "turn")
    assert "1 end" not in opts(game)
    with pytest.raises(IllegalAction) as err:
        game.apply("1 build manor")
    assert err.value.code == "must_gather_first"
    act(game, "1 gold")
    with pytest.raises(IllegalAction) as err:
        game.apply("1 draw")
    assert err.value.code == "already_gathered"


def test_uncalled_characters_are_passed_over() -> None:
    game = physical(4, {1: "magician", 2: "bishop", 3: "merchant", 4: "warlord"}, faceup=("assassin", "thief"))
    assert game.turn_char == "magician" and game.rank == 3


def test_assassin_kill_silences_the_victim() -> None:
    game = physical(4, {1: "assassin", 2: "thief", 3: "merchant", 4: "warlord"}, faceup=("magician", "bishop"))
    events = act(game, "1 kill thief", "1 gold", "1 end")
    kinds = [(e.kind, e.data.get("character")) for e in events]
    assert ("no_answer", "thief") in kinds
    assert not any(e.kind == "revealed" and e.data["character"] == "thief" for e in events)
    assert game.turn_char == "merchant"


def test_killed_king_takes_crown_at_round_end() -> None:
    game = physical(4, {1: "assassin", 2: "king", 3: "merchant", 4: "warlord"}, faceup=("thief", "bishop"))
    act(game, "1 kill king", "1 gold", "1 end")
    assert game.crowned == 1
    act(game, "3 gold", "3 end", "4 gold")
    events = act(game, "4 end")
    assert game.crowned == 2
    assert any(e.kind == "crown" and e.data == {"seat": 2, "heir": True} for e in events)


def test_thief_targets_exclude_assassin_himself_and_the_killed() -> None:
    game = physical(4, {1: "assassin", 2: "thief", 3: "merchant", 4: "warlord"}, faceup=("magician", "bishop"))
    act(game, "1 kill merchant", "1 gold", "1 end")
    robbable = {a.args[0] for a in game.legal_actions() if a.verb == "rob"}
    assert robbable == {"magician", "king", "bishop", "architect", "warlord"}
    for target, code in (("assassin", "bad_target"), ("merchant", "bad_target"), ("thief", "bad_target")):
        with pytest.raises(IllegalAction) as err:
            game.apply(f"2 rob {target}")
        assert err.value.code == code


def test_robbery_happens_when_the_victim_is_revealed() -> None:
    game = physical(4, {1: "thief", 2: "king", 3: "merchant", 4: "warlord"}, faceup=("assassin", "bishop"),
                    starts=[start(gold=1), start(gold=5), start(), start()])
    act(game, "1 rob king", "1 gold", "1 end")
    assert game.player(1).gold == 1 + 2 + 5 and game.player(2).gold == 0
    assert game.turn_char == "king"


def test_magician_with_empty_hand_takes_the_other_hand() -> None:
    game = physical(4, {1: "magician", 2: "king", 3: "merchant", 4: "warlord"}, faceup=("assassin", "bishop"),
                    starts=[start(hand_size=0), start(hand_size=5), start(), start()])
    act(game, "1 swap 2")
    assert game.player(1).hand_size == 5 and game.player(2).hand_size == 0


def test_magician_redraw_in_digital_mode_keeps_hand_size() -> None:
    seed = next(s for s in range(100) if "magician" in Game.new(Setup(players=4, seed=s)).pile)
    game = Game.new(Setup(players=4, seed=seed))
    act(game, "1 pick magician")
    while game.phase == "draft":
        game.apply(game.legal_actions()[0])
    while game.turn_char != "magician":
        game.apply(next(a for a in game.legal_actions() if a.verb in ("gold", "end")))
    hand = list(game.player(1).hand)
    act(game, "1 redraw", f"1 toss {hand[0]}", f"1 toss {hand[1]}")
    assert game.player(1).hand_size == 2
    act(game, "1 done")
    assert game.player(1).hand_size == 4
    assert game.pending == (1, "turn")


def test_king_takes_crown_and_noble_tax_once() -> None:
    game = physical(4, {1: "merchant", 2: "king", 3: "bishop", 4: "warlord"}, faceup=("assassin", "thief"),
                    starts=[start(), start(city=("manor", "castle", "temple")), start(), start()])
    assert game.pending == (2, "turn") and game.crowned == 2  # the King is called before the Merchant
    act(game, "2 tax")
    assert game.player(2).gold == 4
    with pytest.raises(IllegalAction) as err:
        game.apply("2 tax")
    assert err.value.code == "already_used"


def test_forgotten_tax_is_collected_at_end_of_turn() -> None:
    game = physical(4, {1: "bishop", 2: "king", 3: "merchant", 4: "warlord"}, faceup=("assassin", "thief"),
                    starts=[start(), start(city=("manor", "castle")), start(), start()])
    act(game, "2 gold", "2 end")
    assert game.player(2).gold == 6


def test_school_of_magic_counts_for_tax() -> None:
    game = physical(4, {1: "bishop", 2: "king", 3: "merchant", 4: "warlord"}, faceup=("assassin", "thief"),
                    starts=[start(city=("temple", "school_of_magic")), start(), start(), start()])
    act(game, "2 gold", "2 end")
    assert game.turn_char == "bishop"
    act(game, "1 tax")
    assert game.player(1).gold == 4


def test_merchant_gets_one_extra_gold_whatever_he_gathers() -> None:
    game = physical(4, {1: "merchant", 2: "king", 3: "bishop", 4: "warlord"}, faceup=("assassin", "thief"))
    assert game.turn_char == "king"
    act(game, "2 gold", "2 end", "3 gold", "3 end")
    assert game.player(1).gold == 3
    act(game, "1 draw")
    assert game.player(1).gold == 3 and game.player(1).hand_size == 5


def test_architect_draws_two_and_builds_up_to_three_only_in_its_own_turn() -> None:
    game = physical(2, {1: ["architect", "warlord"], 2: ["king", "bishop"]},
                    starts=[start(gold=20, hand_size=4), start()])
    assert game.turn_char == "king"
    act(game, "2 gold", "2 end", "2 gold", "2 end")
    assert game.turn_char == "architect"
    assert game.player(1).hand_size == 6
    act(game, "1 gold", "1 build manor", "1 build castle", "1 build palace")
    with pytest.raises(IllegalAction) as err:
        game.apply("1 build temple")
    assert err.value.code == "no_builds_left"
    act(game, "1 end", "1 gold", "1 build temple")
    with pytest.raises(IllegalAction) as err:
        game.apply("1 build church")
    assert err.value.code == "no_builds_left"


def test_build_refusals_duplicate_and_afford() -> None:
    game = physical(4, {1: "king", 2: "bishop", 3: "merchant", 4: "warlord"}, faceup=("assassin", "thief"),
                    starts=[start(gold=1, city=("manor",)), start(), start(), start()])
    act(game, "1 gold")
    for text, code in (("1 build manor", "duplicate_district"), ("1 build palace", "cannot_afford"),
                       ("1 build dragon", "unknown_card")):
        with pytest.raises(IllegalAction) as err:
            game.apply(text)
        assert err.value.code == code


def test_city_cannot_exceed_completion_size() -> None:
    city = ("manor", "castle", "palace", "temple", "church", "monastery", "tavern")
    game = physical(4, {1: "king", 2: "bishop", 3: "merchant", 4: "warlord"}, faceup=("assassin", "thief"),
                    starts=[start(gold=9, city=city), start(), start(), start()])
    act(game, "1 gold")
    with pytest.raises(IllegalAction) as err:
        game.apply("1 build market")
    assert err.value.code == "city_full"


# --------------------------------------------------------------------- warlord, bishop, graveyard
def _warlord_game(**kw: object) -> Game:
    starts = kw.get("starts") or [start(gold=10), start(city=("temple", "market", "keep", "great_wall", "castle")),
                                  start(city=("church",)), start(city=("watchtower",))]
    return physical(4, {1: "warlord", 2: "merchant", 3: kw.get("three", "bishop"), 4: "architect"},  # type: ignore[arg-type]
                    faceup=("assassin", "thief"), starts=starts)  # type: ignore[arg-type]


def test_warlord_prices_great_wall_and_keep() -> None:
    game = _warlord_game()
    act(game, "3 gold", "3 end", "2 gold", "2 end", "4 gold", "4 end")
    assert game.turn_char == "warlord"
    targets = {(a.args[0], a.args[1]) for a in game.legal_actions() if a.verb == "destroy"}
    assert ("2", "keep") not in targets
    assert ("3", "church") not in targets  # the Bishop's
    assert ("1", "temple") not in targets  # nothing of his own yet
    act(game, "1 destroy 2 temple")  # cost 1 -> free, +1 for the Great Wall
    assert game.player(1).gold == 9
    assert game.player(2).city == ["market", "keep", "great_wall", "castle"]


def test_warlord_great_wall_itself_costs_no_extra() -> None:
    game = _warlord_game()
    act(game, "3 gold", "3 end", "2 gold", "2 end", "4 gold", "4 end", "1 destroy 2 great_wall")
    assert game.player(1).gold == 5


def test_killed_bishop_loses_protection() -> None:
    game = physical(4, {1: "warlord", 2: "assassin", 3: "bishop", 4: "architect"}, faceup=("thief", "magician"),
                    starts=[start(gold=3), start(), start(city=("church",)), start()])
    act(game, "2 kill bishop", "2 gold", "2 end", "4 gold", "4 end")
    assert "1 destroy 3 church" in opts(game)


def test_no_destroying_in_a_completed_city_but_own_districts_allowed() -> None:
    city = ("manor", "castle", "palace", "temple", "church", "monastery", "tavern")
    game = physical(4, {1: "warlord", 2: "king", 3: "merchant", 4: "architect"}, faceup=("assassin", "thief"),
                    starts=[start(gold=5, city=("prison",)), start(city=city), start(), start()])
    act(game, "2 gold", "2 end", "3 gold", "3 end", "4 gold", "4 end")
    with pytest.raises(IllegalAction) as err:
        game.apply("1 destroy 2 manor")
    assert err.value.code == "bad_target"
    assert "1 destroy 1 prison" in opts(game)


def test_graveyard_owner_may_take_the_destroyed_district() -> None:
    game = physical(4, {1: "warlord", 2: "king", 3: "merchant", 4: "architect"}, faceup=("assassin", "thief"),
                    starts=[start(gold=5), start(city=("manor",)), start(gold=3, city=("graveyard",)), start()])
    act(game, "2 gold", "2 end", "3 gold", "3 end", "4 gold", "4 end", "1 destroy 2 manor")
    assert game.pending == (3, "graveyard")
    with pytest.raises(IllegalAction) as err:
        game.apply("1 end")
    assert err.value.code == "not_your_turn"
    act(game, "3 graveyard take")
    assert game.player(3).hand == ["manor"] and game.player(3).gold == 5
    assert game.pending == (1, "turn")


def test_graveyard_does_not_serve_the_warlord_himself() -> None:
    game = physical(4, {1: "warlord", 2: "king", 3: "merchant", 4: "architect"}, faceup=("assassin", "thief"),
                    starts=[start(gold=5, city=("graveyard",)), start(city=("manor",)), start(), start()])
    act(game, "2 gold", "2 end", "3 gold", "3 end", "4 gold", "4 end", "1 destroy 2 manor")
    assert game.pending == (1, "turn")


# --------------------------------------------------------------------- unique districts
def _draw_as_seat_one(city: tuple[str, ...]) -> tuple[int, int, str]:
    """Seat 1 owns ``city`` and draws: (cards seen, cards added to hand, next decision)."""
    game = Game.new(Setup(players=4, seed=1, start=(start(hand=(), city=city), start(), start(), start())))
    while game.phase == "draft":
        game.apply(game.legal_actions()[0])
    while game.pending is not None and game.pending.seat != 1:
        game.apply(next(a for a in game.legal_actions() if a.verb in ("gold", "end")))
    before = game.player(1).hand_size
    events = game.apply("1 draw")
    drew = next(e for e in events if e.kind == "drew")
    assert game.pending is not None
    return len(drew.data["cards"]), game.player(1).hand_size - before, game.pending.kind


def test_observatory_and_library_when_drawing() -> None:
    assert _draw_as_seat_one(()) == (2, 0, "keep")
    assert _draw_as_seat_one(("observatory",)) == (3, 0, "keep")
    assert _draw_as_seat_one(("library",)) == (2, 2, "turn")
    assert _draw_as_seat_one(("observatory", "library")) == (3, 3, "turn")


def test_start_positions_cannot_invent_cards() -> None:
    with pytest.raises(ValueError, match="observatory"):
        Game.new(Setup(players=2, start=(start(city=("observatory",)), start(city=("observatory",)))))


def test_laboratory_and_smithy_once_per_turn() -> None:
    game = physical(4, {1: "king", 2: "bishop", 3: "merchant", 4: "warlord"}, faceup=("assassin", "thief"),
                    starts=[start(gold=4, city=("laboratory", "smithy")), start(), start(), start()])
    act(game, "1 lab", "1 smithy")
    assert game.player(1).gold == 4 and game.player(1).hand_size == 3 + 3
    with pytest.raises(IllegalAction) as err:
        game.apply("1 lab")
    assert err.value.code == "already_used"


def test_museum_and_quarry() -> None:
    game = physical(4, {1: "king", 2: "bishop", 3: "merchant", 4: "warlord"}, faceup=("assassin", "thief"),
                    starts=[start(gold=9, city=("museum", "quarry", "manor")), start(), start(), start()],
                    deck="museum_quarry")
    act(game, "1 museum", "1 gold", "1 build manor")
    assert game.player(1).city.count("manor") == 2 and game.player(1).museum == 1


# --------------------------------------------------------------------- end of game and scoring
def test_game_ends_at_end_of_round_with_first_completion_bonus() -> None:
    six = ("manor", "castle", "palace", "temple", "church", "monastery")
    game = physical(4, {1: "king", 2: "bishop", 3: "merchant", 4: "warlord"}, faceup=("assassin", "thief"),
                    starts=[start(gold=9, city=six), start(gold=9, city=("manor", "tavern", "market", "prison", "keep", "docks")),
                            start(), start()])
    act(game, "1 gold", "1 build tavern")
    assert game.first_complete == 1 and not game.over
    act(game, "1 end", "2 gold", "2 build cathedral", "2 end", "3 gold", "3 end", "4 gold", "4 end")
    assert game.over
    result = game.result()
    assert result is not None
    by_seat = {s["seat"]: s for s in result["seats"]}
    assert by_seat[1]["breakdown"]["completion"] == 4
    assert by_seat[2]["breakdown"]["completion"] == 2
    assert by_seat[2]["breakdown"]["all_types"] == 3
    assert sum(by_seat[1]["breakdown"].values()) == by_seat[1]["score"]


def test_tie_goes_to_highest_character_rank() -> None:
    six = ("manor", "castle", "palace", "temple", "church", "monastery")
    game = physical(4, {1: "king", 2: "bishop", 3: "merchant", 4: "thief"}, faceup=("assassin", "magician"),
                    starts=[start(gold=9, city=six), start(), start(gold=9, city=six), start()])
    act(game, "4 gold", "4 end", "1 gold", "1 build tavern", "1 end", "2 gold", "2 end", "3 gold", "3 build docks")
    act(game, "3 end")
    result = game.result()
    assert result is not None
    scores = {s["seat"]: s["score"] for s in result["seats"]}
    assert scores[1] == scores[3] == 23  # 19 + 4 first, and 21 + 2
    assert result["tiebreak"] is True and result["winner"] == 3  # the Merchant outranks the King


def test_haunted_quarter_fills_a_missing_type_but_school_of_magic_does_not() -> None:
    from hub.engine.citadels.scoring import score_player

    game = physical(4, {1: "king", 2: "bishop", 3: "merchant", 4: "warlord"}, faceup=("assassin", "thief"),
                    starts=[start(city=("manor", "temple", "tavern", "haunted_quarter", "observatory")),
                            start(city=("manor", "temple", "tavern", "school_of_magic", "library")),
                            start(city=("manor", "temple", "tavern", "prison", "haunted_quarter")),
                            start()])
    assert score_player(game, game.player(1))["breakdown"]["all_types"] == 3
    assert score_player(game, game.player(2))["breakdown"]["all_types"] == 0
    assert score_player(game, game.player(3))["breakdown"]["all_types"] == 3


def test_map_room_imperial_treasury_dragon_gate_university() -> None:
    from hub.engine.citadels.scoring import score_player

    game = physical(4, {1: "king", 2: "bishop", 3: "merchant", 4: "warlord"}, faceup=("assassin", "thief"),
                    starts=[start(gold=7, hand_size=3, city=("map_room", "imperial_treasury", "dragon_gate", "university")),
                            start(), start(), start()])
    assert score_player(game, game.player(1))["breakdown"]["uniques"] == 3 + 7 + 2 + 2


# --------------------------------------------------------------------- actions and bad input
def test_action_text_and_json_round_trip() -> None:
    for text in ("2 pick thief", "3 destroy 1 great_wall", "1 end", "0 adjust 2 -1 miscounted coin"):
        a = Action.parse(text)
        assert str(a) == text
        assert Action.from_json(a.to_json()) == a


@pytest.mark.parametrize("text", ["", "pick thief", "x pick thief", "2 fly", "2"])
def test_unparsable_actions_are_bad_action(text: str) -> None:
    with pytest.raises(IllegalAction) as err:
        Action.parse(text)
    assert err.value.code == "bad_action"


@pytest.mark.parametrize(("text", "code"), [
    ("2 pick thief", "not_your_turn"),
    ("9 pick thief", "unknown_seat"),
    ("1 pick jester", "unknown_card"),
    ("1 build manor", "out_of_phase"),
    ("1 pick", "bad_action"),
])
def test_draft_refusals_leave_state_untouched(text: str, code: str) -> None:
    game = Game.new(Setup(players=4, seed=8))
    before = game.state_hash()
    with pytest.raises(IllegalAction) as err:
        game.apply(text)
    assert err.value.code == code
    assert err.value.message
    assert game.state_hash() == before


def test_taken_character_is_not_available() -> None:
    game = Game.new(Setup(players=4, seed=8, mode="physical"))
    act(game, "1 faceup assassin", "1 faceup thief", "1 pick king")
    before = game.state_hash()
    with pytest.raises(IllegalAction) as err:
        game.apply("2 pick king")
    assert err.value.code == "not_available"
    with pytest.raises(IllegalAction) as err:
        game.apply("2 pick thief")
    assert err.value.code == "not_available"
    assert game.state_hash() == before


def test_corrections_are_logged_and_replayed() -> None:
    game = Game.new(Setup(players=4, seed=8))
    first = game.legal_actions()[0]
    game.apply(first)
    after_first = game.state_hash()
    game.apply(game.legal_actions()[0])
    game.apply("0 void")
    assert [str(a) for a in game.log][-1] == "0 void"
    game.apply("0 adjust 2 3 found coins under the board")
    assert game.player(2).gold == 5
    replayed = Game.replay(game.setup, list(game.log))
    assert replayed.state_hash() == game.state_hash()
    game.apply("0 void")
    assert game.player(2).gold == 2
    with pytest.raises(IllegalAction) as err:
        game.apply("0 adjust 2 -9 oops")
    assert err.value.code == "cannot_afford"
    assert after_first  # the void brought the game back to after the first pick
    assert game.pending is not None and game.pending.seat == 2
