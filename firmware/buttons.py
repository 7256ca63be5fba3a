"""Button debouncing and long-press detection (pure logic, fed with pin levels)."""


class Button:
    """One push button: update() with the raw level, get "short" / "long" / None back.

    A level change counts only after it has been stable for debounce_ms. A long press is
    reported as soon as the hold time is reached (the release then reports nothing), a
    short press on release.
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
                return None
            if not self._long_sent:
                return "short"
            return None
        if self._pressed and not self._long_sent and now_ms - self._pressed_at >= self.long_ms:
            self._long_sent = True
            return "long"
        return None
