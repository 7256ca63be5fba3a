"""The hub's one input queue and the ONE thread that drains it.

Every input (a seat's MQTT message, a phone's answer, an admin action, a serial reader's
event) is an `Input` put in one FIFO. Exactly one thread, the *hub thread*, takes inputs
out and runs them: the game is only ever touched there, so nothing needs a lock beyond
the queue's own. Other threads only enqueue; a caller that needs the answer (a web
request) waits for it, and gets ``busy`` if the table does not get to it in time.

Two ways to have a hub thread:
- ``own=True`` (``run``, ``sim --broker``, tests): `start()` starts a daemon thread named
  ``hub`` that waits for inputs.
- ``own=False`` (the in-process simulator): the thread that calls `start()` *is* the hub
  thread. An input it submits itself is run at once, in order after anything queued; an
  input from another thread waits in the queue until the owner next calls `run_pending()`
  (or submits). A simulated move then costs no thread hand-off.

An input submitted on the hub thread while it is running another (a listener's callback,
an in-process bus delivering a seat's message) is queued behind it, never run inside it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("hub.kernel")

STOPPED = {"ok": False, "code": "stopped", "message": "the hub is shutting down"}
BUSY = {"ok": False, "code": "busy", "message": "the table is busy: try again in a moment"}
FAILED = {"ok": False, "code": "internal_error", "message": "the hub failed on this input"}


_DONE = threading.Event()  # the `done` of every input run at once on the hub thread
_DONE.set()


@dataclass
class Input:
    """One thing for the hub to do: `run()` on the hub thread, its result kept for the caller."""

    kind: str
    run: Callable[[], Any]
    done: threading.Event = field(default_factory=threading.Event)
    result: Any = None
    started: bool = False  # taken from the queue (under the queue lock)
    abandoned: bool = False  # its caller gave up before it started: never applied


class HubLoop:
    """One FIFO of `Input`s and the one thread that runs them (see the module doc)."""

    def __init__(self, *, own: bool = True, on_error: Callable[[Input], None] | None = None) -> None:
        self.own = own
        self.on_error = on_error  # counts a failed input (the table's counters)
        self.timeout_s = 30.0  # how long a caller waits for its answer
        self._queue: deque[Input] = deque()
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)  # an input arrived, or a run ended
        self._running = False  # an input is being run right now
        self._stopped = False
        self._hub: threading.Thread | None = None  # the hub thread, once known

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> None:
        """Own mode: start the hub thread. Caller mode: the calling thread becomes it."""
        with self._lock:
            if self._hub is not None or self._stopped:
                return
            if not self.own:
                self._hub = threading.current_thread()
                return
            self._hub = threading.Thread(target=self._serve, name="hub", daemon=True)
        self._hub.start()

    @property
    def thread(self) -> threading.Thread | None:
        """The hub thread, once started (in caller mode: the thread that started it)."""
        return self._hub

    def on_hub_thread(self) -> bool:
        return threading.current_thread() is self._hub

    def stop(self) -> None:
        """Take nothing more (queued inputs are dropped, answered ``stopped``), let the
        input being run finish, then end the hub thread."""
        with self._lock:
            self._stopped = True
            dropped = list(self._queue)
            self._queue.clear()
            self._wake.notify_all()
            if not self.on_hub_thread():
                self._wake.wait_for(lambda: not self._running, timeout=self.timeout_s)
        for item in dropped:
            item.result = dict(STOPPED)
            item.done.set()
        hub = self._hub
        if self.own and hub is not None and hub is not threading.current_thread() and hub.is_alive():
            hub.join(self.timeout_s)

    def serving(self) -> bool:
        """Started and not stopped: a hub thread may be changing the game right now."""
        return self._hub is not None and not self._stopped

    @property
    def stopped(self) -> bool:
        return self._stopped

    def queued(self) -> int:
        """How many inputs wait to be run (status pages, tests)."""
        with self._lock:
            return len(self._queue)

    # ------------------------------------------------------------------ submitting
    def submit(self, kind: str, run: Callable[[], Any], wait: bool = False) -> Input:
        """Queue `run`; with `wait`, return once it has run (or after `timeout_s`).

        The hub thread never waits for itself: in caller mode, outside an input, it runs
        the queue at once; inside one, the new input just goes behind the current one."""
        if self._can_run_here():
            return Input(kind, run, _DONE, self._run_here(kind, run), True)  # caller mode, nothing queued: no queue round, no Event
        item = Input(kind, run)
        if self.own and self._hub is None:  # never started (a web request before start()): start now
            self.start()
        with self._lock:
            if self._stopped:
                item.result = dict(STOPPED)
                item.done.set()
                return item
            self._queue.append(item)
            self._wake.notify_all()
            mine = self.on_hub_thread()
            run_now = mine and not self.own and not self._running
        if run_now:
            self.run_pending()
        elif wait and not mine:
            item.done.wait(timeout=self.timeout_s)
        return item

    def post(self, kind: str, run: Callable[[], Any], wait: bool = False) -> None:
        """`submit` for an input whose result nobody reads (a seat message): in caller
        mode on the hub thread with nothing queued it runs at once, without even an `Input`."""
        if self._can_run_here():
            self._run_here(kind, run)
        else:
            self.submit(kind, run, wait=wait)

    def ask(self, kind: str, run: Callable[[], Any], on_busy: Callable[[], None] | None = None) -> Any:
        """Submit and wait for the answer. A table stuck past `timeout_s` (or asked from
        its own thread while busy) gets ``busy``, and the input is then never applied
        later behind the caller's back."""
        item = self.submit(kind, run, wait=True)
        if not item.done.is_set():
            with self._lock:
                item.abandoned = not item.started
            if item.abandoned:
                if on_busy is not None:
                    on_busy()
                return dict(BUSY)
            item.done.wait()  # already being applied: its answer is moments away
        return item.result

    # ------------------------------------------------------------------ draining
    def _can_run_here(self) -> bool:
        """Caller mode, on the hub thread, nothing queued, nothing running, not stopped."""
        return self._hub is threading.current_thread() and not self.own and not self._running \
            and not self._queue and not self._stopped

    def _run_here(self, kind: str, run: Callable[[], Any]) -> Any:
        """Caller mode, on the hub thread, with nothing queued and nothing running: run
        `run` at once, as `_run_one` would (a simulated move costs no queue round and no
        Event). Only the hub thread sets `_running` in caller mode, so claiming it needs
        no lock; what other threads queue meanwhile runs right after."""
        self._running = True
        try:
            result = run()
        except Exception:  # the hub keeps running whatever one input does
            log.exception("input %s failed", kind)
            result = dict(FAILED)
            if self.on_error is not None:
                self.on_error(Input(kind, run, _DONE, result, True))
        finally:
            self._running = False
            if self._stopped or self._queue:
                with self._lock:
                    self._wake.notify_all()  # a stop() waits for the run to end
        if self._queue:
            self.run_pending()
        return result

    def run_pending(self) -> None:
        """Caller mode: run every queued input, in order. The owner calls this while it
        waits (between its moves, while paused) so other threads' inputs are taken in.
        Does nothing on any other thread, or inside an input."""
        with self._lock:
            if not self.on_hub_thread() or self._running:
                return
        while self._run_one(block=False):
            pass

    def serve_for(self, seconds: float) -> None:
        """Caller mode: be the hub thread for `seconds`, running each input as it arrives
        (a page's request waits for no polling interval). Elsewhere, or inside an input,
        or once stopped: only wait."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            with self._lock:
                if self.own or not self.on_hub_thread() or self._running or self._stopped:
                    serving = False
                else:
                    serving = True
                    if not self._queue:
                        self._wake.wait(left)  # submit() notifies
            if not serving:
                time.sleep(left)
                return
            self.run_pending()

    def _serve(self) -> None:
        while self._run_one(block=True):
            pass

    def _run_one(self, block: bool) -> bool:
        with self._lock:
            while True:
                if self._stopped:
                    return False
                if self._queue:
                    item = self._queue.popleft()
                    if item.abandoned:
                        continue
                    break
                if not block:
                    return False
                self._wake.wait()
            item.started = True
            self._running = True
        try:
            item.result = item.run()
        except Exception:  # the hub keeps running whatever one input does
            log.exception("input %s failed", item.kind)
            if self.on_error is not None:
                self.on_error(item)
            item.result = dict(FAILED)
        finally:
            with self._lock:
                self._running = False
                self._wake.notify_all()
            item.done.set()
        return True
