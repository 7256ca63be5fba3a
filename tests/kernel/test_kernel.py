"""The game-neutral table kernel (hub/kernel): it imports no game, it hosts a second game
(Nim: hub/engine/nim, hub/games/nim) through that game's own small adapter, and every
input is applied by its one hub thread."""

from __future__ import annotations

import ast
import json
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from hub.kernel import Table
from hub.transport import InProcessBus
from hub.engine.nim import NimGame, Take, Took
from hub.engine.nim import NimSetup as ToySetup
from hub.games.nim.adapter import NimAdapter
from hub.games.nim.cards import StoneTags
from tests.fakes.raw_seat import RawSeat

HUB = Path(__file__).resolve().parents[2] / "hub"
GAME_SPECIFIC = ("hub.engine", "hub.games", "hub.table")  # the rules, the games' table side, the programs


class ToyGame(NimGame):
    """Nim, noting which thread applied each action (the one-hub-thread check)."""

    def __init__(self, setup: ToySetup) -> None:
        super().__init__(setup)
        self.apply_threads: list[str] = []

    def apply(self, action: Take | str) -> list[Took]:
        events = super().apply(action)
        self.apply_threads.append(threading.current_thread().name)
        return events


def threads_of(table: Table[Any]) -> list[str]:
    game: ToyGame = table.game
    return game.apply_threads


def ToyAdapter() -> NimAdapter:  # noqa: N802 - read as the class it stands for
    return NimAdapter(StoneTags())


def toy_table(bus: InProcessBus, stones: int = 6) -> tuple[Table[NimGame], list[Take]]:
    """The toy game's table on `bus`, started, answering an event before its publish
    returns (`transport_waits`); and its journal, every action it applied."""
    journal: list[Take] = []
    table = Table(bus, ToyAdapter(), ToyGame(ToySetup(stones=stones)), journal=journal.append, transport_waits=True)
    table.start()
    return table, journal


def module_path(module: str) -> Path | None:
    base = HUB.parent.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.exists():
            return path
    return None


