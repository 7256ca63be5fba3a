"""Free text in a seat display's lines: the one wrapper of every game's display text, the
protocol's `TEXT_MAX_CHARS` wide and at most `TEXT_MAX_LINES` lines (`GameAdapter.lines`'
default, the enrollment's prompts, the kernel's own words).

Its rules, the same at every seat of every game (tests/kernel/test_wrap.py):

- a line breaks at spaces, never inside a word: a line cut mid-word misleads ("no decision
  for you n");
- a seat and its number stay on one line: "Take 3 gold from seat / 2" reads the lone "2" as
  a count. A no-break space (U+00A0) keeps any two words together the same way, and shows
  as a space;
- an aside in brackets that fits a line stays on one: "Tap Manor (copy 1 of / 5)" asks for
  a copy "1 of" something;
- a word longer than a line starts a line and goes on on the next: cut at the width, but
  nothing of it lost;
- an empty text is one empty line (a blank line asked for is kept).
"""

from __future__ import annotations

import functools
import re

from hub.protocol import TEXT_MAX_CHARS, TEXT_MAX_LINES

NO_BREAK = "\u00a0"
_SEAT_NUMBER = re.compile(r"\b([Ss]eat) (?=[0-9])")
_ASIDE = re.compile(r"\(([^()]*)\)")
_BREAK = re.compile(r"[ \t\n\r\f\v]+")
"""Where a line may break: ASCII whitespace, never a no-break space."""


def wrap_lines(*texts: str) -> list[str]:
    """Each text in display lines (`wrap_text`), one below the other, at most the display's
    lines. A text that fits a line is that line."""
    lines: list[str] = []
    for text in texts:
        if len(text) <= TEXT_MAX_CHARS and text.isprintable():  # most texts: no break, no no-break space
            lines.append(text)
        else:
            lines.extend(_wrapped(text))
    return lines[:TEXT_MAX_LINES]


def wrap_text(text: str) -> list[str]:
    """One text in display lines, as many as it takes (the module doc's rules)."""
    return list(_wrapped(text))


@functools.lru_cache(maxsize=4096)  # a table says the same few hundred sentences again and again
def _wrapped(text: str) -> tuple[str, ...]:
    lines: list[str] = []
    line = ""
    kept = _ASIDE.sub(_kept_whole, _SEAT_NUMBER.sub("\\1" + NO_BREAK, text))
    for word in _BREAK.split(kept):
        if not word:  # the text's leading or trailing spaces
            continue
        if line and len(line) + 1 + len(word) <= TEXT_MAX_CHARS:
            line += " " + word
            continue
        if line:
            lines.append(line)
        while len(word) > TEXT_MAX_CHARS:
            lines.append(word[:TEXT_MAX_CHARS])
            word = word[TEXT_MAX_CHARS:]
        line = word
    if line or not lines:
        lines.append(line)
    return tuple(line.replace(NO_BREAK, " ") for line in lines)


def _kept_whole(aside: re.Match[str]) -> str:
    """A bracketed aside with no-break spaces, if it fits a line (else it breaks as any text)."""
    whole = aside.group(0)
    return _BREAK.sub(NO_BREAK, whole) if len(whole) <= TEXT_MAX_CHARS else whole
