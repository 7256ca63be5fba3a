"""Devices are flaky: delivery is at least once, so the hub applies a seat event at most
once per ``(device, boot, seq)``. A seq repeats across boots, hence the boot in the key.

The records are the seat's own: an event is a duplicate only of one that came on the
same seat's topic, so a seat (or a login) sending with another seat's device and boot
cannot silence that seat. And they are bounded, whatever a device sends: per seat, the
last ``BOOTS`` (device, boot) pairs heard; per pair, which of the ``WINDOW`` seqs up to
the highest one were taken in (a bit each). Past the bounds, an event more than
``WINDOW`` seqs older than its boot's newest is dropped as a duplicate (`too_old`), and
one of a boot forgotten (more than ``BOOTS`` boots ago on that seat) is taken as new.
The firmware never comes near either: it has one event in flight and keeps 64.
"""

from __future__ import annotations

WINDOW = 1024  # seqs remembered below a boot's highest one
BOOTS = 4  # (device, boot) pairs remembered per seat


class SeenEvents:
    """Which ``(device, boot, seq)`` each seat has had taken in."""

    def __init__(self, window: int = WINDOW, boots: int = BOOTS) -> None:
        self.window = window
        self.boots_per_seat = boots
        self.too_old = 0  # events dropped because they fell below the window
        # seat -> (device, boot) -> [highest seq, bits]: bit i set = seq (highest - i) taken in
        self._seats: dict[int, dict[tuple[str, int], list[int]]] = {}

    def first_time(self, seat: int, device: str, boot: int, seq: int) -> bool:
        """Record the event of `seat`; False if that seat already had it taken in (a
        duplicate) or it is older than the window."""
        boots = self._seats.get(seat)
        if boots is None:
            boots = self._seats[seat] = {}
        record = boots.get((device, boot))
        if record is None:
            if len(boots) >= self.boots_per_seat:
                del boots[next(iter(boots))]  # the boot heard from first goes
            boots[(device, boot)] = [seq, 1]
            return True
        high, bits = record
        if seq > high:
            jump = seq - high
            record[0] = seq  # a jump past the window (a seq may be up to 2**53) forgets all below
            record[1] = ((bits << jump) | 1) & ((1 << self.window) - 1) if jump < self.window else 1
            return True
        age = high - seq
        if age >= self.window:
            self.too_old += 1
            return False
        if bits >> age & 1:
            return False
        record[1] = bits | 1 << age
        return True

    def taken(self, seat: int | None, device: str, boot: int, seq: int) -> bool:
        """Whether the event was taken in (on `seat`, or on any seat when None)."""
        seats = self._seats.values() if seat is None else [self._seats.get(seat, {})]
        for boots in seats:
            record = boots.get((device, boot))
            if record is not None and 0 <= record[0] - seq < self.window and record[1] >> (record[0] - seq) & 1:
                return True
        return False

    def __contains__(self, key: tuple[str, int, int]) -> bool:
        device, boot, seq = key
        return self.taken(None, device, boot, seq)

    def boots(self) -> list[tuple[str, int]]:
        """Every (device, boot) remembered, for status pages and tests."""
        return list(dict.fromkeys(pair for boots in self._seats.values() for pair in boots))
