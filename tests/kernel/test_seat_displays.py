"""What a seat's display shows between its own moves: it must stay true.

A seat shows its last command. The waiting display names the seat that decides, so it is
sent again when another seat decides; a refusal said to the seat that decides keeps the
option its cursor is on (OK applies it) in view.
"""

from __future__ import annotations

from hub.engine.citadels import Game, Setup
from hub.engine.citadels.bots import RandomBot
from hub.games.citadels.registry import TagRegistry
from hub.games.citadels.registry import CardRef, virtual_uid
from hub.games.citadels.service import TableService, button_options
from hub.table.virtual_seat import VirtualSeat
from hub.transport import InProcessBus


def _table_at(stop: object, players: int = 4) -> tuple[InProcessBus, TableService, dict[int, VirtualSeat]]:
    """A hub (re)started on a game played by bots up to the first decision `stop` accepts,
    every seat connected."""
    setup = Setup(players=players, seed=3, mode="physical")
    game, bot = Game.new(setup), RandomBot(1)
    while not stop(game):  # type: ignore[operator]
        game.apply(bot.choose(game))
    bus = InProcessBus()
    service = TableService(bus, TagRegistry.virtual(), setup, game=game)
    service.start()
    seats = {s: VirtualSeat(bus, seat=s, device=f"display-{s}") for s in range(1, players + 1)}
    return bus, service, seats


def test_after_a_restart_the_seats_that_wait_are_told_who_decides_now() -> None:
    _bus, service, seats = _table_at(lambda g: g.pending.kind == "pick" and len(g.log) > 2)
    picker = service.game.pending.seat
    others = [s for s in seats if s != picker]
    assert {seats[s].commands[-1].text[-1] for s in others} == {f"Seat {picker} decides"}
    pick = next(a for a in service.game.legal_actions() if a.verb == "pick")
    answer = seats[picker].answer_to(seats[picker].place(virtual_uid(CardRef("character", pick.args[0]))))
    assert answer.code is None
    now = service.game.pending.seat
    assert now != picker
    for seat in others:
        if seat != now:
            assert seats[seat].commands[-1].text[-1] == f"Seat {now} decides", seat
    service.stop()


def test_a_refusal_keeps_the_option_ok_applies_in_view() -> None:
    _bus, service, seats = _table_at(
        lambda g: g.pending.kind == "turn" and len(button_options(g, g.pending.seat)) >= 2)
    seat_no = service.game.pending.seat
    seat = seats[seat_no]
    second = service.button_options(seat_no)[1]
    moved = seat.answer_to(seat.press("a"))
    assert moved.text is not None
    option = next(line for line in moved.text if line.startswith("2/"))
    card = virtual_uid(CardRef("character", "assassin"))  # a character card in a turn: refused
    refused = seat.answer_to(seat.place(card))
    seat.lift(card)
    assert refused.code is not None and refused.led == "red"
    assert refused.text is not None and option in refused.text  # "2/8 Draw cards": what OK does
    assert seat.answer_to(seat.press("ok")).code is None
    assert service.game.log[-1] == second
    service.stop()
