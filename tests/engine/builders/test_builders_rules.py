"""The Builders: Middle Ages, one literal test per rule of the rulebook (and per decision
where it is silent: docs/rules-notes.md, "The Builders")."""

from __future__ import annotations

import pytest

from hub.engine.builders import Action, Game, IllegalAction, Setup, StartPosition
from hub.engine.builders.cards import APPRENTICES, BUILDINGS, WORKERS


def scripted(*seats: StartPosition, rows: tuple[tuple[str, ...], tuple[str, ...]] | None = None,
             first: int = 1, seed: int = 0) -> Game:
    """A game whose seats start as given (seat 1 plays first unless told)."""
    return Game.new(Setup(players=len(seats), seed=seed, first=first, start=tuple(seats), rows=rows))


def refused(game: Game, text: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        game.apply(text)
    assert caught.value.message
    return caught.value.code


def options(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_one_apprentice_each_five_and_five_face_up_ten_coins(players: int) -> None:
    game = Game.new(Setup(players=players, seed=11))
    dealt = [p.crew for p in game.players]
    assert all(len(crew) == 1 and crew[0] in APPRENTICES for crew in dealt)
    assert all(p.coins == 10 and not p.sites and not p.finished for p in game.players)
    assert len(game.building_row) == len(game.worker_row) == 5
    assert all(b in BUILDINGS for b in game.building_row) and all(w in WORKERS for w in game.worker_row)
    assert len(game.building_deck) == 42 - 5
    assert len(game.worker_deck) == 42 - players - 5
    rest = set(APPRENTICES) - {c[0] for c in dealt}  # the other apprentices went back into the worker deck
    assert rest <= set(game.worker_deck) | set(game.worker_row)
    assert game.pending == (game.first, "turn") and game.actions == 3 and game.round == 1


def test_setup_the_undealt_apprentices_are_shuffled_into_the_deck_not_left_on_top() -> None:
    positions = set()
    for seed in range(40):
        game = Game.new(Setup(players=2, seed=seed))
        deck = [*game.worker_deck, *reversed(game.worker_row)]
        positions.update(i for i, w in enumerate(deck) if w in APPRENTICES)
    assert min(positions) < 10 and max(positions) > 25


def test_setup_the_first_player_is_random_and_can_be_given() -> None:
    firsts = {Game.new(Setup(players=4, seed=seed)).first for seed in range(40)}
    assert firsts == {1, 2, 3, 4}
    game = Game.new(Setup(players=3, seed=5, first=2))
    assert game.first == 2 and game.pending == (2, "turn")
    assert Game.new(Setup(players=3, seed=5)).state_hash() == Game.new(Setup(players=3, seed=5)).state_hash()


def test_setup_takes_2_to_4_players() -> None:
    for bad in (1, 5):
        with pytest.raises(ValueError):
            Setup(players=bad)


# ---------------------------------------------------------------- the four actions
def test_open_a_site_costs_one_action_and_the_row_is_refilled_from_the_deck_at_once() -> None:
    game = scripted(StartPosition(), StartPosition(), rows=(("b07", "b28"), ()))
    top = game.building_deck[-1]
    events = game.apply("1 open b28")
    assert game.actions == 2 and "b28" in game.player(1).sites
    assert game.building_row[1] == top and len(game.building_row) == 5  # the new card takes its place
    assert [e.kind for e in events] == ["opened"] and events[0].data["turned"] == top


def test_several_sites_may_be_open_at_once() -> None:
    game = scripted(StartPosition(), StartPosition(), rows=(("b07", "b28", "b01"), ()))
    for b in ("b07", "b28", "b01"):
        game.apply(f"1 open {b}")
    assert list(game.player(1).sites) == ["b07", "b28", "b01"]


def test_recruit_a_worker_costs_one_action_and_refills() -> None:
    game = scripted(StartPosition(), StartPosition(), rows=((), ("w34", "w12")))
    top = game.worker_deck[-1]
    game.apply("1 recruit w34")
    assert game.actions == 2 and game.player(1).crew == ["w34"] and game.worker_row[0] == top


def test_send_pays_the_wage_and_costs_one_action() -> None:
    game = scripted(StartPosition(crew=("w34",), sites=(("b34",),)), StartPosition())
    game.apply("1 send w34 b34")
    p = game.player(1)
    assert p.coins == 10 - 4 and game.actions == 2 and p.sites["b34"] == ["w34"] and p.crew == []


def test_send_the_second_worker_to_one_site_costs_2_the_third_3_another_site_1() -> None:
    crew = ("w19", "w20", "w21", "w22", "w23")
    game = scripted(StartPosition(coins=40, crew=crew, sites=(("b34",), ("b33",))), StartPosition())
    game.apply("1 send w19 b34")
    assert game.actions == 2
    assert game.send_cost("b34") == 2 and game.send_cost("b33") == 1
    game.apply("1 send w20 b34")  # 2 actions
    assert game.actions == 0
    game.apply("1 buy")
    assert "1 send w21 b34" not in options(game)  # a third costs 3
    assert refused(game, "1 send w21 b34") == "no_actions_left"
    game.apply("1 send w21 b33")  # another site: 1
    assert game.actions == 0
    for _ in range(3):
        game.apply("1 buy")
    game.apply("1 send w22 b34")  # the third to b34: 3 actions
    assert game.actions == 0 and game.player(1).coins == 40 - 4 * 4 - 4 * 5


def test_workers_sent_in_earlier_turns_do_not_raise_the_cost() -> None:
    game = scripted(StartPosition(crew=("w19", "w20"), sites=(("b34", "w35", "w36"),)), StartPosition())
    game.apply("1 send w19 b34")
    assert game.actions == 2  # 1 action, though two workers already work there
    game.apply("1 end")
    game.apply("2 end")
    game.apply("1 send w20 b34")
    assert game.actions == 2  # a new turn: the first worker sent there costs 1 again


def test_a_worker_on_a_site_stays_there_until_the_site_is_finished() -> None:
    game = scripted(StartPosition(crew=(), sites=(("b34", "w35"), ("b33",))), StartPosition())
    assert refused(game, "1 send w35 b33") == "worker_busy"


def test_take_coins_1_action_1_coin_2_actions_3_coins_3_actions_6_coins() -> None:
    game = scripted(StartPosition(), StartPosition())
    assert {"1 coins 1", "1 coins 3", "1 coins 6"} <= options(game)
    game.apply("1 coins 6")
    assert (game.player(1).coins, game.actions) == (16, 0)
    game.apply("1 end")
    game.apply("2 coins 3")
    assert (game.player(2).coins, game.actions) == (13, 1)
    game.apply("2 coins 1")
    assert (game.player(2).coins, game.actions) == (14, 0)
    assert refused(game, "2 coins 1") == "no_actions_left"
    assert refused(game, "2 coins 2") == "bad_amount"


def test_an_extra_action_costs_5_coins() -> None:
    game = scripted(StartPosition(coins=12), StartPosition(coins=4))
    game.apply("1 buy")
    assert (game.player(1).coins, game.actions) == (7, 4)
    game.apply("1 buy")
    assert (game.player(1).coins, game.actions) == (2, 5)
    assert refused(game, "1 buy") == "cannot_afford"
    game.apply("1 end")
    assert "2 buy" not in options(game) and refused(game, "2 buy") == "cannot_afford"


# ---------------------------------------------------------------- finishing
def test_the_rulebooks_chapel_example() -> None:
    """小禮拜堂 needs 3 stone, 2 wood, 2 knowledge, 3 tile. Its workers give 3 stone, 2 wood
    and 1 knowledge; sending a craftsman (4 coins) who adds 1 knowledge and 3 tile finishes
    it: 18 coins, 5 points, the card turned over, every worker back to the crew."""
    game = scripted(StartPosition(coins=10, crew=("w34",), sites=(("b28", "w19", "w04"),)), StartPosition())
    events = game.apply("1 send w34 b28")
    p = game.player(1)
    assert [e.kind for e in events] == ["sent", "finished"]
    assert events[1].data == {"seat": 1, "building": "b28", "coins": 18, "points": 5, "machine": False,
                              "returned": ["w19", "w04", "w34"], "total_points": 5,
                              "balance": 24}
    assert p.coins == 10 - 4 + 18 and p.points == 5 and p.finished == ["b28"] and not p.sites
    assert sorted(p.crew) == ["w04", "w19", "w34"]
    assert game.actions == 2


def test_finishing_is_not_an_action_and_surplus_output_is_lost() -> None:
    # the Bower needs 1 stone and 1 tile; a master gives 3 stone and 2 tile
    game = scripted(StartPosition(crew=("w36",), sites=(("b06",), ("b34",))), StartPosition())
    game.apply("1 send w36 b06")
    assert game.actions == 2 and game.player(1).finished == ["b06"]
    game.apply("1 send w36 b34")
    assert game.player(1).sites["b34"] == ["w36"]  # nothing of the surplus went along


def test_workers_back_from_a_finished_site_may_be_sent_again_this_turn() -> None:
    game = scripted(StartPosition(coins=20, crew=("w03",), sites=(("b06",), ("b34",))), StartPosition())
    game.apply("1 send w03 b06")  # 1 stone + 1 tile: the Bower is finished
    assert "1 send w03 b34" in options(game)
    game.apply("1 send w03 b34")
    assert game.player(1).sites["b34"] == ["w03"]


def test_a_site_is_finished_only_when_every_need_is_met() -> None:
    game = scripted(StartPosition(crew=("w01",), sites=(("b06",),)), StartPosition())
    game.apply("1 send w01 b06")  # 1 stone + 1 wood: the tile is still missing
    assert game.player(1).sites == {"b06": ["w01"]} and game.player(1).finished == []


# ---------------------------------------------------------------- machines
def test_a_finished_machine_scores_earns_no_coins_and_joins_the_crew_with_wage_0() -> None:
    # m1, Circular Saw level 1: needs 1 stone and 1 knowledge, then gives 2 wood
    game = scripted(StartPosition(coins=2, crew=("w02",), sites=(("m1",), ("b07",))), StartPosition())
    events = game.apply("1 send w02 m1")
    p = game.player(1)
    assert events[-1].kind == "finished" and events[-1].data["machine"] is True and events[-1].data["coins"] == 0
    assert p.coins == 0 and p.points == 1 and p.machines == ["m1"] and p.finished == []
    assert p.crew == ["w02", "m1"]
    game.apply("1 send m1 b07")  # the same turn (rules notes), with 0 coins: its wage is 0
    assert p.coins == 0 and p.sites["b07"] == ["m1"]
    assert p.points == 1  # a machine at work still scores


def test_a_machine_counts_as_a_worker_for_the_escalating_cost() -> None:
    game = scripted(StartPosition(coins=10, crew=("m5", "w34"), finished=(), sites=(("b34",),)), StartPosition())
    game.apply("1 send m5 b34")
    assert game.send_cost("b34") == 2
    game.apply("1 send w34 b34")
    assert game.actions == 0


def test_an_unfinished_machine_is_not_a_worker() -> None:
    game = scripted(StartPosition(sites=(("m1",), ("b34",))), StartPosition())
    assert refused(game, "1 send m1 b34") == "not_your_worker"


# ---------------------------------------------------------------- the end and the score
def test_reaching_17_ends_the_game_after_the_round_is_played_out() -> None:
    # seat 1 has the Abbey and the Church (10 points); the Cathedral needs 5 4 4 4 and has 5 3 4 3
    seat1 = StartPosition(crew=("w14",), sites=(("b34", "w35", "w40", "w41", "w23"),), finished=("b27", "b29"))
    game = scripted(seat1, StartPosition(), StartPosition(), first=1)
    game.apply("1 send w14 b34")  # +0 2 0 1: 5 5 4 4: finished, 18 points
    assert game.player(1).points == 18 and game.last_round is None  # only checked when the turn ends
    events = game.apply("1 end")
    assert [e.kind for e in events] == ["turn_ended", "last_round", "turn_started"]
    assert game.last_round == "points" and game.last_seat == 3
    game.apply("2 end")
    assert not game.over
    events = game.apply("3 end")
    assert game.over and game.pending is None and events[-1].kind == "game_over"
    assert [p.turns for p in game.players] == [1, 1, 1]
    assert game.legal_actions() == [] and refused(game, "1 end") == "game_over"


def test_when_the_last_seat_of_the_round_reaches_17_the_game_ends_at_once() -> None:
    seat3 = StartPosition(crew=("w14",), sites=(("b34", "w35", "w40", "w41", "w23"),), finished=("b27", "b29"))
    game = scripted(StartPosition(), StartPosition(), seat3, first=1)
    game.apply("1 end")
    game.apply("2 end")
    game.apply("3 send w14 b34")
    game.apply("3 end")
    assert game.over and game.result() is not None and game.result()["winner"] == 3  # type: ignore[index]


def test_the_round_ends_with_the_first_players_right_hand_neighbour() -> None:
    seat3 = StartPosition(crew=("w14",), sites=(("b34", "w35", "w40", "w41", "w23"),), finished=("b27", "b29"))
    game = scripted(StartPosition(), StartPosition(), seat3, StartPosition(), first=3)
    assert game.last_seat == 2
    game.apply("3 send w14 b34")
    game.apply("3 end")
    for seat in (4, 1):
        game.apply(f"{seat} end")
    assert not game.over
    game.apply("2 end")
    assert game.over and [p.turns for p in game.players] == [1, 1, 1, 1]


FIRST = ("b34", "b33", "b32")  # 8 + 7 + 6 = 21 points
SECOND = ("b31", "b30", "b29", "b28")  # 5 + 5 + 5 + 5 = 20 points


def _end_now(game: Game) -> dict[str, object]:
    """Every seat ends its turn until the game is over (a seat starts at 17 or more)."""
    for _ in range(20):
        if game.over:
            break
        assert game.pending is not None
        game.apply(Action(game.pending.seat, "end"))
    result = game.result()
    assert result is not None
    return result


def test_score_is_points_plus_one_per_full_10_coins() -> None:
    game = scripted(StartPosition(coins=29, finished=FIRST), StartPosition(coins=9, finished=SECOND))
    result = _end_now(game)
    by_seat = {s["seat"]: s for s in result["seats"]}  # type: ignore[attr-defined]
    assert (by_seat[1]["score"], by_seat[1]["points"], by_seat[1]["coin_points"]) == (21 + 2, 21, 2)
    assert (by_seat[2]["score"], by_seat[2]["points"], by_seat[2]["coin_points"]) == (20, 20, 0)
    assert result["winner"] == 1 and result["decided_by"] == "score"


def test_a_tie_goes_to_the_most_points_from_buildings_then_the_most_coins() -> None:
    by_points = _end_now(scripted(StartPosition(coins=10, finished=FIRST), StartPosition(coins=25, finished=SECOND)))
    assert by_points["winner"] == 1 and by_points["decided_by"] == "points"  # 22 each: 21 points beat 20
    level = (*SECOND, "b01")  # 21 points too
    by_coins = _end_now(scripted(StartPosition(coins=12, finished=FIRST), StartPosition(coins=19, finished=level)))
    assert by_coins["winner"] == 2 and by_coins["decided_by"] == "coins"
    shared = _end_now(scripted(StartPosition(coins=12, finished=FIRST), StartPosition(coins=12, finished=level)))
    assert shared["winner"] is None and shared["winners"] == [1, 2] and shared["decided_by"] == "shared"


# ---------------------------------------------------------------- where the rulebook is silent (docs/rules-notes.md)
def test_decision_an_empty_deck_leaves_a_gap_in_the_row_and_the_game_goes_on() -> None:
    rows = ("b01", "b02", "b03", "b04", "b05")
    taken = [b for b in BUILDINGS if b not in rows][:-1]  # every building but one more is on seat 2's sites
    game = scripted(StartPosition(), StartPosition(sites=tuple((b,) for b in taken)), rows=(rows, ()))
    assert len(game.building_deck) == 1
    last = game.building_deck[0]
    game.apply("1 open b01")
    assert game.building_row == [last, "b02", "b03", "b04", "b05"] and game.building_deck == []
    events = game.apply("1 open b02")
    assert events[0].data["turned"] is None and game.building_row == [last, "b03", "b04", "b05"]
    assert not game.over and game.pending == (1, "turn")
    game.apply("1 open b03")
    game.apply("1 end")
    assert game.pending == (2, "turn") and len(game.building_row) == 3


def test_decision_the_bank_never_runs_out() -> None:
    # the box holds 108 coins' worth (23 silver, 17 gold); the hub's bank has no limit
    game = scripted(StartPosition(coins=105), StartPosition(coins=100))
    game.apply("1 coins 6")
    assert game.player(1).coins == 111


def test_decision_actions_may_be_bought_at_any_time_and_used_for_anything_even_coins() -> None:
    game = scripted(StartPosition(coins=10), StartPosition())
    game.apply("1 buy")  # with 3 actions still left
    assert game.actions == 4
    game.apply("1 coins 6")
    game.apply("1 coins 1")  # the bought action takes a coin
    assert (game.actions, game.player(1).coins) == (0, 10 - 5 + 6 + 1)


def test_decision_a_turn_may_end_with_actions_left_and_they_are_lost() -> None:
    game = scripted(StartPosition(), StartPosition())
    assert "1 end" in options(game)
    game.apply("1 end")
    assert game.pending == (2, "turn") and game.actions == 3
    game.apply("2 end")
    assert game.pending == (1, "turn") and game.actions == 3 and game.round == 2


def test_decision_a_turn_ends_only_with_end_even_with_no_action_left() -> None:
    game = scripted(StartPosition(coins=0), StartPosition())
    game.apply("1 coins 3")
    game.apply("1 coins 1")  # 4 coins: cannot buy
    assert game.pending == (1, "turn") and options(game) == {"1 end"}
    game.apply("1 end")
    assert game.pending == (2, "turn")


def test_decision_a_machine_counts_toward_the_second_worker_cost() -> None:
    test_a_machine_counts_as_a_worker_for_the_escalating_cost()


def test_decision_a_machine_finished_this_turn_may_be_sent_this_turn() -> None:
    test_a_finished_machine_scores_earns_no_coins_and_joins_the_crew_with_wage_0()


def all_cards_stuck() -> StartPosition:
    """Every building a site of one seat and every worker on one of them, none finished."""
    sites: dict[str, list[str]] = {b: [] for b in sorted(BUILDINGS, key=lambda b: -sum(BUILDINGS[b].needs))}
    for w in WORKERS:
        for b, workers in sites.items():
            have = [sum(WORKERS[x].output[i] for x in [*workers, w]) for i in range(4)]
            if not all(h >= n for h, n in zip(have, BUILDINGS[b].needs)):
                workers.append(w)
                break
        else:
            raise AssertionError(f"no site can take {w} without being finished")
    return StartPosition(sites=tuple((b, *ws) for b, ws in sites.items()))


def test_decision_the_game_ends_with_the_round_when_nobody_can_finish_anything_any_more() -> None:
    game = scripted(StartPosition(), all_cards_stuck())
    assert game.building_row == game.worker_row == [] and game.blocked()
    events = game.apply("1 end")
    assert game.last_round == "blocked" and events[1].kind == "last_round"
    game.apply("2 coins 6")  # the round is played out
    game.apply("2 end")
    result = game.result()
    assert game.over and result is not None and result["winners"] == [2] and result["decided_by"] == "coins"  # 16 coins to 10


def test_decision_a_game_is_not_blocked_while_a_worker_still_to_recruit_could_finish_a_site() -> None:
    stuck = all_cards_stuck()
    site = stuck.sites[0]  # the Cathedral, with the most workers
    freed = StartPosition(sites=(site[:1], *stuck.sites[1:]))  # its workers back in the deck
    game = scripted(StartPosition(), freed)
    assert game.worker_row and not game.blocked()
    game.apply("1 end")
    assert game.last_round is None
    assert not Game.new(Setup(players=4, seed=3)).blocked()
