"""Which actions of a log stand: the one rule of undo for every game, read by the engines
(``0 void``) and the kernel (any game's `GameAdapter.undo_reason`). Standard library only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def standing(log: Sequence[Any], is_undo: Callable[[Any], bool]) -> list[int]:
    """The positions in `log` of the actions that stand: each undo takes back the last
    action that still stood (an undo of an undo is not a thing: it undoes the move before)."""
    out: list[int] = []
    for index, action in enumerate(log):
        if not is_undo(action):
            out.append(index)
        elif out:
            out.pop()
    return out
