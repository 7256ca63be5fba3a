"""What a seat's buttons cycle through in physical mode (``button_options``): every option
a card does not say. A card says a pick, a face-up removal, a build and a destroy, but a
Warlord's own district, whose card on his reader is never a move."""

from __future__ import annotations

import pytest

from hub.engine.citadels import Action, Game, IllegalAction, Setup
from hub.engine.citadels.bots import RandomBot
from hub.games.citadels.adapter import CitadelsAdapter, button_options, said_with_card


def test_a_card_says_picks_builds_and_destroys_but_the_warlords_own_district() -> None:
    assert said_with_card(Action.parse("1 pick king"))
    assert said_with_card(Action.parse("1 faceup king"))
    assert said_with_card(Action.parse("2 build temple"))
    assert said_with_card(Action.parse("3 destroy 1 temple"))
    assert not said_with_card(Action.parse("3 destroy 3 temple"))
    assert not said_with_card(Action.parse("3 gold"))
    assert not said_with_card(Action.parse("3 kill king"))


def test_the_buttons_offer_every_option_no_card_says_and_only_to_the_deciding_seat() -> None:
    checked = 0
    for seed in range(1, 41):
        game = Game.new(Setup(players=4 + seed % 4, seed=seed, mode="physical"))
        bot = RandomBot(seed)
        while game.pending is not None:
            legal = game.legal_actions()
            for seat in range(1, game.n + 1):
                expected = [a for a in legal if not said_with_card(a)] if seat == game.pending.seat else []
                assert button_options(game, seat) == expected
                checked += 1
            game.apply(bot.choose(game))
    assert checked > 40_000


def test_an_action_read_back_is_its_text_parsed_and_a_bad_text_is_refused_every_time() -> None:
    """The kernel reads every move back from its text (`read_action`): a text read before
    gives the same action, and a bad one is refused again, not remembered as read."""
    adapter = CitadelsAdapter.__new__(CitadelsAdapter)  # `read_action` reads no table
    game = Game.new(Setup(players=4, seed=1))
    for text in ("2 build temple", "3 destroy 1 temple", "1 gold", "2 build temple"):
        assert adapter.read_action(game, text) == Action.parse(text)
    for _ in range(2):
        with pytest.raises(IllegalAction):
            adapter.read_action(game, "2 teleport home")
