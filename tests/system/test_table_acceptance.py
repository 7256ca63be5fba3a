"""The acceptance (issue 28, item 10): every registered game, from enrollment to game over,
at a table of real parts, played by simulated people who act only through the seats.

For each game of the registry (`hub.games.GAMES`) and each of its declared option sets
(`GamePlugin.table_variants`: Citadels' two editions, Cities & Knights with the hub's dice and
with the table's own entered on the buttons), with nothing game-specific here:

- the shipped Mosquitto configuration (TLS, seat logins, ACL: `tests/table_broker.py`);
- one soft seat per player (as many as the plug-in declares for a real table,
  `GamePlugin.table_players`): the real firmware on a fake board (`tests/soft_seat.py`);
- ``citadels-hub enroll --game G``: a person taps every card on seat 1's reader, reading
  which card to tap from the seat's display only ("Tap Thief (2/76)"; the card's name as
  the game's plug-in shows it, `GamePlugin.card_names`), and the tag file written must say
  each tag's own card;
- the hub by the systemd unit's command (`tests/hub_unit.py`) with ``--game G``, SIGKILLed
  once while a card laid is in flight or as an OK is pressed (started again as systemd
  would), one seat's board power-cycled while another lies on its reader (the soft seat
  killed and booted again with the card still there: a new boot, whose inventory holds
  it) or as an OK is pressed (the last of a value entered in menus, where the game has
  them), and the broker restarted once while a third is in flight;
- the game played to its end by the plug-in's people (`GamePlugin.table_people`): each move
  is chosen among the options on the seat's phone page and made by laying and lifting
  cards or walking A/B to the option the display shows and pressing OK; what they see is
  the seat's display, LED and beeps, the public scoreboard (its view and its log) and
  their phone. (Their bot reasons on the game the engine's bots take, replayed from the
  stored log; every option it may choose is one the seat's page offers.)

Then the stored log must hold exactly the moves the people made, once each, in order, and
replay to the same finished game.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from hub.cli import build_parser
from hub.games import GAMES, REGISTRY, GamePlugin
from hub.games.people import Lay, Plan, Press, Sight, TablePeople
from hub.store import EventStore
from tests.hub_unit import ProcessOutput, UnitHub, stored_actions
from tests.soft_seat import ROOT as ROOT_DIR, SoftSeatProcess
from tests.table_broker import TableBroker
from tests.waiting import wait_until

# a whole game through the real firmware takes one to five minutes on a busy 2-core machine
# (Cities & Knights with four 139-183 s, with the table's own dice entered 236-265 s; Citadels
# 2000 up to 224 s; the seat reboot adds a few seconds): room above the suite's 300 s, not a
# timing test (each wait inside names what it waited for)
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

SEED = 7
"""The seed of every table's game, unless its variant names its own (``--seed N``: a game
where a rare card is played)."""
ENROLLING_SEAT = 1
HUB_KILL_AT = 1  # from this move on, the first card laid (or OK pressed, a value's last part left aside) is in flight when the hub is SIGKILLed
SEAT_REBOOT_AT = 2  # ... from this one, lies on the reader of a seat whose board is power-cycled
# (or its OK is in flight; in a game that has entered a value in menus, the OK ending one)
BROKER_RESTART_AT = 3  # ... and from this one, is in flight when the broker restarts
PATIENCE_S = 60.0  # the longest a person waits for the table to answer (a restart included)
QUIET_S = 0.2
"""A person reads the display once it has stopped changing for this long (and the seat has
nothing left unanswered): a glance at a screen that is about to change is how OK says
the wrong option."""
CARD_BACK_S = 1.0
"""A card lifted goes back on the same reader no sooner than this: the firmware reports a
lift only after the card has been missing 400 ms (firmware/presence.py, a flaky field is
no lift), so a card put back sooner was never lifted, and laying it again says nothing."""


def _variants() -> Iterator[Any]:
    for name, game in GAMES.items():
        for options in game.table_variants:
            words = [w for w in options if not w.startswith("--")]
            yield pytest.param(name, options, id="-".join([name, *dict.fromkeys(words)]))


def seed_of(options: Sequence[str]) -> tuple[int, list[str]]:
    """A variant's seed (its ``--seed N``, else `SEED`) and its other options (``run``'s;
    ``enroll`` takes those that say which cards: `enroll_options`)."""
    rest, seed = list(options), SEED
    if "--seed" in rest:
        at = rest.index("--seed")
        seed = int(rest[at + 1])
        del rest[at:at + 2]
    return seed, rest


def enroll_options(game: GamePlugin, options: Sequence[str]) -> list[str]:
    """A variant's options that ``enroll`` has (which cards: Citadels' edition and deck), not
    its rules' (Cities & Knights' dice): each option of a variant takes one value."""
    own = argparse.ArgumentParser(add_help=False)
    game.add_enroll_options(own)
    pairs = [(options[i], options[i + 1]) for i in range(0, len(options), 2)]
    return [word for pair in pairs if not own.parse_known_args(list(pair))[1] for word in pair]


def _wait(predicate: Callable[[], bool], timeout: float, what: str | Callable[[], str]) -> None:
    """Wait for `predicate`; `what` (or what it says when called: the state at the timeout) names it."""
    if not wait_until(predicate, timeout=timeout, interval=0.02):
        raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what() if callable(what) else what}")


LAST_MISS: list[BaseException] = []


def _quietly(read: Callable[[], Any]) -> Any:
    """`read()`, or None while the hub is away (a restart; the last such miss is kept)."""
    try:
        return read()
    except (OSError, AssertionError, KeyError) as exc:
        LAST_MISS[:] = [exc]
        return None


def _either(*conditions: Callable[[], bool]) -> Callable[[], bool]:
    return lambda: any(condition() for condition in conditions)


def _after_and_no_longer(first: Callable[[], bool], then_not: Callable[[], bool]) -> Callable[[], bool]:
    return lambda: first() and not then_not()


def _words(text: str) -> str:
    return " ".join(text.lower().split())


# ------------------------------------------------------------------ what a person sees at a seat
class Seat:
    """One soft seat, as a person at it sees and handles it."""

    def __init__(self, number: int, process: SoftSeatProcess) -> None:
        self.number = number
        self.process = process
        self.lifted: dict[str, float] = {}  # uid -> when it was last lifted off this reader
        self.earlier_boots: list[str] = []  # what it printed before its last power cycle

    def power_cycle(self, boot: Callable[[], SoftSeatProcess]) -> None:
        """Power off (the firmware killed: no goodbye, its unanswered events gone with its
        memory) and on again: `boot()` starts the same board, a new boot. Marks taken before
        are of the old boot's output."""
        self.process.kill()
        self.earlier_boots += [*self.process.output.stdout, *self.process.output.stderr, "--- power cycled"]
        self.process = boot()
        self.process.wait_line("link: up", timeout=60)

    def lay(self, uid: str) -> int:
        """Lay a card (not sooner than a person could after lifting it: `CARD_BACK_S`)."""
        wait = self.lifted.get(uid, 0.0) + CARD_BACK_S - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        return self.type(f"place {uid}")

    def lift(self, uid: str) -> None:
        self.type(f"lift {uid}")
        self.lifted[uid] = time.monotonic()

    def lines(self, since: int = 0) -> list[str]:
        return self.process.lines_since(since)

    def display(self) -> str:
        """The display now, its lines joined (a wrapped sentence reads whole)."""
        shown = [line for line in self.process.output.stdout if line.startswith("display: ")]
        return " ".join(shown[-1][len("display: "):].split(" | ")) if shown else ""

    def changed_since(self, mark: int) -> bool:
        return any(line.startswith(("display: ", "led: ", "beep: ")) for line in self.lines(mark))

    def beeped_error(self, mark: int) -> bool:
        return "beep: error" in self.lines(mark)

    def settle(self, quiet_s: float = QUIET_S) -> None:
        """Until the hub has answered every event this seat sent (the soft seat's ``show``
        says no event is queued) and the display has then stayed as it is for `quiet_s`:
        what it shows now is the hub's last word, not a screen a press has already moved on."""
        deadline = time.monotonic() + PATIENCE_S
        while time.monotonic() < deadline:
            mark = self.type("show")
            self.process.wait_line("queued events: ", since=mark, timeout=10)
            queued = next(line for line in self.lines(mark) if line.startswith("queued events: "))
            if queued == "queued events: 0":
                shown = len(self.process.output.stdout)
                time.sleep(quiet_s)
                if not self.changed_since(shown):
                    return
            time.sleep(0.02)
        raise AssertionError(f"seat {self.number}: the hub never answered its events: {self.lines()[-14:]}")

    def answered(self, mark: int) -> Callable[[], bool]:
        """For a wait: has the seat shown anything (display, LED, beep) since `mark`?"""
        return lambda: self.changed_since(mark)

    def stuck(self, table: Table, what: str) -> Callable[[], str]:
        """For a wait's message: `what`, and what the seat and the hub said by the timeout
        (the hub's counters say what it made of the seat's events: a card `lying`, a duplicate...)."""
        return lambda: (f"seat {self.number}: {what}; it shows {self.display()!r}; its last lines "
                        f"{self.lines()[-14:]}; the hub's {table.hub.tail()}; its counters {table.counters()}")

    def type(self, command: str) -> int:
        """Type a command; where the output was before it (for `lines(since=...)`)."""
        mark = self.process.mark()
        self.process.type(command)
        return mark


