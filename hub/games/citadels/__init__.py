"""Citadels at the sensor table: the adapter between `hub.kernel` and `hub.engine.citadels`."""

from .adapter import CARD_VERBS, CitadelsAdapter, button_options, said_with_card

__all__ = ["CARD_VERBS", "CitadelsAdapter", "button_options", "said_with_card"]
