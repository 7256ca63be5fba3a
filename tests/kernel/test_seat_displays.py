"""What a seat's display shows between its own moves: it must stay true.

A seat shows its last command. The waiting display names the seat that decides, so it is
sent again when another seat decides; a refusal said to the seat that decides keeps the
option its cursor is on (OK applies it) in view.
"""

from __future__ import annotations

from hub.engine.citadels import Game, Setup
from hub.engine.nim import NimGame, NimSetup, Take
from hub.engine.citadels.bots import RandomBot
from hub.games.citadels.registry import TagRegistry
from hub.games.citadels.registry import CardRef, virtual_uid
from hub.games.citadels.service import TableService, button_options
from hub.games.nim.adapter import NimAdapter
from hub.games.nim.cards import StoneTags
from hub.kernel import Table
from hub.kernel.compose import option_lines, option_read
from hub.protocol import TEXT_MAX_CHARS
from hub.table.virtual_seat import VirtualSeat
from hub.transport import InProcessBus
from tests.fakes.raw_seat import RawSeat


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
    option = next(line for line in moved.text if line.startswith("> 2/"))
    card = virtual_uid(CardRef("character", "assassin"))  # a character card in a turn: refused
    refused = seat.answer_to(seat.place(card))
    seat.lift(card)
    assert refused.code is not None and refused.led == "red"
    assert refused.text is not None and option in refused.text  # "> 2/8 Draw cards": what OK does
    assert seat.answer_to(seat.press("ok")).code is None
    assert service.game.log[-1] == second
    service.stop()


def test_while_paused_every_seat_says_so_and_why_and_gets_its_display_back() -> None:
    """Issue 28: seats showed nothing while the game was paused."""
    _bus, service, seats = _table_at(lambda g: g.pending.kind == "turn")
    decider = service.game.pending.seat
    before = {s: seat.shown["text"] for s, seat in seats.items()}
    service.pause("a spilled drink")
    for seat in seats.values():
        assert seat.shown == {"led": "amber", "text": ["Game paused", "Paused by the table:", "a spilled drink"]}
    service.resume()
    for s, seat in seats.items():
        assert seat.shown["text"] == before[s], s
        assert seat.shown["led"] == ("blue" if s == decider else "off"), s
    seats[decider].vanish()  # its reader offline: the table pauses for it, and every display says so
    service.settle()
    other = next(s for s in seats if s != decider)
    assert seats[other].shown["text"] == ["Game paused", f"Paused: seat {decider}'s", "reader is offline"]
    service.stop()


def test_a_stale_not_your_turn_goes_when_the_turn_moves() -> None:
    """Issue 28: a seat told "Not your turn" kept showing it until its own turn."""
    _bus, service, seats = _table_at(lambda g: g.pending.kind == "pick" and len(g.log) > 2)
    picker = service.game.pending.seat
    other = next(s for s in seats if s != picker and s != picker % len(seats) + 1)
    refused = seats[other].answer_to(seats[other].press("ok"))
    assert refused.code == "not_your_turn" and seats[other].shown["text"] != []
    told = seats[other].shown["text"]
    pick = next(a for a in service.game.legal_actions() if a.verb == "pick")
    seats[picker].answer_to(seats[picker].place(virtual_uid(CardRef("character", pick.args[0]))))
    now = service.game.pending.seat
    assert now != picker
    if now != other:
        assert seats[other].shown["text"] != told and seats[other].shown["text"][-1] == f"Seat {now} decides"
    service.stop()


def test_an_accepted_move_gives_way_to_who_decides_once_the_next_seat_has_moved() -> None:
    """A seat's display kept "Pick Warlord / Accepted" (and later "End turn / Accepted")
    through every other seat's decisions until its own next one: it now follows the table
    as a waiting seat's does. A note (coins, cards to move) is never taken off this way."""
    _bus, service, seats = _table_at(lambda g: g.pending.kind == "pick" and len(g.log) > 2)
    picker = service.game.pending.seat

    def pick_now() -> int:
        seat = service.game.pending.seat
        pick = next(a for a in service.game.legal_actions() if a.verb == "pick")
        answer = seats[seat].answer_to(seats[seat].place(virtual_uid(CardRef("character", pick.args[0]))))
        assert answer.code is None
        seats[seat].lift(virtual_uid(CardRef("character", pick.args[0])))
        return seat

    pick_now()
    assert seats[picker].shown["text"][-1] == "Accepted"  # said while the next seat decides
    nxt = service.game.pending.seat
    assert service.game.pending.kind == "pick" and nxt != picker
    pick_now()
    now = service.game.pending.seat
    if now != picker:
        assert seats[picker].shown["text"][-1] == f"Seat {now} decides"
    service.stop()


def test_a_seat_that_presses_while_paused_is_told_so_and_gets_its_display_back_after() -> None:
    _bus, service, seats = _table_at(lambda g: g.pending.kind == "turn")
    waiting = next(s for s in seats if s != service.game.pending.seat)
    before = seats[waiting].shown["text"]
    service.pause("a spilled drink")
    answer = seats[waiting].answer_to(seats[waiting].press("ok"))
    assert answer.code == "paused" and answer.text[0] == "Game paused"
    service.resume()
    assert seats[waiting].shown["text"] == before
    service.stop()


class _FleetAdapter(NimAdapter):
    """Nim whose two takes are worded as a game's long options: one label starts with the
    other's, and one is longer than a line."""

    LABELS = {1: "Play Merchant Fleet with all its ships", 2: "Play Merchant"}

    def describe(self, action: Take) -> str:
        return self.LABELS[action.n]


def test_a_person_reads_exactly_the_option_ok_applies_however_its_label_begins_or_wraps() -> None:
    """The acceptance's people walked A until "Play Merchant" was in the display's words,
    so "Play Merchant Fleet" stopped them; now the display marks where the option begins
    ("> ") and goes on ("  "), and the reading (`option_read`) is the whole label, or nothing."""
    for n, label in _FleetAdapter.LABELS.items():
        bus = InProcessBus()
        journal: list[Take] = []
        table = Table(bus, _FleetAdapter(StoneTags()), NimGame(NimSetup(stones=6)), journal=journal.append,
                      transport_waits=True)
        table.start()
        seat = RawSeat(bus, 1, device="fleet")
        shown = list(seat.ask("inventory", uids=[]).text or ())
        read = []
        for _press in range(3):
            read.append(option_read(shown))
            if read[-1] == label:
                break
            shown = list(seat.ask("button", button="a").text or ())
        assert read[-1] == label, (label, read, shown)
        assert seat.ask("button", button="ok").code is None
        assert journal == [Take.of(1, n)], (label, shown)
        assert shown[0] == "Your turn" and all(len(line) <= TEXT_MAX_CHARS for line in shown)
        table.stop()
        bus.close()
    assert option_lines("2/2 " + _FleetAdapter.LABELS[1]) == ("> 2/2 Play Merchant", "  Fleet with all its", "  ships")
