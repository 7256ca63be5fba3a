"""What untrusted text may not contain: control characters and text-direction controls.

A name or a reason shows on every phone. Control characters (C0, DEL, C1) and line or
paragraph separators break lines and logs; the bidirectional controls (U+202A-U+202E
embeddings and overrides, U+2066-U+2069 isolates, U+200E/U+200F/U+061C marks) reorder
what follows them, so "Bob" + U+202E could show another name backwards on the scoreboard.
Other format characters stay allowed: the zero-width joiner builds many emoji.
"""

from __future__ import annotations

import unicodedata

DIRECTION_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def text_problem(value: str) -> str | None:
    """What is wrong with `value` as shown text ("control characters", ...), or None."""
    for char in value:
        if char in DIRECTION_CONTROLS:
            return "text-direction characters"
        if unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            return "control characters"
    return None
