"""The game-neutral table: seats, readers, buttons, presence and pause, dedupe, journal,
display memory, publishing, all driven from one input queue by one hub thread.

It hosts a game through two small interfaces (`hub.kernel.interfaces`): the game itself
(`HostedGame`: who decides, legal actions, apply, views, replay) and a `GameAdapter`
that knows what a card or a button means in that game and what each seat should be told
about its events. Nothing here knows Citadels: `hub.games.citadels` is one such adapter.

Every input gets an answer on the seat's ``cmd`` topic: accepted, refused with the reason,
or "not your turn". A card lying on a reader since before (a reboot, an inventory) is
never a move; a seat that (re)connects gets its display back.
"""

from __future__ import annotations

import copy
import functools
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Generic

from hub import words
from hub.protocol import (
    MULTIPLE_CARDS,
    ProtocolError,
    SeatEvent,
    cmd_topic,
    encode_json,
    hub_events_topic,
    hub_status_topic,
    make_command,
    parse_event,
    parse_hello,
    parse_status,
    parse_topic,
    public_topic,
)

from .cursor import ButtonCursors, decision_of
from .dedupe import SeenEvents
from .flood import BACK, DROP, FLOODING, OVER, SeatBudget, topic_seat
from .displays import SeatDisplays
from .hubloop import HubLoop, Input
from .interfaces import G, GameAdapter, Refusal
from .presence import Presence
from .publishing import Listeners, Subscriber
from .readers import Readers
from .seat_commands import MAX_LINES, SeatCommands, fit
from .view_publisher import PublishedView, publish_lazily

@functools.lru_cache(maxsize=1024)  # the same few lines ("accepted", "option 2/5") on every move
def _say(key: str, **params: object) -> str:
    """A line of the kernel's own for a seat display, from the one word catalogue (the
    displays speak English; ``hub.words`` holds every line in three languages)."""
    return words.say(f"display.{key}", "en", None, **params)


log = logging.getLogger("hub.table")
_READ = object()  # marks a read's own answer (not a ``busy`` or ``stopped`` reply)

Journal = Callable[[Any], None]
JournalMeta = Callable[[Any, dict[str, Any]], None]  # with the tag UID / (device, boot, seq) behind it
"""Journals an action with its meta. If it also has ``amend(index, fields)`` (the store's
``Recorder``), what the adapter learns later of an action already journaled is kept too."""


def generic_journal_failure(exc: BaseException) -> str:
    return "the game record cannot be written (see the hub's log); no more moves are accepted"


