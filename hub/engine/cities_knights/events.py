"""Events: what an accepted action changed. ``to`` is None for the table, or the one seat
that may see it (the card a seat drew, discarded or took): a secret never reaches an
event without ``to``."""

from __future__ import annotations

from hub.engine.events import Event

__all__ = ["Event"]
