"""The table: hub service, tag registry, simulator. Adapters around hub.engine."""

from typing import Any

from .registry import CardRef, Enrollment, TagRegistry

__all__ = ["CardRef", "Enrollment", "TableService", "TagRegistry"]


def __getattr__(name: str) -> Any:
    """`TableService` on first use: it imports the Citadels adapter, which reads the
    words in `hub.table.texts`, so importing this package must not import it."""
    if name == "TableService":
        from .service import TableService

        return TableService
    raise AttributeError(f"module 'hub.table' has no attribute {name!r}")