class Table(Generic[G]):
    """One table hosting one game at a time (see the module doc).

    `own_thread`: True starts a hub thread of its own at `start()`; False makes the thread
    that calls `start()` the hub thread (the in-process simulator: it must call
    `run_pending()` while it waits). `transport_waits`: the bus delivers in the publisher's
    thread (an in-process bus), which then waits for the hub to take the message in, as a
    web request does, so a publish has been handled when it returns; a real broker's
    network thread never waits."""

    def __init__(self, bus: Any, adapter: GameAdapter[G], game: G, *, table: str = "t1",
                 journal: Journal | None = None, journal_meta: JournalMeta | None = None,
                 own_thread: bool = True, transport_waits: bool = False,
                 explain_journal_failure: Callable[[BaseException], str] = generic_journal_failure) -> None:
        self.bus = bus
        self.adapter = adapter
        self.game = game
        self.table = table
        self.journal = journal
        self.journal_meta = journal_meta
        self.explain_journal_failure = explain_journal_failure
        self.transport_waits = transport_waits
        self.seat_budget: SeatBudget | None = None  # what one seat may send (`run` sets it: hub.kernel.flood)
        self.on_new_game: Callable[[Any], Any] | None = None  # gets the new setup, returns its journal
        self.store_error: str | None = None  # set when the journal failed: no more actions accepted
        self.counters: Counter[str] = Counter()
        self.presence = Presence()  # which readers are online, the admin's pause
        self.devices: dict[int, str] = {}
        self.listeners = Listeners()
        self.seen = SeenEvents()
        self.readers = Readers()  # what lies on each seat's reader
        self.displays = SeatDisplays()  # what each seat's LED and display show
        self.loop = HubLoop(own=own_thread, on_error=lambda _item: self.counters.update(["internal_error"]))
        self._cmd_id = 0
        self.cursors = ButtonCursors(lambda game, seat: self.adapter.button_options(game, seat))
        self._lift_shown: set[int] = set()  # seats told to lift a card; their prompt returns once it is gone
        self._cursor_hidden: dict[int, Any] = {}  # seat -> the decision whose cursor option a refusal hid
        self._cmd_topics: dict[int, str] = {}  # seat -> its cmd topic, checked once
        self._public_topic = public_topic(table)
        self._events_topic = hub_events_topic(table)
        self._view: PublishedView | None = None  # the public view last published, while current
        self._liveness: threading.Thread | None = None  # checks the seats' heartbeats, once one declared it
        self.clock: Callable[[], float] = time.monotonic  # the liveness clock (seconds)

    @property
    def recent(self) -> Any:
        return self.listeners.recent

    @property
    def answer_timeout_s(self) -> float:
        """How long a phone or admin request waits for the table."""
        return self.loop.timeout_s

    @answer_timeout_s.setter
    def answer_timeout_s(self, seconds: float) -> None:
        self.loop.timeout_s = seconds

    # ------------------------------------------------------------------ wiring
    def start(self) -> None:
        """Start the hub thread, subscribe to the seats and announce the hub; returns once
        the opening is published. A bus that reconnects by itself (``on_connect``) gets
        `restore_displays` as its hook unless someone already set one: a restarted broker
        has forgotten the retained hub status and view, the seats may have missed commands."""
        self.loop.start()
        root = f"citadels/{self.table}/seat/+/"
        for kind in ("status", "hello"):
            self.bus.subscribe(root + kind, self._on_message)
        self.bus.subscribe(root + "event", self._on_message, retained=False)  # a retained event is never a move
        if hasattr(self.bus, "on_connect") and self.bus.on_connect is None:
            self.bus.on_connect = lambda: self.restore_displays(wait=False)
        self.loop.submit("start", self._do_start, wait=True)

    def _do_start(self) -> None:
        self.bus.publish(hub_status_topic(self.table), b"online", qos=1, retain=True)
        self.publish_view(self._opening_events())
        self._do_restore_displays()

    def stop(self) -> None:
        """Stop taking inputs, let the one being applied finish, then say ``offline``.
        A seat message arriving while the bus closes is dropped, not applied half-way."""
        self.loop.stop()
        try:
            self.bus.publish(hub_status_topic(self.table), b"offline", qos=1, retain=True)
        except Exception:  # noqa: BLE001 - the broker may already be gone
            pass

    def run_pending(self) -> None:
        """Caller mode: take in what other threads queued (call it from the hub thread)."""
        self.loop.run_pending()

    def serve_for(self, seconds: float) -> None:
        """Caller mode: answer other threads' inputs as they arrive, for `seconds`."""
        self.loop.serve_for(seconds)

    def restore_displays(self, wait: bool = True) -> None:
        """Say again what a broker or a seat may have lost: ``hub/status`` online, the
        retained public view, and every seat's display."""
        self.loop.submit("restore_displays", self._do_restore_displays, wait=wait)

    def _do_restore_displays(self) -> None:
        self.bus.publish(hub_status_topic(self.table), b"online", qos=1, retain=True)
        self.publish_view([])
        for seat in range(1, self.game.n + 1):
            self._restore(seat)

    def opening_events(self) -> list[dict[str, Any]]:
        """A game's first public events, then its first prompt (later: just the prompt).
        It prompts the deciding seat, so from another thread it goes through the queue."""
        if not self.loop.on_hub_thread():
            events = self._ask("opening_events", self._opening_events)
            return events if isinstance(events, list) else []
        return self._opening_events()

    def _opening_events(self) -> list[dict[str, Any]]:
        if self.game.log or self.game.over:
            return self._prompt()
        return self.adapter.opening_events(self.game) + self._prompt()

    def _on_message(self, topic: str, payload: bytes) -> None:
        budget = self.seat_budget
        if budget is not None and (seat := topic_seat(topic)) is not None:
            verdict = budget.take(seat)  # on the transport's thread: a flood is never queued
            if verdict == DROP:
                return
            if verdict in (OVER, BACK):
                kind = "reader_fault" if verdict == OVER else "reader_recovered"
                self.loop.post("flood", lambda: self._flood_noted(seat, kind), wait=self.transport_waits)
                if verdict == OVER:
                    return
        self.loop.post("message", lambda: self._do_message(topic, payload), wait=self.transport_waits)

    def _flood_noted(self, seat: int, kind: str) -> None:
        """A seat sent more than its budget (`hub.kernel.flood`): said like a reader fault."""
        if seat > self.game.n:
            return
        self.counters["flooding" if kind == "reader_fault" else "flooding_recovered"] += 1
        self._note({"kind": kind, "seat": seat, "what": FLOODING})

    def feed(self, topic: str, payload: bytes) -> None:
        """Inject a seat message as if it came from the bus (serial readers use this)."""
        self.loop.submit("message", lambda: self._do_message(topic, payload))

    def _ask(self, kind: str, run: Callable[[], Any]) -> Any:
        """Run `run` on the hub thread and wait for its result (``busy`` past the timeout)."""
        result = self.loop.ask(kind, run, on_busy=lambda: self.counters.update(["busy"]))
        return dict(result) if isinstance(result, dict) else result

    def _request(self, kind: str, run: Callable[[], dict[str, Any] | None]) -> dict[str, Any]:
        """A request answered ``{"ok": ...}`` (phones, the admin), through the queue."""
        return dict(self._ask(kind, run) or {})

    # ------------------------------------------------------------------ seat messages
    def _do_message(self, topic: str, payload: bytes) -> None:
        try:
            table, seat, kind = parse_topic(topic)
        except ProtocolError as exc:
            self.counters[f"refused_{exc.code}"] += 1
            return
        if seat is None or table != self.table:
            return
        if seat > self.game.n:
            self._unknown_seat(seat, kind, payload)
            return
        if self.presence.heard_from(seat, self.clock()) and kind != "status":
            self._seat_back(seat)
        if kind == "status":
            self._presence(seat, payload)
        elif kind == "hello":
            try:
                hello = parse_hello(payload)
            except ProtocolError as exc:
                self.counters[f"refused_{exc.code}"] += 1
                return
            self.devices[seat] = hello.device
            self.presence.declared(seat, hello.alive_s)
            if hello.alive_s is not None:
                self._watch_liveness()
            self.readers.hello(seat, hello.device, hello.boot, hello.inventory)
            self._restore(seat)
        elif kind == "event":
            self._seat_event(seat, payload)

    def _unknown_seat(self, seat: int, kind: str, payload: bytes) -> None:
        """A seat this game has not: refused, its event answered (`ref`) so the device
        forgets it, and its heartbeat only acknowledged (no beep every few seconds)."""
        event = None
        if kind == "event":
            try:
                event = parse_event(payload)
            except ProtocolError:
                pass
        if event is not None and event.type == "alive":
            self._acknowledge(seat, event)
            return
        self.counters["refused_unknown_seat"] += 1
        self._send(seat, led="red", beep="error", text=self._lines(_say("no_seat", seat=seat)),
                   ref=event.seq if event is not None else None, code="unknown_seat")

    def _presence(self, seat: int, payload: bytes) -> None:
        try:
            state = parse_status(payload)
        except ProtocolError as exc:
            self.counters[f"refused_{exc.code}"] += 1
            return
        if state == "online":
            self._restore(seat)  # a seat (re)connecting shows a blank display: give it back
        if self.presence.seen(seat, state == "online"):
            self.publish_view([])

    def _seat_event(self, seat: int, payload: bytes) -> None:
        try:
            event = parse_event(payload)
        except ProtocolError as exc:
            self.counters[f"refused_{exc.code}"] += 1
            self._send(seat, led="red", beep="error", text=self._lines(_say("bad_message"), exc.message), code=exc.code)
            return
        if not self.seen.first_time(seat, event.device, event.boot, event.seq):
            self.counters["duplicate"] += 1
            self._answer_again(seat, event)
            return
        self.counters["events"] += 1
        if event.type == "alive":  # a heartbeat: heard (above); answered so the seat forgets it
            self._acknowledge(seat, event)
            return
        self.readers.booted(seat, event.device, event.boot)
        if event.type == "inventory":
            self._inventory(seat, event)
            return
        if event.type in ("fault", "recovered"):
            if not self._reader_fault(seat, event):
                self._acknowledge(seat, event)
            return
        if event.type == "tag" and event.edge == "removed":
            if not self._card_lifted(seat, event):
                self._acknowledge(seat, event)
            return
        if event.type == "tag":
            assert event.uid is not None
            placement = self.readers.added(seat, event.uid)
            if placement != "new":  # re-reported after a reboot, or reported twice: not a move
                self.counters[f"card_{placement}"] += 1
                self._restore(seat, ref=event.seq)
                return
        else:
            self.readers.other_event(seat)
        if self.paused:
            self._refuse(seat, event, Refusal("paused", self.pause_text()))
            return
        if event.type == "tag":
            self._card_placed(seat, event)
        else:
            self._button(seat, event)

    # ------------------------------------------------------------------ what lies on a reader
    def _inventory(self, seat: int, event: SeatEvent) -> None:
        """Cards lying on the reader at (re)connect: never moves. If they fit the table
        (`misplaced` is empty) nothing happens; otherwise the seat is told what to lift."""
        assert event.uids is not None
        self.readers.inventory(seat, event.uids)
        self.counters["inventories"] += 1
        self._restore(seat, ref=event.seq)

    def misplaced(self, seat: int) -> list[str]:
        """What lies on the seat's reader but may not rest there (the adapter says), one line each."""
        lines = self.adapter.misplaced(self.game, seat, sorted(self.readers[seat].cards))
        self._keep_learned()  # a card lying there may have told the adapter something
        return lines

    def _card_lifted(self, seat: int, event: SeatEvent) -> bool:
        """True if the seat was answered (its prompt back, once a card to lift is gone)."""
        assert event.uid is not None
        self.readers.removed(seat, event.uid)
        if seat in self._lift_shown and not self.misplaced(seat):
            self._restore(seat, ref=event.seq)  # fixed: the prompt comes back
            return True
        return False

    def _reader_fault(self, seat: int, event: SeatEvent) -> bool:
        """True if the seat was answered (two cards on its reader, or gone again)."""
        self.counters[event.type] += 1
        self.readers.other_event(seat)
        answered = event.what == MULTIPLE_CARDS
        if answered:
            self.readers[seat].too_many = event.type == "fault"
            self._restore(seat, ref=event.seq)
        self._note({"kind": "reader_" + event.type, "seat": seat, "what": event.what})
        return answered

    # ------------------------------------------------------------------ delivery and liveness
    def _acknowledge(self, seat: int, event: SeatEvent) -> None:
        """Answer an event that changes nothing the seat shows: a command with only its
        `ref` (a device keeps every event until the hub answers it)."""
        self._send(seat, ref=event.seq)

    def _answer_again(self, seat: int, event: SeatEvent) -> None:
        """A duplicate: the seat sent it again because no answer reached it, so it gets
        what it should show now (no beep: nothing new happened), with the `ref` it waits for."""
        shown = self._shown(seat)
        self._send(seat, led=shown["led"], text=list(shown["text"]), ref=event.seq)

    def _seat_back(self, seat: int) -> None:
        """A seat taken offline by its silence spoke again: online (the game resumes if it waited)."""
        if self.presence.seen(seat, True):
            log.info("seat %d speaks again after its silence", seat)
            self.publish_view([])

    def _watch_liveness(self) -> None:
        """Once a seat has declared a heartbeat: check every second, on the hub thread,
        whether a seat broke its promise (only with a hub thread of the table's own)."""
        if self._liveness is not None or not self.loop.own:
            return

        def watch() -> None:
            while not self.loop.stopped:
                time.sleep(1.0)
                self.loop.post("liveness", self._check_silence)

        self._liveness = threading.Thread(target=watch, name="hub-liveness", daemon=True)
        self._liveness.start()

    def _check_silence(self) -> None:
        for seat in self.presence.fallen_silent(self.clock()):
            self.counters["silent_offline"] += 1
            log.warning("seat %d said nothing for %.0f s: offline", seat, self.presence.allowed_silence[seat])
            self.publish_view([])

    def _card_placed(self, seat: int, event: SeatEvent) -> None:
        assert event.uid is not None
        try:
            action = self.adapter.card_action(self.game, seat, event.uid)
        except self._refusals as exc:
            self._keep_learned()  # e.g. the card of a district entered by hand, read on its owner's reader
            self._refuse(seat, event, exc)
            return
        self._try(seat, action, event, uid=event.uid)

    def _button(self, seat: int, event: SeatEvent) -> None:
        pending = self.game.pending
        if pending is None or pending.seat != seat:
            who = "nobody" if pending is None else f"seat {pending.seat}"
            code = "no_decision" if pending is None else "not_your_turn"
            self._refuse(seat, event, Refusal(code, f"no decision for you now ({who} decides)"))
            return
        options = self.cursors.options(self.game, seat)
        if not options:
            self._refuse(seat, event, Refusal("use_card", "place a card on your reader"))
            return
        hidden = self._cursor_hidden.pop(seat, None) == decision_of(self.game)
        if event.button in ("a", "b") or hidden:  # OK after a refusal that hid the option: shown first
            if not hidden:
                self.cursors.move(self.game, seat, 1 if event.button == "a" else -1)
            self._send(seat, led="blue", beep="none", ref=event.seq, text=self._cursor_lines(seat, options))
            return
        self._try(seat, options[self.cursors.position(self.game, seat)], event)

    def button_options(self, seat: int) -> list[Any]:
        """The pending options a seat's buttons cycle through (cards say the rest)."""
        return list(self.cursors.options(self.game, seat))

    # ------------------------------------------------------------------ applying
    @property
    def _refusals(self) -> tuple[type[Exception], ...]:
        return (Refusal, *self.adapter.refusals)

    def _try(self, seat: int, action: Any, event: SeatEvent | None, uid: str | None = None) -> dict[str, Any]:
        meta: dict[str, Any] = {}
        if uid is not None:
            meta["uid"] = uid
        if event is not None:
            meta.update(device=event.device, boot=event.boot, seq=event.seq)
        try:
            events = self._apply(action, meta)
        except self._refusals as exc:
            facts = self._refuse(seat, event, exc, action)  # e.g. the character whose words say why
            return {"ok": False, "code": exc.code, "message": exc.message, **facts}  # type: ignore[attr-defined]
        self.counters["accepted"] += 1
        told = SeatCommands(self._lines)
        told.answer(seat, led="green", beep="ok", ref=event.seq if event else None,
                    text=self._lines(self.adapter.describe(action), _say("accepted")))
        self._after(events, told)
        return {"ok": True}

    def _apply(self, action: Any, meta: dict[str, Any] | None = None) -> Sequence[Any]:
        """Apply, then journal before any effect is announced; an action the journal
        could not keep is rolled back (replay without it) and refused. Every action that
        stands reaches the adapter's `applied`, however it was said (a card, buttons, a
        phone, the admin, a correction), as the resume's `remember_applied` will see it."""
        if self.store_error is not None:
            raise Refusal("store_failed", self.store_error)
        events = self.game.apply(action)
        try:
            if self.journal_meta is not None:
                self.journal_meta(action, meta or {})
            elif self.journal is not None:
                self.journal(action)
        except Exception as exc:  # noqa: BLE001 - an unrecorded action must not stand
            self.game = self.adapter.replay(self.game.setup, list(self.game.log)[:-1])
            self._store_failed(self.explain_journal_failure(exc), detail=str(exc))
            raise Refusal("store_failed", self.store_error or str(exc)) from exc
        self.adapter.applied(action, meta.get("uid") if meta else None)
        return events

    def _keep_learned(self) -> None:
        """Journal what the adapter learned of actions already applied (`learned`), beside
        them, when the journal can amend; a failure is a store failure like any other."""
        learned = self.adapter.learned()
        amend = getattr(self.journal_meta, "amend", None)
        if not learned or amend is None or self.store_error is not None:
            return
        for index, fields in learned:
            try:
                amend(index, fields)
            except Exception as exc:  # noqa: BLE001 - the journal cannot be trusted any more
                self._store_failed(self.explain_journal_failure(exc), detail=str(exc))
                return

    def _store_failed(self, message: str, detail: str = "") -> None:
        """The journal failed: say so loudly (log, hub event, status) and accept nothing more.
        ``message`` goes everywhere (public view, hub/events, voice): it names no card; the
        ``detail`` only to the hub's own log."""
        log.error("%s (%s)", message, detail or "no detail")
        self.store_error = message
        self.counters["store_failed"] += 1
        self._note({"kind": "store_failed", "message": message})

    def remember_applied(self, action: Any, meta: dict[str, Any]) -> None:
        """After a resume (before `start()`): take in what the store kept beside one applied
        action, the tag behind it and the seat event that said it, so the resumed table
        knows where each copy lies and drops a device's re-sent event as a duplicate."""
        self.adapter.remember_applied(action, meta)
        if "device" in meta and "boot" in meta and "seq" in meta:  # the seat whose reader or buttons said it
            seat = int(meta["seat"]) if "seat" in meta else int(getattr(action, "seat", 0))
            self.seen.first_time(seat, str(meta["device"]), int(meta["boot"]), int(meta["seq"]))

    def seen_boots(self) -> list[tuple[str, int]]:
        """Every (device, boot) whose events the table has taken in."""
        return self.seen.boots()

    def _refuse(self, seat: int, event: SeatEvent | None, exc: Any, action: Any | None = None) -> dict[str, Any]:
        """Tell the seat why, publish the refusal; returns what the adapter adds to it (a
        phone's answer carries it too, so its page words it as the display does)."""
        self.counters[f"refused_{exc.code}"] += 1
        led = "amber" if exc.code == "not_your_turn" else "red"
        text, facts = self.adapter.refusal_words(self.game, exc, action)  # the game's words for it
        shown, hidden = self._with_cursor(seat, text)
        self._send(seat, led=led, beep="error", ref=event.seq if event else None, text=shown, code=exc.code)
        if hidden:  # the reason fills the display: the next OK shows the option before doing it
            self._cursor_hidden[seat] = decision_of(self.game)
        self._note({"kind": "refusal", "seat": seat, "code": exc.code, **facts}, view=False)
        return facts

    def _with_cursor(self, seat: int, text: list[str]) -> tuple[list[str], bool]:
        """A refusal said to the seat that decides, with the option its cursor is on below
        it: OK applies that option, so the display must not hide it. Returns the lines and
        whether the option is hidden all the same (the reason needs every line)."""
        pending = self.game.pending
        if pending is None or pending.seat != seat or self.paused:
            return text, False
        options = self.cursors.options(self.game, seat)
        if not options:
            return text, False
        option = self._cursor_lines(seat, options)
        if len(text) + 1 > MAX_LINES:
            return text, True
        return fit([text], option, self._lines), False

    def _cursor_lines(self, seat: int, options: list[Any]) -> list[str]:
        """The option the seat's cursor is on, and what OK does ("2/5 Draw cards", "OK: do it")."""
        at = self.cursors.position(self.game, seat)
        return self._lines(_say("option", i=at + 1, n=len(options), option=self.adapter.describe(options[at])),
                           _say("ok_do_it"))

    def _after(self, events: Sequence[Any], told: SeatCommands) -> None:
        """Tell each seat what to do after the game's events and prompt the next decider, in
        one command per seat with what `told` already holds (the answer), then publish."""
        public = self.adapter.public_events(events)
        for seat, command in self.adapter.feedback(public):
            told.note(seat, **command)
        prompt = self._prompt(told)
        for seat, command in told.items():
            self._send(seat, **command)
        self.publish_view(public + prompt)

    def _prompt(self, told: SeatCommands | None = None) -> list[dict[str, Any]]:
        """Prompt the seat that must decide now (sent now, or added to `told`); returns the
        public prompt event (voice, page)."""
        pending = self.game.pending
        if pending is None:
            return []
        if told is None:  # said on its own (a game's first, a pause ended, a correction): see _prompt_text
            self._send(pending.seat, led="blue", beep="turn", text=self._prompt_text(pending.seat))
        else:  # a new decision's, its cursor on the first option
            told.prompt(pending.seat, led="blue", beep="turn", text=self._prompt_lines(pending.seat))
            self.displays.prompted(decision_of(self.game), told.notes_of(pending.seat))
        return [self.adapter.prompt_event(self.game)]

    def _prompt_lines(self, seat: int) -> list[str]:
        """The deciding seat's prompt, its options from the one its cursor is on."""
        return self.adapter.prompt_lines(self.game, self.cursors.from_cursor(self.game, seat))

    def _prompt_text(self, seat: int) -> list[str]:
        """The deciding seat's prompt shown again: from where its cursor is, after the notes
        told when the decision began (a seat that rebooted never read them)."""
        prompt = self._prompt_lines(seat)
        notes = self.displays.prompt_notes(decision_of(self.game))
        return fit(notes, prompt, self._lines) if notes else prompt

    def _restore(self, seat: int, ref: int | None = None) -> None:
        """Send a seat what its display should show now (after a reconnect, an inventory,
        a fixed reader): a card to lift first, else its prompt if it decides, else what it
        showed last. No beep: nothing new happened."""
        if not 1 <= seat <= self.game.n:
            return
        pending = self.game.pending
        lift = self.misplaced(seat)
        if self.readers[seat].too_many:
            self._lift_shown.add(seat)
            self._send(seat, led="red", text=self._lines(_say("one_card"), _say("lift_others")), ref=ref,
                       code="multiple_cards")
        elif lift and ref is not None:  # only when the seat just reported what lies there
            self._lift_shown.add(seat)
            self._send(seat, led="red", text=self._lines(*lift[:2]) if len(lift) < 3 else
                       self._lines(lift[0], _say("lift_more", n=len(lift) - 1)), ref=ref, code="lift_card")
        elif pending is not None and pending.seat == seat and not self.game.over:
            self._lift_shown.discard(seat)
            self._send(seat, led="blue", text=self._prompt_text(seat), ref=ref)
        else:
            self._lift_shown.discard(seat)
            waiting = self.displays.shown(seat) is None or seat in self.displays.waiting_seats()
            shown = self.adapter.waiting_display(self.game) if waiting else self._shown(seat)
            self._send(seat, led=shown["led"], text=list(shown["text"]), ref=ref, waiting=waiting)

    def _keep_waiting_true(self) -> None:
        """Seats showing the waiting display (a restarted hub, a game's start: nothing else
        said to them yet) get it again when it changes, e.g. when another seat decides:
        "Seat 3 decides" must not stay on once seat 4 does. The deciding seat gets its prompt."""
        waiting = self.displays.waiting_seats()
        if not waiting:
            return
        display = self.adapter.waiting_display(self.game)
        pending = self.game.pending
        for seat in waiting:
            shown = self.displays.shown(seat)
            if (pending is None or pending.seat != seat) and shown is not None and (
                    shown["text"] != display["text"] or shown["led"] != display["led"]):
                self._send(seat, led=display["led"], text=list(display["text"]), waiting=True)

    def _shown(self, seat: int) -> dict[str, Any]:
        """``{"led", "text"}`` the seat shows: the last command sent, else the game's waiting display."""
        return self.displays.shown(seat) or self.adapter.waiting_display(self.game)

    def game_log(self) -> tuple[Any, list[Any]]:
        """(setup, a copy of the log), taken on the hub thread between inputs: what a
        reader on another thread replays (the scoreboard's game log)."""
        if self._reading_elsewhere():
            return self._read("game_log", self._game_log)  # type: ignore[no-any-return]
        return self._game_log()

    def _game_log(self) -> tuple[Any, list[Any]]:
        return self.game.setup, list(self.game.log)

    def hint(self, seat: int) -> str:
        """A short key saying what the seat should do with cards now (for its page)."""
        game = self.game
        if self.readers[seat].too_many or (seat in self._lift_shown and self.misplaced(seat)):
            return "lift_cards"
        if game.over:
            return "game_over"
        if self.paused or game.pending is None or game.pending.seat != seat:
            return "wait"
        return self.adapter.hint(game, seat)

    # ------------------------------------------------------------------ output
    def _lines(self, *text: str) -> list[str]:
        return self.adapter.lines(*text)

    def _send(self, seat: int, led: str | None = None, beep: str | None = None, text: list[str] | None = None,
              ref: int | None = None, code: str | None = None, waiting: bool = False) -> None:
        self._cmd_id += 1
        payload = make_command(self._cmd_id, led=led, beep=beep, text=text, ref=ref, code=code)
        if led is not None or text is not None:  # a bare answer (`ref` only) changes nothing shown
            self.displays.sent(seat, led, text, waiting)
        if text is not None and self._cursor_hidden:
            self._cursor_hidden.pop(seat, None)  # a new display: a refusal's set it again after this
        topic = self._cmd_topics.get(seat)
        if topic is None:
            topic = self._cmd_topics[seat] = cmd_topic(self.table, seat)
        self.bus.publish(topic, payload, qos=1)

    def _note(self, hub_event: dict[str, Any], view: bool = True) -> None:
        if view:
            self.publish_view([hub_event])
        else:
            # nothing the view shows changed: the published one, if current, serves again
            self.listeners.notify([hub_event], self._current_or_new_view().view if self.listeners.need_view() else None)

    def publish_view(self, events: list[dict[str, Any]]) -> None:
        """Publish the public view (retained) and `events` on the bus, and tell every
        listener. Runs on the hub thread (inputs call it); others call `announce`."""
        self.listeners.remember(events)
        self._keep_waiting_true()
        edge = self.presence.edge(self.game.pending)
        if edge is not None:
            events = [*events, edge]
        # The view is built here, on the hub thread, once per change, and then shared (never
        # changed): listeners, the retained payload and every web read. Only the in-process
        # simulator (caller mode) with no listener reading views leaves it to be built when read.
        published = self._publish_now() if self.loop.own or self.listeners.need_view() else None
        if published is None:
            self._view = None
        publish_lazily(self.bus, self._public_topic, qos=0, retain=True,  # built when read
                       make=published.encoded if published is not None else self._encoded_view)
        if events:
            publish_lazily(self.bus, self._events_topic, lambda: encode_json({"events": events}), qos=0)
        self.listeners.notify(events, published.view if published is not None else None)

    def _publish_now(self) -> PublishedView:
        """The public view as it is now, kept as the one other threads read (hub thread only)."""
        self._view = PublishedView(self._build_public_view(), self.game, len(self.game.log))
        return self._view

    def _current_view(self) -> PublishedView | None:
        """The published view if it still shows the game as it is (a cheap check other
        threads may make: the same game object, the same number of actions)."""
        published = self._view
        if published is not None and published.game is self.game and published.log_length == len(self.game.log):
            return published
        return None

    def _encoded_view(self) -> bytes:
        """The retained view, made when a subscriber reads it (the bus calls this)."""
        published = self._current_view()
        if published is None:
            # On the hub thread (the in-process simulator's case) this is the current
            # view; a late subscriber on another thread of a caller-mode table (never the
            # web, which reads through `public_view`) gets it built where it stands.
            published = self._publish_now()
        return published.encoded()

    def new_game_event(self) -> dict[str, Any]:
        """The public event that opens a game on this table (its player count and what the
        adapter says of its rules)."""
        return {"kind": "new_game", "players": self.game.n, **self.adapter.game_facts(self.game)}

    def announce(self, events: list[dict[str, Any]]) -> None:
        """Publish the view with `events`, through the hub thread (from any thread)."""
        self.loop.submit("announce", lambda: self.publish_view(events), wait=True)

    # ------------------------------------------------------------------ presence and pause
    @property
    def online(self) -> dict[int, bool]:
        """Each seat's reader: online or not, as it last said (absent: never heard)."""
        return self.presence.online

    @property
    def paused(self) -> bool:
        return self.presence.paused(self.game.pending)

    def pause_text(self) -> str:
        """Why the table is paused ("" when it is not)."""
        return self.presence.pause_text(self.game.pending)

    def pause(self, reason: str) -> None:
        self._ask("pause", lambda: self._do_pause(reason or "no reason given"))

    def _do_pause(self, reason: str) -> None:
        self.presence.admin_pause = reason
        self.publish_view([])

    def resume(self) -> None:
        self._ask("resume", self._do_resume)

    def _do_resume(self) -> None:
        self.presence.admin_pause = None
        self.publish_view(self._prompt())

    # ------------------------------------------------------------------ views (web, sim)
    def public_view(self) -> dict[str, Any]:
        """The public view (a copy: the caller may change it). From any thread other than
        the hub's, it is the view the hub thread last published (built there, once per
        change), or, if none is current, one the hub thread builds now: never a view of
        a game the hub thread is half-way through changing."""
        if not self._reading_elsewhere():
            return self._build_public_view()
        published = self._current_view()
        if published is None:
            published = self._read("public_view", self._current_or_new_view)
        return copy.deepcopy(published.view)

    def _current_or_new_view(self) -> PublishedView:
        return self._current_view() or self._publish_now()

    def _build_public_view(self) -> dict[str, Any]:
        return self._with_table(self.adapter.public_view(self.game))

    def _reading_elsewhere(self) -> bool:
        """Whether a read must go through the hub thread: it is running and this is not it
        (before `start()` and after `stop()` nothing else touches the game)."""
        return self.loop.serving() and not self.loop.on_hub_thread()

    def _read(self, kind: str, build: Callable[[], Any]) -> Any:
        """`build()` run on the hub thread, between inputs, for a reader on another thread.
        A table too busy to answer in time (or stopping) raises `Refusal("busy")`."""
        marked = self.loop.ask(kind, lambda: (_READ, build()), on_busy=lambda: self.counters.update(["busy"]))
        if isinstance(marked, tuple) and marked[0] is _READ:
            return marked[1]
        if self.loop.stopped:  # the hub thread has ended: nothing changes the game any more
            return build()
        raise Refusal("busy", "the table is busy: try again in a moment")

    def _with_table(self, view: dict[str, Any]) -> dict[str, Any]:
        """Add what only the table knows (readers online, recent events, pause) to a game's view."""
        for s in view["seats"]:
            s["online"] = self.online.get(s["seat"], False)
        view["recent"] = list(self.listeners.recent)[-10:]
        view["paused"] = self.paused
        view["pause_reason"] = self.pause_text() or None
        view["paused_for"] = self.presence.pause_facts(self.game.pending) or None  # the same, as data
        view["table"] = self.table
        view["store_error"] = self.store_error
        view.update(self.adapter.view_extras(self.game))
        return view

    def seat_view(self, seat: int) -> dict[str, Any]:
        """A seat's view (its secrets included), built on the hub thread between inputs."""
        if self._reading_elsewhere():
            return self._read("seat_view", lambda: self._seat_view(seat))  # type: ignore[no-any-return]
        return self._seat_view(seat)

    def _seat_view(self, seat: int) -> dict[str, Any]:
        view = self._with_table(self.adapter.seat_view(self.game, seat))
        shown = self._shown(seat)
        view["you"]["display"] = {"led": shown["led"], "text": list(shown["text"])}
        view["you"]["hint"] = self.hint(seat)
        return view

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        return self.listeners.subscribe(callback)

    def subscribers(self) -> list[Subscriber]:
        """The listeners, in order (a new game's table takes them over)."""
        return self.listeners.subscribers()

    def last_event_id(self) -> int:
        return self.listeners.event_id

    # ------------------------------------------------------------------ phones and the admin
    def answer(self, seat: int, action_text: str) -> dict[str, Any]:
        """A phone's answer for `seat` (the adapter reads it), through the queue."""
        return self._request("answer", lambda: self._do_answer(seat, action_text))

    def _read_for(self, seat: int, action_text: str) -> Any:
        """The action `action_text` says, if it is `seat`'s own: a phone or the admin
        answering for one seat never moves another (any game)."""
        action = self.adapter.read_action(self.game, action_text)
        if action.seat != seat:
            raise Refusal("wrong_seat", f"seat {seat} cannot answer for seat {action.seat}")
        return action

    def _do_answer(self, seat: int, action_text: str) -> dict[str, Any]:
        try:
            action = self._read_for(seat, action_text)
        except self._refusals as exc:
            return {"ok": False, "code": exc.code, "message": exc.message}  # type: ignore[attr-defined]
        if self.paused:
            return {"ok": False, "code": "paused", "message": self.pause_text()}
        try:
            self.adapter.check_answer(self.game, action)
        except self._refusals as exc:
            self.counters[f"refused_{exc.code}"] += 1  # type: ignore[attr-defined]
            return {"ok": False, "code": exc.code, "message": exc.message}  # type: ignore[attr-defined]
        return self._try(seat, action, None)

    def admin_card(self, seat: int, action_text: str, reason: str) -> dict[str, Any]:
        """The table enters a card for a seat whose reader cannot read it (a dead tag, a
        broken reader). Journaled as the plain action, so replay gives the same state;
        its meta says ``{"admin": true, "reason": ...}`` for the record."""
        return self._request("admin_card", lambda: self._do_admin_card(seat, action_text, reason))

    def _do_admin_card(self, seat: int, action_text: str, reason: str) -> dict[str, Any]:
        reason = " ".join((reason or "").split())
        if not reason:
            return {"ok": False, "code": "reason_required", "message": "say why the card is entered by hand"}
        if not 1 <= seat <= self.game.n:
            return {"ok": False, "code": "unknown_seat", "message": f"no seat {seat} in this game"}
        try:
            action = self._read_for(seat, action_text)
            self.adapter.check_admin_card(self.game, action)
            events = self._apply(action, {"admin": True, "reason": reason})
        except self._refusals as exc:
            return {"ok": False, "code": exc.code, "message": exc.message}  # type: ignore[attr-defined]
        self.counters["admin_cards"] += 1
        told = SeatCommands(self._lines)  # not the seat's own input: a note it must see, not an answer
        told.note(seat, led="green", beep="ok", text=self._lines(self.adapter.describe(action), _say("entered")))
        self._note({"kind": "admin_card", "seat": seat}, view=False)
        self._after(events, told)
        return {"ok": True}

    def correct(self, action: Any) -> dict[str, Any]:
        """An admin correction (an action of seat 0 the game knows), journaled like any move."""
        return self._request("correction", lambda: self._do_correction(action))

    def _do_correction(self, action: Any) -> dict[str, Any]:
        try:
            events = self._apply(action)
        except self._refusals as exc:
            return {"ok": False, "code": exc.code, "message": exc.message}  # type: ignore[attr-defined]
        self.counters["corrections"] += 1
        self.publish_view([{"kind": "correction", "action": str(action)},
                           *self.adapter.public_events(events), *self._prompt()])
        return {"ok": True}

    def new_game(self, config: dict[str, Any]) -> dict[str, Any]:
        return self._request("new_game", lambda: self._do_new_game(config))

    def _do_new_game(self, config: dict[str, Any]) -> dict[str, Any]:
        try:
            setup = self.adapter.new_setup(config, self.game)
        except (KeyError, TypeError, ValueError) as exc:
            return {"ok": False, "code": "bad_setup", "message": str(exc)}
        if self.on_new_game is not None:
            self.journal_meta = self.on_new_game(setup)  # the store opens a new game log
        self.game = self.adapter.replay(setup, [])
        self.adapter.reset()
        self.displays.clear()
        self._lift_shown.clear()
        self.listeners.recent.clear()
        self.publish_view([self.new_game_event(), *self._opening_events()])
        return {"ok": True}

    def status(self) -> dict[str, Any]:
        """The admin's status, read on the hub thread between inputs."""
        if self._reading_elsewhere():
            return self._read("status", self._status)  # type: ignore[no-any-return]
        return self._status()

    def _status(self) -> dict[str, Any]:
        return {"paused": self.paused, "pause_reason": self.pause_text() or None, "store_error": self.store_error,
                "seats_online": {s: self.online.get(s, False) for s in range(1, self.game.n + 1)},
                "devices": dict(self.devices), "counters": dict(self.counters),
                **self.adapter.status(self.game)}

    def settle(self) -> None:
        """Return once every input queued so far has been taken in, its listeners told
        (a simulated player acts on a settled table, as a person waits for the prompt).
        On the hub thread itself there is nothing to wait for."""
        if not self.loop.on_hub_thread():
            self.loop.ask("settle", lambda: None)

    def handled(self, device: str, boot: int, seq: int) -> bool:
        """Whether this seat event has been taken in (asked through the input queue, so
        every earlier input is done): a simulated seat whose answer was lost in a broker
        outage asks this instead of waiting forever."""
        return self.loop.ask("handled", lambda: self.seen.taken(None, device, boot, seq)) is True


__all__ = ["Input", "Table"]
