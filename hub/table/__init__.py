"""The table: hub service, tag registry, simulator. Adapters around hub.engine."""

from .registry import CardRef, Enrollment, TagRegistry
from .service import TableService

__all__ = ["CardRef", "Enrollment", "TableService", "TagRegistry"]
