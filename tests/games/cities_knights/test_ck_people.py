"""Cities & Knights' people at a table of real seats (`hub.games.cities_knights.people`):
a drawn card is laid by its own tag, a move with a target is walked to on the buttons
by the words the display shows, the table's own dice entered one die at a time through
the seat's menus, an Alchemist held played at one's roll."""

from __future__ import annotations

from typing import Any

from hub.engine.cities_knights import Action, Game, Setup
from hub.engine.cities_knights.cards import CARDS
from hub.games.cities_knights.adapter import CitiesKnightsAdapter, describe
from hub.games.cities_knights.plugin import PLUGIN
from hub.games.people import Lay, Plan, Press, Sight
from hub.kernel import GO_BACK, Menu
from hub.kernel.cursor import ButtonCursors


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


def _plan(people: Any, game: Game) -> Plan:
    assert game.pending is not None
    plan: Plan = people.plan(Sight(game.pending.seat, [str(a) for a in game.legal_actions()], {}), game)
    return plan


def _pressed(adapter: CitiesKnightsAdapter, game: Game, seat: int, presses: tuple[Any, ...]) -> Any:
    """The option the last of `presses` is OK on, each walked to by the words the seat's
    display shows it with (a menu by its label, an action as `describe` words it), the
    menus before it opened through the kernel's cursors as the hub opens them."""
    cursors = ButtonCursors(adapter.button_options)
    for press in presses:
        options = cursors.options(game, seat)
        shown = [o.label if isinstance(o, Menu) else "back" if o is GO_BACK else describe(o) for o in options]
        assert shown.count(press.label) == 1, f"{press.label!r} among {shown}"
        cursors.move(game, seat, shown.index(press.label) - cursors.position(game, seat))
        chosen = options[shown.index(press.label)]
        assert isinstance(chosen, Menu) == (not press.move), press
        if isinstance(chosen, Menu):
            cursors.open(game, seat)
    return chosen


def test_the_table_dice_are_entered_a_die_at_a_time_through_the_seats_menus() -> None:
    setup = Setup(players=4, seed=7, dice="physical")
    cards = PLUGIN.virtual_registry(setup)
    people = PLUGIN.table_people(setup, cards, 7)
    game = Game.new(setup)
    plan = _plan(people, game)
    assert plan.move == "1 roll 4 4 yellow"
    assert plan.gestures == (Press("Red die: 4", move=False), Press("Yellow die: 4", move=False),
                             Press("roll 4+4=8 yellow"))
    assert _pressed(CitiesKnightsAdapter(cards), game, 1, plan.gestures) == Action.parse(plan.move)


def test_an_alchemist_held_at_ones_roll_is_played_and_the_event_die_entered_alone() -> None:
    setup = Setup(players=3, seed=7, dice="physical")
    cards = PLUGIN.virtual_registry(setup)
    people = PLUGIN.table_people(setup, cards, 7)
    game = Game.new(setup)
    alchemist = next(card for card in CARDS if CARDS[card].slug == "alchemist")
    seat = game.turn_seat
    game.players[seat - 1].hand.append(alchemist)
    plan = _plan(people, game)
    action = Action.parse(plan.move)
    assert (action.verb, action.args[0], len(action.args)) == ("play", alchemist, 3)
    # red and yellow set on the buttons, the red die first ("Alchemist: red 4"), then the play with its yellow
    assert plan.gestures == (Press(f"Alchemist: red {action.args[1]}", move=False), Press(describe(action)))
    adapter = CitiesKnightsAdapter(cards)
    assert _pressed(adapter, game, seat, plan.gestures) == action
    game.apply(action)
    plan = _plan(people, game)
    assert Action.parse(plan.move).verb == "roll" and plan.gestures[0].label.startswith("event die: ")
    assert _pressed(adapter, game, seat, plan.gestures) == Action.parse(plan.move)


def test_the_table_with_its_own_dice_is_checked_with_a_game_where_an_alchemist_is_played() -> None:
    """The acceptance at the real table (tests/system/test_table_acceptance.py) plays each
    of `table_variants` with these people: the variant with the table's dice names a seed
    whose game sets red and yellow with an Alchemist on the buttons (change the seed if the
    people or the bots change)."""
    [options] = [v for v in PLUGIN.table_variants if "physical" in v]
    seed = int(options[options.index("--seed") + 1])
    setup = Setup(players=PLUGIN.table_players, seed=seed, dice="physical")
    people = PLUGIN.table_people(setup, PLUGIN.virtual_registry(setup), seed)
    game = Game.new(setup)
    alchemists = rolls = 0
    while not game.over:
        action = Action.parse(_plan(people, game).move)
        alchemists += action.verb == "play" and CARDS[action.args[0]].slug == "alchemist"
        rolls += action.verb == "roll"
        game.apply(action)
    assert alchemists and rolls
