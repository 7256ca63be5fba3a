"""Rule sets: ``edition(name)`` gives the Edition a Setup names (``classic`` by default)."""

from __future__ import annotations

from .base import Edition
from .classic import Classic
from .y2000 import Y2000

EDITIONS: dict[str, Edition] = {e.name: e for e in (Classic(), Y2000())}


def edition(name: str) -> Edition:
    """The named edition; raises KeyError naming the known ones."""
    if name not in EDITIONS:
        raise KeyError(f"unknown edition {name!r}; known: {', '.join(EDITIONS)}")
    return EDITIONS[name]


def edition_names() -> list[str]:
    return list(EDITIONS)


def variant_names() -> list[str]:
    """Every edition's variants (a Setup checks that its edition has the one named)."""
    return list(dict.fromkeys(v for e in EDITIONS.values() for v in e.variants))


__all__ = ["EDITIONS", "Edition", "edition", "edition_names", "variant_names"]
