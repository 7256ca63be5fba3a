"""The Builders: Middle Ages at the sensor table: what a card laid on a seat's reader or a
button means, and what each seat's display is told (docs/protocol.md, "The Builders")."""

from .adapter import BuildersAdapter, SeatRefusal
from .tags import BuildersTags

__all__ = ["BuildersAdapter", "BuildersTags", "SeatRefusal"]
