"""The lines The Builders' seat displays show (4 lines of 21 characters): a facade over
`words` (``display.*``, ``refusal.*``). The display's font is Latin, so it speaks English
today; every line exists in the three languages, so ``lang`` is a parameter.

Workers print no name, only a type and four outputs: a display names one by both
("Craftsman S1T3": 1 stone, 3 tile; W wood, K knowledge, T tile). Buildings and
machines print their names.
"""

from __future__ import annotations

import functools
from typing import Any

from hub.engine.builders import Action
from hub.engine.builders.game import COIN_ACTIONS
from hub.kernel import wrap_lines

from .words import WORDS, card_name, say

def card(card_id: str | None, lang: str = "en") -> str:
    """A card as a display names it: 'Chapel', 'Crane', 'Craftsman S1T3'."""
    return card_name(card_id, lang)


def show(key: str, lang: str = "en", **params: object) -> str:
    """One display line (``display.<key>``)."""
    return say(f"display.{key}", lang, **params)


@functools.lru_cache(maxsize=4096)
def describe(action: Action, lang: str = "en") -> str:
    """An option or an accepted move, as a person reads it."""
    verb, args = action.verb, action.args
    if verb in ("open", "recruit"):
        return show(verb, lang, card=card(args[0], lang))
    if verb == "send":
        return show("send", lang, worker=card(args[0], lang), site=card(args[1], lang))
    if verb == "coins":
        return show("coins_1", lang) if args[0] == "1" else show("coins_n", lang, n=args[0], actions=COIN_ACTIONS.get(args[0], "?"))
    if verb in ("buy", "end", "void"):
        return show(verb, lang)
    return str(action)


def legend(lang: str = "en") -> list[str]:
    """The workers' letters explained, in two display lines ("S stone, W wood,")."""
    return [show("legend_1", lang), show("legend_2", lang)]


def refusal(exc: Any, lang: str = "en") -> list[str]:
    """A refusal as the seat's display says it: the reason's own short form where the
    engine gives one ("Costs 2 actions; you have 1 left"), else its code's few words
    (which say nothing the code does not), else the engine's own sentence."""
    short = getattr(exc, "short", None)
    if short:
        return wrap_lines(short)
    key = f"refusal.{exc.code}"
    return wrap_lines(say(key, lang) if key in WORDS.table else exc.message)
