"""Requests from phones and the admin: an answer for a seat, a card entered by hand, a
correction, a new game, pause and resume. Each runs on the hub thread between inputs
(`calls`); a refusal raised on the way is the request's answer."""

from __future__ import annotations

from typing import Any

from . import calls, undo
from .interfaces import G, Refusal
from .intake import Intake
from .seat_commands import SeatCommands
from .seat_output import say


class Requests(Intake[G]):
    """What people ask of the table besides laying cards."""

    def _read_for(self, seat: int, action_text: str) -> Any:
        """The action `action_text` says, if it is `seat`'s own: a phone or the admin
        answering for one seat never moves another (any game)."""
        action = self.adapter.read_action(self.game, action_text)
        if action.seat != seat:
            raise Refusal("wrong_seat", f"seat {seat} cannot answer for seat {action.seat}")
        return action

    @calls.request("answer")
    def answer(self, seat: int, action_text: str) -> dict[str, Any]:
        """A phone's answer for `seat` (the adapter reads it)."""
        action = self._read_for(seat, action_text)
        if self.paused:
            raise Refusal("paused", self.pause_text())
        try:
            self.adapter.check_answer(self.game, action)
        except self.refusal_types as exc:
            self.counters[f"refused_{exc.code}"] += 1
            raise
        return self._try(seat, action, None)

    @calls.request("admin_card")
    def admin_card(self, seat: int, action_text: str, reason: str) -> dict[str, Any]:
        """The table enters a card for a seat whose reader cannot read it (a dead tag, a
        broken reader). Journaled as the plain action, so replay gives the same state;
        its meta says ``{"admin": true, "reason": ...}`` for the record."""
        reason = " ".join((reason or "").split())
        if not reason:
            raise Refusal("reason_required", "say why the card is entered by hand")
        if not 1 <= seat <= self.game.n:
            raise Refusal("unknown_seat", f"no seat {seat} in this game")
        action = self._read_for(seat, action_text)
        self.adapter.check_admin_card(self.game, action)
        events = self._apply(action, {"admin": True, "reason": reason})
        self.counters["admin_cards"] += 1
        told = SeatCommands(self._lines, self._compose)  # not the seat's own input: a note it must see, not an answer
        told.note(seat, led="green", beep="ok", text=self._lines(self.adapter.describe(action), say("entered")))
        self._note({"kind": "admin_card", "seat": seat}, view=False)
        self._after(events, told)
        return {"ok": True}

    @calls.request("correction")
    def correct(self, action: Any) -> dict[str, Any]:
        """An admin correction (an action of seat 0 the game knows, made by one of its
        plug-in's declared corrections), journaled like any move."""
        events = self._apply(action)
        self.counters["corrections"] += 1
        self.publish_view([{"kind": "correction", "action": str(action)},
                           *self.adapter.public_events(events), *self._prompt()])
        return {"ok": True}

    @calls.request("undo")
    def void_last(self, reason: str, expected: str | None = None) -> dict[str, Any]:
        """The admin undoes the last move that stands (any game whose adapter writes an
        undo, `GameAdapter.undo_action`): journaled like any move, with its reason, and told
        to everyone as an ``undone`` event carrying what they had been told of that move.
        `expected`: the move the admin confirmed (``status()["last_move"]``); refused
        ``moved_on`` if another has been made since, so an undo never takes back a move
        nobody saw named."""
        reason = " ".join((reason or "").split())
        if not reason:
            raise Refusal("reason_required", "say why the last move is undone")
        undone = undo.last_move(self.game.log, self.adapter.undo_reason)
        if undone is None:
            raise Refusal("nothing_to_undo", "there is no move to undo")
        if expected is not None and str(undone) != expected:
            raise Refusal("moved_on", "another move was made since: check the last action again")
        action = self.adapter.undo_action(self.game, reason)
        if action is None:
            raise Refusal("cannot_undo", "this game cannot undo a move")
        told = self._told(undone)
        events = self._apply(action)
        self.counters["corrections"] += 1
        self.publish_view([{"kind": "correction", "action": str(action)}, undo.undone_event(undone, reason, told),
                           *self.adapter.public_events(events), *self._prompt()])
        return {"ok": True}

    def _told(self, move: Any) -> list[dict[str, Any]]:
        """What everyone was told of `move`, the last move that stands: its public events,
        made again on the game replayed without it."""
        log = self.game.log
        before = [log[i] for i in undo.standing(log, self.adapter.undo_reason)[:-1]]
        return self.adapter.public_events(self.adapter.replay(self.game.setup, before).apply(move))

    @calls.request("new_game")
    def new_game(self, config: dict[str, Any]) -> dict[str, Any]:
        """A new game on this table (`config` as the adapter's `new_setup` reads it)."""
        try:
            setup = self.adapter.new_setup(config, self.game)
        except (KeyError, TypeError, ValueError) as exc:
            raise Refusal("bad_setup", str(exc)) from exc
        if self.on_new_game is not None:
            self.journal = self.on_new_game(setup)  # the store opens a new game log
        self.game = self.adapter.replay(setup, [])
        self.adapter.reset()
        self.displays.clear()
        self._lift_shown.clear()
        self._turn_refused.clear()
        self.listeners.recent.clear()
        self.publish_view([self.new_game_event(), *self._opening_events()])
        return {"ok": True}

    @calls.call("pause")
    def pause(self, reason: str) -> None:
        """The admin pauses the table (no input is taken as a move until `resume`)."""
        self.presence.admin_pause = reason or "no reason given"
        self.publish_view([])

    @calls.call("resume")
    def resume(self) -> None:
        self.presence.admin_pause = None
        self.publish_view(self._prompt())
