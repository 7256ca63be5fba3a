"""The words The Builders' seat displays show (English, 4 lines of 21 characters).

Workers print no name, only a type and four outputs: a display names one by both
("Craftsman S1T3": 1 stone, 3 tile; W wood, K knowledge, T tile). Buildings and
machines print their names.
"""

from __future__ import annotations

import functools
import textwrap

from hub.engine.builders import Action
from hub.engine.builders.cards import BUILDINGS, CREW

LINE, LINES = 21, 4
LETTERS = ("S", "W", "K", "T")  # stone, wood, knowledge, tile


def lines(*parts: str) -> list[str]:
    """Wrap free text into at most 4 display lines."""
    out: list[str] = []
    for part in parts:
        out.extend(textwrap.wrap(part, LINE) or [""])
    return out[:LINES]


@functools.lru_cache(maxsize=256)
def card(card_id: str) -> str:
    """A card as a display names it: 'Chapel', 'Crane', 'Craftsman S1T3'."""
    if card_id in BUILDINGS and card_id not in CREW:
        return BUILDINGS[card_id].name
    w = CREW[card_id]
    if w.type == "machine":
        return w.name
    return f"{w.name} " + "".join(f"{letter}{n}" for letter, n in zip(LETTERS, w.output) if n)


@functools.lru_cache(maxsize=4096)
def describe(action: Action) -> str:
    """An option or an accepted move, as a person reads it."""
    verb, args = action.verb, action.args
    if verb == "open":
        return f"Open {card(args[0])}"
    if verb == "recruit":
        return f"Hire {card(args[0])}"
    if verb == "send":
        return f"{card(args[0])} to {card(args[1])}"
    if verb == "coins":
        return f"Take {args[0]} coin{'s' * (args[0] != '1')}"
    if verb == "buy":
        return "Buy an action (5)"
    if verb == "end":
        return "End the turn"
    if verb == "void":
        return "Undo the last move"
    return str(action)


SHORT_REFUSALS = {  # the engine's and the adapter's codes, said in a few words
    "not_your_turn": "Not your turn",
    "no_actions_left": "No action left: buy one (5 coins)",
    "not_face_up": "That card is not face up: take it from a row",
    "cannot_afford": "Not enough coins",
    "worker_busy": "That worker is on a site until it is finished",
    "not_your_worker": "Not one of your workers",
    "not_your_site": "Not one of your sites",
    "game_over": "The game is over",
    "unknown_tag": "Unknown card: enroll it",
    "choose_site": "Lay the site first, then the worker",
    "finished_card": "Finished: keep it by you",
    "not_yours": "That card is another seat's",
    "use_reader": "Lay the card on your reader",
}


def refusal(code: str, message: str) -> list[str]:
    return lines(SHORT_REFUSALS.get(code) or message)
