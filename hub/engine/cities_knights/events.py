"""Events: what an accepted action changed. ``to`` is None for the table, or the one seat
that may see it (the card a seat drew, discarded or took): a secret never reaches an
event without ``to``."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    kind: str
    data: dict[str, Any]
    to: int | None = None

    @property
    def public(self) -> bool:
        return self.to is None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}
