"""What each seat is shown: commands on its ``cmd`` topic, its prompt while it decides, a
card to lift, and its display given back after a reconnect (no beep: nothing new)."""

from __future__ import annotations

import functools
from typing import Any

from hub import words
from hub.protocol import cmd_topic, hub_status_topic, make_command

from . import calls
from .compose import Composed, Prompt, compose, option_lines
from .cursor import GO_BACK, Menu, decision_of
from .interfaces import G
from .journaling import Journaling
from .seat_commands import SeatCommands
from .wrap import wrap_text


@functools.lru_cache(maxsize=1024)  # the same few lines ("accepted", "option 2/5") on every move
def say(key: str, **params: object) -> str:
    """A line of the kernel's own for a seat display, from the one word catalogue (the
    displays speak English; ``hub.words`` holds every line in three languages)."""
    return words.say(f"display.{key}", "en", **params)


_NO_HEAD = Prompt(head=())  # a refusal's display: its reason, then the option


class SeatOutput(Journaling[G]):
    """Commands to the seats and the memory of what each one shows."""

    _wholes: tuple[Any, dict[str, list[str]]] = (None, {})  # (the adapter, text -> its whole lines)

    def _lines(self, *text: str) -> list[str]:
        return self.adapter.lines(*text)

    def _send(self, seat: int, led: str | None = None, beep: str | None = None, text: list[str] | None = None,
              ref: int | None = None, code: str | None = None, waiting: bool = False,
              shows_option: bool = False, hides_option: bool = False, overlay: bool = False) -> None:
        """Send a command. A text to the seat that decides hides the option OK applies
        unless the composer placed it there (`shows_option`, and not `hides_option`): the
        next OK then shows the prompt instead of applying an option nobody saw."""
        self._cmd_id += 1
        payload = make_command(self._cmd_id, led, None, beep, text, ref, code)
        if (led is not None or text is not None) and not overlay:  # a bare answer (`ref` only) changes nothing shown
            self.displays.sent(seat, led, text, waiting)  # an overlay (the pause) is not what comes back after it
        if text is not None:
            self._showing_pause.discard(seat)
            self._turn_refused.pop(seat, None)
            if self._cursor_hidden:
                self._cursor_hidden.pop(seat, None)
            if (hides_option or not shows_option) and self._decides(seat):
                self._cursor_hidden[seat] = decision_of(self.game)
        topic = self._cmd_topics.get(seat)
        if topic is None:
            topic = self._cmd_topics[seat] = cmd_topic(self.table, seat)
        self.bus.publish(topic, payload, qos=1)

    # ------------------------------------------------------------------ prompts
    def opening_events(self) -> list[dict[str, Any]]:
        """A game's first public events, then its first prompt (later: just the prompt).
        It prompts the deciding seat, so from another thread it goes through the queue."""
        if not self.loop.on_hub_thread():
            events = calls.ask(self, "opening_events", self._opening_events)
            return events if isinstance(events, list) else []
        return self._opening_events()

    def _opening_events(self) -> list[dict[str, Any]]:
        if self.game.log or self.game.over:
            self._notes_of_last_move()
            return self._prompt()
        self._tell_setup()
        return self.adapter.opening_events(self.game) + self._prompt()

    def _tell_setup(self) -> None:
        """A new game: each seat is told how to lay out the table (the game's
        `setup_lines`); the deciding seat sees it above its first prompt (the first OK
        shows the prompt if it needs the screen)."""
        pending = self.game.pending
        for seat, lines in sorted(self.adapter.setup_lines(self.game).items()):
            if not lines or not 1 <= seat <= self.game.n:
                continue
            if pending is not None and pending.seat == seat:
                self.displays.prompted(decision_of(self.game), [list(lines)])
            else:
                self._send(seat, led="white", text=list(lines))
                self._stale_when_turn_moves(seat)

    def _stale_when_turn_moves(self, seat: int) -> None:
        """What `seat` was just told ("Not your turn", a refusal, how to set up) is about
        this turn: once another seat decides, it shows the waiting display (see publish_view)."""
        if self._decides(seat):
            return
        pending = self.game.pending
        self._turn_refused[seat] = pending.seat if pending is not None else None

    def _notes_of_last_move(self) -> None:
        """A restarted hub tells the deciding seat again what it was told with its prompt
        (the card to lay face up, the coins to take): the notes of the last move, made
        again from the log (the game before it, that move applied), so a display is
        restored in full, not just its prompt."""
        log, pending = list(self.game.log), self.game.pending
        if not log or pending is None:
            return
        try:
            before = self.adapter.replay(self.game.setup, log[:-1])
            public = self.adapter.public_events(before.apply(log[-1]))
        except self.refusal_types:  # a log the game no longer takes: no notes, the prompt alone
            return
        notes = [command["text"] for seat, command in self.adapter.feedback(public)
                 if seat == pending.seat and command.get("text")]
        self.displays.prompted(decision_of(self.game), notes)

    def _decides(self, seat: int) -> bool:
        pending = self.game.pending
        return pending is not None and pending.seat == seat and not self.game.over

    def _prompt(self, told: SeatCommands | None = None) -> list[dict[str, Any]]:
        """Prompt the seat that must decide now (sent now, or added to `told`); returns the
        public prompt event (voice, page)."""
        pending = self.game.pending
        if pending is None:
            return []
        seat = pending.seat
        if told is None:  # said on its own (a game's first, a pause ended, a correction): see _prompt_display
            self._send_display(seat, self._prompt_display(seat), led="blue", beep="turn")
        else:  # a new decision's, its cursor on the first option
            told.prompt(seat, led="blue", beep="turn")  # composed by `told`'s display (`_compose`)
            self.displays.prompted(decision_of(self.game), told.notes_of(seat))
        return [self.adapter.prompt_event(self.game)]

    def _compose(self, seat: int, notes: list[list[str]], numbered: bool = False,
                 refusal: bool = False) -> Composed:
        """The deciding seat's display through the one composer (`hub.kernel.compose`):
        `notes` above the game's prompt and the option the seat's cursor is on (marked:
        `option_lines`). `numbered`: after an A/B press, the option with its place
        ("2/5 Take 3 coins") and what OK does.
        `refusal`: a refusal's reason (the one note) with the option below it, no prompt."""
        options, at, opened = self.cursors.cursor(self.game, seat)
        option: list[str] = []
        if options:
            text = self._describe(options[at])
            option = list(option_lines(say("option", i=at + 1, n=len(options), option=text) if numbered else text))
        prompt = _NO_HEAD if refusal else self.adapter.prompt(self.game)
        if opened:  # the parts taken so far under the head's first line, in the purse's room
            taken = [menu.label for menu in opened]
            prompt = Prompt((*prompt.head[:1], *taken, *prompt.head[1:]), (), prompt.rest, prompt.no_option)
        if numbered or refusal:
            prompt = Prompt(prompt.head, prompt.purse, (say("ok_do_it"), *prompt.rest), prompt.no_option)
        return compose(prompt, option, notes, self._lines, say("ok_go_on"), has_option=bool(options))

    def _describe(self, option: Any) -> str:
        """A button option in one line: a menu by its label, `GO_BACK` in the kernel's words,
        an action in the game's."""
        if isinstance(option, Menu):
            return option.label
        return say("back") if option is GO_BACK else self.adapter.describe(option)

    def _whole(self, text: str) -> list[str]:
        """`text` in display lines, every word of it: a game whose `lines` cuts a long line
        at the display's width gets it wrapped by `wrap_text` first (the move "Accepted"
        names must be read whole; the option OK applies is placed by `option_lines`). Kept
        per text for the game on the table; shared, never changed (its callers copy what
        they place)."""
        wholes = self._wholes
        if wholes[0] is not self.adapter:  # another game's words: made afresh
            wholes = self._wholes = (self.adapter, {})
        lines = wholes[1].get(text)
        if lines is None:
            lines = self._lines(text)
            if len("".join(lines).replace(" ", "")) < len(text.replace(" ", "")):
                lines = self._lines(*wrap_text(text))
            if len(wholes[1]) < 4096:
                wholes[1][text] = lines
        return lines

    def _prompt_display(self, seat: int, numbered: bool = False) -> Composed:
        """The deciding seat's prompt shown again: after the notes told when the decision
        began (a seat that rebooted never read them), unless an OK dismissed them."""
        return self._compose(seat, self.displays.prompt_notes(decision_of(self.game)), numbered)

    def _send_display(self, seat: int, composed: Composed, led: str | None = None, beep: str | None = None,
                      ref: int | None = None, code: str | None = None) -> None:
        self._send(seat, led=led, beep=beep, text=composed.lines, ref=ref, code=code, shows_option=True,
                   hides_option=composed.hides_option)

    # ------------------------------------------------------------------ giving displays back
    def restore_displays(self, wait: bool = True) -> None:
        """Say again what a broker or a seat may have lost: ``hub/status`` online, the
        retained public view, and every seat's display."""
        self.loop.submit("restore_displays", self._restore_all, wait=wait)

    def _restore_all(self) -> None:
        self.bus.publish(hub_status_topic(self.table), b"online", qos=1, retain=True)
        self.publish_view([])
        for seat in range(1, self.game.n + 1):
            self._restore(seat)

    def _restore(self, seat: int, ref: int | None = None) -> None:
        """Send a seat what its display should show now (after a reconnect, an inventory,
        a fixed reader): a card to lift first, else its prompt if it decides, else what it
        showed last. No beep: nothing new happened."""
        if not 1 <= seat <= self.game.n:
            return
        pending = self.game.pending
        lift = self.misplaced(seat)
        paused = self.pause_text() if self.paused and not self.game.over else ""
        if self.readers[seat].too_many:
            self._lift_shown.add(seat)
            self._send(seat, led="red", text=self._lines(say("one_card"), say("lift_others")), ref=ref,
                       code="multiple_cards")
        elif lift and ref is not None:  # only when the seat just reported what lies there
            self._lift_shown.add(seat)
            self._send(seat, led="red", text=self._lines(*lift[:2]) if len(lift) < 3 else
                       self._lines(lift[0], say("lift_more", n=len(lift) - 1)), ref=ref, code="lift_card")
        elif paused:  # every seat says the table is paused, and why
            self._lift_shown.discard(seat)
            self._send_pause(seat, paused, ref=ref)
        elif pending is not None and pending.seat == seat and not self.game.over:
            self._lift_shown.discard(seat)
            self._send_display(seat, self._prompt_display(seat), led="blue", ref=ref)
        else:
            self._lift_shown.discard(seat)
            waiting = self.displays.shown(seat) is None or seat in self.displays.waiting_seats()
            shown = self.adapter.waiting_display(self.game) if waiting else self._shown(seat)
            stale = self._turn_refused.get(seat, -1)  # shown again: still gone when the turn moves
            self._send(seat, led=shown["led"], text=list(shown["text"]), ref=ref, waiting=waiting)
            if stale != -1 and not waiting:
                self._turn_refused[seat] = stale

    def publish_view(self, events: list[dict[str, Any]]) -> None:
        """`ViewPublisher.publish_view`, after the seats' displays are made true again: the
        pause said on every seat (and taken back), a stale "Not your turn" gone once the
        turn moved, the waiting displays naming who decides now."""
        self._keep_pause_true()
        self._forget_stale_refusals()
        self._keep_waiting_true()
        super().publish_view(events)

    def _send_pause(self, seat: int, why: str, ref: int | None = None, beep: str | None = None) -> None:
        """The pause on `seat`'s display, over what it showed (which comes back after it)."""
        self._send(seat, led="amber", beep=beep, text=self._lines(say("paused"), why[:1].upper() + why[1:]), ref=ref,
                   code="paused" if beep else None, shows_option=True, overlay=True)  # OK applies nothing while paused
        self._showing_pause.add(seat)

    def _keep_pause_true(self) -> None:
        """While the table is paused every seat's display says so and why (a player whose
        display still showed the prompt pressed OK and heard only an error); when it is no
        longer paused, every seat that still says so gets its display back."""
        why = self.pause_text() if self.paused and not self.game.over else None
        if why == self._pause_shown:
            return
        self._pause_shown = why
        for seat in range(1, self.game.n + 1):
            if why is not None:
                if not self.readers[seat].too_many and seat not in self._lift_shown:
                    self._send_pause(seat, why)
            elif seat in self._showing_pause:
                self._showing_pause.discard(seat)
                self._restore(seat)

    def _forget_stale_refusals(self) -> None:
        """A seat told "Not your turn" (or another refusal, or how to set up) shows the
        waiting display once another seat decides: what it was told was about a turn that is over."""
        if not self._turn_refused:
            return
        pending = self.game.pending
        now = pending.seat if pending is not None else None
        display: dict[str, Any] | None = None  # the game's waiting display, made once for every seat told it
        for seat, then in list(self._turn_refused.items()):
            if now != then:
                del self._turn_refused[seat]
                if now != seat:
                    if display is None:
                        display = self.adapter.waiting_display(self.game)
                    self._send(seat, led=display["led"], text=list(display["text"]), waiting=True)

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

    def misplaced(self, seat: int) -> list[str]:
        """What lies on the seat's reader but may not rest there (the adapter says), one line each."""
        lines = self.adapter.misplaced(self.game, seat, sorted(self.readers[seat].cards))
        self._keep_learned()  # a card lying there may have told the adapter something
        return lines

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

    @calls.read("seat_view")
    def seat_view(self, seat: int) -> dict[str, Any]:
        """A seat's view (its secrets included), built on the hub thread between inputs."""
        view = self._with_table(self.adapter.seat_view(self.game, seat))
        shown = self._shown(seat)
        view["you"]["display"] = {"led": shown["led"], "text": list(shown["text"])}
        view["you"]["hint"] = self.hint(seat)
        return view