# ------------------------------------------------------------------ the table
class Table:
    """The shipped broker, one soft seat per player, the hub by its unit's command."""

    def __init__(self, broker: TableBroker, state: Path, game: GamePlugin, options: Sequence[str]) -> None:
        self.broker = broker
        self.state = state
        self.plugin = game
        self.players = game.table_players
        self.seed, self.options = seed_of(options)
        self.tags = state / "tags.json"
        args = ["--game", game.name, "--players", str(self.players), "--seed", str(self.seed), *self.options]
        self.hub = UnitHub(state, f"mqtt://hub@127.0.0.1:{broker.broker.port}", args, password=broker.passwords["hub"])
        self.seats: dict[int, Seat] = {}
        self.hub_kills = 0
        self.seat_reboots = 0
        self.reboot_story = ""  # how the seat's reboot went, printed at the end
        self.hub_kill_story = ""  # how the hub's kill went, if as an OK was pressed
        self.broker_restarts = 0
        self.through_menus = 0  # moves whose value was entered in parts (menus opened first), printed at the end

    def setup(self) -> Any:
        """The setup this table's command line makes (before the hub stores its own)."""
        args = build_parser(self.plugin).parse_args(["run", "--game", self.plugin.name, "--tags", str(self.tags),
                                                     "--players", str(self.players), *self.options])
        return self.plugin.setup_from_options(args, self.seed)

    def seat_board(self, n: int, lying: Sequence[str] = ()) -> SoftSeatProcess:
        """Seat `n`'s board powered on (with the cards `lying` on its reader)."""
        broker = self.broker.broker
        url = f"mqtts://seat{n}@{broker.host}:{broker.tls_port}?ca={broker.ca_file}"
        return SoftSeatProcess(["--seat", str(n), "--broker", url, "--game", self.plugin.name,
                                *(word for uid in lying for word in ("--lying", uid))],
                               password=self.broker.passwords[f"seat{n}"])

    def start_seats(self) -> None:
        for n in range(1, self.players + 1):
            self.seats[n] = Seat(n, self.seat_board(n))
        for seat in self.seats.values():
            seat.process.wait_line("link: up", timeout=60)

    def what_everyone_saw(self, lines: int = 30) -> str:
        """Every seat's last lines and the hub's: printed when the test fails."""
        said = [f"--- seat {n}:\n" + "\n".join(seat.earlier_boots[-lines:] + seat.lines()[-lines:]
                                               + seat.process.output.stderr[-lines:])
                for n, seat in self.seats.items()]
        return "\n".join([*said, "--- the hub:", *self.hub.tail(lines)])

    def close(self) -> None:
        for seat in self.seats.values():
            seat.process.kill()
        self.hub.stop()

    # -- what the people read
    def public(self) -> dict[str, Any]:
        return self.hub.public()

    def history(self) -> list[dict[str, Any]]:
        status, body = self.hub.get("/api/history")
        assert status == 200, body
        return list(body["events"])

    def seat_page(self, seat: int) -> dict[str, Any]:
        status, body = self.hub.get(f"/api/seat/{self.hub.token(str(seat))}")
        assert status == 200, body
        return dict(body["view"])

    def moves(self) -> int:
        return stored_actions(self.hub.db)

    def counters(self) -> Any:
        """The hub's counters (the admin's status), or why they could not be read."""
        status = _quietly(lambda: self.hub.get(f"/api/admin/{self.hub.token('admin')}/status"))
        return status[1].get("counters") if status is not None and status[0] == 200 else LAST_MISS

    def took_or_refused(self, before: int, seat: Seat, mark: int) -> Callable[[], bool]:
        """For a wait: a move stored since there were `before`, or a refusal's beep since `mark`."""
        return lambda: self.moves() > before or seat.beeped_error(mark)

    # -- the three faults
    def fault(self, which: str, seat: Seat, lying: Sequence[str] = ()) -> None:
        """`which` fault now; a seat reboot is `seat`'s, with `lying` on its reader."""
        if which == "hub":
            self.hub.kill()  # a crash: no goodbye; systemd starts the same command again
            self.hub.start()
            self.hub_kills += 1
        elif which == "seat":
            seat.power_cycle(lambda: self.seat_board(seat.number, lying))
            self.seat_reboots += 1
            self.reboot_story = f"seat {seat.number} rebooted with {len(lying)} card(s) on its reader"
        else:
            self.broker.broker.restart()
            self.broker_restarts += 1


