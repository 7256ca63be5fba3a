"""What lies on each seat's reader, as the hub knows it from `added`, `removed` and `inventory`.

A card lying on a reader when its board (re)starts is not a move. A device that sends
inventories says so in `hello`; for a v1 device (no inventory) the hub guards itself: the
cards it believed lay on the reader before the device's new boot are *ghosts*, and the
first `added` of a ghost in the new boot is the firmware re-reporting a card that never
moved, so it is ignored (see docs/protocol.md, "Cards present at boot").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .dedupe import BOOTS

Placement = Literal["new", "lying", "ghost", "left"]

MAX_CARDS = 32
"""Tags one reader is believed to hold: far more than a reader's field can read at once
(the firmware reports at most 8 in an inventory); past it the longest-lying one is forgotten,
so a seat reporting a fresh UID at every event cannot grow the hub."""


@dataclass
class Reader:
    device: str | None = None
    boot: int | None = None
    inventory: bool = False  # the device reports inventories (hello.inventory)
    cards: set[str] = field(default_factory=set)  # UIDs lying on it now (at most MAX_CARDS)
    ghosts: set[str] = field(default_factory=set)  # v1 device rebooted: UIDs that lay on it before
    too_many: bool = False  # multiple_cards fault raised and not yet recovered
    after_many: bool = False  # multiple_cards just recovered: the next `added` is the card left there
    boots: dict[tuple[str, int], None] = field(default_factory=dict)  # the last BOOTS (device, boot) seen here


class Readers(dict[int, Reader]):
    """The hub's model of every seat's reader: seat -> its `Reader`, made when first asked
    for (`readers[seat]` is the dict's own look-up: every seat message reads it twice)."""

    def __missing__(self, seat: int) -> Reader:
        reader = self[seat] = Reader()
        return reader

    def hello(self, seat: int, device: str, boot: int, inventory: bool) -> None:
        reader = self[seat]
        reader.inventory = inventory
        self.booted(seat, device, boot)

    def booted(self, seat: int, device: str, boot: int) -> bool:
        """Note the device and boot a message came from; True if it is a new boot."""
        reader = self[seat]
        if (device, boot) in reader.boots:
            return False  # the current boot, or a late message from an earlier one
        reader.boots[(device, boot)] = None
        while len(reader.boots) > BOOTS:  # bounded like the dedupe: a fresh boot id per event costs nothing
            del reader.boots[next(iter(reader.boots))]
        known = reader.device is not None
        reader.device, reader.boot = device, boot
        reader.too_many = reader.after_many = False
        if known and not reader.inventory:
            reader.ghosts |= reader.cards  # the v1 firmware will report them as `added`
            reader.cards = set()
        return True

    def added(self, seat: int, uid: str) -> Placement:
        """A tag reported placed: `new` is a real placement; `lying` (already on the
        reader) and `ghost` (re-reported after a v1 reboot) are not moves."""
        reader = self[seat]
        if uid in reader.ghosts:
            reader.ghosts.discard(uid)
            reader.cards.add(uid)
            return "ghost"
        reader.ghosts.clear()  # the boot's re-reports come first; after a real event, none remain
        if uid in reader.cards:
            return "lying"
        if len(reader.cards) >= MAX_CARDS:
            reader.cards.pop()  # a reader never holds this many: whichever is forgotten, nothing real is
        reader.cards.add(uid)
        if reader.after_many:  # left on the reader after "One card at a time": not a move
            reader.after_many = False
            return "left"
        return "new"

    def many_recovered(self, seat: int) -> None:
        """`recovered multiple_cards`: the seat reports the card left on its reader next
        (as `added`, if it was not reported before the second one came); that is no move."""
        self[seat].after_many = True

    def removed(self, seat: int, uid: str) -> None:
        reader = self[seat]
        reader.after_many = False
        reader.cards.discard(uid)
        reader.ghosts.discard(uid)

    def other_event(self, seat: int) -> None:
        """A button or fault: the boot's re-reports are over (and no card is left over)."""
        reader = self[seat]
        reader.ghosts.clear()
        reader.after_many = False

    def inventory(self, seat: int, uids: tuple[str, ...]) -> None:
        reader = self[seat]
        reader.cards = set(uids[:MAX_CARDS])
        reader.ghosts.clear()
        reader.after_many = False
