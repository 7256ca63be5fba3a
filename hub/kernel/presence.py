"""Which seats' readers are online, and whether the table is paused and why.

The table pauses while the seat that must decide is offline (its player cannot lay a
card or press a button, and a move made for it by hand would not be seen) and while the
admin has paused it. Every moment of play asks, so the answers are plain reads of what
the seats and the admin last said.

A seat is also offline once it has said nothing for longer than it promised: a device
whose `hello` declares `alive_s` sends something at least that often while connected,
and the hub allows SILENCE_FACTOR times that. The broker's keep-alive and last will
would say so too, but not every broker enforces keep-alive (amqtt does not).

A seat whose status flaps (a loose antenna, a board rebooting in a loop, a stolen login
publishing online/offline) would pause and resume the game many times a second: every
edge is said by the voice, logged, and shown on every seat's display. So a seat that
comes back more than QUICK_RETURNS times within FLAP_WINDOW_S is unsteady: it counts as
missing until it has stayed online for STEADY_S. The pause then begins at once (safe:
nothing is applied while paused) and ends once, STEADY_S after the last flap: after a
few quick returns, at most one pause and one resume per STEADY_S, whatever a seat
sends. A seat that drops and comes back now and then (a reboot, a Wi-Fi blip) resumes
the game at once, as before. The table's ticker (`_check_silence`) announces the held
resume when it is due.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from typing import Any

SILENCE_FACTOR = 3  # a seat silent for 3 of its declared heartbeats is offline
FLAP_WINDOW_S = 10.0  # returns counted over this long (see above)
QUICK_RETURNS = 3  # returns within FLAP_WINDOW_S that resume the game at once
STEADY_S = 2.0  # how long an unsteady seat must stay back before the game resumes


class Presence:
    """Each seat's last ``online``/``offline``, the admin's pause, and the pause's edges."""

    __slots__ = ("online", "admin_pause", "_was_paused", "heard", "allowed_silence", "silenced", "clock",
                 "_returns", "_steady_from", "_all_steady")

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock  # monotonic seconds: when a seat came back, and whether it is steady yet
        self.online: dict[int, bool] = {}  # seat -> its last status (absent: never heard)
        self.admin_pause: str | None = None  # the admin's reason while paused by hand
        self._was_paused = False
        self.heard: dict[int, float] = {}  # seat -> when it last said anything (monotonic s)
        self.allowed_silence: dict[int, float] = {}  # seat -> seconds, for seats that declared a heartbeat
        self.silenced: set[int] = set()  # seats taken offline by their silence
        self._returns: dict[int, deque[float]] = {}  # seat -> when it last came back (online after offline)
        self._steady_from: dict[int, float] = {}  # seat -> from when it counts as online for the pause
        self._all_steady = True  # no seat offline and none ever back from offline: none can be missing

    def heard_from(self, seat: int, now: float) -> bool:
        """The seat said something; True if it had been taken offline by its silence
        (it is back: the caller marks it online)."""
        self.heard[seat] = now
        if seat in self.silenced:
            self.silenced.discard(seat)
            return True
        return False

    def declared(self, seat: int, alive_s: int | None) -> None:
        """The seat's `hello` says it sends something every `alive_s` seconds (None: it
        does not promise, and only the broker's will says it is gone)."""
        if alive_s is None:
            self.allowed_silence.pop(seat, None)
        else:
            self.allowed_silence[seat] = SILENCE_FACTOR * alive_s

    def fallen_silent(self, now: float) -> list[int]:
        """Seats online that broke their promise (silent past their allowance): each is
        returned once, and taken offline."""
        silent = [seat for seat, allowed in self.allowed_silence.items()
                  if self.online.get(seat) and now - self.heard.get(seat, now) > allowed]
        for seat in silent:
            self._went(seat, False)
            self.silenced.add(seat)
        return silent

    def seen(self, seat: int, online: bool) -> bool:
        """A seat said it is online or offline; True if that changed what the table knows."""
        if self.online.get(seat) == online:
            return False
        self._went(seat, online)
        return True

    def _went(self, seat: int, online: bool) -> None:
        if online and self.online.get(seat) is False:  # a return (not a seat's first online)
            now = self.clock()
            returns = self._returns.setdefault(seat, deque(maxlen=QUICK_RETURNS + 1))
            returns.append(now)
            quick = sum(now - back < FLAP_WINDOW_S for back in returns)
            self._steady_from[seat] = now + STEADY_S if quick > QUICK_RETURNS else now
        self.online[seat] = online  # `online` changes here only (and `_steady_from`): `_all_steady` follows
        self._all_steady = not self._steady_from and False not in self.online.values()

    def missing_seat(self, pending: Any) -> int | None:
        """The seat of the decision `pending` (the game's, None: nobody decides) if its
        reader is offline, or back but not steady yet; a seat never heard of is not missing."""
        if pending is None:
            return None
        seat = pending.seat
        if self.online.get(seat) is False:
            return int(seat)
        steady = self._steady_from.get(seat)  # a seat that never came back has none: no clock read
        if steady is not None and self.clock() < steady:
            return int(seat)
        return None

    def holding(self) -> bool:
        """A seat is back but not steady yet: its resume is due later (the ticker announces it)."""
        now = self.clock()
        return any(now < steady for steady in self._steady_from.values())

    def paused(self, pending: Any) -> bool:
        if self.admin_pause is None and self._all_steady:  # every moment of play asks: the usual answer at once
            return False
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

    def edge_due(self, pending: Any) -> bool:
        """The pause began or ended since the last `edge` (e.g. a held resume came due)."""
        return self.paused(pending) != self._was_paused

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
