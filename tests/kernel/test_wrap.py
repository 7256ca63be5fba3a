"""The one wrapper of every seat display's free text (hub/kernel/wrap.py), rule by rule:
no word cut, a seat kept with its number, a word longer than a line, an empty text."""

from __future__ import annotations

from hub.kernel import wrap_lines, wrap_text
from hub.protocol import TEXT_MAX_CHARS


def test_no_word_is_cut_nor_any_of_it_lost() -> None:
    """A line breaks at spaces, not even at a hyphen ("face-" at a line's end and "up" below
    read as two words); a word too long for any line goes on below, never cut short."""
    assert wrap_text("Take the twenty face-up cards") == ["Take the twenty", "face-up cards"]
    assert wrap_text("no decision for you now") == ["no decision for you", "now"]
    sentence = "Seat 2 and Seat 3 each lose a city: the barbarians won by 3 strength points"
    lines = wrap_text(sentence)
    assert all(len(line) <= TEXT_MAX_CHARS for line in lines)
    assert " ".join(lines).split(" ") == sentence.split(" ")  # every word whole, in order
    uid = "0102030405060708090A0B0C"
    assert "".join(wrap_text(f"Tag {uid} unknown")).replace(" ", "") == f"Tag{uid}unknown"


def test_a_seat_and_its_number_stay_on_one_line() -> None:
    """"Take 3 gold from seat / 2" reads the lone "2" as a count."""
    assert wrap_text("Play Deserter on Seat 2") == ["Play Deserter on", "Seat 2"]
    assert wrap_text("Take 3 gold from seat 2") == ["Take 3 gold from", "seat 2"]
    assert wrap_text("Robbed! Give your 12 gold to seat 7") == ["Robbed! Give your 12", "gold to seat 7"]
    assert wrap_lines("Seat 4 decides") == ["Seat 4 decides"]
    assert wrap_text("Seat 3 holds the Seat 3 metropolis") == ["Seat 3 holds the", "Seat 3 metropolis"]


def test_a_no_break_space_keeps_two_words_together_and_shows_as_a_space() -> None:
    assert wrap_text("Build your own Great\u00a0Wall") == ["Build your own", "Great Wall"]
    assert wrap_lines("Great\u00a0Wall") == ["Great Wall"]


def test_an_aside_in_brackets_that_fits_a_line_stays_on_one() -> None:
    """"Tap Manor (copy 1 of / 5)" asks for a copy "1 of" something."""
    assert wrap_text("Tap Manor (copy 1 of 5)") == ["Tap Manor", "(copy 1 of 5)"]
    assert wrap_text("Tap Stone (copy 4 of 12) now") == ["Tap Stone", "(copy 4 of 12) now"]
    too_long = "(an aside that is far too long for one line)"
    assert " ".join(wrap_text(too_long)) == too_long  # broken at spaces, as any text


def test_a_word_longer_than_a_line_starts_a_line_and_goes_on_below_whole() -> None:
    assert wrap_text("Tag 0102030405060708090A0B0C unknown") == ["Tag", "0102030405060708090A0", "B0C unknown"]
    assert wrap_lines("x" * 30, "a b") == ["x" * 21, "x" * 9, "a b"]


def test_an_empty_text_is_one_empty_line() -> None:
    assert wrap_text("") == [""]
    assert wrap_lines("Game over", "", "Seat 2 wins") == ["Game over", "", "Seat 2 wins"]

