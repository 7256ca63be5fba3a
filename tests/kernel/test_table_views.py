"""The public view is built only for someone who reads it, and a late reader still gets
the current one (the simulated table's lazy view publishing, hub/kernel/view_publisher.py)."""

from __future__ import annotations

import json
from typing import Any

from hub.engine.citadels import Setup
from hub.protocol import public_topic
from hub.table.sim import SimTable
from hub.kernel.view_publisher import EventsOnly, needs_view


def _moves(sim: SimTable, n: int) -> None:
    for _ in range(n):
        pending = sim.service.game.pending
        assert pending is not None
        sim.players[pending.seat].act()


def _count_views(sim: SimTable) -> list[int]:
    calls: list[int] = []
    build = sim.service._build_public_view  # every view the table builds goes through it

    def counted() -> dict[str, Any]:
        calls.append(1)
        return build()
    sim.service._build_public_view = counted  # type: ignore[method-assign]
    return calls


def test_a_table_nobody_watches_builds_no_view_and_a_late_reader_gets_the_current_one() -> None:
    sim = SimTable(Setup(players=3, seed=5, mode="physical"), bots="random")
    try:
        views = _count_views(sim)
        _moves(sim, 40)
        assert len(sim.service.game.log) == 40 and views == []  # moves made, no view built: only EventsOnly listens
        got: list[dict[str, Any]] = []
        sim.hub_bus.subscribe(public_topic("t1"), lambda _t, payload: got.append(json.loads(payload)))
        assert views == [1] and got == [json.loads(json.dumps(sim.service.public_view()))]
        assert got[0]["round"] == sim.service.game.round >= 2
    finally:
        sim.close()


def test_a_subscriber_that_reads_views_gets_one_with_every_change() -> None:
    sim = SimTable(Setup(players=3, seed=5, mode="physical"), bots="random")
    try:
        messages: list[dict[str, Any]] = []
        sim.service.subscribe(lambda _id, message: messages.append(message))
        _moves(sim, 10)
        assert messages and all(m["view"] is not None and m["view"]["table"] == "t1" for m in messages)
    finally:
        sim.close()


def test_events_only_marks_subscribers_that_never_read_views() -> None:
    def follow(_id: int, _message: dict[str, Any]) -> None:
        pass
    assert not needs_view([EventsOnly(follow)])
    assert needs_view([EventsOnly(follow), follow])
    assert EventsOnly(follow) == EventsOnly(follow)  # so unsubscribing a wrapped callback works
