"""A simulated person's hands at one seat, for every game's simulated players.

A person lays a card on the reader and lifts it again, or presses A/B to walk the
display's options and OK to say one, and waits for the hub's answer as a patient person
would: through broker outages and seats briefly offline. The game's own player
(`hub.games.plugin.SimPlayer`) decides what to do; these hands do it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from hub.engine.play import roll
from hub.kernel.cursor import GO_BACK, path_to
from hub.protocol import SeatCommand

ANSWER_WAIT_S = 2.0
"""How long a simulated person waits for the hub's answer before trying the event again."""


class SeatHands:
    """Cards and buttons at seat `seat`: `device` is its (virtual) seat board, `table` the
    hub's kernel table (`hub.kernel.Table`)."""

    def __init__(self, seat: int, device: Any, table: Any, hub_elsewhere: bool = True) -> None:
        self.seat = seat
        self.device = device
        self.service = table
        self.hub_elsewhere = hub_elsewhere
        """The hub runs on a thread of its own (over MQTT). In process this thread is the
        hub's: an event has been taken in, and its listeners told, when the send returns."""

    def lay(self, uid: str) -> bool:
        """Lay a card on the reader and lift it again; True if the hub accepted it."""
        device = self.device
        return self.exchange(device.place, uid, device.lift)[0]

    def press_to(self, choice: Any) -> None:
        """Walk the buttons' options to `choice` the short way, as a person would (out of a
        menu the seat left open, into the menus that hold it: `hub.kernel.Menu`), and say it.
        The display's options and cursor are read once per menu, not once per press."""
        table, seat, press = self.service, self.seat, self.device.press
        options, at, opened = table.button_cursor(seat)
        path = path_to(table.button_options(seat) if opened else options, choice)
        if path is None:
            raise RuntimeError(f"seat {seat}: {choice} is not among the button options")
        while opened:  # a menu left open (a person's wrong turn): back out of it first
            self._walk(options, at, options.index(GO_BACK))
            self.exchange(press, "ok")
            options, at, opened = table.button_cursor(seat)
        for depth, target in enumerate(path[:-1], 1):  # the menus that hold it, opened one by one: nothing applied
            self._walk(options, at, target)
            for _ in range(2):  # notes over the prompt: the first OK only shows it
                self.exchange(press, "ok")
                options, at, opened = table.button_cursor(seat)
                if opened == depth:
                    break
        self._walk(options, at, path[-1])
        for _ in range(2):  # notes over the prompt: the first OK only shows it (hub.kernel.compose)
            game, before = self.service.game, len(self.service.game.log)
            accepted, answer = self.exchange(press, "ok")
            if not accepted:
                why = f"{answer.code} {answer.text}" if answer is not None else "(its answer was lost)"
                raise RuntimeError(f"seat {seat}: the hub refused {choice}: {why}")
            shown_only = answer is not None and answer.beep == "none"  # the option shown, nothing applied
            if not shown_only or self.service.game is not game or len(self.service.game.log) > before:
                return

    def _walk(self, options: list[Any], at: int, target: int) -> None:
        """A or B from option `at` to option `target`, the short way round."""
        forward = (target - at) % len(options)
        back = len(options) - forward
        button, steps = ("a", forward) if forward <= back else ("b", back)
        press = self.device.press
        for _ in range(steps):
            self.exchange(press, button)

    def exchange(self, gesture: Callable[[str], dict[str, Any]], what: str,
                 then: Callable[[str], object] | None = None) -> tuple[bool, SeatCommand | None]:
        """Make one gesture with `what` (e.g. `device.place` a card's uid, `device.press` a
        button) and send its event, then `then(what)` (e.g. lift the card), until the hub
        takes it in while not paused, as a patient person would through broker outages and
        seats briefly offline. Returns (accepted, the hub's answer or None if it was lost)."""
        while True:
            before = len(self.service.game.log)
            event = gesture(what)
            try:
                answer: SeatCommand | None = self.device.answer_to(event, ANSWER_WAIT_S)
            except TimeoutError:
                answer = self._answer_after_silence(event)
            if self.hub_elsewhere:
                self.service.settle()  # the hub thread may still be telling listeners (the table top) about it
            if then is not None:
                then(what)
            if answer is not None:
                if answer.code != "paused":
                    return answer.code is None, answer
            else:  # its answer was lost: the log says whether it was taken
                accepted = len(self.service.game.log) > before
                if accepted or not self.service.paused:
                    return accepted, None
            while self.service.paused:  # refused only because a seat was briefly offline: again
                time.sleep(0.02)
                self.service.run_pending()

    def _answer_after_silence(self, event: dict[str, Any]) -> SeatCommand | None:
        """The hub's answer to `event` after a silence: the event again (the hub drops
        duplicates), or None once the hub says it took the event in (its answer was lost)."""
        while True:
            if self.service.handled(event["device"], event["boot"], event["seq"]):
                return None
            self.device.resend(event)
            try:
                answer: SeatCommand | None = self.device.answer_to(event, timeout=ANSWER_WAIT_S)
                return answer
            except TimeoutError:
                pass


class ButtonPlayer:
    """A simulated person at a game the hub deals itself (a digital game, started from the
    admin page): no cards lie before them, so every option is on the seat's buttons; they
    pick one at random and press to it. Any game. Like every bot they keep no state: the
    choice is the seed's and the game's (`hub.engine.play.roll`), the same after a resume."""

    def __init__(self, seat: int, device: Any, table: Any, seed: int, hub_elsewhere: bool = True) -> None:
        self.hands = SeatHands(seat, device, table, hub_elsewhere)
        self.seed = seed * 31 + seat

    def act(self) -> None:
        options = self.hands.service.button_options(self.hands.seat)
        if options:
            self.hands.press_to(options[roll(self.seed, self.hands.service.game) % len(options)])
