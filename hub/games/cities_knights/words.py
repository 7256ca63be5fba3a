"""Every word Cities & Knights shows or says, in the hub's three languages. The Chinese
follows the source document's terms (骑士, 野蛮人, 进度卡, 城市改善, 大都会, 城墙...).

The words are data (``data/*.json``: the sentences, the cards' effects, the pages' own
words, the cards' traditional names), read by the hub's one reader of words files
(`hub.words.read_words`); this module says them."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hub.engine.cities_knights.cards import CARDS
from hub.games.kit import Words
from hub.words import LANGS as LANGS, read_words

DATA = Path(__file__).with_name("data")
WORDS = Words(DATA / "words.json")
"""Every sentence its log, voice and displays say (``data/words.json``), read when first said."""
EFFECTS = Words(DATA / "effects.json")
"""What the players do on the board when a card is played, by the card's slug (digest, CSV)."""
PAGE = Words(DATA / "page.json")
"""The words of its own pages (scoreboard, seat, admin)."""
seat_name = WORDS.seat_name  # a seat's name, or "Seat 3" in `lang`


@functools.cache
def _card_names_hant() -> dict[str, Any]:
    """The cards' names in traditional characters (the source document names them in simplified)."""
    return read_words(DATA / "card_names.json")


def say(key: str, lang: str = "en", **params: object) -> str:
    return WORDS.say(key, lang, **params)


def say_count(key: str, count: int, lang: str = "en", **params: object) -> str:
    """`key`'s words for `count` of something: its singular form (``<key>_1``) for one,
    where English needs it (Chinese has the same words both ways)."""
    return say(f"{key}_1" if count == 1 and f"{key}_1" in WORDS.table else key, lang, **params)


def barbarians_at(left: int, lang: str = "en") -> str:
    """"Barbarians: 3 steps" (the display's line of the ship's distance), "1 step" for one;
    "Barbarians at Catan!" once the ship is there (the attack waits for the confirmations)."""
    if left <= 0:
        return say("barbarians_here", lang)
    return say_count("barbarians_at", left, lang, left=left)


def setup_lines(first: bool, lang: str = "en") -> list[str]:
    """How a seat sets up, as its display says it: the seat playing first also lays out
    the three progress decks face down and the ship on its start; every seat has
    1 settlement and 1 city on the board (the hub counts 3 points each, digest §2)."""
    decks = [say("setup_decks_1", lang), say("setup_decks_2", lang)] if first else []
    return [*decks, say("setup_pieces_1", lang), say("setup_pieces_2", lang)]




def names_joined(seats: Sequence[int], names: Mapping[int, str], lang: str = "en") -> str:
    return say("and", lang).join(seat_name(s, names, lang) for s in seats) or say("nobody", lang)


def card_name(card: str, lang: str = "en") -> str:
    c = CARDS[card]
    if lang == "en":
        return c.name
    return _card_names_hant()[c.slug] if lang == "zh-Hant" else c.name_zh.rstrip("?")


def effect(slug: str, lang: str = "en") -> str:
    """What the players do on the board for the card `slug` (English where a language lacks it)."""
    forms = EFFECTS.table[slug]
    return forms.get(lang, forms["en"])


def colour_name(colour: str, lang: str = "en") -> str:
    return say(f"colour.{colour}", lang)