def imports_of(path: Path, module: str) -> set[str]:
    """Every module a file imports (module level and inside functions), relative ones resolved."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names if module_path(f"{base}.{alias.name}"))
    return found


def reachable_hub_modules(package: str) -> dict[str, str]:
    """Every hub module that `package`'s modules import, directly or through other hub
    modules: {module: the module that first imported it}."""
    start = [f"{package}.{p.stem}" if p.stem != "__init__" else package
             for p in module_path(package).parent.glob("*.py")]  # type: ignore[union-attr]
    seen: dict[str, str] = {m: "" for m in start}
    todo = list(start)
    while todo:
        module = todo.pop()
        path = module_path(module)
        if path is None:
            continue
        for imported in imports_of(path, module):
            if imported.startswith("hub") and imported not in seen:
                seen[imported] = module
                todo.append(imported)
    return seen


def test_the_kernel_imports_nothing_of_any_game() -> None:
    reached = reachable_hub_modules("hub.kernel")
    assert "hub.kernel.table" in reached and "hub.protocol" in reached  # the walk did walk
    bad = {m: by for m, by in reached.items() if m.startswith(GAME_SPECIFIC)}
    assert bad == {}, f"the kernel reaches game code: {bad}"


def test_the_import_check_finds_game_imports_where_there_are_some() -> None:
    """The check above can fail: run on the Citadels adapter, it finds the engine."""
    reached = reachable_hub_modules("hub.games.citadels")
    assert any(m.startswith("hub.engine.citadels") for m in reached)


# ---------------------------------------------------------------------- a second game
@pytest.fixture
def toy() -> Any:
    bus = InProcessBus()
    table, journal = toy_table(bus)
    seats = {s: RawSeat(bus, s, device="toy") for s in (1, 2)}
    yield table, seats, journal
    table.stop()
    bus.close()


def test_a_second_game_is_played_through_the_same_kernel(toy: Any) -> None:
    table, seats, journal = toy
    assert table.public_view()["stones"] == 6 and table.online == {1: True, 2: True}
    laid = seats[1].send("tag", edge="added", uid="57070001")  # a stone card: take one
    assert seats[1].answer(laid).text == ("Take 1", "Accepted")
    seats[1].send("tag", edge="removed", uid="57070001")
    early = seats[1].send("button", button="ok")
    assert (seats[1].answer(early).code, seats[1].answer(early).led) == ("not_your_turn", "amber")
    cycled = seats[2].send("button", button="a")  # the buttons cycle through the game's options
    assert seats[2].answer(cycled).text == ("Your turn", "5 stones", "2/2 Take 2", "OK: do it")
    seats[2].send("button", button="ok")
    assert [str(a) for a in table.game.log] == ["1 take 1", "2 take 2"]
    assert table.answer(1, "1 take 2") == {"ok": True}  # a phone, through the same queue
    assert table.answer(2, "2 take 2")["code"] == "too_many"  # the game's own coded refusal
    assert table.answer(1, "2 take 1")["code"] == "wrong_seat"  # the kernel's: a phone answers for its own seat
    seats[2].client.publish("citadels/t1/seat/2/event", json.dumps(
        {"v": 1, "device": "toy-2", "boot": 1, "seq": 1, "t": 0, "type": "button", "button": "a"}).encode())
    assert table.counters["duplicate"] == 1  # (device, boot, seq) seen: dropped
    last = seats[2].send("tag", edge="added", uid="57070002")
    assert seats[2].answer(last).code is None
    view = table.public_view()
    assert (view["stones"], view["winner"]) == (0, 2) and table.hint(1) == "game_over"
    assert journal == table.game.log and ToyGame.replay(ToySetup(stones=6), journal).stones == 0
    assert set(threads_of(table)) == {"hub"}  # every action applied by the one hub thread
    assert seats[2].commands[-1].text == ("Game over", "You win!")
    assert seats[1].commands[-1].text == ("Game over", "Seat 2 wins")  # told too, not left on "Take 2 / Accepted"


class SilentEnd(NimAdapter):
    """A game whose feedback says nothing of its end (as Cities & Knights' once did)."""

    def feedback(self, public: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
        return []


def test_the_end_is_told_at_every_seat_even_by_a_game_whose_feedback_says_nothing_of_it() -> None:
    """The last move's seat would keep "Take 1 / Accepted" and the others their last line
    for good: the kernel shows every seat the game's final display, with the turn's beep."""
    bus = InProcessBus()
    table = Table(bus, SilentEnd(StoneTags()), ToyGame(ToySetup(players=3, stones=1)), journal=lambda a: None,
                  transport_waits=True)
    table.start()
    try:
        seats = {s: RawSeat(bus, s, device="toy") for s in (1, 2, 3)}
        answer = seats[1].ask("tag", edge="added", uid="57070001")
        assert answer.code is None and table.game.over
        for seat in seats.values():
            last = seat.commands[-1]
            assert (last.text, last.led, last.beep) == (("Game over", "Seat 1 wins"), "white", "turn" if
                                                        seat.seat != 1 else "ok"), (seat.seat, last)
    finally:
        table.stop()
        bus.close()


def test_a_restarted_hubs_first_ok_only_shows_the_option_as_the_old_hubs_cursor_went_with_it() -> None:
    """An OK pressed on the old hub's display ("2/2 Take 2") and in flight as it went down
    reaches the hub started again, whose cursor is on the first option: it must not take
    "Take 1" for it. A fresh game's first OK still says its option at once."""
    bus = InProcessBus()
    resumed = ToyGame(ToySetup(stones=6))
    resumed.apply("1 take 1")  # the stored game: seat 2 decides
    table = Table(bus, ToyAdapter(), resumed, journal=[].append, transport_waits=True)
    table.start()
    seat = RawSeat(bus, 2, device="toy")
    in_flight = seat.send("button", button="ok")
    assert seat.answer(in_flight).text == ("Your turn", "5 stones", "1/2 Take 1", "OK: do it")
    assert [str(a) for a in table.game.log] == ["1 take 1"]
    seat.send("button", button="a")
    seat.send("button", button="ok")
    assert [str(a) for a in table.game.log] == ["1 take 1", "2 take 2"]
    table.stop()
    fresh, _journal = toy_table(bus)
    first = RawSeat(bus, 1, device="fresh").send("button", button="ok")
    assert [str(a) for a in fresh.game.log] == ["1 take 1"], first
    fresh.stop()
    bus.close()


def test_a_toy_game_seat_offline_pauses_it(toy: Any) -> None:
    table, seats, _journal = toy
    seats[1].client.drop()  # its last will: offline
    assert table.paused and "seat 1" in table.pause_text()
    assert table.answer(1, "1 take 1")["code"] == "paused"
    assert table.game.log == []


def test_the_journal_failing_rolls_the_toy_game_back() -> None:
    def broken(_action: Take) -> None:
        raise OSError("disk full")

    bus = InProcessBus()
    table = Table(bus, ToyAdapter(), ToyGame(ToySetup(stones=5)), journal=broken, transport_waits=True)
    table.start()
    try:
        refused = table.answer(1, "1 take 1")
        assert refused["code"] == "store_failed" and table.store_error
        assert table.game.stones == 5 and table.game.log == []  # replayed without the unrecorded action
    finally:
        table.stop()


def test_caller_mode_runs_inputs_on_the_thread_that_started_the_table() -> None:
    """The in-process simulator's way: its own thread is the hub thread; what other
    threads submit waits in the queue until that thread takes it in."""
    bus = InProcessBus()
    table = Table(bus, ToyAdapter(), ToyGame(ToySetup(stones=5)), own_thread=False, transport_waits=True)
    table.start()
    seat = RawSeat(bus, 1, device="toy")
    seat.answer(seat.send("tag", edge="added", uid="57070001"))  # run at once, on this thread
    assert threads_of(table) == [threading.current_thread().name]
    result: dict[str, Any] = {}
    phone = threading.Thread(target=lambda: result.update(table.answer(2, "2 take 1")))
    phone.start()
    while table.loop.queued() == 0:
        phone.join(0.001)
    assert len(table.game.log) == 1 and phone.is_alive()  # queued, not applied behind the hub's back
    table.run_pending()
    phone.join(5)
    assert result == {"ok": True} and threads_of(table) == [threading.current_thread().name] * 2
    table.stop()
    assert table.answer(1, "1 take 1")["code"] == "stopped"


def test_caller_mode_serving_answers_each_input_while_it_waits() -> None:
    """`serve_for` (the simulator pacing its moves, the finished game's scoreboard): the
    hub thread takes in each request as it arrives, and returns only when its time is up."""
    bus = InProcessBus()
    table = Table(bus, ToyAdapter(), ToyGame(ToySetup(stones=5)), own_thread=False, transport_waits=True)
    table.start()
    order: list[str] = []
    phones = [threading.Thread(target=lambda seat=seat: order.append(str(table.answer(seat, f"{seat} take 1")["ok"])))
              for seat in (1, 2)]
    for phone in phones:
        phone.start()
        while table.loop.queued() == 0 and phone.is_alive():
            phone.join(0.001)
        table.serve_for(0.3)
        order.append("served")
        phone.join(5)
    assert order == ["True", "served", "True", "served"]
    assert threads_of(table) == [threading.current_thread().name] * 2
    table.stop()
    table.serve_for(0.01)  # once stopped: it only waits


def test_own_mode_never_runs_an_input_on_the_callers_thread() -> None:
    bus = InProcessBus()
    table = Table(bus, ToyAdapter(), ToyGame(ToySetup(stones=3)))
    table.start()
    try:
        assert table.answer(1, "1 take 2") == {"ok": True}
        assert threads_of(table) == ["hub"]
        hub = table.loop.thread
        assert hub is not None and hub is not threading.current_thread() and hub.is_alive()
    finally:
        table.stop()
    assert not hub.is_alive()  # stop() ends the hub thread
    assert table.answer(1, "1 take 1")["code"] == "stopped"


# ---------------------------------------------------------------- the button cursor
class _Decision:
    """A stand-in game: what the cursor reads of one (its log's length, what is pending)."""

    def __init__(self, pending: Any = (1, "turn")) -> None:
        self.log: list[str] = []
        self.pending = pending


def test_a_seats_cursor_moves_round_its_options_and_a_new_decision_starts_it_over() -> None:
    from hub.kernel.cursor import ButtonCursors
    asked: list[int] = []

    def options_of(game: Any, seat: int) -> list[str]:
        asked.append(seat)
        return ["gold", "draw", "tax"]
    cursors = ButtonCursors(options_of)
    game = _Decision()
    assert cursors.position(game, 1) == 0 and cursors.from_cursor(game, 1) == ["gold", "draw", "tax"]
    assert cursors.move(game, 1, -1) == 2 and cursors.from_cursor(game, 1) == ["tax", "gold", "draw"]
    assert cursors.move(game, 1, 1) == 0 and cursors.move(game, 1, 1) == 1
    assert cursors.position(game, 2) == 0  # each seat has its own
    assert asked == [1, 2]  # once per seat and decision
    game.log.append("1 gold")
    assert cursors.position(game, 1) == 0 and asked == [1, 2, 1]  # an action: a new decision
    cursors.move(game, 1, 1)
    assert cursors.position(_Decision(), 1) == 0  # a new game with an empty log: a new decision too
    assert cursors.from_cursor(game, 1) is cursors.options(game, 1)  # the first option: shared, no copy


def test_a_menu_opens_on_ok_goes_back_and_a_new_decision_closes_it() -> None:
    """A value entered in parts: OK on a `Menu` puts its options (and `GO_BACK` last) on the
    buttons; `GO_BACK` returns to the menu it came from; the next decision starts at the top."""
    from functools import partial

    from hub.kernel.cursor import GO_BACK, ButtonCursors, Menu, path_to

    def inner(first: str) -> list[Any]:
        return [f"{first}{second}" for second in "xyz"]
    menus = [Menu(f"first: {c}", partial(inner, c)) for c in "ab"]
    cursors = ButtonCursors(lambda game, seat: [*menus, "end"])
    game = _Decision()
    cursors.move(game, 1, 1)
    cursors.open(game, 1)
    assert cursors.options(game, 1) == ["bx", "by", "bz", GO_BACK] and cursors.position(game, 1) == 0
    assert cursors.opened(game, 1) == [menus[1]] and cursors.top(game, 1) == [*menus, "end"]
    assert cursors.opened(game, 2) == [] and cursors.options(game, 2) == [*menus, "end"]  # each seat its own
    cursors.move(game, 1, -1)
    cursors.back(game, 1)
    assert cursors.options(game, 1) == [*menus, "end"] and cursors.position(game, 1) == 1  # on the menu again
    cursors.open(game, 1)
    game.log.append("1 by")
    assert cursors.opened(game, 1) == [] and cursors.position(game, 1) == 0  # a new decision: at the top
    assert path_to([*menus, "end"], "bz") == [1, 2] and path_to([*menus, "end"], "end") == [2]
    assert path_to([*menus, "end"], "cx") is None


def test_a_seats_cursor_in_one_look_up_is_its_options_place_and_open_menus() -> None:
    """`cursor` (what a display shows: options, place, menus open) reads what `options`,
    `position` and `opened` read one by one, and a decision is the game, its log's length
    and what is pending: another seat pending with the same log is a new decision, an
    equal pending made anew is not."""
    from hub.kernel.cursor import ButtonCursors, Menu

    menu = Menu("first: a", lambda: ["ax", "ay"])
    cursors = ButtonCursors(lambda game, seat: [menu, "end", "gold"])
    game = _Decision()

    def one_by_one(seat: int) -> tuple[list[Any], int, list[Menu]]:
        return cursors.options(game, seat), cursors.position(game, seat), cursors.opened(game, seat)
    assert cursors.cursor(game, 1) == one_by_one(1) == ([menu, "end", "gold"], 0, [])
    cursors.move(game, 1, -1)
    assert cursors.cursor(game, 1) == one_by_one(1) == ([menu, "end", "gold"], 2, [])
    cursors.move(game, 1, 1)
    cursors.open(game, 1)
    cursors.move(game, 1, 1)
    assert cursors.cursor(game, 1)[1:] == one_by_one(1)[1:] == (1, [menu])
    game.pending = (1, "turn")  # equal, made anew: the same decision, the menu still open
    assert cursors.cursor(game, 1)[1:] == (1, [menu])
    game.pending = (2, "turn")  # another seat decides, the log as long: a new decision
    assert cursors.cursor(game, 1) == ([menu, "end", "gold"], 0, [])


# ---------------------------------------------------------------- presence and pause
def test_the_table_pauses_while_the_deciding_seat_is_offline_or_the_admin_says_so() -> None:
    from hub.kernel.presence import Presence

    presence = Presence()
    seat_2, seat_3 = SimpleNamespace(seat=2), SimpleNamespace(seat=3)  # the decision pending: its seat
    assert not presence.paused(seat_2) and presence.edge(seat_2) is None  # a seat never heard of is not missing
    assert presence.seen(2, False) and not presence.seen(2, False)  # said twice: changed once
    assert presence.paused(seat_2)
    assert not presence.paused(seat_3) and not presence.paused(None)  # only the deciding seat's absence pauses
    assert presence.pause_text(seat_2) == "paused: seat 2's reader is offline"
    assert presence.edge(seat_2) == {"kind": "paused", "seat": 2, "reason": "paused: seat 2's reader is offline",
                                     "paused_for": {"reader": 2}}
    assert presence.edge(seat_2) is None  # an edge is told once
    presence.admin_pause = "a spilled drink"
    assert presence.pause_text(seat_2) == "paused by the table: a spilled drink"  # the admin's reason first
    assert presence.seen(2, True) and presence.paused(seat_2)
    presence.admin_pause = None
    assert presence.edge(seat_2) == {"kind": "resumed"} and presence.pause_text(seat_2) == ""


def test_a_card_left_on_the_reader_after_one_card_at_a_time_is_said_and_no_move(toy: Any) -> None:
    """Issue 28: two cards laid at once ("One card at a time"), one lifted: the card left
    there was reported `added` and taken as a move without a word."""
    table, seats, _journal = toy
    seat = seats[1]
    fault = seat.send("fault", what="multiple_cards", detail="2 cards")
    assert seat.answer(fault).code == "multiple_cards"
    recovered = seat.send("recovered", what="multiple_cards")
    assert seat.answer(recovered).code is None
    left = seat.send("tag", edge="added", uid="57070001")  # the card left there, reported now
    answer = seat.answer(left)
    assert answer.code == "card_left" and answer.text == ("Card left: no move", "Lift it, lay it again")
    assert table.game.log == []  # no move
    lifted = seat.send("tag", edge="removed", uid="57070001")
    assert seat.answer(lifted).text is not None and seat.answer(lifted).text[0] == "Your turn"  # the prompt back
    laid = seat.send("tag", edge="added", uid="57070001")  # laid again: now a move
    assert seat.answer(laid).code is None and [str(a) for a in table.game.log] == ["1 take 1"]


class LongNames(NimAdapter):
    """A game whose moves have long names, as Cities & Knights' "discard Resource Monopoly"."""

    def describe(self, action: Take) -> str:
        return f"take {action.n} stone from the Resource Monopoly pile"


def test_an_accepted_move_is_named_whole_on_the_display_not_cut_at_21_characters() -> None:
    bus = InProcessBus()
    table = Table(bus, LongNames(StoneTags()), ToyGame(ToySetup(players=2, stones=6)), journal=lambda a: None,
                  transport_waits=True)
    table.start()
    try:
        seats = {s: RawSeat(bus, s, device="toy") for s in (1, 2)}
        answer = seats[1].ask("tag", edge="added", uid="57070001")
        assert answer.text == ("take 1 stone from the", "Resource Monopoly", "pile", "Accepted")
    finally:
        table.stop()
        bus.close()


def test_a_refusal_reason_is_wrapped_whole_on_the_display_never_cut_mid_word(toy: Any) -> None:
    """A game that gives no display words of its own for a refusal shows its reason wrapped
    at spaces (once "no decision for you n": the reason cut at 21 characters)."""
    table, seats, _journal = toy
    early = seats[2].ask("button", button="ok")
    assert early.code == "not_your_turn" and early.text == ("Not your turn: Seat 1", "decides")
    laid = seats[1].ask("tag", edge="added", uid="0102030405060708090A")
    assert laid.code == "unknown_tag" and laid.text == ("not a stone card", "1/2 Take 1", "OK: do it")
    assert NimAdapter(StoneTags()).lines("x" * 30, "a b") == ["x" * 21, "x" * 9, "a b"]  # a word longer than a line: all of it
