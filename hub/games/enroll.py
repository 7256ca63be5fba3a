"""``citadels-hub enroll --game G``: pair every physical card of a game with its RFID tag,
one tap at a time, for every game (its cards are its `hub.games.tags.Catalogue`'s).

A seat shows the last command it was sent: its text, its LED, and it plays that
command's beep. So each tap is answered with **one** command that carries the result
(green and ``ok``, or red and ``error``) and, below it, the card to tap next: a prompt sent
after the result would replace it within a millisecond, and the person tapping would
never see the green or hear the beep. The LED stays green (or red) until the next tap;
the text says what to tap. Every seat event is answered with its ``ref`` (a seat keeps an
event until the hub answers it), and a seat that says ``hello`` again or comes back
``online`` (a reboot, a reconnect) is shown the prompt again: it comes back with an empty
display.

The enrollment answers for the table while it runs, as the hub does: it says ``online`` on
the table's retained ``hub/status``, ``offline`` when it ends (its will says it if it dies).
So the status on the broker says whether anything answers the seats now, and one table
has one answerer: `enroll` refuses a table whose status says ``online`` (`hub_serving`:
``citadels-hub run``, or another enrollment), and an enrollment that hears another hub
come ``online`` (``run`` started: the table's service wins) stops at once and leaves the
table to it (`EnrollmentSession.taken`). Its seat shows "The hub is offline" after a clean
end: nothing answers it then. A finished enrollment leaves the last result ("All 76 cards
are enrolled.") on the seat for `RESULT_SHOWN_S` first: the person tapping reads it there.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, TextIO

from hub.kernel import wrap_lines
from hub.protocol import (TEXT_MAX_LINES, ProtocolError, cmd_topic, event_topic, hello_topic, hub_status_topic,
                          make_command, parse_event, status_topic)

from .tags import Enrollment, TagRegistry

MAX_LINES = TEXT_MAX_LINES  # a seat display's lines (docs/protocol.md)
RESULT_SHOWN_S = 3.0
"""How long a finished enrollment keeps the table, so the seat shows its last result before
the status says offline (the firmware then shows "The hub is offline" over it)."""


def result_then_prompt(result: str, prompt: str, short: str = "") -> list[str]:
    """The result's lines, then the prompt's, in the display's four lines. The prompt (the
    card to tap, with which copy) is kept whole: the person reads it to pick up the next
    card. The result takes the lines left; when it does not fit, its `short` form does
    (the LED and the beep say green or red anyway)."""
    asked = wrap_lines(prompt)
    room = MAX_LINES - len(asked)
    said = wrap_lines(result)
    if len(said) > room and short:
        said = wrap_lines(short)
    return said[:room] + asked


def hub_serving(bus: Any, table: str) -> bool:
    """Whether the broker says something answers `table`'s seats now: its retained hub
    status is ``online`` (said by ``run`` and by an enrollment while they run; ``offline``
    when they stop, by their will when they die). `bus.retained` asks the broker."""
    return bool(bus.retained(hub_status_topic(table)) == b"online")


def serving_refusal(table: str) -> str:
    """Why `enroll` does not start on a table a hub serves, and what to do."""
    return (f"a hub is serving table {table} now (its status on the broker says online): stop it first "
            "(on the Pi: sudo systemctl stop citadels-hub; another enrollment: Ctrl-C there), then enroll again; "
            "if none runs (a status a power cut left behind), add --take-table")


def taken_notice(table: str) -> str:
    """Why an enrollment stopped when a hub came online, and how to carry on."""
    return (f"a hub started serving table {table} (its status went online): the enrollment stopped and leaves "
            "the table to it; to carry on enrolling, stop that hub (on the Pi: sudo systemctl stop citadels-hub) "
            "and run the same command again")


def hub_will(table: str) -> tuple[str, bytes, int, bool]:
    """The enrollment's last will: the table's hub status goes ``offline`` if it dies (it says
    ``online`` while it runs, as the hub does)."""
    return (hub_status_topic(table), b"offline", 1, True)


class EnrollmentSession:
    """Reads one seat's reader over the bus, asks for each card of `registry_type`'s game in
    turn, saves after each. `deck`: which of the game's decks (None: its default)."""

    def __init__(self, bus: Any, path: str | Path, seat: int, registry_type: type[TagRegistry], *,
                 table: str = "t1", deck: str | None = None, out: TextIO | None = None) -> None:
        self.bus = bus
        self.path = Path(path)
        self.seat = seat
        self.table = table
        self.out = out
        registry = registry_type.load(self.path) if self.path.exists() else registry_type.empty(deck)
        if deck is not None and registry.deck != deck:
            raise ValueError(f"tag registry {self.path} holds the {registry.deck} deck, not {deck}: "
                             "enroll another deck into a file of its own")
        self.enrollment = Enrollment(registry)
        self.at_start = len(registry.tags)
        self.finished = threading.Event()
        self._cmd = 0
        self._seen: set[tuple[str, int, int]] = set()
        self._shown: dict[str, Any] = {"led": "blue", "text": wrap_lines(self.enrollment.prompt())}
        self._lock = threading.Lock()  # the bus may deliver on more than one thread
        self._closed = False  # after close(): an event is left unanswered, for the next enrollment to take
        self._taken = threading.Event()  # another hub came online: the table is its now

    @property
    def enrolled(self) -> int:
        """Cards enrolled by this session (not those of the file it resumed)."""
        return len(self.enrollment.registry.tags) - self.at_start

    def start(self) -> None:
        self.bus.subscribe(event_topic(self.table, self.seat), self._on_event)
        self.bus.subscribe(hello_topic(self.table, self.seat), self._on_hello)
        self.bus.subscribe(status_topic(self.table, self.seat), self._on_status)
        # the enrollment answers for the table while it runs: a seat that hears no hub says
        # "Waiting for the hub" over the prompt (its will says offline if it dies)
        self.bus.publish(hub_status_topic(self.table), b"online", qos=1, retain=True)
        # then only a fresh status counts: the broker takes this connection's publish before
        # its subscribe, so its own "online" comes back as retained, and a fresh one is another's
        self.bus.subscribe(hub_status_topic(self.table), self._on_hub_status, retained=False)
        with self._lock:
            self._print(self.enrollment.prompt())
            self._send(led="blue", beep="none", text=wrap_lines(self.enrollment.prompt()))
        if self.enrollment.done:
            self.finished.set()

    def summary(self) -> str:
        """One line for the terminal when the session ends, finished or interrupted."""
        e = self.enrollment
        done = e.total - len(e.todo)
        if e.done:
            return f"All {e.total} cards are enrolled in {self.path} ({self.enrolled} this time)."
        return (f"Stopped: {done} of {e.total} cards enrolled in {self.path} ({self.enrolled} this time); "
                "run the same command again to carry on where you left off.")

    def _on_hello(self, topic: str, payload: bytes) -> None:
        """The seat (re)connected, maybe after a reboot with a blank display: the prompt again, no beep."""
        self._show_prompt_again()

    def _on_status(self, topic: str, payload: bytes) -> None:
        if payload.strip() == b"online":
            self._show_prompt_again()

    def _on_hub_status(self, topic: str, payload: bytes) -> None:
        """Another hub came online (``run`` started): it serves the table now; this enrollment
        answers nothing more and ends, and its end leaves that hub's status as it is."""
        if payload.strip() != b"online":
            return
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._taken.set()
        self.finished.set()

    @property
    def taken(self) -> bool:
        """Another hub came online while this enrollment held the table: it is that hub's now."""
        return self._taken.is_set()

    def show_result(self, seconds: float | None = None) -> None:
        """Keep the table a moment after the last card (`RESULT_SHOWN_S`), so the seat shows
        the result before the status says offline; cut short by a hub coming online, or by Ctrl-C."""
        try:
            self._taken.wait(RESULT_SHOWN_S if seconds is None else seconds)
        except KeyboardInterrupt:
            pass  # every card is enrolled: leaving sooner loses nothing

    def _show_prompt_again(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._send(led="blue", beep="none", text=wrap_lines(self.enrollment.prompt()))

    def _on_event(self, topic: str, payload: bytes) -> None:
        try:
            event = parse_event(payload)
        except ProtocolError as exc:
            with self._lock:
                if self._closed:
                    return
                self._print(f"Bad message from the reader: {exc.message}")
                self._send(led="red", beep="error", text=wrap_lines("Bad message from the reader", exc.message))
            return
        with self._lock:
            if self._closed:
                return
            if event.key in self._seen:  # sent again (its answer was lost): answered again, nothing new
                self._send(led=self._shown["led"], text=list(self._shown["text"]), ref=event.seq)
                return
            self._seen.add(event.key)
            if event.type != "tag" or event.edge != "added" or event.uid is None:
                self._send(ref=event.seq)  # a card lifted, an inventory...: not a tap; answered, nothing shown
                return
            ok, message = self.enrollment.offer(event.uid)
            if ok:
                self.enrollment.registry.save(self.path)  # resumable: saved after every card
            prompt = self.enrollment.prompt()
            self._print(message)
            self._print(prompt)
            self._send(led="green" if ok else "red", beep="ok" if ok else "error",
                       text=result_then_prompt(message, prompt, "Enrolled" if ok else "Refused"), ref=event.seq)
        if self.enrollment.done:
            self.finished.set()

    def _print(self, line: str) -> None:
        if self.out is not None:
            print(line, file=self.out, flush=True)

    def _send(self, led: str | None = None, beep: str | None = None, text: list[str] | None = None,
              ref: int | None = None) -> None:
        self._cmd += 1
        if led is not None:
            self._shown["led"] = led
        if text is not None:
            self._shown["text"] = list(text)
        self.bus.publish(cmd_topic(self.table, self.seat),
                         make_command(self._cmd, led=led, beep=beep, text=text, ref=ref), qos=1)

    def close(self, timeout: float = 5.0) -> bool:
        """Say ``offline`` (unless another hub took the table), wait until the broker has
        taken every command sent (the last tap's result among them), then disconnect
        cleanly; False if the broker did not acknowledge in time. An event that arrives
        meanwhile is left unanswered: the seat keeps it."""
        with self._lock:
            self._closed = True
            held = not self.taken
        if held:  # nothing answers the seats now: the status says so (another hub's is left as it is)
            self.bus.publish(hub_status_topic(self.table), b"offline", qos=1, retain=True)
        flush = getattr(self.bus, "flush", None)
        flushed = bool(flush(timeout)) if flush is not None else True
        self.bus.close()
        return flushed
