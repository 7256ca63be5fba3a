"""Button debouncing and long-press detection (pure logic, fed with pin levels)."""

import time

# the board's wrap-aware difference of time.ticks_ms() values; a plain one where time has
# none (CPython running the pure-logic checks, whose ticks never wrap)
_ticks_diff = getattr(time, "ticks_diff", None) or (lambda end, start: end - start)


class Button:
    """One push button: update() with the raw level, get "short" / "long" / None back.

    A level change counts only after it has been stable for debounce_ms. A long press is
    reported as soon as the hold time is reached (the release then reports nothing), a
    short press on release.

    The loop samples the level once a pass, so a press that begins and ends between two
    passes (one held up by a broker connect, a TLS handshake, a reader's reset) would be
    lost. The pin's interrupt tells `edge()` every change as it happens; a press held at
    least debounce_ms that the sampling never saw is reported by the next update().
    """

    def __init__(self, name, debounce_ms=30, long_ms=800):
        self.name = name
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self._raw = False
        self._raw_since = 0
        self._pressed = False
        self._pressed_at = 0
        self._long_sent = False
        self._sampled = 0            # presses the sampling saw go down (loop side)
        # interrupt side: written only by edge(), read by update()
        self._edge_down = False
        self._edge_down_at = 0
        self.completed = 0           # presses held >= debounce_ms and released, per the edges
        self.completed_ms = 0        # how long the last of them was held

    def edge(self, pressed, ticks_ms):
        """The pin changed to `pressed` at `ticks_ms` (time.ticks_ms()). Called from a hard
        interrupt: it allocates nothing (ints and bools only) and touches only its own fields."""
        if pressed:
            self._edge_down = True
            self._edge_down_at = ticks_ms
        elif self._edge_down:
            self._edge_down = False
            held = _ticks_diff(ticks_ms, self._edge_down_at)
            if held >= self.debounce_ms:   # contact bounce is shorter
                self.completed_ms = held
                self.completed += 1

    def update(self, pressed, now_ms):
        if pressed != self._raw:
            self._raw = pressed
            self._raw_since = now_ms
        stable = now_ms - self._raw_since >= self.debounce_ms
        if stable and pressed != self._pressed:
            self._pressed = pressed
            if pressed:
                self._pressed_at = now_ms
                self._long_sent = False
                self._sampled += 1
                return None
            if not self._long_sent:
                return "short"
            return None
        if self._pressed and not self._long_sent and now_ms - self._pressed_at >= self.long_ms:
            self._long_sent = True
            return "long"
        if not self._pressed and not self._raw:
            return self._missed()
        return None

    def _missed(self):
        """A press the edges saw and the sampling did not (one a pass, while released)."""
        completed = self.completed   # read once: the interrupt may add to it meanwhile
        if completed > self._sampled:
            self._sampled += 1
            return "long" if self.completed_ms >= self.long_ms else "short"
        self._sampled = completed   # the sampling took a bouncy press the edges did not: even again
        return None
