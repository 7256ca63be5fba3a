"""What the seat page is told to decide with: what each option gives (the engine's seat
view, ``you.gives``), checked against what applying the option really does."""

from __future__ import annotations

import pytest

from hub.engine.citadels import Game, Setup
from hub.engine.citadels.bots import make_bot
from tests.engine_support import act, physical, start


def test_collect_taxes_says_how_much_it_gives() -> None:
    game = physical(4, {1: "merchant", 2: "king", 3: "bishop", 4: "warlord"}, faceup=("assassin", "thief"),
                    starts=[start(), start(city=("manor", "castle", "temple")), start(), start()])
    gives = game.seat_view(2)["you"]["gives"]
    assert gives["2 tax"] == {"gold": 2} and gives["2 gold"] == {"gold": 2}
    assert gives["2 draw"] == {"draw": 2, "keep": 1}
    act(game, "2 gold")
    assert game.seat_view(2)["you"]["gives"]["2 end"] == {"gold": 2}  # a tax not taken is collected then
    act(game, "2 tax")
    assert "2 end" not in game.seat_view(2)["you"]["gives"]
    assert game.seat_view(1)["you"]["gives"] == {}  # not its decision


def test_a_tax_of_nothing_says_plus_zero() -> None:
    game = physical(4, {1: "merchant", 2: "king", 3: "bishop", 4: "warlord"}, faceup=("assassin", "thief"))
    act(game, "2 gold")
    gives = game.seat_view(2)["you"]["gives"]
    assert gives["2 tax"] == {"gold": 0} and "2 end" not in gives


def test_districts_abilities_say_what_they_give_per_edition() -> None:
    classic = physical(4, {1: "king", 2: "bishop", 3: "merchant", 4: "warlord"}, faceup=("assassin", "thief"),
                       starts=[start(gold=4, city=("laboratory", "smithy", "observatory", "library")),
                               start(), start(), start()])
    gives = classic.seat_view(1)["you"]["gives"]
    assert gives["1 lab"] == {"cards": -1, "gold": 2} and gives["1 smithy"] == {"gold": -2, "cards": 3}
    assert gives["1 draw"] == {"draw": 3, "keep": 3}
    y2000 = physical(4, {1: "king", 2: "bishop", 3: "merchant", 4: "warlord"}, faceup=("assassin", "thief"),
                     starts=[start(gold=4, city=("laboratory",)), start(), start(), start()], edition="2000")
    assert y2000.seat_view(1)["you"]["gives"]["1 lab"] == {"cards": -1, "gold": 1}


@pytest.mark.parametrize("edition", ["classic", "2000"])
def test_every_gold_and_card_change_said_is_the_one_applied(edition: str) -> None:
    """Digital games of four players (one character each: the next reveal is another
    seat's): every option's gold and card change, applied to a copy of the game."""
    checked = 0
    for seed in range(1, 4):
        setup = Setup(players=4, seed=seed, edition=edition, variant="classic7" if edition == "classic" else "")
        game = Game.new(setup)
        bot = make_bot("heuristic", seed)
        while not game.over:
            assert game.pending is not None
            seat = game.pending.seat
            gives = game.seat_view(seat)["you"]["gives"]
            for text, change in gives.items():
                if text.split()[1] in ("end", "draw", "swap"):
                    continue  # the next reveal, a choice of cards, the other hand: not the seat's own count
                copy = Game.replay(setup, list(game.log))
                before = copy.player(seat)
                gold, hand = before.gold, before.hand_size
                copy.apply(text)
                assert copy.player(seat).gold - gold == change.get("gold", 0), (seed, text, change)
                built = -1 if text.split()[1] == "build" else 0  # the card goes from the hand into the city
                assert copy.player(seat).hand_size - hand == change.get("cards", built), (seed, text, change)
                checked += 1
            game.apply(bot.choose(game))
    assert checked > 40


def test_every_unique_district_says_what_it_does_in_every_edition_and_language() -> None:
    from hub.games.citadels import words
    from hub.engine.citadels.cards import card_set, deck_names
    from hub.engine.citadels.editions import EDITIONS
    from hub.games.citadels.card_facts import card_facts

    uniques = {d.id for deck in deck_names() for d in card_set(deck).districts.values() if d.type == "unique"}
    facts = card_facts()
    for edition, rules in EDITIONS.items():
        for lang in words.LANGS:
            said = facts["district_abilities"][edition][lang]
            assert set(said) == uniques, (edition, lang)
            assert all(said.values())
        # the Laboratory pays what the edition's rules pay
        assert f"{rules.laboratory_gold} gold" in words.district_ability("laboratory", "en", edition)
        assert facts["districts"][edition]["observatory"]["cost"] == card_set(rules.deck).districts["observatory"].cost
    assert words.district_ability("haunted_city", "zh-Hans", "2000") != words.district_ability("haunted_city", "zh-Hans")
    assert words.district_ability("manor", "en") == ""  # a plain district does nothing more than score
