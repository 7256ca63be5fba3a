"""Which seats' readers are online, and whether the table is paused and why.

The table pauses while the seat that must decide is offline (its player cannot lay a
card or press a button, and a move made for it by hand would not be seen) and while the
admin has paused it. Every moment of play asks, so the answers are plain reads of what
the seats and the admin last said.
"""

from __future__ import annotations

from typing import Any


class Presence:
    """Each seat's last ``online``/``offline``, the admin's pause, and the pause's edges."""

    __slots__ = ("online", "admin_pause", "_was_paused")

    def __init__(self) -> None:
        self.online: dict[int, bool] = {}  # seat -> its last status (absent: never heard)
        self.admin_pause: str | None = None  # the admin's reason while paused by hand
        self._was_paused = False

    def seen(self, seat: int, online: bool) -> bool:
        """A seat said it is online or offline; True if that changed what the table knows."""
        if self.online.get(seat) == online:
            return False
        self.online[seat] = online
        return True

    def missing_seat(self, pending: Any) -> int | None:
        """The seat of the decision `pending` (the game's, None: nobody decides) if its
        reader is offline; a seat never heard of is not missing."""
        return pending.seat if pending is not None and self.online.get(pending.seat) is False else None

    def paused(self, pending: Any) -> bool:
        return self.admin_pause is not None or self.missing_seat(pending) is not None

    def pause_text(self, pending: Any) -> str:
        """Why the table is paused ("" when it is not)."""
        if self.admin_pause is not None:
            return f"paused by the table: {self.admin_pause}"
        seat = self.missing_seat(pending)
        return f"paused: seat {seat}'s reader is offline" if seat else ""

    def pause_facts(self, pending: Any) -> dict[str, Any]:
        """Why the table is paused, as data each page words in its language:
        ``{"reason": the admin's words}``, ``{"reader": seat}``, or {} when it is not."""
        if self.admin_pause is not None:
            return {"reason": self.admin_pause}
        seat = self.missing_seat(pending)
        return {"reader": seat} if seat else {}

    def edge(self, pending: Any) -> dict[str, Any] | None:
        """The hub event of a pause that began (``paused``, with the seat and the reason)
        or ended (``resumed``) since the last call; None if nothing changed."""
        paused = self.paused(pending)
        if paused == self._was_paused:
            return None
        self._was_paused = paused
        if not paused:
            return {"kind": "resumed"}
        return {"kind": "paused", "seat": self.missing_seat(pending), "reason": self.pause_text(pending),
                "paused_for": self.pause_facts(pending)}
