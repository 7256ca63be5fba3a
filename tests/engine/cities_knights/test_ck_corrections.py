"""The admin's corrections of Cities & Knights (``0 set``): one literal test per rule of
`docs/rules-notes.md`'s "The admin's corrections"."""

from __future__ import annotations

import pytest

from hub.engine.cities_knights import Game, IllegalAction, Setup


def new(players: int = 3) -> Game:
    return Game.new(Setup(players=players, seed=5))


def refused(game: Game, text: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        game.apply(text)
    return caught.value.code


def test_a_seats_cities_are_set_and_its_points_counted_again() -> None:
    game = new()
    events = game.apply("0 set 2 cities 3 misread build")
    assert game.player(2).cities == 3 and game.vp(2) == 1 + 6
    assert [e.kind for e in events] == ["corrected"]
    assert events[0].data == {"seat": 2, "what": "cities", "value": 3, "vp": 7, "was": 3, "reason": "misread build"}
    assert str(game.log[-1]) == "0 set 2 cities 3 misread build"


def test_values_stay_within_the_components_limits() -> None:
    game = new()
    assert refused(game, "0 set 1 settlements 6") == "out_of_range"
    assert refused(game, "0 set 1 cities 5") == "out_of_range"
    assert refused(game, "0 set 1 walls 2") == "out_of_range"  # one city: one wall at most
    game.apply("0 set 1 walls 1")
    assert refused(game, "0 set 1 defender 1") == "out_of_range"  # no attack yet
    assert refused(game, "0 set 1 green 6") == "out_of_range"
    game.apply("0 set 3 cities 0")
    assert refused(game, "0 set 3 blue 1") == "out_of_range"  # a level needs a city


def test_a_correction_names_a_seat_and_something_correctable() -> None:
    game = new()
    assert refused(game, "0 set 4 cities 1") == "unknown_seat"
    assert refused(game, "0 set 1 knights 2") == "bad_correction"
    assert refused(game, "0 set 1 cities") == "bad_action"


def test_a_metropolis_follows_a_corrected_level() -> None:
    game = new()
    game.apply("0 set 2 green 4")
    assert game.metropolis["green"] == 2 and game.vp(2) == 3 + 2
    game.apply("0 set 3 green 5")
    assert game.metropolis["green"] == 2  # taken only by improving to 5, not by a correction
    game.apply("0 set 2 green 3")
    assert game.metropolis["green"] == 3 and game.vp(2) == 3 and game.vp(3) == 5


def test_a_correction_is_undone_and_replayed_like_any_action() -> None:
    game = new()
    game.apply("0 set 2 blue 4")
    game.apply("0 void wrong seat")
    assert game.metropolis["blue"] == 0 and game.player(2).levels["blue"] == 0
    game.apply("0 set 1 cities 2")
    again = Game.replay(game.setup, [str(a) for a in game.log])
    assert again.state_hash() == game.state_hash() and again.vp(1) == 5


def test_a_corrected_seat_wins_only_on_its_own_turn() -> None:
    game = new()
    assert game.turn_seat == 1
    game.apply("0 set 2 cities 4")
    game.apply("0 set 2 settlements 5")  # 5 + 8 = 13 points, but not seat 2's turn
    assert game.vp(2) == 13 and not game.over
    game.apply("0 set 1 cities 4")
    game.apply("0 set 1 settlements 5")
    assert game.over and game.winner == 1
