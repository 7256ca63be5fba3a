"""apply's events are made when first read, once: every way of reading them gives the
same Event objects, and an action whose events nobody reads never makes them."""

from __future__ import annotations

import copy
import pickle

from hub.engine.citadels import Event, Game, Setup
from hub.engine.citadels.events import Events, Recorded, Series, Shape


def _picked() -> tuple[Game, Recorded]:
    game = Game.new(Setup(players=4, seed=3))
    seat = game.pending.seat if game.pending else 0
    events = game.apply(next(a for a in game.legal_actions() if a.seat == seat))
    assert type(events) is Recorded  # nothing made yet
    return game, events


def test_events_are_made_on_first_read_and_the_same_objects_after() -> None:
    _, events = _picked()
    assert len(events) == 4 and events  # counted without making them
    assert type(events) is Recorded
    first = list(events)
    assert type(events) is Events
    assert all(type(e) is Event for e in first)
    assert [e.kind for e in first] == ["picked", "you_picked", "draft_turn", "options"]
    assert first[0].data == {"seat": first[0].data["seat"]} and first[0].to is None and first[0].public
    assert first[1].to == first[0].data["seat"] and not first[1].public
    again = list(events)
    assert all(a is b for a, b in zip(first, again))
    assert events[0] is first[0] and events[-1] is first[-1]


def test_the_frequent_events_are_recorded_without_their_data_dicts() -> None:
    """A pick's events are shaped records (values only) until read, two events to a record
    (a ``Series``): bots and replays, which never read them, make no data dict and one
    record where there are several events."""
    _, events = _picked()
    records = list(list.__iter__(events))
    assert [r[0].name for r in records] == ["pick", "draft_step"] and all(isinstance(r[0], Series) for r in records)
    parts = [part for r in records for part in r[0].split(r)]
    assert [part[0].kind for part in parts] == ["picked", "you_picked", "draft_turn", "options"]
    assert all(isinstance(part[0], Shape) for part in parts)
    assert not any(isinstance(value, dict) for record in records for value in record)


def test_a_turn_begins_with_one_record_of_the_characters_called() -> None:
    """The characters called up to the one who answers, and his reveal, are one record;
    read, they are the events one by one, counted alike before and after."""
    game = Game.new(Setup(players=4, seed=3))
    while game.phase == "draft":
        events = game.apply(game.legal_actions()[0])
    records = list(list.__iter__(events))
    assert records[-1][0].name == "calling"
    count = len(events)
    kinds = [e.kind for e in events]
    assert count == len(kinds) == len(events)
    assert kinds[-1] == "revealed" and kinds.count("called") == kinds.count("no_answer") + 1


def test_every_read_of_a_fresh_result_sees_events_not_records() -> None:
    made = list(_picked()[1])  # the same action's events, read as a list
    reads = {
        "index": (lambda ev: ev[1], made[1]),
        "slice": (lambda ev: ev[1:3], made[1:3]),
        "in": (lambda ev: made[3] in ev, True),
        "index()": (lambda ev: ev.index(made[2]), 2),
        "count": (lambda ev: ev.count(made[0]), 1),
        "reversed": (lambda ev: list(reversed(ev)), made[::-1]),
        "equals": (lambda ev: ev == made, True),
        "repr": (lambda ev: repr(ev), repr(made)),
        "sum": (lambda ev: ev + [], made),
        "copy": (lambda ev: copy.copy(ev), made),
        "pickle": (lambda ev: pickle.loads(pickle.dumps(ev)), made),
        "unpack": (lambda ev: [*ev], made),
        "to_json": (lambda ev: [e.to_json() for e in ev], [e.to_json() for e in made]),
    }
    for name, (read, expected) in reads.items():
        _, events = _picked()
        assert read(events) == expected, name
        assert type(events) is Events, name  # made by that read


def test_two_fresh_results_compare_by_their_events() -> None:
    _, a = _picked()
    _, b = _picked()
    assert a == b and not (a != b)


def test_corrections_and_the_start_give_events_too() -> None:
    game = Game.new(Setup(players=4, seed=3))
    assert [e.kind for e in game.opening_events()] == ["round_started", "faceup_removed"]
    assert all(type(e) is Event for e in game.opening_events())
    game.apply(game.legal_actions()[0])
    adjust = game.apply("0 adjust 2 3 miscounted")
    assert list(adjust) == [Event("gold", {"seat": 2, "delta": 3, "reason": "correction", "note": "miscounted"})]
    assert [e.to_json() for e in game.apply("0 void")] == [{"kind": "voided", "log_length": 3}]


def test_the_public_events_as_json_come_straight_from_the_records_and_say_what_to_json_says() -> None:
    from hub.engine.citadels.bots import RandomBot
    from hub.engine.citadels.events import public_json
    _, events = _picked()
    fast = public_json(events)
    assert type(events) is Recorded  # no Event made to publish them
    assert fast == [e.to_json() for e in events if e.public] == [{"kind": "picked", "seat": fast[0]["seat"]},
                                                                   fast[1]]
    assert public_json(events) == fast  # once read, from the events
    game, bot = Game.new(Setup(players=5, seed=8, mode="physical")), RandomBot(8)
    while game.pending is not None:
        result = game.apply(bot.choose(game))
        fast = public_json(result)
        assert [list(e.items()) for e in fast] == [list(e.to_json().items()) for e in result if e.public]
