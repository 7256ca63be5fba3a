"""What Citadels' pages read besides the view: its words in English, Traditional and
Simplified Chinese (``/api/i18n``: UI phrases, verbs, card, type and character names, the
editions and their variants), and each public event's sentence for the page's log and what
the voice says for the speak switch (`event_words`).

The words come from Citadels' catalogue (``hub.games.citadels.words``); what the speak switch says comes from
the voice narrator, so the page says what the table says aloud.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from typing import Any

from hub.engine.citadels.editions import EDITIONS

from . import words
from .card_facts import card_facts
from .voice.narrator import PublicContext, phrases_for_event

LANGS: tuple[str, ...] = words.LANGS
TYPE_ORDER: tuple[str, ...] = ("noble", "religious", "trade", "military", "unique")

# The words are in the catalogue (hub/games/citadels/words/data/page.json, names.json): page.* are the UI
# phrases (served without the prefix), verb.* an action's verb on a button, log.* the game
# log's sentences. Terms follow the rulebooks, one word per idea in each language: a round
# is 輪/轮, a turn is 回合, the crown 皇冠; no space between names, numbers and Chinese words.
UI_PREFIX, VERB_PREFIX, LOG_PREFIX = "page.", "verb.", "log."
# An event with no log.* sentence stays out of the log: another event tells its story
# ("builds" says the price; a draw's cards are told as "takes 2 cards into their hand").
_GOLD_INCOME = frozenset({"tax", "income", "king", "bishop", "warlord", "noble", "religious", "military", "trade"})
_SEAT_KEYS = frozenset({"seat", "crowned", "thief_seat", "victim_seat", "warlord_seat", "other", "winner"})
_CARD_KEYS = frozenset({"character", "district"})
_DEFAULT_NAME = re.compile(r"^Seat ([0-9]{1,2})$")


def _pause_facts(facts: Any) -> dict[str, Any]:
    """A pause event's ``paused_for`` as the log words it: a reader's seat or a reason."""
    if not isinstance(facts, Mapping):
        return {}
    if isinstance(facts.get("reader"), int):
        return {"reader": facts["reader"]}
    return {"reason": str(facts["reason"])} if facts.get("reason") else {}


def _title(card_id: str) -> str:
    return card_id.replace("_", " ").title()


def card_names(edition: str | None = None) -> dict[str, dict[str, str]]:
    """Names of every known card per language, as the catalogue has them."""
    return {lang: words.card_names(lang, edition) for lang in LANGS}


def type_names() -> dict[str, dict[str, str]]:
    """District type names per language, as the rulebooks print them."""
    return {lang: {t: words.type_name(t, lang) for t in TYPE_ORDER} for lang in LANGS}


def _per_lang(prefix: str) -> dict[str, dict[str, str]]:
    return {lang: words.table(prefix, lang) for lang in LANGS}


def character_words() -> dict[str, dict[str, dict[str, dict[str, str]]]]:
    """{edition: {lang: {character: {name, ability, prompt, refusal}}}} for the seat page."""
    return {edition: {lang: {c: words.character_words(c, lang, edition) for c in words.characters()}
                      for lang in LANGS} for edition in words.editions()}


def page_facts() -> dict[str, Any]:
    """Everything Citadels' pages need to speak three languages, served once as JSON beside
    the hub's own words: its UI phrases (``ui``, over the hub's), verbs, district types,
    card and character names, the editions with their variants (the default first) for
    the admin's new-game form, and each edition's districts (type, cost) and what its unique
    districts do (``card_facts``)."""
    ui = _per_lang(UI_PREFIX)
    for lang in LANGS:
        ui[lang]["title"] = words.template("title", lang)
        ui[lang]["seat_n"] = words.template("seat", lang)
        ui[lang].update({f"edition_{e}": words.template(f"edition.{e}", lang) for e in words.editions()})
    return {
        "ui": ui,
        "verbs": _per_lang(VERB_PREFIX),
        "types": type_names(),
        "type_letters": _per_lang("type_letter."),
        "type_order": list(TYPE_ORDER),
        "cards": card_names(),
        "characters": character_words(),
        "editions": {name: sorted(e.variants, key=lambda v: v != e.default_variant) for name, e in EDITIONS.items()},
        **card_facts(),
    }


def is_default_name(seat: int, name: str | None) -> bool:
    """True when the table gave the seat no name (the engine then calls it "Seat 3")."""
    default = _DEFAULT_NAME.match(name or "")
    return not name or (default is not None and int(default.group(1)) == seat)


def seat_label(seat: int, name: str | None, lang: str) -> str:
    """A player's name, or "Seat 3" in the reader's language when the table gave none."""
    return words.seat_label(seat, lang) if is_default_name(seat, name) else str(name)


class _Lenient(string.Formatter):
    def get_value(self, key: Any, args: Any, kwargs: Mapping[str, Any]) -> Any:
        return kwargs.get(key, "?") if isinstance(key, str) else "?"


_FORMATTER = _Lenient()


def event_fields(event: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """`(kind, data)` whether the event is `{"kind", "data"}` or flat."""
    kind = str(event.get("kind", ""))
    data = event.get("data")
    if not isinstance(data, Mapping):
        data = {k: v for k, v in event.items() if k not in ("kind", "to")}
    return kind, dict(data)


def _template_key(kind: str, data: Mapping[str, Any]) -> str:
    """Which sentence tells this event (one kind can read several ways)."""
    if kind == "crown" and data.get("heir"):
        return "crown_heir"
    if kind == "no_answer" and data.get("killed"):
        return "no_answer_killed"
    if kind == "paused":
        facts = _pause_facts(data.get("paused_for"))
        if isinstance(data.get("seat"), int) or "reader" in facts:
            return "paused_reader"
        return "paused_reason" if facts else "paused"
    if kind == "gold":
        reason = str(data.get("reason", ""))
        if not data.get("delta"):
            return "gold_other"  # "collects 0 gold" is not news
        if reason == "gather":
            return "gold_gather"
        if reason in _GOLD_INCOME:
            return "gold_income"
        return {"merchant": "gold_merchant", "laboratory": "gold_laboratory", "smithy": "gold_smithy",
                "correction": "gold_correction"}.get(reason, "gold_other")
    if kind == "cards":
        if data.get("reason") == "graveyard":
            return "gold_other"
        delta = data.get("delta")
        return "cards_gain" if isinstance(delta, int) and delta > 0 else "cards_loss"
    if kind == "instruct":
        return {"draw_keep": "instruct_draw_keep", "draw": "instruct_draw", "redraw": "instruct_redraw"}.get(
            str(data.get("what")), "gold_other")
    return kind


def sentence(event: Mapping[str, Any], lang: str, seat_names: Mapping[int, str], names: Mapping[str, str]) -> str:
    """What a player would say happened, in `lang`; "" when the log need not say it.

    Never an engine id or code: unknown kinds and unknown cards give "" or a plain name.
    """
    kind, data = event_fields(event)
    if kind == "undone":
        return _undone(data, lang, seat_names, names)
    log_key = LOG_PREFIX + _template_key(kind, data)
    if not words.has(log_key):
        return ""
    values: dict[str, Any] = {"thief": names.get("thief") or words.character_name("thief", lang),
                              "why": _why(str(data.get("note") or ""), lang)}  # a correction's reason
    if kind == "paused":
        data = {**data, **_pause_facts(data.get("paused_for"))}
        data.setdefault("seat", data.pop("reader", None))
    for key, value in data.items():
        if key in _SEAT_KEYS and isinstance(value, int):
            values[key] = seat_label(value, seat_names.get(value), lang)
        elif key in _CARD_KEYS and isinstance(value, str):
            values[key] = names.get(value, _title(value))
        elif key == "characters" and isinstance(value, list):
            values[key] = words.template("list.separator", lang).join(
                names.get(str(c), _title(str(c))) for c in value) or "—"
        elif key == "delta" and isinstance(value, int):
            values[key] = f"{value:+d}"
            values["n"] = abs(value)
        else:
            values[key] = value
    return _FORMATTER.format(words.template(words.form_key(log_key, values), lang), **values)


def _undone(data: Mapping[str, Any], lang: str, seat_names: Mapping[int, str], names: Mapping[str, str]) -> str:
    """The table's undo (`hub.kernel.undo`), told with the first thing everyone had been told
    of the move it took back (the move itself; what followed it, "Bo is choosing", is left
    out), never a secret (an undone pick says a character was picked, never which), and the
    admin's reason."""
    told = [said for e in data.get("told") or [] if isinstance(e, Mapping)
            if (said := sentence(e, lang, seat_names, names))]
    why = _why(str(data.get("reason") or ""), lang)
    if told:
        return words.say("log.undone", lang, why=why, what=told[0])
    return words.say("log.undone_plain", lang, why=why)


