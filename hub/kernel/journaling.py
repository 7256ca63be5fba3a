"""Applying an action and journaling it before anything is announced; a journal that
fails rolls the action back and stops the table taking moves (its store failed)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from hub.text import MAX_ACTION_CHARS, text_problem

from .interfaces import G, Refusal
from .views import ViewPublisher

log = logging.getLogger("hub.table")


class Journaling(ViewPublisher[G]):
    """The one place an action is applied to the game (`_apply`)."""

    def _apply(self, action: Any, meta: dict[str, Any] | None = None) -> Sequence[Any]:
        """Apply, then journal before any effect is announced; an action the journal
        could not keep is rolled back (replay without it) and refused. Every action that
        stands reaches the adapter's `applied`, however it was said (a card, buttons, a
        phone, the admin, a correction), as the resume's `remember_applied` will see it."""
        if self.store_error is not None:
            raise Refusal("store_failed", self.store_error)
        self._readable_back(action, meta)
        events = self.game.apply(action)
        try:
            if self.journal is not None:
                self.journal(action, meta or {})
        except Exception as exc:
            self.game = self.adapter.replay(self.game.setup, list(self.game.log)[:-1])
            self._store_failed(self.explain_journal_failure(exc), detail=str(exc))
            raise Refusal("store_failed", self.store_error or str(exc)) from exc
        self.adapter.applied(action, meta.get("uid") if meta else None)
        return events

    def _readable_back(self, action: Any, meta: dict[str, Any] | None) -> None:
        """Refuse, before anything is applied, an action the log could not give back: its
        text must be storable (`hub.text.text_problem`: no lone surrogate, which SQLite
        refuses) and read back by the game's own parser as the same action (within its
        length limit), or the next resume would stop at it. The text said beside it (an
        admin card's reason) must be storable too."""
        text = str(action)
        problem = text_problem(text)
        for value in meta.values() if meta and not problem else ():  # the text said beside it, in order
            if isinstance(value, str) and (problem := text_problem(value)):
                break
        if problem:
            raise Refusal("bad_text", f"the move holds {problem}: the log cannot keep it")
        try:
            again = self.adapter.read_action(self.game, text)
        except self.refusal_types as exc:
            code = "too_long" if len(text) > MAX_ACTION_CHARS else "not_storable"
            raise Refusal(code, f"the log could not read this move back: {exc.message} (a shorter reason fits)") from None
        if again != action:
            raise Refusal("not_storable", "the log would read this move back as another: nothing was applied")

    def _keep_learned(self) -> None:
        """Journal what the adapter learned of actions already applied (`learned`), beside
        them; a failure is a store failure like any other."""
        learned = self.adapter.learned()
        if not learned or self.journal is None or self.store_error is not None:
            return
        for index, fields in learned:
            try:
                self.journal.amend(index, fields)
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
