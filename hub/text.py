"""Untrusted text shown to everyone: what it may not contain, and the players' names.

A name or a reason shows on every phone, the seat displays and the terminal, is spoken,
and is stored. Control characters (C0, DEL, C1) and line or paragraph separators break
lines and logs; the bidirectional controls (U+202A-U+202E embeddings and overrides,
U+2066-U+2069 isolates, U+200E/U+200F/U+061C marks) reorder what follows them, so "Bob" +
U+202E could show another name backwards on the scoreboard. A lone surrogate (half an
emoji) cannot be encoded at all: SQLite refuses to store it and every JSON answer that
carries it fails; a noncharacter or an unassigned code point shows as nothing or a box,
differently on every phone. `text_problem` refuses all of these wherever untrusted text
enters (names, reasons, the pause reason, MQTT payload strings, the soft seat's lines).

Shown text must also be readable (`shown_problem`): not only invisible characters
(zero-width, tag characters, the Hangul and Braille blanks), not a pile of combining marks
over one letter, and no format characters (U+200B, U+2060, ...), which change nothing on
screen but make two texts that look alike differ; the zero-width joiner stays allowed
between two symbols, where it builds an emoji (a family, a profession).

`player_names` is the one check of a table's names, for every game: the command line's
``--names`` and the admin page's new-game form both go through it. A name is NFKC-
normalised (full-width "Ａｎｎ" is "Ann") and is refused when it looks like another seat's
name or another seat's default ("Seat 2", "SEAT 2", "Sеat 2" with a Cyrillic е, "Seat ２"
for seat 1): two names are compared by their `skeleton` (UTS #39's idea, with a small
table of the common confusables).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

DIRECTION_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

MAX_NAME_LENGTH = 20
"""Characters in a player's name: a line of the scoreboard, a spoken phrase, one terminal column."""

MAX_ACTION_CHARS = 200
"""The longest line of a game's log, as every game's parser reads it back
(`hub.engine.actions.TextAction.parse`): a move the hub journals must fit in it."""

ZERO_WIDTH_JOINER = "\u200d"
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5\u034f\u2062\u2063\u2064")
"""Characters that are letters, symbols or marks by their category yet show nothing: the
Hangul fillers, the Braille blank, the Mongolian vowel separator, the Khmer inherent
vowels, the combining grapheme joiner, the invisible operators."""

MAX_MARKS_IN_A_ROW = 4
"""Combining marks over one character: enough for any script (Vietnamese takes two), not
for a 190-mark tower that covers the lines around it."""

_VISIBLE = ("L", "N", "S", "P")  # letters, digits, symbols (emoji) and punctuation show something


def text_problem(value: str) -> str | None:
    """What is wrong with `value` as text the hub stores and shows ("control characters",
    ...), or None. ASCII without controls passes at once."""
    if value.isascii() and value.isprintable():
        return None
    for char in value:
        if char in DIRECTION_CONTROLS:
            return "text-direction characters"
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp"):
            return "control characters"
        if category == "Cs":
            return "a lone surrogate (half of a character)"
        if category == "Cn":
            return "a noncharacter or an unassigned code point"
    return None


def _visible(char: str) -> bool:
    return char not in BLANKS and unicodedata.category(char)[0] in _VISIBLE


def shown_problem(value: str) -> str | None:
    """What makes `value` (already past `text_problem`) unfit to be shown and told apart:
    nothing visible, format characters (a joiner only inside an emoji) or a tower of
    combining marks; None when it reads as it looks."""
    problem = text_problem(value)
    if problem:
        return problem
    if value.isascii():
        return None if any(char.isalnum() or not char.isspace() for char in value) else "no visible character"
    if not any(_visible(char) for char in value):
        return "no visible character"
    marks = 0
    for index, char in enumerate(value):
        category = unicodedata.category(char)
        if category == "Cf" and not (char == ZERO_WIDTH_JOINER and _joins_symbols(value, index)):
            return "invisible format characters"
        marks = marks + 1 if category in ("Mn", "Me") else 0
        if marks > MAX_MARKS_IN_A_ROW:
            return "too many combining marks in a row"
    return None


def _joins_symbols(value: str, index: int) -> bool:
    """Whether the joiner at `index` stands between two symbols (an emoji sequence: the one
    before may carry its variation selector or skin tone)."""
    before = value[:index].rstrip("\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff")
    after = value[index + 1:index + 2]
    return bool(before and after) and unicodedata.category(before[-1]) == "So" and unicodedata.category(after) == "So"


