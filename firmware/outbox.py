"""Bounded outbound queue (pure logic) for events waiting for the broker's PUBACK.

While the link is down events pile up here; when full the oldest is dropped and counted
so the seat can report the loss. An entry leaves only when its PUBACK arrives, so an
event sent just before a disconnect is sent again after the reconnect (at least once;
the hub drops duplicates by (device, boot, seq)).
"""


class Outbox:
    def __init__(self, capacity=64):
        self.capacity = capacity
        self.dropped = 0        # total since boot
        self.unreported = 0     # dropped since the last report
        self._entries = []      # [key, topic, payload, packet_id or 0]

    def __len__(self):
        return len(self._entries)

    def push(self, key, topic, payload):
        while len(self._entries) >= self.capacity:
            self._entries.pop(0)
            self.dropped += 1
            self.unreported += 1
        self._entries.append([key, topic, payload, 0])

    def unsent(self, limit):
        """Entries not yet in flight, oldest first, at most limit of them."""
        out = []  # type: list[list]
        for entry in self._entries:
            if len(out) >= limit:
                break
            if not entry[3]:
                out.append(entry)
        return out

    def in_flight(self):
        return sum(1 for entry in self._entries if entry[3])

    def mark_sent(self, entry, packet_id):
        entry[3] = packet_id

    def acknowledge(self, packet_id):
        """Remove the entry sent with packet_id; False if unknown (e.g. already dropped)."""
        for i, entry in enumerate(self._entries):
            if entry[3] == packet_id:
                self._entries.pop(i)
                return True
        return False

    def requeue(self):
        """After a reconnect: everything in flight must be sent again."""
        for entry in self._entries:
            entry[3] = 0

    def keys(self):
        return [entry[0] for entry in self._entries]
