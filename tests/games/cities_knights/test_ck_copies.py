"""Cities & Knights' physical copies at the table: two copies of a progress card print one
face (two Cranes), and either is taken where the rules want a Crane; but once a move was
said with one copy's tag, that physical card is the card the move named (the kit's
`hub.games.kit.copies.CopyBinding`, as The Builders' Cranes): played, it is under the deck,
and laid again it is refused, not taken for the other copy in the same hand."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from hub.engine.cities_knights import Action, Game
from hub.games.cities_knights.adapter import CitiesKnightsAdapter
from hub.games.cities_knights.tags import PROGRESS_CARDS, ProgressTags
from hub.kernel import Table
from hub.kernel.interfaces import JournalFunction
from hub.protocol import SeatCommand
from hub.transport import InProcessBus
from tests.engine.cities_knights.helpers import deal, improve, new
from tests.fakes.raw_seat import RawSeat

CRANES = ("S02a", "S02b")


virtual_uid = PROGRESS_CARDS.virtual_uid  # the simulator's tag glued to a card


class Seat(RawSeat):
    def lay(self, card: str) -> SeatCommand:
        """Lay the physical card whose tag is glued to `card` on the reader, and lift it."""
        return self.lay_tag(virtual_uid(card))


def hosted(game: Game) -> tuple[Table[Game], dict[int, Seat], InProcessBus]:
    bus = InProcessBus()
    table = Table(bus, CitiesKnightsAdapter(ProgressTags.virtual()), game, journal=lambda *a: None, transport_waits=True)
    table.start()
    return table, {s: Seat(bus, s) for s in range(1, game.n + 1)}, bus


@pytest.fixture
def both_cranes() -> Iterator[tuple[Table[Game], dict[int, Seat]]]:
    """Seat 1, after its roll, holds both Cranes (drawn before the table was hosted: no tag said them)."""
    game = new(players=3)
    improve(game, 1, "green", 1)
    deal(game, 1, *CRANES)
    assert sorted(c for c in game.player(1).hand if c in CRANES) == list(CRANES)
    assert game.pending is not None and game.pending.seat == 1 and game.pending.kind == "turn"
    table, seats, bus = hosted(game)
    yield table, seats
    table.stop()
    bus.close()


def test_a_copy_played_and_laid_again_is_refused_not_taken_for_the_other_copy(both_cranes: Any) -> None:
    table, seats = both_cranes
    answer = seats[1].lay("S02a")
    assert answer.beep == "ok" and table.game.log[-1] == Action(1, "play", ("S02a",))
    answer = seats[1].lay("S02a")  # the same physical Crane, laid again: it lies under the deck now
    assert answer.beep == "error" and answer.code == "not_in_hand", answer
    assert table.game.log[-1] == Action(1, "play", ("S02a",)) and "S02b" in table.game.player(1).hand
    answer = seats[1].lay("S02b")  # the other physical Crane is the other card
    assert answer.beep == "ok" and table.game.log[-1] == Action(1, "play", ("S02b",))


def test_a_resumed_table_still_knows_which_copy_was_played(both_cranes: Any) -> None:
    """The store keeps the tag beside each move; a hub restarted from it (`remember_applied`)
    binds the copies again: the Crane played before the restart is still refused."""
    table, seats = both_cranes
    kept: list[tuple[Action, dict[str, Any]]] = []
    table.journal = JournalFunction(lambda action, meta: kept.append((action, dict(meta))))
    assert seats[1].lay("S02a").beep == "ok"
    game = table.game
    resumed, again, bus = hosted_resumed(game, kept)
    try:
        answer = again[1].lay("S02a")
        assert answer.beep == "error" and answer.code == "not_in_hand", answer
        assert again[1].lay("S02b").beep == "ok" and resumed.game.log[-1] == Action(1, "play", ("S02b",))
    finally:
        resumed.stop()
        bus.close()


def hosted_resumed(game: Game, kept: list[tuple[Action, dict[str, Any]]]) -> tuple[Table[Game], dict[int, Seat], InProcessBus]:
    """A new hub on the same game, told what the store kept beside each move before it
    starts; the seats rebooted (a new device name: their events are new, not re-sent)."""
    bus = InProcessBus()
    table = Table(bus, CitiesKnightsAdapter(ProgressTags.virtual()), Game.replay(game.setup, list(game.log)),
                  journal=lambda *a: None, transport_waits=True)
    for action, meta in kept:
        table.remember_applied(action, meta)
    table.start()
    return table, {s: Seat(bus, s, device="rebooted") for s in range(1, game.n + 1)}, bus
