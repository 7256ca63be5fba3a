"""What a table's hub writes in its log (the systemd journal) as a game goes on.

A maker reading ``journalctl -u citadels-hub`` after a game night wants to see when a
seat dropped off, when the game paused and went on, what the admin corrected and how it
ended. Only public facts: the same the scoreboard shows, never a hand or a pick.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO


class JournalLines:
    """A table listener (``service.subscribe``) printing one line per public fact above."""

    def __init__(self, out: TextIO | None = None) -> None:
        self.out = out
        self._online: dict[int, bool] = {}  # seat -> its reader online, as the view last said

    def __call__(self, event_id: int, message: dict[str, Any]) -> None:
        lines = self._presence(message.get("view"))
        for event in message.get("events") or ():
            line = self._line(event)
            if line is not None:
                lines.append(line)
        out = self.out if self.out is not None else sys.stdout
        for line in lines:
            print(line, file=out, flush=True)

    def _presence(self, view: dict[str, Any] | None) -> list[str]:
        """A seat's reader gone offline or back (a seat never heard of says nothing)."""
        if view is None:
            return []
        lines = []
        for seat_view in view.get("seats", ()):
            seat, online = seat_view["seat"], bool(seat_view.get("online"))
            before = self._online.get(seat)
            self._online[seat] = online
            if before != online and (before is not None or online):
                lines.append(f"Seat {seat}'s reader is {'online' if online else 'offline'}")  # never "Seat N: " (a link)
        return lines

    @staticmethod
    def _line(event: dict[str, Any]) -> str | None:
        kind = event.get("kind")
        if kind == "paused":
            return f"Game {event.get('reason') or 'paused'}"  # "paused: seat 3's reader is offline"
        if kind == "resumed":
            return "Game resumed"
        if kind == "correction":
            return f"Correction by the table: {event.get('action')}"
        if kind == "admin_card":
            return f"Card entered by the table for seat {event.get('seat')}"
        if kind == "store_failed":
            return f"Game record failed: {event.get('message')}"
        if kind == "new_game":
            return f"New game: {event.get('players')} players"
        if kind == "game_over":
            return f"Game over: seat {event.get('winner')} wins"
        return None