# ------------------------------------------------------------------ enrollment, by a person
TAP = re.compile(r"tap (.+) \((\d+)/(\d+)\)")


def asking_for(seat: Seat, number: int, found: list[re.Match[str]]) -> Callable[[], bool]:
    """For a wait: does the seat's display ask for card `number` ("Tap Thief (2/76)")? The
    asking words are left in `found`."""
    def asks() -> bool:
        found[:] = [m for m in TAP.finditer(_words(seat.display())) if int(m.group(2)) == number]
        return bool(found)
    return asks


def enroll_every_card(table: Table, cards: Any) -> None:
    """``citadels-hub enroll --game G``: the person reads which card to tap on seat 1's
    display, lays that card, waits for the display to ask for the next, lifts it."""
    plugin = table.plugin
    by_name = {_words(names[0]): uid for uid, names in plugin.card_names(cards).items()}
    env = {k: v for k, v in os.environ.items() if not k.startswith("CITADELS_")}
    env.update(PYTHONPATH=str(ROOT_DIR), PYTHONUNBUFFERED="1", CITADELS_BROKER_PASSWORD=table.broker.passwords["hub"])
    command = [sys.executable, "-m", "hub.cli", "enroll", "--game", plugin.name, "--tags", str(table.tags),
               "--seat", str(ENROLLING_SEAT), "--broker", f"mqtt://hub@127.0.0.1:{table.broker.broker.port}",
               *enroll_options(plugin, table.options)]
    output = ProcessOutput(subprocess.Popen(command, env=env, cwd=table.state, stdout=subprocess.PIPE,
                                            stderr=subprocess.PIPE, text=True, start_new_session=True))
    if not by_name:
        try:
            output.process.wait(30)
        except subprocess.TimeoutExpired:
            output.process.terminate()
        output.finish()
        raise AssertionError(f"{plugin.name}: its plug-in names no card (GamePlugin.card_names), so nobody can "
                             f"tell which card to tap; `enroll --game {plugin.name}` exited "
                             f"{output.process.returncode}: {output.stdout[-2:]} {output.stderr[-2:]}")
    seat = table.seats[ENROLLING_SEAT]
    total = len(by_name)
    try:
        for number in range(1, total + 1):
            asked: list[re.Match[str]] = []
            asking = asking_for(seat, number, asked)
            _wait(asking, 30, lambda: f"seat {seat.number}'s display to ask for the next card of {total} "
                                      f"(it shows {seat.display()!r}; enroll said {output.stdout[-3:]} {output.stderr[-3:]})")
            label = asked[-1].group(1)
            assert label in by_name, f"the display asks for {label!r}: no card of {plugin.name} is called so"
            uid = by_name[label]
            mark = seat.lay(uid)
            _wait(_after_and_no_longer(seat.answered(mark), asking), 30,
                  seat.stuck(table, f"the hub to answer card {number}/{total} ({label}) laid; enroll said "
                                    f"{output.stdout[-3:]}"))
            assert not seat.beeped_error(mark), f"{label}: refused: {seat.display()!r}"
            seat.lift(uid)
        output.process.wait(30)
    finally:
        if output.process.poll() is None:
            output.process.terminate()
        output.finish()
    assert output.process.returncode == 0, f"enroll ended with {output.process.returncode}: {output.stderr[-3:]}"
    enrolled = plugin.load_registry(str(table.tags))
    assert plugin.card_names(enrolled) == plugin.card_names(cards), "a tag was enrolled as another card"


