"""Players' names (issue 24, item 10): one check for every game (`hub.text.player_names`),
and the names on the seat displays, which draw 21 columns of printable ASCII."""

from __future__ import annotations

import pytest

from hub.engine.citadels import Setup
from hub.games.citadels import texts
from hub.kernel import wrap_lines
from hub.table.sim import SimTable
from hub.text import MAX_NAME_LENGTH, NameRefused, player_names


def test_names_are_trimmed_and_a_blank_one_is_its_seats_default() -> None:
    assert player_names([" Ann ", "Bob  Li", ""], 3) == ("Ann", "Bob Li", "Seat 3")
    assert player_names(["", " "], 2) == () and player_names([], 4) == ()
    assert player_names(["Ann", "Bob", "", ""], 2) == ("Ann", "Bob")  # a form's blank extra fields


@pytest.mark.parametrize("given, why", [
    (["Ann", "ANN"], "seat 2's name 'ANN' is seat 1's too"),
    (["x" * (MAX_NAME_LENGTH + 1)], f"seat 1's name is {MAX_NAME_LENGTH + 1} characters long"),
    (["\u200b\u200d"], "seat 1's name has no visible character"),
    (["Ann", "B\u202eob"], "seat 2's name contains text-direction characters"),
    (["A\tnn"], "seat 1's name contains control characters"),
    (["Seat 2", "Bob"], "seat 1's name 'Seat 2' reads as seat 2's"),
    (["A", "B", "C"], "3 names given for 2 players"),
    ([7, "B"], "seat 1's name must be a string"),
])
def test_a_refused_name_says_whose_and_why(given: list[object], why: str) -> None:
    with pytest.raises(NameRefused, match="^" + why.replace("(", r"\(")):
        player_names(given, 2)


def test_the_displays_show_a_name_that_fits_in_letters_they_can_draw() -> None:
    shown = texts.display_names(("Zoë", "小明", "Maximilian von Habsburg", "Alexandrina Victoria", "Seat 5"))
    assert shown == {1: "Zoe", 3: "Maximilian", 4: "Alexandri."}
    assert texts.display_names(("Alexandrinaa Bo", "Alexandrinaa Cy")) == {}  # alike once cut: neither is named
    assert texts.waiting_line(2, names=("Ann", "小明")) == "Seat 2 decides"
    longest = texts.named("robbed", 1, ("Maximilian von Habsburg", "Bob"), amount=12)
    assert wrap_lines(longest) == ["Robbed! Give your 12", "gold to Maximilian"]


def test_a_tables_displays_name_the_players() -> None:
    sim = SimTable(Setup(players=3, seed=4, mode="physical", names=("Ann", "Bob", "Zoë")))
    try:
        game = sim.service.game
        for _ in range(2):  # the draft: the seats that wait (and did not just pick) are told who decides
            deciding = game.pending.seat
            waiting = [s for s in sim.devices if s != deciding]
            last_lines = [sim.devices[s].shown["text"][-1] for s in waiting]  # one may still say "Accepted"
            assert f"{('Ann', 'Bob', 'Zoe')[deciding - 1]} decides" in last_lines, last_lines
            assert not [line for line in last_lines if line.startswith("Seat ")], last_lines
            sim.players[deciding].act()
        final = sim.play()
        winner = final.public_view()["result"]["winner"]
        loser = next(s for s in sim.devices if s != winner)
        assert f"{('Ann', 'Bob', 'Zoe')[winner - 1]} wins: " in sim.devices[loser].shown["text"][1]
    finally:
        sim.close()


# --- issue 31: names people can tell apart ------------------------------------------------
@pytest.mark.parametrize("given, why", [
    (["Ann", "Ann\u200b"], "seat 2's name contains invisible format characters"),
    (["Ann", "A\u2060nn"], "seat 2's name contains invisible format characters"),
    (["Ann", "\uff21\uff4e\uff4e"], "seat 2's name 'Ann' is seat 1's too"),  # full-width, NFKC
    (["Ann", "\u0410nn"], "seat 2's name '\u0410nn' looks like seat 1's too"),  # Cyrillic А
    (["S\u0435at 2", "Bob"], "seat 1's name 'S\u0435at 2' reads as seat 2's"),  # Cyrillic е
    (["SEAT 2", "Bob"], "seat 1's name 'SEAT 2' reads as seat 2's"),
    (["Seat \uff12", "Bob"], "seat 1's name 'Seat 2' reads as seat 2's"),  # full-width digit
    (["Seat2", "Bob"], "seat 1's name 'Seat2' reads as seat 2's"),
    (["Bob", "Seat l"], "seat 2's name 'Seat l' reads as seat 1's"),
    (["\u3164", "Bob"], "seat 1's name has no visible character"),  # Hangul filler
    (["\u2800\u2800", "Bob"], "seat 1's name has no visible character"),  # Braille blank
    (["Ann\ud83d", "Bob"], "seat 1's name contains a lone surrogate"),
    (["Ann\ufdd0", "Bob"], "seat 1's name contains a noncharacter"),
    (["Ann\U000e0001", "Bob"], "seat 1's name contains invisible format characters"),  # a tag character
    (["A" + "\u0301" * 6, "Bob"], "seat 1's name contains too many combining marks"),
    (["Ann\u0378", "Bob"], "seat 1's name contains a noncharacter or an unassigned code point"),
])
def test_look_alike_invisible_and_unstorable_names_are_refused(given: list[object], why: str) -> None:
    with pytest.raises(NameRefused, match="^" + why.replace("(", r"\(")):
        player_names(given, 2)


def test_names_that_only_resemble_stay_allowed() -> None:
    assert player_names(["Seat 1", "Bob"], 2) == ("Seat 1", "Bob")  # one's own default
    assert player_names(["Seats", "Ẓoë"], 2) == ("Seats", "Ẓoë")
    assert player_names(["Zoë", "Zoe"], 2) == ("Zoë", "Zoe")  # the diaeresis shows
    assert player_names(["Al 👩\u200d🚀", "Bo 🧑🏽\u200d🍳"], 2) == ("Al 👩\u200d🚀", "Bo 🧑🏽\u200d🍳")  # joiners inside emoji


def test_a_name_has_a_letter_or_a_digit() -> None:
    """An emoji or punctuation alone is no name people can say or tell apart (issue 31, item 3)."""
    for alone in ("👩\u200d🚀", "🎲🎲", "!!", "★"):
        with pytest.raises(NameRefused, match="no letter or digit"):
            player_names([alone, "Bob"], 2)
    assert player_names(["7", "小明"], 2) == ("7", "小明")
