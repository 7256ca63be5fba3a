"""Events: what an accepted action changed, addressed to everyone or to one seat."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    kind: str
    data: dict[str, Any]
    to: int | None = None  # None: public; a seat number: that seat only

    @property
    def public(self) -> bool:
        return self.to is None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.to is not None:
            out["to"] = self.to
        return out