def _why(reason: str, lang: str) -> str:
    """The admin's reason for a correction, as the log puts it after "Correction"."""
    return "" if not reason else (f" ({reason})" if lang == "en" else f"（{reason}）")


Narrate = Callable[[dict[str, Any], str, Mapping[int, str]], list[str]]


def narrator() -> Narrate | None:
    """The voice's phrases (what the table says aloud), which the page shows and speaks."""
    def narrate(event: dict[str, Any], lang: str, names: Mapping[int, str]) -> list[str]:
        return list(phrases_for_event(event, lang, PublicContext(names=dict(names))))

    return narrate


class EventWords:
    """Turns a public event into sentences in every language, once per event.

    `words` is what the page's log shows (written sentences, "" for events the log leaves
    out); `speech` is what the table's voice would say (from the narrator, when it is
    installed), for the page's speak switch. Default seat names are said in each language.
    """

    def __init__(self) -> None:
        self._names = card_names()
        self._narrate = narrator()

    def words(self, event: Mapping[str, Any], seat_names: Mapping[int, str]) -> dict[str, dict[str, str]]:
        shown: dict[str, str] = {}
        spoken: dict[str, str] = {}
        for lang in LANGS:
            said = ""
            if self._narrate is not None:
                try:
                    custom = {s: n for s, n in seat_names.items() if not is_default_name(s, n)}
                    said = " ".join(self._narrate(dict(event), lang, custom))
                except Exception:  # noqa: BLE001 - the voice helper must never break the scoreboard
                    said = ""
            if said:
                spoken[lang] = said
            shown[lang] = sentence(event, lang, seat_names, self._names[lang])
        out = {"words": shown}
        if spoken:
            out["speech"] = spoken
        return out


_EVENT_WORDS: list[EventWords] = []


def event_words(event: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, dict[str, str]]:
    """``{"words": {lang: the log's sentence}, "speech": {lang: what the voice says}}``."""
    if not _EVENT_WORDS:
        _EVENT_WORDS.append(EventWords())
    return _EVENT_WORDS[0].words(event, names)
