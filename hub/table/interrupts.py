"""Ctrl-C at a simulated table: the first press asks to stop, later presses are ignored.

The press only sets an event that the game loop checks between moves, so nothing is
interrupted halfway (a lock held, an action half applied) and the clean-up cannot be
broken by impatient second press: no traceback, ever.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType
from typing import Any


class StopOnCtrlC:
    """``with StopOnCtrlC() as ctrl_c:`` ... ``ctrl_c.stop.is_set()``; restores the old handler
    unless Ctrl-C was pressed."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.presses = 0
        self._previous: Any = None
        self._installed = False

    def _pressed(self, signum: int, frame: FrameType | None) -> None:
        self.presses += 1
        self.stop.set()

    def __enter__(self) -> StopOnCtrlC:
        if threading.current_thread() is threading.main_thread():  # signals reach the main thread only
            self._previous = signal.signal(signal.SIGINT, self._pressed)
            self._installed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self._installed:  # once stopping, the process is on its way out: keep ignoring presses
            signal.signal(signal.SIGINT, signal.SIG_IGN if self.stop.is_set() else self._previous)
