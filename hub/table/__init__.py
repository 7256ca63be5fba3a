"""The table: hub service, tag registry, simulator. Adapters around hub.engine.citadels.

``TableService`` is in ``hub.table.service``: importing this package does not import it,
because the Citadels adapter it wires reads the words in ``hub.table.texts``."""

from .registry import CardRef, Enrollment, TagRegistry

__all__ = ["CardRef", "Enrollment", "TagRegistry"]