# ------------------------------------------------------------------ a move, by a person
def make_move(table: Table, seat: Seat, plan: Plan, options: int, fault: str | None) -> bool:
    """Carry out `plan` at `seat`; with `fault`, the hub is killed (the seat's board power-cycled,
    or the broker restarted) while its card is in flight, if it is made with a card (the
    board power-cycled as the OK that makes it is pressed, if made on the buttons). True if
    the fault happened."""
    before = table.moves()
    faulted = False
    answered = seat.process.mark()
    for gesture in plan.gestures:
        if isinstance(gesture, Press):
            power_cut = fault in ("seat", "hub") and gesture is plan.gestures[-1] and not faulted
            answered = press_to(table, seat, gesture.label, options, before, fault if power_cut else None,
                                gesture.move)
            faulted = faulted or power_cut
            continue
        seat.settle()  # a person lays a card once the display says it is their turn, not while it changes
        for _attempt in range(3):
            mark = seat.lay(gesture.uid)
            seat.process.wait_line("placed", since=mark)
            if fault is not None and gesture.move and not faulted:
                table.fault(fault, seat, lying=[gesture.uid])
                faulted = True
                if fault == "seat":  # the board is back with the card on it: lay it again if it was lost
                    mark = seat.process.mark()
                    if not taken_before_the_power_went(table, seat, gesture.uid, before):
                        continue
            if not gesture.move:
                # a step (a site chosen): its answer is the display once the hub has answered the
                # card, not the first thing the display shows after it (a prompt on its way)
                wait_until(seat.answered(mark), timeout=10)
                seat.settle()
                seat.lift(gesture.uid)
                break
            answered = mark
            _wait(table.took_or_refused(before, seat, mark), PATIENCE_S,
                  seat.stuck(table, f"the hub to take {plan.move!r} (card {gesture.uid})"))
            seat.lift(gesture.uid)
            if table.moves() > before or not refused_only_for_a_pause(table):
                break
    _wait(lambda: table.moves() > before, 5, seat.stuck(table, f"{plan.move!r} applied"))
    wait_until(seat.answered(answered), timeout=10)  # the hub told the table, then answered the seat
    return faulted


