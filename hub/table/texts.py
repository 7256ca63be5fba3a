"""Short English lines for a seat's display (4 lines x 21 characters) and the console."""

from __future__ import annotations

import functools
import textwrap
from typing import Any

from hub.engine import Action
from hub.engine.cards import CHARACTER_BY_ID, all_districts

LINE = 21


@functools.lru_cache(maxsize=512)  # all_districts() builds every printing's table on each call
def card_name(card: str) -> str:
    if card in CHARACTER_BY_ID:
        return CHARACTER_BY_ID[card].name
    district = all_districts().get(card)
    return district.name if district else card


def lines(*parts: str) -> list[str]:
    """Wrap free text into at most 4 display lines."""
    out: list[str] = []
    for part in parts:
        out.extend(_wrapped(part))
    return out[:4]


@functools.lru_cache(maxsize=2048)  # a table says the same few hundred lines again and again
def _wrapped(part: str) -> tuple[str, ...]:
    return tuple(textwrap.wrap(part, LINE)) or ("",)


def describe(action: Action) -> str:
    """An option as a person reads it on a 21-character line."""
    verb, args = action.verb, action.args
    if verb in ("pick", "faceup", "discard", "kill", "rob", "keep", "build", "toss", "lab", "museum") and args:
        word = {"faceup": "Face up", "discard": "Remove", "toss": "Put back", "lab": "Lab: discard",
                "museum": "Museum"}.get(verb, verb.capitalize())
        return f"{word} {card_name(args[0])}"
    if verb == "destroy":
        return f"Destroy {card_name(args[1])} s{args[0]}"
    if verb == "swap":
        return f"Swap hands w/ seat {args[0]}"
    if verb == "redraw":
        return f"Redraw {args[0]} cards" if args else "Redraw cards"
    if verb == "graveyard":
        return "Graveyard: take (1g)" if args[0] == "take" else "Graveyard: pass"
    return {"gold": "Take 2 gold", "draw": "Draw cards", "tax": "Collect tax", "end": "End turn",
            "smithy": "Smithy: 2g->3 cards", "done": "Done"}.get(verb, str(action))


def coin_instruction(event: dict[str, Any]) -> str | None:
    """What a player must do with real coins after a gold change."""
    delta, reason = event["delta"], event["reason"]
    if reason == "robbery":
        return None  # said once, by the robbery event, to both seats
    if delta > 0:
        return f"Take {delta} gold from the bank"
    if delta < 0:
        return f"Pay {-delta} gold to the bank"
    return None


def instruction(event: dict[str, Any]) -> str:
    what, draw, keep = event["what"], event["draw"], event["keep"]
    if what == "draw_keep" and draw != keep:
        return f"Draw {draw}, keep {keep}, put {draw - keep} at the bottom"
    if what == "redraw":
        return f"Put {draw} at the bottom, then draw {draw}"
    return f"Draw {draw} district cards"


def use_reader(action: Action) -> str:
    """Why a phone cannot say a card, and what to do instead."""
    verb, args = action.verb, action.args
    if verb == "destroy" and len(args) >= 2:
        return f"lay the {card_name(args[1])} card of seat {args[0]}'s city on your reader"
    if args:
        return f"lay the {card_name(args[0])} card on your reader"
    return "lay the card on your reader"
