"""Helpers of the Cities & Knights engine tests: a table with physical dice (the tests
choose every roll) and short ways to play the turns a rule needs."""

from __future__ import annotations

import pytest

from hub.engine.cities_knights import Game, IllegalAction, Setup

QUIET = "6 2 yellow"  # a gate only level 5 draws from, no 7, no ship: nothing happens


def new(players: int = 3, dice: str = "physical", seed: int = 0) -> Game:
    return Game.new(Setup(players=players, seed=seed, dice=dice))


def refused(game: Game, text: str) -> str:
    """The code of a refused action; the state is untouched."""
    before = game.state_hash()
    with pytest.raises(IllegalAction) as caught:
        game.apply(text)
    assert caught.value.message
    assert game.state_hash() == before
    return caught.value.code


def options(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def kinds(events: list) -> list[str]:  # type: ignore[type-arg]
    return [e.kind for e in events]


def draw_all(game: Game, wanted: dict[int, list[str]] | None = None) -> None:
    """Resolve every pending draw (and reward choice: green): a seat draws its wanted cards
    first, else the first card no seat wants."""
    wanted = {s: list(cs) for s, cs in (wanted or {}).items()}
    taken = {c for cs in wanted.values() for c in cs}
    while game.pending is not None and game.pending.kind in ("draw", "reward"):
        seat = game.pending.seat
        if game.pending.kind == "reward":
            game.apply(f"{seat} reward green")
            continue
        drawable = [a.args[0] for a in game.legal_actions()]
        mine = [c for c in wanted.get(seat, []) if c in drawable]
        card = mine[0] if mine else next(c for c in drawable if c not in taken)
        if mine:
            wanted[seat].remove(card)
        game.apply(f"{seat} draw {card}")


def turn(game: Game, *reports: str, dice: str = QUIET, end: bool = True) -> None:
    """The seat on turn rolls ``dice``, reports (texts without the seat), and ends."""
    seat = game.turn_seat
    game.apply(f"{seat} roll {dice}")
    draw_all(game)
    for r in reports:
        game.apply(f"{seat} {r}")
    if end:
        game.apply(f"{seat} end")


def to_seat(game: Game, seat: int) -> None:
    """Quiet turns until ``seat`` is on turn (before its roll)."""
    while game.turn_seat != seat or game.stage != "roll":
        if game.stage == "turn" and game.pending is not None and game.pending.kind == "turn":
            game.apply(f"{game.turn_seat} end")
            draw_all(game)
            continue
        turn(game)


def improve(game: Game, seat: int, colour: str, levels: int) -> None:
    """On ``seat``'s next turn: ``levels`` more levels in ``colour``."""
    to_seat(game, seat)
    turn(game, *[f"improve {colour}"] * levels)


def deal(game: Game, seat: int, *cards: str) -> None:
    """``seat`` draws ``cards`` on its own turn's gates (it needs level 1 in their colours;
    others who draw take other cards); the turn is left open after the roll."""
    from hub.engine.cities_knights.cards import CARDS
    to_seat(game, seat)
    first = True
    for card in cards:
        if not first:
            game.apply(f"{seat} end")
            to_seat(game, seat)
        game.apply(f"{seat} roll 1 2 {CARDS[card].colour}")
        draw_all(game, {seat: [card]})
        if game.pending is not None and game.pending.kind == "discard":
            return
        first = False


def ships(game: Game, count: int) -> list:  # type: ignore[type-arg]
    """``count`` turns rolling a ship (each ended); the events of the last roll."""
    events: list = []  # type: ignore[type-arg]
    for _ in range(count):
        seat = game.turn_seat
        events = game.apply(f"{seat} roll 1 2 ship")
        if game.pending is not None and game.pending.kind == "confirm":
            return events
        game.apply(f"{seat} end")
    return events


def confirm_all(game: Game) -> list:  # type: ignore[type-arg]
    events: list = []  # type: ignore[type-arg]
    while game.pending is not None and game.pending.kind == "confirm":
        events = game.apply(f"{game.pending.seat} confirm")
    return events


def give(game: Game, seat: int, *cards: str) -> None:
    """Put ``cards`` in ``seat``'s hand straight from their decks (a position set up by hand
    for a rule that does not concern draws)."""
    from hub.engine.cities_knights.cards import CARDS
    for card in cards:
        game.deck[CARDS[card].colour].remove(card)
        game.player(seat).hand.append(card)
    game.options_made = None
