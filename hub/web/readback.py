"""What the admin page asks to be journaled is read back before the table gets it.

A correction's action carries the admin's reason; its text must be one the game's own
parser reads back as the same action (the log is replayed through it at every resume), or
the next start would stop at it. Refused here with 400 ``too_long`` on the reason (the form
marks the field); the table checks again before it journals anything (`hub.kernel.journaling`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hub.errors import HubError
from hub.text import MAX_ACTION_CHARS

from .errors import BadInput


def read_back(action: Any, parse: Callable[[str], Any], field: str = "reason") -> Any:
    """`action` if `parse(str(action))` gives it back, else `BadInput` naming `field`."""
    text = str(action)
    try:
        again = parse(text)
    except HubError as exc:
        code = "too_long" if len(text) > MAX_ACTION_CHARS else "bad_input"
        raise BadInput(f"'{field}' makes a move the log cannot keep: {exc.message}", code=code, field=field) from None
    if again != action:
        raise BadInput(f"'{field}' makes a move the log would read back as another", field=field)
    return action