# --- look-alikes ---------------------------------------------------------------------
CONFUSABLES = str.maketrans({
    # Source: Unicode's confusables.txt (UTS #39, "Unicode Security Mechanisms", version
    # 15.1.0): the entries whose prototype is a basic Latin letter or digit, for the scripts
    # a phone's keyboard offers beside Latin (Cyrillic, Greek, Armenian) and a few symbols.
    # A small table, not the whole file: it catches the look-alikes people type or paste,
    # not every one Unicode knows.
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
    "Х": "X", "У": "Y", "І": "I", "Ј": "J", "Ѕ": "S", "Ү": "Y", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "l",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s",
    "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ɡ": "g", "ı": "i", "ɑ": "a", "ο": "o", "ν": "v",
    "α": "a", "ι": "i", "κ": "k", "ρ": "p", "υ": "u", "γ": "y",
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    "օ": "o", "ս": "u", "հ": "h", "ո": "n", "ց": "g", "Օ": "O", "Ս": "U",
    "0": "O", "1": "l", "|": "l", "ǀ": "l", "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "−": "-",
    "ǃ": "!", "ʻ": "'", "ʼ": "'", "‘": "'", "’": "'", "`": "'",
})
_NOT_DRAWN = dict.fromkeys(map(ord, "\u200d\ufe0e\ufe0f"))  # a joiner or a variation selector changes no letter


def skeleton(text: str) -> str:
    """What `text` looks like: NFKC, each common confusable replaced by the Latin letter or
    digit it imitates, case and spaces aside. Two names with one skeleton look alike."""
    folded = unicodedata.normalize("NFKC", text).translate(_NOT_DRAWN).translate(CONFUSABLES)
    return "".join(folded.casefold().translate(CONFUSABLES).split())


_DEFAULT_SKELETON = re.compile(r"seat([0-9oli!]+)")
_DIGIT_LOOKS = str.maketrans("oli!", "0111")


def seat_it_reads_as(name: str) -> int | None:
    """The seat whose default name ("Seat 3") `name` looks like, or None."""
    label = _DEFAULT_SKELETON.fullmatch(skeleton(name))
    return int(label.group(1).translate(_DIGIT_LOOKS)) if label else None


class NameRefused(ValueError):
    """A name a table cannot take; the message says whose and why, `seat` whose it is
    (None: the list as a whole), so a form can mark the field."""

    def __init__(self, message: str, seat: int | None = None) -> None:
        super().__init__(message)
        self.seat = seat


def default_name(seat: int) -> str:
    """A seat's name when none was given (each page and voice words it in its language)."""
    return f"Seat {seat}"


def player_names(given: Sequence[object], players: int) -> tuple[str, ...]:
    """The names of a table of `players` from what a person typed, seat 1 first.

    A missing or blank name is its seat's default ("Seat 3"); no name at all gives ``()``
    (every seat its default). Each name is trimmed, its inner spaces collapsed and its
    Unicode normalised (NFKC). Refused, with `NameRefused` naming the seat and the reason:
    more names than players (blank ones aside), a name that is not text, holds control,
    text-direction or format characters or code points no font draws (`shown_problem`),
    has nothing visible or no letter or digit (an emoji alone), is longer than `MAX_NAME_LENGTH`, looks like another seat's
    default ("Seat 2", "SEAT 2", "Sеat 2" for seat 1) or another seat's name (`skeleton`)."""
    if any(not isinstance(extra, str) or extra.strip() for extra in given[players:]):  # blank fields are no names
        raise NameRefused(f"{len(given)} names given for {players} players")
    names: list[str] = []
    for seat in range(1, players + 1):
        raw = given[seat - 1] if seat <= len(given) else ""
        if not isinstance(raw, str):
            raise NameRefused(f"seat {seat}'s name must be a string (text)", seat=seat)
        problem = text_problem(raw.strip())
        if problem:
            raise NameRefused(f"seat {seat}'s name contains {problem} (a name may hold neither control "
                              "nor text-direction characters)", seat=seat)
        name = " ".join(unicodedata.normalize("NFKC", raw).split())
        if not name:
            names.append(default_name(seat))
            continue
        problem = shown_problem(name)
        if problem == "no visible character":
            raise NameRefused(f"seat {seat}'s name has no visible character", seat=seat)
        if problem:
            raise NameRefused(f"seat {seat}'s name contains {problem}", seat=seat)
        if not any(char.isalnum() for char in name):  # a name is said and told apart: symbols alone are neither
            raise NameRefused(f"seat {seat}'s name has no letter or digit", seat=seat)
        if len(name) > MAX_NAME_LENGTH:
            raise NameRefused(f"seat {seat}'s name is {len(name)} characters long: at most {MAX_NAME_LENGTH}", seat=seat)
        looks_like = seat_it_reads_as(name)
        if looks_like is not None and looks_like != seat:
            raise NameRefused(f"seat {seat}'s name '{name}' reads as seat {looks_like}'s", seat=seat)
        names.append(name)
    if all(name == default_name(seat) for seat, name in enumerate(names, start=1)):
        return ()
    seen: dict[str, int] = {}
    for seat, name in enumerate(names, start=1):
        other = seen.setdefault(skeleton(name), seat)
        if other != seat:
            alike = "is" if name.casefold() == names[other - 1].casefold() else "looks like"
            raise NameRefused(f"seat {seat}'s name '{name}' {alike} seat {other}'s too: every player needs a name "
                              "of their own", seat=seat)
    return tuple(names)


def names_option(text: str | None) -> list[str]:
    """``--names A,B,C`` as typed: the names between the commas (checked by `player_names`)."""
    return text.split(",") if text else []
