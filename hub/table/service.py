"""TableService: turns what happens at the table into game actions, and answers every seat.

Every input (a seat's MQTT message, a phone's answer, an admin correction) goes through
one ordered queue into one engine. Each seat input gets an answer on that seat's ``cmd``
topic: accepted, refused with the reason, or "not your turn". Delivery is at least once:
an event is applied at most once per ``(device, boot, seq)``.

Cards are read by readers, and only by readers: in physical mode a phone cannot say a
card (``use_reader``); the table admin can enter one for a seat (``admin_card``), logged.
The hub remembers what each seat's display shows and what lies on each reader, so a seat
that (re)connects gets its display back and a card lying there since before is never a move.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hub.engine import Action, Event, Game, IllegalAction, Setup
from hub.engine.history import public_history
from hub.protocol import (
    MULTIPLE_CARDS,
    ProtocolError,
    SeatEvent,
    cmd_topic,
    hub_events_topic,
    hub_status_topic,
    make_command,
    parse_event,
    parse_hello,
    parse_status,
    parse_topic,
    public_topic,
    encode_json,
)
from hub.seeds import fresh_seed

from . import texts
from .readers import Readers
from .registry import CardRef, TagRegistry

log = logging.getLogger("hub.table")

CARD_VERBS = frozenset({"pick", "faceup", "build", "destroy"})  # physical mode: said with a card
Subscriber = Callable[[int, dict[str, Any]], None]
Journal = Callable[[Action], None]
JournalMeta = Callable[[Action, dict[str, Any]], None]  # with the tag UID / (device, boot, seq) behind it


def store_failure_text(exc: BaseException) -> str:
    """What everyone may read about a journal failure: the store's own explanation (which
    names the file and the fix, never the action), or a generic line for anything else."""
    from hub.store import StoreError

    if isinstance(exc, StoreError) and exc.code != "diverged":  # "diverged" quotes two actions
        return f"the game record cannot be written: {exc.message}"
    return "the game record cannot be written (see the hub's log); no more moves are accepted"


def said_with_card(action: Action) -> bool:
    """Physical mode: a card on the reader says it. The Warlord's own district is the
    exception (buttons): a card of one's own city on the reader is never a move."""
    if action.verb == "destroy" and action.args[:1] == (str(action.seat),):
        return False
    return action.verb in CARD_VERBS


def button_options(game: Game, seat: int) -> list[Action]:
    """The pending options a seat's buttons cycle through (cards say the rest): what a
    seat display offers, the phone's buttons, and what a simulated player may press."""
    if game.pending is None or game.pending.seat != seat:
        return []
    legal = game.legal_actions()
    if game.digital:
        return list(legal)
    return [a for a in legal if not said_with_card(a)]


@dataclass
class _Input:
    kind: str
    args: tuple[Any, ...]
    done: threading.Event = field(default_factory=threading.Event)
    result: Any = None
    started: bool = False  # taken from the queue (under the queue lock)
    abandoned: bool = False  # its caller gave up before it started: never applied


