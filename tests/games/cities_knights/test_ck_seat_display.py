"""What a Cities & Knights seat's display says beyond the turn and the option.

How the table is set up, told at each seat before the first move: the seat playing first lays out the three progress decks face down and the ship on its start;
every seat has 1 settlement and 1 city on the board (what the hub counts: 3 points each).
The seat displays say it (at most 21 characters a line, 4 lines), the pages in their
language (`view["setup"]`), and once a move stands it is history. After an Alchemist at a
table with its own dice: the red and yellow it set, and the event die's faces to walk."""

from __future__ import annotations

from hub.engine.cities_knights import Game, Setup
from hub.games.cities_knights.adapter import CitiesKnightsAdapter
from hub.games.cities_knights.tags import ProgressTags
from hub.games.cities_knights.words import LANGS, setup_lines
from hub.kernel import Table
from hub.protocol import TEXT_MAX_CHARS, TEXT_MAX_LINES
from hub.transport import InProcessBus
from tests.fakes.raw_seat import RawSeat

FIRST = ("Shuffle the 3 decks,", "the ship at the start", "Set up: 1 settlement", "and 1 city (3 points)")
OTHERS = ("Set up: 1 settlement", "and 1 city (3 points)")


def test_each_seat_is_told_its_pieces_and_the_first_seat_the_decks_and_the_ship() -> None:
    game = Game.new(Setup(players=4, seed=3, first=2))
    lines = CitiesKnightsAdapter(ProgressTags.virtual()).setup_lines(game)
    assert lines == {1: list(OTHERS), 2: list(FIRST), 3: list(OTHERS), 4: list(OTHERS)}


def test_the_setup_lines_exist_in_three_languages_and_fit_the_display() -> None:
    for lang in LANGS:
        for first in (True, False):
            said = setup_lines(first, lang)
            assert len(said) == (4 if first else 2) <= TEXT_MAX_LINES
            assert all(0 < len(line) <= TEXT_MAX_CHARS for line in said), (lang, said)
            if lang != "en":
                assert not any(line in FIRST for line in said), (lang, said)  # its own words, not English


def test_at_the_table_the_seats_show_the_setup_until_the_first_move() -> None:
    bus = InProcessBus()
    game = Game.new(Setup(players=3, seed=5))
    table = Table(bus, CitiesKnightsAdapter(ProgressTags.virtual()), game, journal=lambda action: None,
                  transport_waits=True)
    table.start()
    try:
        seats = {s: RawSeat(bus, s) for s in (1, 2, 3)}
        shown = [c for c in seats[2].commands if c.text is not None][-1].text
        assert shown == OTHERS
        first = [c for c in seats[1].commands if c.text is not None][-1].text
        assert first == FIRST  # above its first prompt: OK shows the prompt
        assert table.public_view()["setup"] == {"first": 1}
        assert table.answer(1, "1 roll") == {"ok": True}
        assert table.public_view()["setup"] is None
    finally:
        table.stop()
        bus.close()


def test_after_an_alchemist_the_display_shows_the_dice_set_and_walks_the_event_die() -> None:
    """A table with its own dice: after the Alchemist, the display says the red and yellow it
    set, and the buttons walk the event die's four faces ("event die: ship")."""
    from tests.engine.cities_knights.helpers import give

    game = Game.new(Setup(players=3, seed=5, dice="physical"))
    give(game, 1, "S01a")
    game.apply("1 play S01a 3 4")
    adapter = CitiesKnightsAdapter(ProgressTags.virtual())
    assert adapter.prompt(game).head == ("Alchemist: 3+4=7",)
    assert [adapter.describe(a) for a in game.legal_actions()] == [
        "event die: ship", "event die: green", "event die: yellow", "event die: blue"]