def event_sentences(event: Mapping[str, Any], names: Mapping[int, str], lang: str = "en") -> list[str]:
    """One public event in words ([] for what needs none)."""
    if event.get("to") is not None:
        return []
    kind = str(event.get("kind"))
    seat = event.get("seat")
    name = seat_name(seat, names, lang) if isinstance(seat, int) and seat else say("nobody", lang)
    colour = event.get("colour")
    p: dict[str, Any] = {**event, "name": name}
    if isinstance(colour, str) and colour:
        p["colour_name"] = colour_name(colour, lang)
    if kind == "rolled":
        face = say("face.ship", lang) if event["event"] == "ship" else say(
            "face.gate", lang, colour=colour_name(event["event"], lang))
        return [say("rolled", lang, **{**p, "face": face})]
    if kind == "ship":  # at Catan it arrives, no "0 steps from Catan"
        if event["arrived"]:
            return [say("arrived", lang, **p)]
        left = event["steps"] - event["position"]
        return [say_count("ship", left, lang, **{**p, "left": left})]
    if kind == "attack":
        if event["won"]:
            out = [say("attack_won", lang, **p)]
            if event.get("defender"):
                out.append(say("defender", lang, name=seat_name(event["defender"], names, lang)))
            if event.get("tied"):
                out.append(say("tied", lang, names=names_joined(event["tied"], names, lang)))
            return out
        return [say("attack_lost", lang, **{**p, "names": names_joined(event["losers"], names, lang)})]
    if kind == "gate":
        drawers = event["drawers"]  # "nobody draws", "Ann draws", "Ann and Bob draw"
        key = "gate_1" if len(drawers) <= 1 else "gate"
        return [say(key, lang, **{**p, "names": names_joined(drawers, names, lang)})]
    if kind in ("vp_card", "played"):
        p["card"] = card_name(event["card"], lang)
        if kind == "played" and event.get("target"):
            out = [say("played_on", lang, **{**p, "target": seat_name(event["target"], names, lang)})]
        else:
            out = [say(kind, lang, **p)]
        if kind == "played":
            out.append(effect(event["slug"], lang))
        if kind == "played" and event.get("affected") is not None:
            out.append(say("affected", lang, names=names_joined(event["affected"], names, lang)))
        return out
    if kind == "took":
        return [say("took", lang, **{**p, "victim": seat_name(event["victim"], names, lang)})]
    if kind == "seven":
        limits = say("list", lang).join(say("limit_of", lang, name=seat_name(int(s), names, lang), limit=v)
                                        for s, v in event["limits"].items())
        return [say("seven", lang, limits=limits), say("robber_free" if event["robber"] else "robber_locked", lang)]
    if kind == "production":
        out = [say("production", lang, **p)]
        if event["aqueducts"]:
            out.append(say("aqueduct", lang, names=names_joined(event["aqueducts"], names, lang)))
        return out
    if kind == "built":
        return [say("built", lang, **{**p, "piece": say(f"piece.{event['piece']}", lang)})]
    if kind == "knight":
        return [say(f"knight.{event['change']}", lang, **p)]
    if kind == "ability":
        return [say("ability", lang, **{**p, "ability": say(f"ability.{event['ability']}", lang)})]
    if kind == "corrected":
        return [say("corrected", lang, **{**p, "what": say(f"what.{event['what']}", lang)})]
    if kind == "undone":
        return [say("undone", lang, reason=event.get("reason") or "–")]
    if kind == "game_over":
        winner = event["winner"]
        return [say("game_over", lang, name=seat_name(winner, names, lang), vp=dict(event["points"]).get(winner, dict(event["points"]).get(str(winner))))]
    if kind == "pillaged" and event.get("sided"):
        return [say(kind, lang, **p), say("pillaged_sided", lang)]
    if kind in ("turn_started", "drew", "discarded", "hand_limit", "deck_empty", "reward", "improved",
                "metropolis", "road", "pillaged", "confirmed", "turn_ended", "knights_reset"):
        return [say(kind, lang, **p)]
    return []


SPOKEN = frozenset({"rolled", "ship", "attack", "gate", "played", "vp_card", "metropolis", "pillaged", "game_over"})
"""What the voice says (issue 30): the roll and its event, the barbarians' approach and the
attack's outcome, the cards to draw, a card played, a metropolis, the winner."""


def speech(event: Mapping[str, Any], lang: str, names: Mapping[int, str]) -> list[str]:
    return event_sentences(event, names, lang) if event.get("kind") in SPOKEN else []


def catalogue() -> dict[str, dict[str, str]]:
    """Every template by language, and each card's name (``card.<kind>``): the pages' words."""
    out = {lang: {key: forms.get(lang, forms["en"]) for key, forms in (*WORDS.table.items(), *PAGE.table.items())}
           for lang in LANGS}
    for card in CARDS.values():
        for lang in LANGS:
            out[lang][f"card.{card.kind}"] = card_name(card.id, lang)
            out[lang][f"effect.{card.kind}"] = EFFECTS.table[card.slug][lang]
            out[lang][f"when.{card.kind}"] = PAGE.table[f"when.{card.when}"][lang]
    return out
