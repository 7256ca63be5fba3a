"""Bounded outbound queue (pure logic) of events waiting for the hub's answer.

A broker's PUBACK is not the hub's: an event leaves only when the hub has answered it
(a command whose `ref` is the event's seq), so a move made while the hub restarts, or
acknowledged by a broker that then lost it, is sent again. One event is in flight at a
time (stop and wait): the hub sees a seat's events in the order they were made, which
matters (button cursor moves are relative; a card lifted and laid again). An unanswered
event is sent again after `resend_ms`, after every reconnect (`requeue`) and when the
hub says it is online. When full, the oldest is dropped and counted so the seat can
report the loss. The hub drops duplicates by (device, boot, seq) and answers them too.
"""


class Outbox:
    def __init__(self, capacity=64):
        self.capacity = capacity
        self.dropped = 0        # total since boot
        self.unreported = 0     # dropped since the last report
        self._entries = []      # [key (seq), topic, payload, sent at (ms) or None]

    def __len__(self):
        return len(self._entries)

    def push(self, key, topic, payload):
        while len(self._entries) >= self.capacity:
            self._entries.pop(0)
            self.dropped += 1
            self.unreported += 1
        self._entries.append([key, topic, payload, None])

    def due(self, now_ms, resend_ms):
        """The entry to send now, or None: the oldest, if never sent since the last
        requeue or unanswered for resend_ms (one in flight at a time)."""
        if not self._entries:
            return None
        entry = self._entries[0]
        sent = entry[3]
        if sent is None or now_ms - sent >= resend_ms:
            return entry
        return None

    def mark_sent(self, entry, now_ms):
        entry[3] = now_ms

    def answered(self, key):
        """The hub answered the event `key`: forget it; False if unknown (a late or
        repeated answer, or an event already dropped)."""
        for i, entry in enumerate(self._entries):
            if entry[0] == key:
                self._entries.pop(i)
                return True
        return False

    def requeue(self):
        """After a reconnect or the hub's `online`: what is unanswered goes out again now."""
        for entry in self._entries:
            entry[3] = None

    def in_flight(self):
        """How many entries were sent and are not answered yet (0 or 1)."""
        return sum(1 for entry in self._entries if entry[3] is not None)

    def keys(self):
        return [entry[0] for entry in self._entries]
