"""Moved to the game-neutral kernel (`hub.kernel.readers`); this name stays for old imports."""

from hub.kernel.readers import Placement, Reader, Readers

__all__ = ["Placement", "Reader", "Readers"]
