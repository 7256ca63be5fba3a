"""Which physical copy of a district lies in which city (``hub.games.citadels.cities``)."""

from __future__ import annotations

from hub.engine import Action
from hub.games.citadels.cities import CityCards

DISTRICTS = {"M1": "manor", "M2": "manor", "T1": "tavern", "K": None}  # K: a character's tag


def cities() -> CityCards:
    return CityCards(DISTRICTS.get)


def test_a_card_builds_a_bound_copy_and_a_destroy_by_card_or_buttons_removes_it() -> None:
    c = cities()
    c.applied(Action.parse("1 build manor"), "M1")
    c.applied(Action.parse("2 build tavern"), "T1")
    assert c.owner == {"M1": 1, "T1": 2}
    c.applied(Action.parse("3 destroy 1 manor"), "M1")  # the Warlord laid it
    c.applied(Action.parse("2 destroy 2 tavern"), None)  # his own district, with the buttons
    assert c.owner == {}


def test_a_build_with_no_card_is_entered_by_hand_until_its_owners_reader_reads_a_tag() -> None:
    c = cities()
    c.applied(Action.parse("1 build manor"), None)  # the admin entered it
    assert c.entered_by_hand(1) == ["manor"] and c.owner == {}
    assert not c.bind(2, "M2")  # not seat 2's
    assert not c.bind(1, "T1") and not c.bind(1, "K")  # another district, not a district
    assert c.bind(1, "M2") and c.owner == {"M2": 1} and c.entered_by_hand(1) == []
    assert not c.bind(1, "M1")  # bound once


def test_a_void_rebuilds_the_map_from_the_actions_that_stand_and_keeps_a_binding() -> None:
    c = cities()
    c.applied(Action.parse("1 build manor"), None)
    c.applied(Action.parse("2 build tavern"), "T1")
    assert c.bind(1, "M2")
    c.applied(Action.parse("0 void misread"), None)  # cancels the Tavern's build
    assert c.owner == {"M2": 1}  # the Manor's tag, bound after its build, is kept
    c.applied(Action.parse("0 adjust 1 1 found a coin"), None)
    c.applied(Action.parse("3 destroy 1 manor"), None)  # entered by the admin
    assert c.owner == {}
    c.applied(Action.parse("0 void wrong target"), None)
    assert c.owner == {"M2": 1}
    c.clear()
    assert c.owner == {} and c.entered_by_hand(1) == []


def test_a_destroy_with_no_card_takes_the_copy_entered_by_hand_first() -> None:
    c = cities()
    c.applied(Action.parse("1 build manor"), "M1")
    c.applied(Action.parse("1 build manor"), None)  # a second copy (Quarry), entered by hand
    c.applied(Action.parse("3 destroy 1 manor"), None)
    assert c.owner == {"M1": 1} and c.entered_by_hand(1) == []
