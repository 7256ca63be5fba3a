"""The Classic edition: the default rule set (``shared/rules/citadels-classic.md``)."""

from __future__ import annotations

from .base import Edition


class Classic(Edition):
    """Everything as in the base class: Classic is the reference the others differ from."""
