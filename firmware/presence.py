"""Card presence tracking (pure logic): turns raw poll results into added/removed edges.

A card resting on the reader is not seen on every poll (RF glitches, a card halted by a
glitch), so a removal is only reported after the card has been missing from several
consecutive successful polls *and* for a minimum time, both counted from the first poll
that missed it. Time during which no poll ran (reader fault, blocking network call)
never counts as missing: after a long fault three unlucky polls are not a lift.
"""


class Presence:
    def __init__(self, remove_after_ms=400, remove_after_misses=3):
        self.remove_after_ms = remove_after_ms
        self.remove_after_misses = remove_after_misses
        self._last_seen = {}   # uid -> ms of the last poll that saw it
        self._misses = {}      # uid -> consecutive polls that did not see it
        self._missing_since = {}   # uid -> ms of the first poll of the current miss streak

    def present(self):
        return sorted(self._last_seen)

    def seed(self, seen, now_ms):
        """Take the cards seen by the first poll after boot as present, with no edges:
        they were lying there already (the reader's inventory), nobody just placed them."""
        for uid in seen:
            self._last_seen[uid] = now_ms
            self._misses[uid] = 0

    def restart_misses(self):
        """After a stretch without trustworthy polls (reader fault, two cards): a card's
        miss streak starts again, so the time of the stretch never counts as missing."""
        for uid in self._misses:
            self._misses[uid] = 0

    def update(self, seen, now_ms):
        """Feed the UIDs seen by one successful poll; return [(edge, uid), ...]."""
        edges = []
        for uid in seen:
            if uid not in self._last_seen:
                edges.append(("added", uid))
            self._last_seen[uid] = now_ms
            self._misses[uid] = 0
        for uid in list(self._last_seen):
            if uid in seen:
                continue
            misses = self._misses[uid] + 1
            self._misses[uid] = misses
            if misses == 1:
                self._missing_since[uid] = now_ms
            elapsed = now_ms - self._missing_since[uid]
            if misses >= self.remove_after_misses and elapsed >= self.remove_after_ms:
                del self._last_seen[uid]
                del self._misses[uid]
                del self._missing_since[uid]
                edges.append(("removed", uid))
        return edges
