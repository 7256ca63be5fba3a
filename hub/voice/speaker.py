"""A speaker that never makes the game wait.

`say()` only touches a small bounded queue under a lock and returns at once; a worker
thread feeds the backend. Ordering: URGENT utterances (refusals, pauses) jump the line,
everything else keeps the order of the game. When the queue is full the least important,
oldest utterance goes; a newer utterance with the same `stale_key` replaces the queued
one, and anything that waited longer than its `ttl` is dropped unsaid.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Self

from hub.voice.backends import Backend
from hub.voice.switching import sayable
from hub.voice.speech import PROMPT_KEY, GameVoice, Narration, Priority, Utterance, normalize_event

log = logging.getLogger(__name__)

DEFAULT_CAPACITY = 16


@dataclass(frozen=True)
class _Queued:
    utterance: Utterance
    seq: int
    queued_at: float


@dataclass
class SpeakerStats:
    spoken: int = 0
    dropped_full: int = 0  # pushed out because the queue was full
    replaced: int = 0  # superseded by a newer utterance with the same stale_key
    expired: int = 0  # waited longer than its ttl
    failed: int = 0  # the backend raised

    @property
    def dropped(self) -> int:
        return self.dropped_full + self.replaced + self.expired


class Speaker:
    """Speaks utterances on a worker thread; `say` and `on_event` never block."""

    def __init__(self, backend: Backend, lang: str, *, names: Mapping[int, str] | None = None,
                 setup: Any = None, capacity: int = DEFAULT_CAPACITY,
                 clock: Callable[[], float] = time.monotonic, private_kinds: frozenset[str] = frozenset(),
                 speech: GameVoice | None = None) -> None:
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.backend = backend
        self.lang = lang
        self.private_kinds = frozenset(private_kinds)  # declared by the hosted game: never said
        # the hosted game's own words (None: a game with no voice, which is silent)
        self.narrator: Narration | None = None if speech is None else speech.narrator(lang, sayable_names(names or {}), setup)
        self.answered_kinds = frozenset() if speech is None else speech.answered_kinds
        self.capacity = capacity
        self.stats = SpeakerStats()
        self._clock = clock
        self._queue: list[_Queued] = []
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self._busy = False
        self._closed = False
        self._worker = threading.Thread(target=self._run, name="voice-speaker", daemon=True)
        self._worker.start()

    # -- producer side: called from the hub's thread --------------------------------
    def on_event(self, event: Mapping[str, Any] | object) -> None:
        """Narrate one engine event or hub feedback (private events are ignored)."""
        data = normalize_event(event, self.private_kinds)
        if data is None:
            return  # addressed to one seat, or of a kind the game declares private
        if self.narrator is None:
            return
        if data["kind"] in self.answered_kinds:
            self.forget(PROMPT_KEY)  # the decision it prompted for has been made
        if data["kind"] == "new_game" and isinstance(data.get("names"), list):  # the new players' names
            event = {**data, "names": [name if sayable(str(name)) else "" for name in data["names"]]}
        for utterance in self.narrator.narrate(event):
            self.say(utterance)

    def forget(self, stale_key: str) -> int:
        """Drop queued utterances with this stale_key; how many went."""
        with self._cond:
            before = len(self._queue)
            self._queue = [q for q in self._queue if q.utterance.stale_key != stale_key]
            dropped = before - len(self._queue)
            self.stats.replaced += dropped
            self._cond.notify_all()
            return dropped

    def on_events(self, events: Iterable[Mapping[str, Any] | object]) -> None:
        for event in events:
            self.on_event(event)

    def say(self, utterance: Utterance) -> bool:
        """Queue `utterance`; False when it was dropped at once (closed or least important)."""
        with self._cond:
            if self._closed:
                return False
            if utterance.stale_key is not None:
                before = len(self._queue)
                self._queue = [q for q in self._queue
                               if q.utterance.stale_key != utterance.stale_key]
                self.stats.replaced += before - len(self._queue)
            item = _Queued(utterance, next(self._seq), self._clock())
            if len(self._queue) >= self.capacity:
                victim = min([*self._queue, item],
                             key=lambda q: (q.utterance.priority, q.seq))
                self.stats.dropped_full += 1
                if victim is item:
                    return False
                self._queue.remove(victim)
            self._queue.append(item)
            self._cond.notify_all()
            return True

    def pending(self) -> list[Utterance]:
        """What is still queued, in the order it would be said."""
        with self._cond:
            return [q.utterance for q in sorted(self._queue, key=_speaking_order)]

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until everything queued has been said (for `sim` and tests, not the hub)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._queue or self._busy:
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return False
                self._cond.wait(remaining)
            return True

    def close(self, timeout: float = 2.0) -> None:
        """Stop now: drop what is queued, interrupt the backend, let the worker finish."""
        with self._cond:
            self._closed = True
            self._queue.clear()
            self._cond.notify_all()
        try:
            self.backend.close()
        finally:
            self._worker.join(timeout)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- consumer side: the worker thread --------------------------------------------
    def _next(self) -> Utterance | None:
        """Pop the next live utterance, or None when closed; caller holds the lock."""
        while True:
            while not self._queue and not self._closed:
                self._cond.wait()
            if self._closed:
                return None
            item = min(self._queue, key=_speaking_order)
            self._queue.remove(item)
            ttl = item.utterance.ttl
            if ttl is not None and self._clock() - item.queued_at > ttl:
                self.stats.expired += 1
                self._cond.notify_all()
                continue
            return item.utterance

    def _run(self) -> None:
        while True:
            with self._cond:
                utterance = self._next()
                if utterance is None:
                    self._cond.notify_all()
                    return
                self._busy = True
            try:
                self.backend.speak(utterance.text)
                self.stats.spoken += 1
            except Exception:  # a broken backend must not stop the voice
                self.stats.failed += 1
                log.exception("voice: backend failed to say %r", utterance.text)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()


def sayable_names(names: Mapping[int, str]) -> dict[int, str]:
    """The names a voice can say; without its name, a seat is called by its number in the
    game's own words ("Seat 3", "3號座位"), never spelled "... letter" by letter."""
    return {seat: name for seat, name in names.items() if sayable(name)}


def _speaking_order(item: _Queued) -> tuple[int, int]:
    """URGENT first; otherwise the order things happened in the game."""
    return (0 if item.utterance.priority >= Priority.URGENT else 1, item.seq)
