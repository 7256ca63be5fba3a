"""What each seat is shown: commands on its ``cmd`` topic, its prompt while it decides, a
card to lift, and its display given back after a reconnect (no beep: nothing new)."""

from __future__ import annotations

import functools
from typing import Any

from hub import words
from hub.protocol import cmd_topic, hub_status_topic, make_command

from . import calls
from .cursor import decision_of
from .interfaces import G
from .journaling import Journaling
from .seat_commands import SeatCommands, fit


@functools.lru_cache(maxsize=1024)  # the same few lines ("accepted", "option 2/5") on every move
def say(key: str, **params: object) -> str:
    """A line of the kernel's own for a seat display, from the one word catalogue (the
    displays speak English; ``hub.words`` holds every line in three languages)."""
    return words.say(f"display.{key}", "en", **params)


class SeatOutput(Journaling[G]):
    """Commands to the seats and the memory of what each one shows."""

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
            return self._prompt()
        return self.adapter.opening_events(self.game) + self._prompt()

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
        if self.readers[seat].too_many:
            self._lift_shown.add(seat)
            self._send(seat, led="red", text=self._lines(say("one_card"), say("lift_others")), ref=ref,
                       code="multiple_cards")
        elif lift and ref is not None:  # only when the seat just reported what lies there
            self._lift_shown.add(seat)
            self._send(seat, led="red", text=self._lines(*lift[:2]) if len(lift) < 3 else
                       self._lines(lift[0], say("lift_more", n=len(lift) - 1)), ref=ref, code="lift_card")
        elif pending is not None and pending.seat == seat and not self.game.over:
            self._lift_shown.discard(seat)
            self._send(seat, led="blue", text=self._prompt_text(seat), ref=ref)
        else:
            self._lift_shown.discard(seat)
            waiting = self.displays.shown(seat) is None or seat in self.displays.waiting_seats()
            shown = self.adapter.waiting_display(self.game) if waiting else self._shown(seat)
            self._send(seat, led=shown["led"], text=list(shown["text"]), ref=ref, waiting=waiting)

    def publish_view(self, events: list[dict[str, Any]]) -> None:
        """`ViewPublisher.publish_view`, after the waiting displays are made true again."""
        self._keep_waiting_true()
        super().publish_view(events)

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

    def _cursor_lines(self, seat: int, options: list[Any]) -> list[str]:
        """The option the seat's cursor is on, and what OK does ("2/5 Draw cards", "OK: do it")."""
        at = self.cursors.position(self.game, seat)
        return self._lines(say("option", i=at + 1, n=len(options), option=self.adapter.describe(options[at])),
                           say("ok_do_it"))

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
