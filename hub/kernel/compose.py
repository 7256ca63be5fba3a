"""One display composer for every game: what the deciding seat's four lines show.

OK applies the option the seat's cursor is on, so that option must be on the display the
seat was last sent; a game that composed its own display let a note ("Wash House
finished! / +6 coins, 1 pt / Flip it; workers back") push it off, and OK bought an action
nobody saw. Here the parts are the game's words and the placing is the kernel's:

- **notes**: what to do with coins and cards after the last move ("Face up: Chapel");
- the **prompt** (`Prompt`): its **head** (what the seat decides, "Your turn: 2 act."),
  its **purse** (the seat's coins or gold), what **else** helps ("Lay a card or A/B"),
  and what it says when no option is on the buttons ("Lay a card");
- the **option** the cursor is on (the game's words for it, numbered "2/5" once the seat
  has moved its cursor), which OK applies, marked as a person reads it (`option_lines`):
  "> " opens its first line, two spaces its further ones, so "> Pass" is not "Pass and
  draw" cut short, and a label the display wraps reads whole.

The head's first line and the option always show together. What else fits joins them in
this order of need: the notes, the purse, the head's other lines, the rest. Notes that do
not fit beside the head and the option take the screen alone, with "OK: go on" below them:
the option is then hidden, so the next OK shows the prompt instead of applying it
(`Composed.hides_option`), and OK again applies it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from hub.protocol import TEXT_MAX_CHARS

from .wrap import wrap_text

MAX_LINES = 4  # docs/protocol.md: a command's text is up to 4 lines
OPTION_FIRST = "> "
"""How the option OK applies starts: its first line begins with this (no other line of a
display does: the games' words start with a word; tests/kernel/test_display_invariant.py)."""
OPTION_MORE = "  "
"""How a wrapped option goes on: each of its further lines begins with this."""
OPTION_CHARS = TEXT_MAX_CHARS - len(OPTION_FIRST)

Wrap = Callable[[str], list[str]]


class Prompt(NamedTuple):
    """A game's words for its deciding seat's display, but the option (the kernel's). A
    named tuple: immutable, and made at a fraction of a frozen dataclass's cost (one or
    two at every decision of the table)."""

    head: tuple[str, ...]  # what the seat decides; the first line always shows
    purse: tuple[str, ...] = ()  # the seat's coins or gold ("5 coins, 3 pt")
    rest: tuple[str, ...] = ()  # what else helps ("Lay a card or A/B", "Site: Chapel")
    no_option: tuple[str, ...] = ()  # shown where the option goes when the buttons have none ("Lay a card")


class Composed(NamedTuple):
    """A display's lines, and whether they hide the option OK applies (a named tuple, as `Prompt`)."""

    lines: list[str]
    hides_option: bool = False


def compose(prompt: Prompt, option: list[str], notes: list[list[str]] | None = None, wrap: Wrap | None = None,
            go_on: str = "OK: go on", has_option: bool = True) -> Composed:
    """The deciding seat's display (see the module doc): `option` is the cursor's option
    in lines ([] with `has_option` False: the buttons have none and `prompt.no_option`
    shows), `notes` each note's lines, `wrap` free text -> lines (rewraps several notes as
    one paragraph), `go_on` the line below notes that take the screen."""
    shown_option = option if has_option else prompt.no_option
    if notes:  # a note the head says already ("Draw 1 green, tap it" told the drawer as it is asked) is said once
        notes = [note for note in notes if tuple(note) != prompt.head]
    head = prompt.head[:1]
    room = MAX_LINES - len(head) - len(shown_option)  # the head's first line and the option: never apart
    noted = _notes_in(notes, room, wrap) if notes else ()
    if noted is None:  # the notes take the screen; the first OK shows the prompt
        lines = [line for note in notes or [] for line in note]
        if wrap is not None and len(notes or []) > 1:
            lines = wrap(" ".join(_sentence(" ".join(note)) for note in notes or []))
        if len(lines) < MAX_LINES:
            return Composed(lines + [go_on], has_option)
        return Composed(lines[:MAX_LINES], has_option)
    room -= len(noted)
    purse = prompt.purse if len(prompt.purse) <= room else ()
    room -= len(purse)
    more_head = prompt.head[1:1 + room]
    room -= len(more_head)
    return _new_composed(Composed, ([*noted, *head, *more_head, *purse, *shown_option, *prompt.rest[:room]], False))


_new_composed = tuple.__new__
"""`Composed(lines)` without the named tuple's generated `__new__` (a Python call at every prompt)."""


@functools.lru_cache(maxsize=4096)  # the same few options at every cursor move
def option_lines(text: str) -> tuple[str, ...]:
    """The option OK applies in display lines, every word of it, marked where it starts
    (`OPTION_FIRST`) and goes on (`OPTION_MORE`): where it begins and ends is read from the
    display alone, as a person at the table reads it. Wrapped by the kernel's one wrapper
    (`hub.kernel.wrap`: a seat with its number, a word longer than a line goes on below)."""
    lines = wrap_text(text, OPTION_CHARS)[:MAX_LINES - 1]  # the head's first line shows above it
    return (OPTION_FIRST + lines[0], *(OPTION_MORE + line for line in lines[1:]))


_PLACE = re.compile(r"\d+/\d+ (.+)")  # an option numbered by its place ("2/5 Take 3 coins": display.option)


def option_read(lines: Sequence[str]) -> str | None:
    """The option a display marks (`option_lines`) as a person reads it: from its "> " to
    its last indented line, its words joined, without its place ("2/5 " once numbered), so
    "Pass" is never "Pass and draw", and a wrapped label reads whole; None when the
    display marks none. The one reading of the mark, for what plays at a seat from its
    display alone (the acceptance's people)."""
    for at, line in enumerate(lines):
        if line.startswith(OPTION_FIRST):
            parts = [line[len(OPTION_FIRST):]]
            for more in lines[at + 1:]:
                if not more.startswith(OPTION_MORE):
                    break
                parts.append(more[len(OPTION_MORE):])
            words = " ".join(" ".join(parts).split())
            placed = _PLACE.fullmatch(words)
            return placed.group(1) if placed else words
    return None


def compose_plain(notes: list[list[str]], wrap: Wrap | None = None) -> list[str]:
    """Notes to a seat that does not decide: their lines, rewrapped as one paragraph if too
    many, cut to the display's lines."""
    lines = [line for note in notes for line in note]
    if len(lines) > MAX_LINES and wrap is not None and len(notes) > 1:
        lines = wrap(" ".join(_sentence(" ".join(note)) for note in notes))
    return lines[:MAX_LINES]


def _notes_in(notes: list[list[str]], room: int, wrap: Wrap | None) -> list[str] | None:
    """The notes' lines in at most `room` lines (rewrapped as one paragraph if that makes
    them fit), or None if they do not fit."""
    lines = [line for note in notes for line in note]
    if len(lines) <= room:
        return lines
    if wrap is not None and len(notes) > 1:
        lines = wrap(" ".join(_sentence(" ".join(note)) for note in notes))
        if len(lines) <= room:
            return lines
    return None


def _sentence(text: str) -> str:
    """A note as a sentence of a paragraph (the display's lines have no full stop)."""
    return text if text.endswith((".", "!", "?", ":")) else text + "."
