"""Which physical copy of a district lies in which city (``hub.games.citadels.cities``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hub.engine.citadels import Action
from hub.engine.citadels.actions import effective_log
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


def standing_cities(said: list[Action]) -> Counter[tuple[int, str]]:
    """(seat, district) -> copies in that city, as the actions that stand put them."""
    cities: Counter[tuple[int, str]] = Counter()
    for a in effective_log(said):
        if a.verb == "build":
            cities[(a.seat, a.args[0])] += 1
        elif a.verb == "destroy":
            cities[(int(a.args[0]), a.args[1])] -= 1
    return +cities


@pytest.mark.slow
def test_random_builds_destroys_voids_and_bindings_keep_every_city_whole() -> None:
    """Thousands of seeded sequences: whatever was said by card, by hand, voided or bound,
    each city's copies (bound ones and those entered by hand) are exactly the districts
    the actions that stand put there, and no tag lies in two cities."""
    tags = {f"{d[0].upper()}{n}": d for d in ("manor", "tavern", "temple") for n in range(1, 4)}
    for seed in range(2000):
        rng = random.Random(seed)
        c = CityCards(tags.get)
        said: list[Action] = []
        for _ in range(rng.randrange(1, 25)):
            cities = standing_cities(said)
            roll = rng.random()
            seat = rng.randrange(1, 4)
            if roll < 0.15:
                action, uid = Action(0, "void", ("x",)), None
            elif roll < 0.25:
                c.bind(seat, rng.choice(sorted(tags)))  # a tag read on a seat's reader
                continue
            elif roll < 0.55 or not cities:
                free = [u for u in sorted(tags) if u not in c.owner]
                uid = rng.choice(free + [None]) if free else None  # None: entered by hand
                district = tags[uid] if uid is not None else rng.choice(("manor", "tavern", "temple"))
                action = Action(seat, "build", (district,))
            else:
                victim, district = rng.choice(sorted(cities))
                bound = [u for u, owner in c.owner.items() if owner == victim and tags[u] == district]
                uid = rng.choice(bound + [None])  # laid by the Warlord, or buttons / the admin
                action = Action(seat, "destroy", (str(victim), district))
            said.append(action)
            c.applied(action, uid)
        held = Counter((owner, tags[u]) for u, owner in c.owner.items())
        for s in range(1, 4):
            held.update((s, d) for d in c.entered_by_hand(s))
        assert +held == +standing_cities(said), seed
