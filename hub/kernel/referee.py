"""The referee: try an action for a seat, answer it (accepted, or refused with the
game's words for why), tell each seat what follows and prompt the next decider."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hub.errors import HubError
from hub.protocol import SeatEvent

from .calls import refused
from .interfaces import G, GestureStep
from .seat_commands import MAX_LINES, SeatCommands
from .seat_output import SeatOutput, say


class Referee(SeatOutput[G]):
    """Every move, however it was said (a card, buttons, a phone), goes through `_try`."""

    def _try(self, seat: int, action: Any, event: SeatEvent | None, uid: str | None = None) -> dict[str, Any]:
        meta: dict[str, Any] = {"uid": uid} if uid is not None else {}
        if event is not None:
            meta["device"], meta["boot"], meta["seq"] = event.device, event.boot, event.seq
        try:
            events = self._apply(action, meta)
        except self.refusal_types as exc:
            facts = self._refuse(seat, event, exc, action)  # e.g. the card whose words say why
            return refused(exc, **facts)
        self.counters["accepted"] += 1
        told = SeatCommands(self._lines, self._compose)
        told.answer(seat, led="green", beep="ok", ref=event.seq if event else None,
                    text=lambda: [*self._whole(self.adapter.describe(action))[:MAX_LINES - 1], say("accepted")])
        self._after(events, told)
        return {"ok": True}

    def _refuse(self, seat: int, event: SeatEvent | None, exc: HubError, action: Any | None = None) -> dict[str, Any]:
        """Tell the seat why, publish the refusal; returns what the adapter adds to it (a
        phone's answer carries it too, so its page words it as the display does)."""
        self.counters[f"refused_{exc.code}"] += 1
        if isinstance(exc, GestureStep):  # a step of a gesture, not a mistake
            led, beep = "blue", "ok"
        else:
            led, beep = ("amber" if exc.code == "not_your_turn" else "red"), "error"
        text, facts = self.adapter.refusal_words(self.game, exc, action)  # the game's words for it
        ref = event.seq if event else None
        if exc.code == "paused" and self.paused:  # the pause display again, with the error beep
            self._send_pause(seat, self.pause_text(), ref=ref, beep=beep)
        elif self._decides(seat) and not self.paused and self.cursors.options(self.game, seat):
            # OK applies the option the cursor is on: it stays in view below the reason, or
            # (the reason needs every line) the next OK shows it before doing it
            self._send_display(seat, self._compose(seat, [text], numbered=True, refusal=True), led=led, beep=beep,
                               ref=ref, code=exc.code)
        elif self._decides(seat) and not self.paused:  # a card decides it: the reason above what the seat must do
            self._send_display(seat, self._compose(seat, [text]), led=led, beep=beep, ref=ref, code=exc.code)
        else:
            self._send(seat, led=led, beep=beep, ref=ref, text=text, code=exc.code)
            self._stale_when_turn_moves(seat)
        self._note({"kind": "refusal", "seat": seat, "code": exc.code, **facts}, view=False)
        return facts

    def _after(self, events: Sequence[Any], told: SeatCommands) -> None:
        """Tell each seat what to do after the game's events and prompt the next decider, in
        one command per seat with what `told` already holds (the answer), then publish."""
        public = self.adapter.public_events(events)
        for seat, command in self.adapter.feedback(public):
            told.note(seat, **command)
        if self.game.over:
            self._tell_the_end(told)
        prompt = self._prompt(told)
        for seat, led, beep, ref, text, shows_option, hides_option in told.items():
            self._send(seat, led, beep, text, ref, shows_option=shows_option, hides_option=hides_option)
            if told.only_answered(seat):  # "End turn / Accepted" is about this turn: once the
                self._stale_when_turn_moves(seat)  # next seat decides, it names who does
        self.publish_view(public + prompt)

    def _tell_the_end(self, told: SeatCommands) -> None:
        """Every seat is told the game is over: one the game's feedback told nothing (its
        display would keep "Take 1 / Accepted" or another seat's turn for good) shows the
        game's final display (`waiting_display`), with the turn's beep."""
        final = self.adapter.waiting_display(self.game)
        for seat in range(1, self.game.n + 1):
            if not told.notes_of(seat):
                told.note(seat, led=final.get("led"), beep="turn", text=list(final.get("text") or ()))

    def button_options(self, seat: int) -> list[Any]:
        """The pending options a seat's buttons cycle through (cards say the rest), menus
        unopened (`hub.kernel.cursor.Menu`)."""
        return list(self.cursors.top(self.game, seat))

    def button_cursor(self, seat: int) -> tuple[list[Any], int, int]:
        """Where the seat's buttons are: the options they cycle through now (an opened
        menu's, `BACK` last), the cursor's place among them, how many menus are open."""
        options, at, opened = self.cursors.cursor(self.game, seat)
        return list(options), at, len(opened)
