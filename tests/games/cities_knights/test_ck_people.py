"""Cities & Knights' people at a table of real seats (`hub.games.cities_knights.people`):
a drawn card is laid by its own tag, a move with a target is walked to on the buttons
by the words the display shows."""

from __future__ import annotations

from hub.engine.cities_knights import Action, Game, Setup
from hub.games.cities_knights.adapter import describe
from hub.games.cities_knights.plugin import PLUGIN
from hub.games.people import Lay, Press, Sight


def test_the_people_lay_the_card_they_draw_and_walk_the_buttons_to_the_rest() -> None:
    setup = Setup(players=3, seed=7)
    cards = PLUGIN.virtual_registry(setup)
    people = PLUGIN.table_people(setup, cards, 7)
    game = Game.new(setup)
    seen = set()
    while not game.over and len(seen) < 2:
        assert game.pending is not None
        options = [str(a) for a in game.legal_actions()]
        plan = people.plan(Sight(game.pending.seat, options, {}), game)
        action = Action.parse(plan.move)
        assert plan.move in options
        if action.verb == "draw":
            assert plan.gestures == (Lay(next(u for u, c in cards.tags.items() if c == action.args[0])),)
            seen.add("draw")
        elif action.verb not in ("discard", "take", "play") or len(action.args) > 1:
            assert plan.gestures == (Press(describe(action)),)
            seen.add("press")
        game.apply(action)
    assert seen == {"draw", "press"}