class TableService:
    """The hub: one game, one input queue, the seats' feedback and the public view."""

    def __init__(self, bus: Any, registry: TagRegistry, setup: Setup, *, table: str = "t1",
                 journal: Journal | None = None, game: Game | None = None,
                 journal_meta: JournalMeta | None = None) -> None:
        self.bus = bus
        self.registry = registry
        self.table = table
        self.journal = journal
        self.journal_meta = journal_meta
        self.on_new_game: Callable[[Setup], Any] | None = None  # returns the new game's journal
        self.store_error: str | None = None  # set when the journal failed: no more actions accepted
        self.game = game if game is not None else Game.new(setup)
        self.counters: Counter[str] = Counter()
        self.online: dict[int, bool] = {}
        self.devices: dict[int, str] = {}
        self.admin_pause: str | None = None
        self.recent: deque[dict[str, Any]] = deque(maxlen=12)
        self._event_id = 0
        self._cmd_id = 0
        self._subscribers: list[Subscriber] = []
        self._seen: dict[tuple[str, int], set[int]] = {}
        self._cursor: dict[int, int] = {}
        self._decision_key: tuple[int, Any] | None = None
        self.city_uid: dict[str, int] = {}  # physical copies built: tag UID -> seat
        self.readers = Readers()  # what lies on each seat's reader
        self.displays: dict[int, dict[str, Any]] = {}  # what each seat's LED/display shows: {"led", "text"}
        self._lift_shown: set[int] = set()  # seats told to lift a card; their prompt returns once it is gone
        self._queue: deque[_Input] = deque()
        self._qlock = threading.Lock()
        self._draining = False
        self._drained = threading.Condition(self._qlock)  # notified when a drain ends
        self._stopped = False  # after stop(): inputs are dropped, nothing more is published
        self.answer_timeout_s = 30.0  # how long a phone or admin request waits for the table
        self._was_paused = False

    # ------------------------------------------------------------------ wiring
    def start(self) -> None:
        """Subscribe to the seats and announce the hub (its last will is set on the bus).

        A bus that reconnects by itself (``MqttBus.on_connect``) gets ``restore_displays``
        as its hook unless someone already set one: a restarted broker has forgotten the
        retained hub status and view, and the seats may have missed commands meanwhile."""
        root = f"citadels/{self.table}/seat/+/"
        for kind in ("status", "hello", "event"):
            self.bus.subscribe(root + kind, self._on_message)
        if hasattr(self.bus, "on_connect") and self.bus.on_connect is None:
            self.bus.on_connect = self.restore_displays
        self.bus.publish(hub_status_topic(self.table), b"online", qos=1, retain=True)
        self._publish_view(self.opening_events())
        self.restore_displays()

    def restore_displays(self) -> None:
        """Say again what a broker or a seat may have lost: ``hub/status`` online, the
        retained public view, and every seat's display. Only enqueues: safe from the
        transport's thread; from an idle caller it has run when this returns."""
        self._submit(_Input("restore_displays", ()), wait=False)

    def _do_restore_displays(self) -> None:
        self.bus.publish(hub_status_topic(self.table), b"online", qos=1, retain=True)
        self._publish_view([])
        for seat in range(1, self.game.n + 1):
            self._restore(seat)

    def opening_events(self) -> list[dict[str, Any]]:
        """A game's first public events (Game.new keeps none): round 1, face-up cards, first prompt."""
        return [e.to_json() for e in self.game.opening_events()] + self._prompt()

    def stop(self) -> None:
        """Stop taking inputs, let the one being applied finish, then say ``offline``.
        A seat message arriving while the bus closes is dropped, not applied half-way."""
        with self._qlock:
            self._stopped = True
            self._queue.clear()
            self._drained.wait_for(lambda: not self._draining, timeout=self.answer_timeout_s)
        try:
            self.bus.publish(hub_status_topic(self.table), b"offline", qos=1, retain=True)
        except Exception:  # noqa: BLE001 - the broker may already be gone
            pass

    def _on_message(self, topic: str, payload: bytes) -> None:
        self._submit(_Input("message", (topic, payload)), wait=False)

    # ------------------------------------------------------------------ the queue
    def _submit(self, item: _Input, wait: bool = True) -> Any:
        with self._qlock:
            if self._stopped:
                item.result = {"ok": False, "code": "stopped", "message": "the hub is shutting down"}
                item.done.set()
                return item.result
            self._queue.append(item)
            drain = not self._draining
            if drain:
                self._draining = True
        if drain:
            self._drain()
        if wait:
            item.done.wait(timeout=self.answer_timeout_s)
        return item.result

    def _ask(self, item: _Input) -> dict[str, Any]:
        """Submit and wait for the table's answer; a table stuck past `answer_timeout_s`
        gets a clear refusal instead of a crash in the caller (a web request, a test)."""
        result = self._submit(item)
        if not item.done.is_set():
            with self._qlock:
                item.abandoned = not item.started
            if item.abandoned:  # refused, and it will never be applied later behind the caller's back
                self.counters["busy"] += 1
                return {"ok": False, "code": "busy", "message": "the table is busy: try again in a moment"}
            item.done.wait()  # already being applied: its answer is moments away
            result = item.result
        return dict(result)

    def _drain(self) -> None:
        while True:
            with self._qlock:
                if not self._queue:
                    self._draining = False
                    self._drained.notify_all()
                    return
                item = self._queue.popleft()
                if item.abandoned:
                    continue
                item.started = True
            try:
                item.result = self._handle(item)
            except Exception:  # the hub keeps running whatever one input does
                log.exception("input %s failed", item.kind)
                self.counters["internal_error"] += 1
                item.result = {"ok": False, "code": "internal_error", "message": "the hub failed on this input"}
            item.done.set()

    def _handle(self, item: _Input) -> Any:
        handler = getattr(self, f"_do_{item.kind}")
        return handler(*item.args)

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
            self.counters["refused_unknown_seat"] += 1
            self._send(seat, led="red", beep="error", text=texts.lines(f"No seat {seat} in this game"),
                       code="unknown_seat")
            return
        if kind == "status":
            self._presence(seat, payload)
        elif kind == "hello":
            try:
                hello = parse_hello(payload)
            except ProtocolError as exc:
                self.counters[f"refused_{exc.code}"] += 1
                return
            self.devices[seat] = hello.device
            self.readers.hello(seat, hello.device, hello.boot, hello.inventory)
            self._restore(seat)
        elif kind == "event":
            self._seat_event(seat, payload)

    def _presence(self, seat: int, payload: bytes) -> None:
        try:
            state = parse_status(payload)
        except ProtocolError as exc:
            self.counters[f"refused_{exc.code}"] += 1
            return
        if state == "online":
            self._restore(seat)  # a seat (re)connecting shows a blank display: give it back
        if self.online.get(seat) == (state == "online"):
            return
        self.online[seat] = state == "online"
        self._publish_view([])

    def _seat_event(self, seat: int, payload: bytes) -> None:
        try:
            event = parse_event(payload)
        except ProtocolError as exc:
            self.counters[f"refused_{exc.code}"] += 1
            self._send(seat, led="red", beep="error", text=texts.lines("Bad message", exc.message),
                       code=exc.code)
            return
        seen = self._seen.setdefault((event.device, event.boot), set())
        if event.seq in seen:
            self.counters["duplicate"] += 1
            return
        seen.add(event.seq)
        self.counters["events"] += 1
        self.readers.booted(seat, event.device, event.boot)
        if event.type == "inventory":
            self._inventory(seat, event)
            return
        if event.type in ("fault", "recovered"):
            self._reader_fault(seat, event)
            return
        if event.type == "tag" and event.edge == "removed":
            self._card_lifted(seat, event)
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
            self._refuse(seat, event, IllegalAction("paused", self.pause_text()))
            return
        if event.type == "tag":
            self._card_placed(seat, event)
        else:
            self._button(seat, event)

    # ------------------------------------------------------------------ what lies on a reader
    def _inventory(self, seat: int, event: SeatEvent) -> None:
        """Cards lying on the reader at (re)connect: never moves. If they fit the table
        (``misplaced`` is empty) nothing happens; otherwise the seat is told what to lift."""
        assert event.uids is not None
        self.readers.inventory(seat, event.uids)
        self.counters["inventories"] += 1
        self._restore(seat, ref=event.seq)

    def misplaced(self, seat: int) -> list[str]:
        """What lies on the seat's reader but may not rest there, one line each. A card
        may rest on its reader if it is in that seat's city, or is a character that seat
        holds this round (it just built or picked it); anything else must be lifted."""
        lines = []
        player = self.game.player(seat) if 1 <= seat <= self.game.n else None
        for uid in sorted(self.readers[seat].cards):
            ref = self.registry.lookup(uid)
            if ref is None:
                lines.append("Unknown card: lift it")
            elif ref.kind == "character":
                if player is None or ref.id not in player.characters:
                    lines.append(f"{texts.card_name(ref.id)} is not yours: lift it")
            elif self.city_uid.get(uid) != seat:
                lines.append(f"{texts.card_name(ref.id)} is not in your city: lift it")
        return lines

    def _card_lifted(self, seat: int, event: SeatEvent) -> None:
        assert event.uid is not None
        self.readers.removed(seat, event.uid)
        if seat in self._lift_shown and not self.misplaced(seat):
            self._restore(seat, ref=event.seq)  # fixed: the prompt comes back

    def _reader_fault(self, seat: int, event: SeatEvent) -> None:
        self.counters[event.type] += 1
        self.readers.other_event(seat)
        if event.what == MULTIPLE_CARDS:
            self.readers[seat].too_many = event.type == "fault"
            self._restore(seat, ref=event.seq)
        self._note({"kind": "reader_" + event.type, "seat": seat, "what": event.what})

    def _card_placed(self, seat: int, event: SeatEvent) -> None:
        assert event.uid is not None
        ref = self.registry.lookup(event.uid)
        if ref is None:
            self._refuse(seat, event, IllegalAction("unknown_tag", "this tag is not enrolled: re-run enrollment"))
            return
        try:
            action = self._card_action(seat, ref, event.uid)
        except IllegalAction as exc:
            self._refuse(seat, event, exc)
            return
        self._try(seat, action, event, uid=event.uid)

    def _card_action(self, seat: int, ref: CardRef, uid: str) -> Action:
        game = self.game
        if game.over:
            raise IllegalAction("game_over", "the game is over")
        pending = game.pending
        if ref.kind == "character":
            if pending is not None and pending.kind == "faceup":
                return Action(seat, "faceup", (ref.id,))
            if game.phase == "turns" and game.turn_char == ref.id and game.turn_seat == seat:
                raise IllegalAction("revealed", f"the {texts.card_name(ref.id)} is already revealed: play your turn")
            return Action(seat, "pick", (ref.id,))
        owner = self.city_uid.get(uid)
        if owner == seat:  # never a move: a card lying on the reader since a reboot looks the same
            hint = "; to destroy it use the buttons" if Action(seat, "destroy", (str(seat), ref.id)) in \
                game.legal_actions() else ""
            raise IllegalAction("already_built", f"that {texts.card_name(ref.id)} is already in your city{hint}")
        if owner is not None:
            return Action(seat, "destroy", (str(owner), ref.id))
        return Action(seat, "build", (ref.id,))

    def _button(self, seat: int, event: SeatEvent) -> None:
        game = self.game
        pending = game.pending
        if pending is None or pending.seat != seat:
            who = "nobody" if pending is None else f"seat {pending.seat}"
            code = "no_decision" if pending is None else "not_your_turn"
            self._refuse(seat, event, IllegalAction(code, f"no decision for you now ({who} decides)"))
            return
        options = self.button_options(seat)
        if not options:
            self._refuse(seat, event, IllegalAction("use_card", "place a card on your reader"))
            return
        self._sync_cursor()
        cursor = self._cursor.get(seat, 0) % len(options)
        if event.button in ("a", "b"):
            cursor = (cursor + (1 if event.button == "a" else -1)) % len(options)
            self._cursor[seat] = cursor
            self._send(seat, led="blue", beep="none", ref=event.seq,
                       text=texts.lines(f"{cursor + 1}/{len(options)} {texts.describe(options[cursor])}", "OK: do it"))
            return
        self._try(seat, options[cursor], event)

    def button_options(self, seat: int) -> list[Action]:
        """The pending options a seat's buttons cycle through (cards say the rest)."""
        return button_options(self.game, seat)

    def _sync_cursor(self) -> None:
        key = (len(self.game.log), self.game.pending)
        if key != self._decision_key:
            self._decision_key = key
            self._cursor.clear()

    # ------------------------------------------------------------------ applying
    def _try(self, seat: int, action: Action, event: SeatEvent | None, uid: str | None = None) -> dict[str, Any]:
        meta: dict[str, Any] = {}
        if uid is not None:
            meta["uid"] = uid
        if event is not None:
            meta.update(device=event.device, boot=event.boot, seq=event.seq)
        try:
            events = self._apply(action, meta)
        except IllegalAction as exc:
            self._refuse(seat, event, exc)
            return {"ok": False, "code": exc.code, "message": exc.message}
        self._track_city(action, uid)
        self.counters["accepted"] += 1
        self._send(seat, led="green", beep="ok", ref=event.seq if event else None,
                   text=texts.lines(texts.describe(action), "Accepted"))
        self._after(events)
        return {"ok": True}

    def _apply(self, action: Action, meta: dict[str, Any] | None = None) -> list[Event]:
        if self.store_error is not None:
            raise IllegalAction("store_failed", self.store_error)
        events = self.game.apply(action)
        try:
            if self.journal_meta is not None:
                self.journal_meta(action, meta or {})
            elif self.journal is not None:
                self.journal(action)  # stored before any effect is announced
        except Exception as exc:  # noqa: BLE001 - an unrecorded action must not stand
            self.game = Game.replay(self.game.setup, self.game.log[:-1])
            self._store_failed(store_failure_text(exc), detail=str(exc))
            raise IllegalAction("store_failed", self.store_error or str(exc)) from exc
        return events

    def _store_failed(self, message: str, detail: str = "") -> None:
        """The journal failed: say so loudly (log, hub event, status) and accept nothing more.

        ``message`` goes everywhere (public view, hub/events, voice): it names no card; the
        ``detail`` only to the hub's own log."""
        log.error("%s (%s)", message, detail or "no detail")
        self.store_error = message
        self.counters["store_failed"] += 1
        self._note({"kind": "store_failed", "message": message})

    def _track_city(self, action: Action, uid: str | None) -> None:
        """Which physical copy lies in which city. A destroyed district leaves the map
        however it was said: by its card (``uid``) or with the buttons (a Warlord's own
        district), else that copy, drawn again later, would read as a move on the old city."""
        if action.verb == "build" and uid is not None:
            self.city_uid[uid] = action.seat
        elif action.verb == "destroy":
            if uid is None:
                victim, district = int(action.args[0]), action.args[1]
                uid = next((u for u, owner in self.city_uid.items() if owner == victim
                            and (ref := self.registry.lookup(u)) is not None and ref.id == district), None)
            if uid is not None:
                self.city_uid.pop(uid, None)

    def remember_applied(self, action: Action, meta: dict[str, Any]) -> None:
        """After a resume (``Game.replay``): take in what the store kept beside one applied
        action, the tag behind it and the seat event that said it, so the resumed table
        knows which copy was built where and drops a device's re-sent event as a duplicate."""
        self._track_city(action, meta.get("uid"))
        if "device" in meta and "boot" in meta and "seq" in meta:
            self._seen.setdefault((str(meta["device"]), int(meta["boot"])), set()).add(int(meta["seq"]))

    def _refuse(self, seat: int, event: SeatEvent | None, exc: IllegalAction) -> None:
        self.counters[f"refused_{exc.code}"] += 1
        led = "amber" if exc.code == "not_your_turn" else "red"
        self._send(seat, led=led, beep="error", ref=event.seq if event else None,
                   text=texts.lines(exc.message), code=exc.code)
        self._note({"kind": "refusal", "seat": seat, "code": exc.code}, view=False)

    def _after(self, events: list[Event]) -> None:
        """Tell each seat what to do with coins and cards, prompt the next decider, publish."""
        for e in events:
            if e.to is not None:
                continue
            data = e.data
            if e.kind == "gold":
                line = texts.coin_instruction(data)
                if line:
                    self._send(data["seat"], text=texts.lines(line))
            elif e.kind == "robbery":
                amount = data["amount"]
                self._send(data["victim_seat"], led="red", beep="error",
                           text=texts.lines(f"Robbed! Give your {amount} gold to seat {data['thief_seat']}"))
                self._send(data["thief_seat"], text=texts.lines(f"Take {amount} gold from seat {data['victim_seat']}"))
            elif e.kind == "instruct":
                self._send(data["seat"], text=texts.lines(texts.instruction(data)))
        public = [e.to_json() for e in events if e.to is None]
        self._publish_view(public + self._prompt())

    def _prompt(self) -> list[dict[str, Any]]:
        """Prompt the seat that must decide now; returns the public prompt event (voice, page)."""
        pending = self.game.pending
        if pending is None:
            return []
        seat, kind = pending
        self._send(seat, led="blue", beep="turn", text=self._prompt_text())
        character = self.game.turn_char if kind == "turn" else None
        return [{"kind": "prompt", "seat": seat, "decision": kind, "character": character}]

    def _prompt_text(self) -> list[str]:
        assert self.game.pending is not None
        seat, kind = self.game.pending
        if kind == "turn":
            head = f"Your turn: {texts.card_name(self.game.turn_char)}"
        else:
            head = {"pick": "Pick a character", "faceup": "Show face-up cards", "graveyard": "Graveyard?",
                    "discard": "Remove a character", "keep": "Keep a card", "toss": "Put cards back"}[kind]
        options = self.button_options(seat)
        first = texts.describe(options[0]) if options else "Place a card"
        return texts.lines(head, first)

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
            self._send(seat, led="red", text=texts.lines("One card at a time", "Lift the others"), ref=ref,
                       code="multiple_cards")
        elif lift and ref is not None:  # only when the seat just reported what lies there
            self._lift_shown.add(seat)
            self._send(seat, led="red", text=texts.lines(*lift[:2]) if len(lift) < 3 else
                       texts.lines(lift[0], f"and {len(lift) - 1} more cards: lift them"), ref=ref, code="lift_card")
        elif pending is not None and pending.seat == seat and not self.game.over:
            self._lift_shown.discard(seat)
            self._send(seat, led="blue", text=self._prompt_text(), ref=ref)
        else:
            self._lift_shown.discard(seat)
            shown = self.displays.get(seat) or self._waiting_display()
            self._send(seat, led=shown["led"], text=list(shown["text"]), ref=ref)

    def _waiting_display(self) -> dict[str, Any]:
        game = self.game
        if game.over:
            return {"led": "white", "text": texts.lines("Game over")}
        who = f"Seat {game.pending.seat} decides" if game.pending is not None else "Please wait"
        return {"led": "off", "text": texts.lines("Citadels", who)}

    def hint(self, seat: int) -> str:
        """A short key saying what the seat should do with cards now (for its page)."""
        game = self.game
        if self.readers[seat].too_many or (seat in self._lift_shown and self.misplaced(seat)):
            return "lift_cards"
        if game.over:
            return "game_over"
        if self.paused or game.pending is None or game.pending.seat != seat:
            return "wait"
        kind = game.pending.kind
        if kind in ("pick", "faceup") and not game.digital:
            return "lay_character"
        if kind == "turn" and not game.digital:
            return "lay_district_or_button"
        return "use_buttons"

    # ------------------------------------------------------------------ output
    def _send(self, seat: int, led: str | None = None, beep: str | None = None, text: list[str] | None = None,
              ref: int | None = None, code: str | None = None) -> None:
        self._cmd_id += 1
        payload = make_command(self._cmd_id, led=led, beep=beep, text=text, ref=ref, code=code)
        shown = self.displays.get(seat, {"led": "off", "text": []})
        self.displays[seat] = {"led": led if led is not None else shown["led"],
                               "text": list(text) if text is not None else shown["text"]}
        self.bus.publish(cmd_topic(self.table, seat), payload, qos=1)

    def _note(self, hub_event: dict[str, Any], view: bool = True) -> None:
        if view:
            self._publish_view([hub_event])
        else:
            self._notify([hub_event])

    def _publish_view(self, events: list[dict[str, Any]]) -> None:
        self.recent.extend(e for e in events if e.get("kind") != "prompt")  # prompts repeat; keep facts
        paused = self.paused
        if paused != self._was_paused:
            self._was_paused = paused
            events = [*events, {"kind": "paused", "seat": self._missing_seat(), "reason": self.pause_text()}
                      if paused else {"kind": "resumed"}]
        view = self.public_view()
        self.bus.publish(public_topic(self.table), encode_json(view), qos=0, retain=True)
        if events:
            self.bus.publish(hub_events_topic(self.table), encode_json({"events": events}), qos=0)
        self._notify(events, view)

    def _notify(self, events: list[dict[str, Any]], view: dict[str, Any] | None = None) -> None:
        self._event_id += 1
        message = {"view": view if view is not None else self.public_view(), "events": events}
        for callback in list(self._subscribers):
            try:
                callback(self._event_id, message)
            except Exception:  # a broken listener never stops the table
                log.exception("subscriber failed")

    # ------------------------------------------------------------------ pause
    def _missing_seat(self) -> int | None:
        pending = self.game.pending
        if pending is not None and self.online.get(pending.seat) is False:
            return pending.seat
        return None

    @property
    def paused(self) -> bool:
        return self.admin_pause is not None or self._missing_seat() is not None

    def pause_text(self) -> str:
        if self.admin_pause is not None:
            return f"paused by the table: {self.admin_pause}"
        seat = self._missing_seat()
        return f"paused: seat {seat}'s reader is offline" if seat else ""

    # ------------------------------------------------------------------ facade (web, sim)
    def public_view(self) -> dict[str, Any]:
        return self._with_table(self.game.public_view())

    def _with_table(self, view: dict[str, Any]) -> dict[str, Any]:
        """Add what only the table knows (readers online, recent events, pause) to an engine view."""
        for s in view["seats"]:
            s["online"] = self.online.get(s["seat"], False)
        view["recent"] = list(self.recent)[-10:]
        view["paused"] = self.paused
        view["pause_reason"] = self.pause_text() or None
        view["table"] = self.table
        view["store_error"] = self.store_error
        view["seed"] = self.game.setup.seed if self.game.over else None  # the deal stays unguessable until the end
        return view

    def seat_view(self, seat: int) -> dict[str, Any]:
        view = self._with_table(self.game.seat_view(seat))
        if not self.game.digital:  # options said with a card are not buttons on the page
            view["you"]["options"] = [str(a) for a in self.button_options(seat)]
        shown = self.displays.get(seat) or self._waiting_display()
        view["you"]["display"] = {"led": shown["led"], "text": list(shown["text"])}
        view["you"]["hint"] = self.hint(seat)
        return view

    def history(self) -> list[dict[str, Any]]:
        """Every public event of this game, replayed from its log (the scoreboard's game log)."""
        game = self.game
        return public_history(game.setup, list(game.log))

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)
        return unsubscribe

    def last_event_id(self) -> int:
        return self._event_id

    def answer(self, seat: int, action_text: str) -> dict[str, Any]:
        return self._ask(_Input("answer", (seat, action_text)))

    @staticmethod
    def _action_of(seat: int, action_text: str) -> Action:
        """Parse an action said for `seat` (a phone's answer, the admin's card entry)."""
        action = Action.parse(action_text)
        if action.seat != seat:
            raise IllegalAction("wrong_seat", f"seat {seat} cannot answer for seat {action.seat}")
        return action

    def _do_answer(self, seat: int, action_text: str) -> dict[str, Any]:
        try:
            action = self._action_of(seat, action_text)
        except IllegalAction as exc:
            return {"ok": False, "code": exc.code, "message": exc.message}
        if self.paused:
            return {"ok": False, "code": "paused", "message": self.pause_text()}
        if not self.game.digital and said_with_card(action):
            self.counters["refused_use_reader"] += 1
            return {"ok": False, "code": "use_reader", "message": texts.use_reader(action)}
        return self._try(seat, action, None)

    def admin_card(self, seat: int, action_text: str, reason: str) -> dict[str, Any]:
        """The table enters a card for a seat whose reader cannot read it (a dead tag, a
        broken reader). Journaled as the plain action, so replay gives the same state;
        its meta says ``{"admin": true, "reason": ...}`` for the record."""
        return self._ask(_Input("admin_card", (seat, action_text, reason)))

    def _do_admin_card(self, seat: int, action_text: str, reason: str) -> dict[str, Any]:
        reason = " ".join((reason or "").split())
        if not reason:
            return {"ok": False, "code": "reason_required", "message": "say why the card is entered by hand"}
        if not 1 <= seat <= self.game.n:
            return {"ok": False, "code": "unknown_seat", "message": f"no seat {seat} in this game"}
        try:
            action = self._action_of(seat, action_text)
        except IllegalAction as exc:
            return {"ok": False, "code": exc.code, "message": exc.message}
        if self.game.digital or not said_with_card(action):
            return {"ok": False, "code": "not_a_card",
                    "message": f"'{action}' is not said with a card: the seat's buttons or phone say it"}
        try:
            events = self._apply(action, {"admin": True, "reason": reason})
        except IllegalAction as exc:
            return {"ok": False, "code": exc.code, "message": exc.message}
        self.counters["admin_cards"] += 1
        self._send(seat, led="green", beep="ok", text=texts.lines(texts.describe(action), "Entered by the table"))
        self._note({"kind": "admin_card", "seat": seat}, view=False)
        self._after(events)
        return {"ok": True}

    def new_game(self, config: dict[str, Any]) -> dict[str, Any]:
        return self._ask(_Input("new_game", (config,)))

    def _do_new_game(self, config: dict[str, Any]) -> dict[str, Any]:
        try:
            seed = config.get("seed")
            setup = Setup(players=int(config["players"]), seed=fresh_seed() if seed is None else int(seed),
                          mode=str(config.get("mode", self.game.setup.mode)),
                          variant=str(config.get("variant", "")),
                          names=tuple(config.get("names") or ()), deck=self.registry.deck,
                          edition=str(config.get("edition", self.game.setup.edition)))
        except (KeyError, TypeError, ValueError) as exc:
            return {"ok": False, "code": "bad_setup", "message": str(exc)}
        if self.on_new_game is not None:
            self.journal_meta = self.on_new_game(setup)  # the store opens a new game log
        self.game = Game.new(setup)
        self.city_uid.clear()
        self.displays.clear()
        self._lift_shown.clear()
        self.recent.clear()
        self._publish_view([{"kind": "new_game", "players": setup.players}, *self.opening_events()])
        return {"ok": True}

    def pause(self, reason: str) -> None:
        self._submit(_Input("pause", (reason or "no reason given",)))

    def _do_pause(self, reason: str) -> None:
        self.admin_pause = reason
        self._publish_view([])

    def resume(self) -> None:
        self._submit(_Input("resume", ()))

    def _do_resume(self) -> None:
        self.admin_pause = None
        self._publish_view(self._prompt())

    def void_last(self, reason: str) -> dict[str, Any]:
        words = tuple((reason or "").split())  # the reason stays in the log: "0 void misread card"
        return self._ask(_Input("correction", (Action(0, "void", words),)))

    def adjust_gold(self, seat: int, delta: int, reason: str) -> dict[str, Any]:
        words = tuple((reason or "correction").split()) or ("correction",)
        return self._ask(_Input("correction", (Action(0, "adjust", (str(seat), str(delta), *words)),)))

    def _do_correction(self, action: Action) -> dict[str, Any]:
        try:
            events = self._apply(action)
        except IllegalAction as exc:
            return {"ok": False, "code": exc.code, "message": exc.message}
        self.counters["corrections"] += 1
        self._publish_view([{"kind": "correction", "action": str(action)}, *(e.to_json() for e in events),
                            *self._prompt()])
        return {"ok": True}

    def start_enrollment(self) -> dict[str, Any]:
        return {"ok": False, "code": "use_cli",
                "message": "stop the hub and run 'citadels-hub enroll --tags FILE' at the table"}

    def status(self) -> dict[str, Any]:
        return {"paused": self.paused, "pause_reason": self.pause_text() or None, "store_error": self.store_error,
                "seats_online": {s: self.online.get(s, False) for s in range(1, self.game.n + 1)},
                "devices": dict(self.devices), "counters": dict(self.counters),
                "round": self.game.round, "over": self.game.over}

    def handled(self, device: str, boot: int, seq: int) -> bool:
        """Whether this seat event has been taken in (asked through the input queue, so
        every earlier input is done): a simulated seat whose answer was lost in a broker
        outage asks this instead of waiting forever."""
        return bool(self._submit(_Input("handled", (device, boot, seq))))

    def _do_handled(self, device: str, boot: int, seq: int) -> bool:
        return seq in self._seen.get((device, boot), set())

    # ------------------------------------------------------------------ direct input (sim, serial)
    def feed(self, topic: str, payload: bytes) -> None:
        """Inject a seat message as if it came from the bus (serial readers use this)."""
        self._submit(_Input("message", (topic, payload)), wait=False)
