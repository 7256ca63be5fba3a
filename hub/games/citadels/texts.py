"""Short lines for a seat's display (4 lines x 21 characters) and the console.

A facade over the word catalogue (``hub.games.citadels.words``, ``data/display.json``): the display's own
short forms ("Pick Thief", "Take 2 gold") with the card names every medium shares. The
display speaks English today (its font has no CJK); every line exists in all three
languages, so ``lang`` is a parameter.
"""

from __future__ import annotations

import functools
import unicodedata
from collections import Counter
from typing import Any

from . import words
from hub.engine.citadels import Action

# verbs whose display line is the verb's word and the card it names ("Build Manor")
_CARD_VERBS = frozenset({"pick", "faceup", "discard", "kill", "rob", "keep", "build", "toss", "lab", "museum"})
# verbs with a fixed line
_PLAIN_VERBS = frozenset({"gold", "draw", "tax", "end", "smithy", "done"})
_PROMPT_HEADS = frozenset({"pick", "faceup", "graveyard", "discard", "keep", "toss"})


@functools.lru_cache(maxsize=4096)  # a table says the same few hundred lines again and again
def say(key: str, lang: str = "en", **params: object) -> str:
    """One display line from the catalogue (``display.<key>``)."""
    return words.say(f"display.{key}", lang, None, **params)


@functools.lru_cache(maxsize=1024)  # asked for on every prompt and option line
def card_name(card: str, lang: str = "en") -> str:
    return words.card_name(card, lang)


@functools.lru_cache(maxsize=4096)  # every option line, cursor move and answer names an action
def describe(action: Action, lang: str = "en") -> str:
    """An option as a person reads it on a 21-character line."""
    verb, args = action.verb, action.args
    if verb in _CARD_VERBS and args:
        return say(verb, lang, card=card_name(args[0], lang))
    if verb == "lab":  # physical mode: offered without a card (the player picks one from the hand in front of him)
        return say("lab_any", lang)
    if verb == "museum":
        return say("museum_any", lang)
    if verb == "destroy":
        return say("destroy", lang, card=card_name(args[1], lang), seat=args[0])
    if verb == "swap":
        return say("swap", lang, seat=args[0])
    if verb == "redraw":
        return say("redraw_n", lang, n=args[0]) if args else say("redraw", lang)
    if verb == "graveyard":
        return say("graveyard_take" if args[0] == "take" else "graveyard_pass", lang)
    if verb in _PLAIN_VERBS:
        return say(verb, lang)
    return str(action)


def bank_coins(delta: int, lang: str = "en") -> str | None:
    """What a player does with real coins for `delta` gold from (+) or to (-) the bank."""
    if delta > 0:
        return say("coin_take", lang, n=delta)
    if delta < 0:
        return say("coin_pay", lang, n=-delta)
    return None


def instruction(event: dict[str, Any], lang: str = "en") -> str:
    what, draw, keep = event["what"], event["draw"], event["keep"]
    if what == "draw_keep" and draw != keep:
        return say("instruct_draw_keep", lang, draw=draw, keep=keep, rest=draw - keep)
    if what == "redraw":
        return say("instruct_redraw", lang, draw=draw)
    return say("instruct_draw", lang, draw=draw)


def use_reader(action: Action, lang: str = "en") -> str:
    """Why a phone cannot say a card, and what to do instead."""
    verb, args = action.verb, action.args
    if verb == "destroy" and len(args) >= 2:
        return say("use_reader_destroy", lang, card=card_name(args[1], lang), seat=args[0])
    if args:
        return say("use_reader_card", lang, card=card_name(args[0], lang))
    return say("use_reader", lang)


def refusal_line(code: str, character: str | None = None, edition: str | None = None,
                 lang: str = "en") -> str | None:
    """Why a move was refused, as the seat page says it too: the character's own refusal
    (in its edition's words) when its ability refused the move, else the sentence for the
    code (``page.code_<code>``); None when the catalogue has no sentence for that code."""
    if character is not None:
        return words.say(words.character_key(character, "refusal"), lang, edition)
    key = f"page.code_{code}"
    return words.template(key, lang) if words.has(key) else None


# -- the lines the table service sends (one function per line, so the service holds no words)
def prompt_head(decision: str, character: str | None, lang: str = "en") -> str:
    """The first line of a seat's prompt: whose turn it is, or what it must decide."""
    if decision == "turn" and character:
        return say("your_turn", lang, character=card_name(character, lang))
    return say(f"head_{decision}", lang) if decision in _PROMPT_HEADS else decision


def misplaced_line(card: str | None, kind: str, lang: str = "en") -> str:
    """A card lying on a reader where it may not rest: kind "character" or "district"."""
    if card is None:
        return say("unknown_card", lang)
    return say("not_yours" if kind == "character" else "not_in_city", lang, card=card_name(card, lang))


DISPLAY_NAME = 10
"""Characters of a player's name on a seat's display: "Maximilian decides" fits its 21."""


@functools.lru_cache(maxsize=64)  # a table's names, asked for on every line that names a player
def display_names(names: tuple[str, ...]) -> dict[int, str]:
    """Each named seat's name as the seat displays show it; a seat left out is shown as
    "Seat 3". The display's font draws printable ASCII only: accents are dropped ("Zoë"
    is "Zoe"), a name in another script is left out. A name longer than `DISPLAY_NAME`
    is its first word if that fits, else cut ("Alexandrin."); two seats shortened alike
    are both left out, so a display never names the wrong player."""
    shown: dict[int, str] = {}
    for seat, name in enumerate(names, start=1):
        plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
        if not plain or not all(" " <= c <= "~" for c in plain) or plain == f"Seat {seat}":
            continue
        if len(plain) > DISPLAY_NAME:
            first = plain.split(" ", 1)[0]
            plain = first if 2 <= len(first) <= DISPLAY_NAME else plain[:DISPLAY_NAME - 1].rstrip() + "."
        shown[seat] = plain
    counts = Counter(name.casefold() for name in shown.values())
    return {seat: name for seat, name in shown.items() if counts[name.casefold()] == 1}


def named(key: str, seat: int, names: tuple[str, ...], lang: str = "en", **params: object) -> str:
    """A line naming a seat's player: ``<key>`` with the seat's number, or, when the display
    can show the player's name, ``<key's named form>`` with it (`NAMED_FORMS`)."""
    shown = display_names(names).get(seat) if names else None
    if shown is None:
        return say(key, lang, seat=seat, **params)
    return say(NAMED_FORMS[key], lang, name=shown, **params)


NAMED_FORMS = {"decides": "name_decides", "seat_wins": "name_wins", "robbed": "robbed_by",
               "robbery_take": "robbery_take_from", "swap": "swap_with"}
"""Display lines that name another seat, and their forms with the player's name."""


def final_lines(seat: int, winner: int, scores: dict[int, int], lang: str = "en",
                names: tuple[str, ...] = ()) -> list[str]:
    """A seat's display when the game ends: who won, and its own score."""
    if seat == winner:
        return [say("game_over", lang), say("you_win", lang, score=scores[seat])]
    return [say("game_over", lang), named("seat_wins", winner, names, lang, score=scores[winner]),
            say("your_score", lang, score=scores[seat])]


def waiting_line(seat: int | None, lang: str = "en", names: tuple[str, ...] = ()) -> str:
    return named("decides", seat, names, lang) if seat is not None else say("please_wait", lang)


def title(lang: str = "en") -> str:
    return words.template("title", lang)