def taken_before_the_power_went(table: Table, seat: Seat, uid: str, before: int) -> bool:
    """Once the rebooted seat has settled (its inventory answered, the hub's prompt back):
    was the move taken? If not, its event went with the board's memory, and the card lying
    there since is no move: the person lifts it, to lay it again."""
    seat.settle()
    taken = table.moves() > before
    table.reboot_story += ", its move taken before" if taken else ", its move lost with the power and made again"
    if not taken:
        seat.lift(uid)
    return taken


def taken_as_the_power_went(table: Table, seat: Seat, before: int, fault: str = "seat") -> bool:
    """OK pressed, and the seat's board power-cycled at once (or the hub SIGKILLed): once it
    has settled, was the move taken, or did the press go with the board's (the hub's) memory?
    A hub started again shows its first OK's option only: it knew no cursor."""
    shown = seat.display()
    mark = seat.type("press ok")
    seat.process.wait_line("pressed ok", since=mark)
    table.fault(fault, seat)
    seat.settle()
    taken = table.moves() > before
    if fault == "seat":
        table.reboot_story += f", as OK was pressed on {shown!r}: " + (
            "taken before" if taken else "lost with the power, made again")
    else:
        table.hub_kill_story = f"the hub killed as OK was pressed on {shown!r}: " + (
            "taken before" if taken else "the hub started again only showed the option, made again")
    return taken


