"""Jittered exponential backoff (pure logic) for Wi-Fi and broker reconnects.

Seven seats that lost the same access point must not hammer it in lock-step, so each
wait is drawn between half and all of the current delay, which doubles up to a cap.
"""


class Backoff:
    def __init__(self, rand_below, base_ms=500, max_ms=30000):
        self._rand_below = rand_below   # f(n) -> int in [0, n)
        self.base_ms = base_ms
        self.max_ms = max_ms
        self.failures = 0
        self._delay = base_ms
        self._next_at = 0

    def ready(self, now_ms):
        return now_ms >= self._next_at

    def fail(self, now_ms):
        """Record a failed attempt; returns the wait before the next one."""
        self.failures += 1
        half = self._delay // 2
        wait = half + self._rand_below(self._delay - half + 1)
        self._next_at = now_ms + wait
        self._delay = min(self._delay * 2, self.max_ms)
        return wait

    def reset(self):
        self.failures = 0
        self._delay = self.base_ms
        self._next_at = 0
