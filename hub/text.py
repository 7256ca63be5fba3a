"""Untrusted text shown to everyone: what it may not contain, and the players' names.

A name or a reason shows on every phone, the seat displays and the terminal, and is
spoken. Control characters (C0, DEL, C1) and line or paragraph separators break lines and
logs; the bidirectional controls (U+202A-U+202E embeddings and overrides, U+2066-U+2069
isolates, U+200E/U+200F/U+061C marks) reorder what follows them, so "Bob" + U+202E could
show another name backwards on the scoreboard. Other format characters stay allowed: the
zero-width joiner builds many emoji.

`player_names` is the one check of a table's names, for every game: the command line's
``--names`` and the admin page's new-game form both go through it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

DIRECTION_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

MAX_NAME_LENGTH = 20
"""Characters in a player's name: a line of the scoreboard, a spoken phrase, one terminal column."""

_DEFAULT_NAME = re.compile(r"[Ss]eat ?([0-9]+)")
_INVISIBLE = ("Cf", "Mn", "Me", "Zs")  # format, combining and space characters: nothing to read alone


def text_problem(value: str) -> str | None:
    """What is wrong with `value` as shown text ("control characters", ...), or None."""
    for char in value:
        if char in DIRECTION_CONTROLS:
            return "text-direction characters"
        if unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            return "control characters"
    return None


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
    Unicode composed (NFC). Refused, with `NameRefused` naming the seat and the reason:
    more names than players (blank ones aside), a name that is not text, holds control or text-direction
    characters, has nothing visible, is longer than `MAX_NAME_LENGTH`, reads as another
    seat's default ("Seat 2" for seat 1), or is another seat's name (case aside)."""
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
        name = unicodedata.normalize("NFC", " ".join(raw.split()))
        if not name:
            names.append(default_name(seat))
            continue
        if all(unicodedata.category(char) in _INVISIBLE for char in name):
            raise NameRefused(f"seat {seat}'s name has no visible character", seat=seat)
        if len(name) > MAX_NAME_LENGTH:
            raise NameRefused(f"seat {seat}'s name is {len(name)} characters long: at most {MAX_NAME_LENGTH}", seat=seat)
        label = _DEFAULT_NAME.fullmatch(name)
        if label and int(label.group(1)) != seat:
            raise NameRefused(f"seat {seat}'s name '{name}' reads as seat {int(label.group(1))}'s", seat=seat)
        names.append(name)
    if all(name == default_name(seat) for seat, name in enumerate(names, start=1)):
        return ()
    seen: dict[str, int] = {}
    for seat, name in enumerate(names, start=1):
        other = seen.setdefault(name.casefold(), seat)
        if other != seat:
            raise NameRefused(f"seat {seat}'s name '{name}' is seat {other}'s too: every player needs a name of their own", seat=seat)
    return tuple(names)


def names_option(text: str | None) -> list[str]:
    """``--names A,B,C`` as typed: the names between the commas (checked by `player_names`)."""
    return text.split(",") if text else []