def refused_only_for_a_pause(table: Table) -> bool:
    """A seat was briefly away (a restart): the table paused and refused the card; once it
    plays again the person lays the card again."""
    public = _quietly(table.public)
    if public is None or public.get("paused"):
        _wait(lambda: (_quietly(table.public) or {"paused": True}).get("paused") is False, PATIENCE_S,
              "the table to play again")
        return True
    return False


UNANSWERED: list[str] = []
"""Presses the seat showed no answer to (display, LED, beep) within `PRESS_PATIENCE_S`: a
person presses again; the test reports how often (a missed press, a lost answer)."""
PRESS_PATIENCE_S = 5.0
SHOWN_ONLY: list[str] = []
"""OKs the hub answered by only showing the option (nothing applied, no menu opened): the
person reads the display again (printed at the end)."""


def press_to(table: Table, seat: Seat, label: str, options: int, before: int, power_cut: str | None = None,
             move: bool = True) -> int:
    """A to walk the options until the display shows `label`, then OK (again if the seat
    shows nothing at all in answer, as a person would). With `power_cut` ("seat" or "hub"),
    the seat's board is power-cycled (the hub SIGKILLed) as OK is pressed: if the press
    went with its memory, walk to it again.
    Not a `move` (a menu opened, a die's face entered): the OK must apply nothing; the
    display shows the menu's options once the seat has settled."""
    want = _words(label)
    seat.settle()
    for _step in range(2 * options + 2):
        if want not in _words(seat.display()):
            mark = seat.type("press a")
            if not wait_until(seat.answered(mark), timeout=PRESS_PATIENCE_S):
                UNANSWERED.append(f"seat {seat.number}: A on {seat.display()!r}")
            seat.settle()
            continue
        if power_cut:
            cut, power_cut = power_cut, None
            if taken_as_the_power_went(table, seat, before, cut):
                return seat.process.mark()
            continue
        for _again in range(3):
            mark = seat.type("press ok")
            if wait_until(_either(table.took_or_refused(before, seat, mark), seat.answered(mark)),
                          timeout=PRESS_PATIENCE_S):
                break
            UNANSWERED.append(f"seat {seat.number}: OK on {seat.display()!r}")
        seat.settle()  # the hub's answer: the move taken, a menu opened, a refusal, or the option only shown
        assert not seat.beeped_error(mark), f"seat {seat.number}: OK on {label!r} refused: {seat.display()!r}"
        if not move:
            assert table.moves() == before, f"seat {seat.number}: OK on {label!r} made a move"
            if "beep: ok" in seat.lines(mark):  # opened
                return mark
        elif table.moves() > before:
            return mark
        # the OK only showed the option (a restarted hub's first OK: it knew no cursor): read it again
        SHOWN_ONLY.append(f"seat {seat.number}: OK on {label!r} showed {seat.display()!r}")
    raise AssertionError(f"seat {seat.number}: the display never showed {label!r} while A walked its "
                         f"{options} options; it shows {seat.display()!r}")


# ------------------------------------------------------------------ the game
def sight_of(table: Table, seat: int) -> Sight:
    """What the deciding person sees: its phone page's options (what its buttons may say),
    the scoreboard, its display."""
    page: dict[str, Any] = {}
    if not wait_until(lambda: page.update(_quietly(lambda: table.seat_page(seat)) or {}) or bool(page),
                      timeout=PATIENCE_S, interval=0.05):
        raise AssertionError(f"seat {seat}'s page never answered ({LAST_MISS})")
    options = list((page.get("you") or {}).get("options") or [])
    return Sight(seat, options, table.public(), table.seats[seat].display().split(" | "))


