"""The Builders: scenarios: refusals that say why, the table's corrections, views that
show everything but the decks' order, the public history, and whole bot games."""

from __future__ import annotations

import json

import pytest

from hub.engine.builders import Action, Game, HeuristicBot, IllegalAction, RandomBot, Setup, StartPosition, play
from hub.engine.builders.actions import effective_log
from hub.engine.builders.history import public_history


def scripted(*seats: StartPosition, rows: tuple[tuple[str, ...], tuple[str, ...]] | None = None) -> Game:
    return Game.new(Setup(players=len(seats), seed=4, first=1, start=tuple(seats), rows=rows))


def refusal(game: Game, text: str) -> IllegalAction:
    before = game.state_hash()
    with pytest.raises(IllegalAction) as caught:
        game.apply(text)
    assert game.state_hash() == before  # a refusal changes nothing
    return caught.value


def test_refusals_name_the_reason() -> None:
    game = scripted(StartPosition(crew=("w34",), sites=(("b28", "w19"),)),
                    StartPosition(coins=3, crew=("w35",), sites=(("b27",),), finished=("b01",)),
                    rows=(("b02", "b03", "b04", "b05", "b06"), ("w07", "w08", "w09", "w10", "w11")))
    cases = {
        "2 open b02": ("not_your_turn", "it is seat 1's turn, not seat 2's"),
        "5 open b02": ("unknown_seat", "there is no seat 5 at a 2-player table"),
        "1 open b27": ("not_face_up", "the Abbey (b27) is not face up: it is on seat 2's site"),
        "1 open b33": ("not_face_up", "the Castle (b33) is not face up: it is still in the deck"),
        "1 recruit w35": ("not_face_up", "a master (w35) is not face up: seat 2 has it"),
        "1 open w07": ("wrong_card", "a labourer (w07) is not a building"),
        "1 recruit b02": ("wrong_card", "the Stone Bridge (b02) is not a worker"),
        "1 open b99": ("unknown_card", "'b99' is not a card of The Builders"),
        "1 send w19 b28": ("worker_busy", "a craftsman (w19) is on a site until it is finished"),
        "1 send w35 b28": ("not_your_worker", "a master (w35) is not one of your workers: seat 2 has it"),
        "1 send w34 b27": ("not_your_site", "the Abbey (b27) is not one of your sites: open it first"),
        "1 send m1 b28": ("not_your_worker", "the Circular Saw (m1) is not a finished machine of yours"),
        "1 coins 4": ("bad_amount", "take 1, 3 or 6 coins (1, 2 or 3 actions), not '4'"),
        "1 send w34": ("bad_action", "'send' takes 2 arguments, got 1"),
        "1 void": ("bad_action", "'void' is a correction of the table (seat 0)"),
    }
    for text, (code, message) in cases.items():
        refused = refusal(game, text)
        assert (refused.code, refused.message) == (code, message), text
    game.apply("1 end")
    assert refusal(game, "2 send w35 b27").code == "cannot_afford"  # a master's 5 coins; seat 2 has 3
    assert refusal(game, "2 send w35 b01").message == "the Covered Bridge (b01) is already finished"
    assert refusal(game, "2 buy").message == "an action costs 5 coins; you have 3"


def test_the_escalating_cost_refusal_says_what_it_costs() -> None:
    game = scripted(StartPosition(coins=20, crew=("w19", "w20", "w21"), sites=(("b34",),)), StartPosition())
    game.apply("1 send w19 b34")
    game.apply("1 send w20 b34")
    refused = refusal(game, "1 send w21 b34")
    assert refused.code == "no_actions_left"
    assert refused.message == ("sending a third worker to the Cathedral (b34) this turn costs 3 actions; "
                               "you have 0 left (buy one for 5 coins)")


def test_void_undoes_the_last_action_and_adjust_corrects_coins() -> None:
    game = Game.new(Setup(players=3, seed=9))
    assert refusal(game, "0 void").code == "nothing_to_void"
    play_some(game, 10)
    def unlogged(g: Game) -> dict[str, object]:
        return {k: v for k, v in g.snapshot().items() if k != "log"}

    before = unlogged(game)
    seat = game.pending.seat if game.pending else 1
    game.apply(game.legal_actions()[0])
    events = game.apply("0 void")
    assert events[0].kind == "voided" and unlogged(game) == before
    assert [str(a) for a in game.log[-2:]][1] == "0 void"
    coins = game.player(seat).coins
    game.apply(f"0 adjust {seat} -1 counted twice")
    assert game.player(seat).coins == coins - 1
    assert refusal(game, f"0 adjust {seat} -999 too much").code == "cannot_afford"
    assert refusal(game, "0 adjust 7 1 nobody").code == "unknown_seat"
    assert refusal(game, f"0 adjust {seat} 1").code == "bad_action"  # no reason
    # the log with its corrections replays to the same state
    assert Game.replay(game.setup, [str(a) for a in game.log]).state_hash() == game.state_hash()


