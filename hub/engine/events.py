"""An event: what an accepted action changed, for every engine. ``to`` is None for the
table, or the one seat that may see it: a secret never reaches an event without ``to``.
An engine names its kinds (its own ``events`` module); Citadels' events, made when first
read, have their own form (`hub.engine.citadels.events`)."""

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
        return {"kind": self.kind, **self.data}