def play_to_the_end(table: Table, people: TablePeople) -> list[str]:
    """The people play the whole game; the moves they made, in order."""
    made: list[str] = []
    told = 0
    faults = [("hub", HUB_KILL_AT), ("seat", SEAT_REBOOT_AT), ("broker", BROKER_RESTART_AT)]
    while True:
        game = table.hub.game()
        if game.over:
            return made
        assert game.pending is not None
        seat = game.pending.seat
        sight = sight_of(table, seat)
        history = table.history()
        people.follow(history[told:], sight.public)
        told = len(history)
        plan = people.plan(sight, game)
        due = faults[0][0] if faults and len(made) >= faults[0][1] else None
        by_card = any(isinstance(g, Lay) and g.move for g in plan.gestures)
        in_parts = any(isinstance(g, Press) and not g.move for g in plan.gestures)
        # a board also power-cycles with an OK in flight; in a game whose values are entered in
        # parts (menus), as the OK that ends one is pressed, the menus before it open at the hub
        # the hub killed as an OK is pressed too, but not one ending a value entered in parts: the
        # hub started again knows no menu the old one opened (the person would enter it all again)
        in_flight = (by_card or (due == "seat" and (in_parts or not table.through_menus))
                     or (due == "hub" and not in_parts))
        if due in ("hub", "broker") and not in_flight and len(made) >= faults[0][1] + 2:
            table.fault(due, table.seats[seat])  # no card laid for a while: between two moves, then
            faults.pop(0)
            due = None
        if make_move(table, table.seats[seat], plan, len(sight.options) or 8, due if in_flight else None):
            faults.pop(0)
        table.through_menus += in_parts
        made.append(plan.move)
        stored = table.hub.stored_moves()
        assert stored[-1] == plan.move, (f"seat {seat} made {plan.move!r} but the hub applied {stored[-1]!r} "
                                         f"(the display showed {table.seats[seat].display()!r})")
        people.made(seat, plan, table.hub.game())


@pytest.mark.parametrize("game_name, options", list(_variants()))
def test_every_game_is_enrolled_and_played_to_its_end_through_the_real_seats(
        game_name: str, options: tuple[str, ...], table_broker: TableBroker, tmp_path: Path) -> None:
    plugin = GAMES[game_name]
    UNANSWERED.clear()
    SHOWN_ONLY.clear()
    state = tmp_path / "state"
    state.mkdir()
    table = Table(table_broker, state, plugin, options)
    try:
        setup = table.setup()
        cards = plugin.virtual_registry(setup)  # the tags glued to this table's cards
        table.start_seats()
        started = time.monotonic()
        enroll_every_card(table, cards)
        enrolled_in = time.monotonic() - started
        table.hub.start()
        _wait(lambda: bool(_quietly(table.hub.seats_online)), PATIENCE_S, "every seat online at the hub")
        with EventStore(table.hub.db, REGISTRY) as store:
            stored_setup = store.load().setup
        people = plugin.table_people(stored_setup, cards, table.seed)  # the people hold the cards, not the tag file
        made = play_to_the_end(table, people)
        played_in = time.monotonic() - started - enrolled_in
        print(f"{game_name} {' '.join(options)}, {table.players} players: enrolled in {enrolled_in:.0f} s, {len(made)} moves in "
              f"{played_in:.0f} s ({table.through_menus} entered through menus); {table.hub_kill_story or 'the hub killed with a card in flight or between moves'}; {table.reboot_story}; presses the seat showed no answer to: {UNANSWERED}; OKs that only showed the option: {SHOWN_ONLY}")

        faults = (table.hub_kills, table.seat_reboots, table.broker_restarts)
        assert faults == (1, 1, 1), f"the game ended before every fault (hub, seat, broker): {faults}"
        with EventStore(table.hub.db, REGISTRY) as store:
            stored = store.load()
        assert stored.actions == made, "the stored log is not the moves the people made, once each"
        replayed = plugin.replay(stored.setup, stored.actions)
        assert replayed.over
        assert plugin.summary(replayed) == plugin.summary(table.hub.game())
        assert table.public().get("pending") is None, "the scoreboard does not say the game is over"
    except BaseException:
        print(table.what_everyone_saw())
        raise
    finally:
        table.close()
