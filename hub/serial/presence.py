"""Turns per-poll sightings of a tag into protocol edges, without flapping.

Why: a reader poll can miss a card that is still there (RF glitch, selected-target
quirk); the protocol promises one `added` per placement and one `removed` per lift, so
a card must be absent for several consecutive polls before it counts as lifted.
"""

from __future__ import annotations

from typing import Literal

Edge = Literal["added", "removed"]


class TagPresence:
    """Debounced presence of at most one tag on a single-target reader."""

    def __init__(self, removal_polls: int = 3) -> None:
        if removal_polls < 1:
            raise ValueError("removal_polls must be at least 1")
        self.removal_polls = removal_polls
        self.current: str | None = None
        self._misses = 0

    def seed(self, uid: str | None) -> None:
        """The first poll's card was lying there already (the reader's inventory): present,
        with no edge."""
        self.current, self._misses = uid, 0

    def restart_misses(self) -> None:
        """After polls that could not be trusted (two cards), the removal count starts again."""
        self._misses = 0

    def observe(self, uid: str | None) -> list[tuple[Edge, str]]:
        """Feed one successful poll's result (None: no tag seen); return edges to emit."""
        if uid is None:
            if self.current is None:
                return []
            self._misses += 1
            if self._misses < self.removal_polls:
                return []
            lifted, self.current, self._misses = self.current, None, 0
            return [("removed", lifted)]
        self._misses = 0
        if uid == self.current:
            return []
        edges: list[tuple[Edge, str]] = []
        if self.current is not None:
            edges.append(("removed", self.current))  # a different card replaced it
        self.current = uid
        edges.append(("added", uid))
        return edges


GuardChange = Literal["fault", "recovered"]


class OneCardGuard:
    """Two cards on one antenna: which one the player means is unclear. The guard says
    `fault` at the first poll seeing more than one and `recovered` after `clear_polls`
    consecutive polls with at most one; in between, edges are not to be trusted."""

    def __init__(self, clear_polls: int = 3) -> None:
        self.clear_polls = clear_polls
        self.active = False
        self._clear = 0

    def observe(self, count: int) -> GuardChange | None:
        if count > 1:
            self._clear = 0
            if not self.active:
                self.active = True
                return "fault"
            return None
        if not self.active:
            return None
        self._clear += 1
        if self._clear < self.clear_polls:
            return None
        self.active = False
        return "recovered"