def play_some(game: Game, count: int) -> None:
    bot = HeuristicBot(1)
    for _ in range(count):
        game.apply(bot.choose(game))


def test_the_public_view_shows_everything_but_the_decks_order() -> None:
    game = Game.new(Setup(players=4, seed=21, names=("Ana", "Bo", "Cy", "Di")))
    play_some(game, 25)
    view = game.public_view()
    text = json.dumps(view)
    assert not set(game.building_deck) & set(_ids(view)) and not set(game.worker_deck) & set(_ids(view))
    assert view["decks"] == {"buildings": len(game.building_deck), "workers": len(game.worker_deck)}
    assert [s["name"] for s in view["seats"]] == ["Ana", "Bo", "Cy", "Di"]
    assert [b["id"] for b in view["rows"]["buildings"]] == game.building_row
    for seat in view["seats"]:
        for site in seat["sites"]:
            assert set(site["missing"]) == {"stone", "wood", "knowledge", "tile"}
    assert "Chapel" in json.dumps(Game.new(Setup(players=2, seed=0, rows=(("b28",), ()))).public_view())
    pending = game.pending
    assert pending is not None
    mine = game.seat_view(pending.seat)["you"]
    other = game.seat_view(pending.seat % 4 + 1)["you"]
    assert mine["options"] == [str(a) for a in game.legal_actions()] and other["options"] == []
    assert json.loads(text) == view


def _ids(value: object) -> list[str]:
    if isinstance(value, dict):
        return [v for k, v in value.items() if k == "id" and isinstance(v, str)] + \
            [i for v in value.values() for i in _ids(v)]
    if isinstance(value, list):
        return [i for v in value for i in _ids(v)]
    return []


def test_the_public_history_is_every_event_of_what_stands_with_its_round_and_move() -> None:
    game = Game.new(Setup(players=2, seed=5))
    play_some(game, 12)
    game.apply(game.legal_actions()[-1])
    game.apply("0 void")
    history = public_history(game.setup, game.log)
    replayed = Game.new(game.setup)
    expected = [{**e.to_json(), "move": 0} for e in replayed.start_events]
    for move, action in enumerate(effective_log(game.log), start=1):
        expected += [{**e.to_json(), "move": move} for e in replayed.apply(action)]
    def unrounded(events: list[dict[str, object]]) -> list[dict[str, object]]:
        return [{k: v for k, v in e.items() if k != "round"} for e in events]

    assert unrounded(history) == unrounded(expected)
    assert all(e["round"] == h["round"] for e, h in zip(expected, history) if e["kind"] == "turn_started")
    assert history[0]["kind"] == "turn_started" and history[0]["round"] == 1


def test_a_heuristic_game_ends_on_17_points_and_its_result_is_consistent() -> None:
    game = play(Game.new(Setup(players=3, seed=12)), {s: HeuristicBot(s) for s in (1, 2, 3)})
    result = game.result()
    assert result is not None and game.last_round == "points"
    assert game.player(game.ended_by).points >= 17
    best = result["seats"][0]
    assert result["winner"] == best["seat"]
    assert best["score"] == max(game.player(s).points + game.player(s).coins // 10 for s in (1, 2, 3))
    assert all(s["turns"] == game.round for s in result["seats"])


def test_the_heuristic_bot_beats_the_random_bot_mostly() -> None:
    wins = 0
    for seed in range(30):
        game = play(Game.new(Setup(players=2, seed=seed)), {1: HeuristicBot(seed), 2: RandomBot(seed)})
        result = game.result()
        assert result is not None
        wins += result["winner"] == 1
    assert wins >= 25


def test_a_setup_reads_back_from_its_json() -> None:
    setup = Setup(players=2, seed=3, names=("A", "B"), first=2,
                  start=(StartPosition(coins=4, crew=("w01", "m1"), sites=(("b28", "w19"),), finished=("b01",)),
                         StartPosition()),
                  rows=(("b02",), ("w07", "w08")))
    assert Setup.from_json(json.loads(json.dumps(setup.to_json()))) == setup
    game = Game.new(setup)
    assert game.player(1).machines == ["m1"] and game.player(1).points == 2
    for bad in ({"rows": (("w01",), ())}, {"start": (StartPosition(crew=("w01",)), StartPosition(crew=("w01",)))},
                {"first": 3}, {"names": ("A",)}):
        with pytest.raises(ValueError):
            Setup(players=2, **bad)  # type: ignore[arg-type]


def test_an_action_text_reads_back_and_bad_text_is_refused() -> None:
    for text in ("2 open b07", "2 recruit w12", "2 send w12 b07", "2 send m3 b07", "2 coins 3", "2 buy", "2 end",
                 "0 void", "0 adjust 2 -3 miscounted"):
        action = Action.parse(text)
        assert str(action) == text and Action.from_json(action.to_json()) == action
    for bad in ("", "2", "x open b07", "2 build b07", "2  " * 80):
        with pytest.raises(IllegalAction) as caught:
            Action.parse(bad)
        assert caught.value.code == "bad_action"
