"""Undo, the same for every game: the last move that stands is taken back (the game is its
log replayed without it), and everyone is told which move it was in the words they were
told it in, never more.

A game says how an undo is written in its log (`GameAdapter.undo_action`) and reads it back
(`GameAdapter.undo_reason`); what stands, what an undo takes back and the public story of a
game with its undos are worked out here, from the log alone (the log is the truth).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hub.standing import standing as standing_where

UndoReason = Callable[[Any], "str | None"]
"""An action's undo reason if it is an undo (``"misread card"``, or "" when none was
given), else None: a game's `GameAdapter.undo_reason`."""


def standing(log: Sequence[Any], undo_reason: UndoReason) -> list[int]:
    """The positions in `log` of the actions that stand (`hub.standing`), undos read by
    the game's `undo_reason`."""
    return standing_where(log, lambda action: undo_reason(action) is not None)


def last_move(log: Sequence[Any], undo_reason: UndoReason) -> Any | None:
    """The action an undo would take back now, or None when nothing stands."""
    positions = standing(log, undo_reason)
    return log[positions[-1]] if positions else None


def undone_event(undone: Any, reason: str, told: list[dict[str, Any]]) -> dict[str, Any]:
    """The public event of an undo: whose move it was (seat 0: the table's own correction),
    why, and what everyone had been told of it (`told`: the move's public events, which
    never name a secret: an undone character pick says only that a character was picked)."""
    return {"kind": "undone", "seat": int(getattr(undone, "seat", 0)), "reason": reason, "told": told}


def history_with_undos(log: Sequence[Any], undo_reason: UndoReason,
                       history_of: Callable[[list[Any]], list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The public story of a game with its undos told where they happened: `history_of`
    gives the public events (each with its ``round``) of a log of actions that all stand;
    each undo adds an ``undone`` event after the move it took back, whose events stay in
    the story (the table did announce them). A log without undos is `history_of(log)`."""
    undos = [index for index, action in enumerate(log) if undo_reason(action) is not None]
    if not undos:
        return history_of(list(log))
    out: list[dict[str, Any]] = []
    shown = 0  # how many events of the standing story so far are already in `out`
    for index in undos:
        kept = [log[i] for i in standing(log[:index], undo_reason)]
        before = history_of(kept)
        after = history_of(kept[:-1]) if kept else before
        out.extend(before[shown:])
        if kept:
            told = before[len(after):]
            rounds = [e["round"] for e in (told or before) if "round" in e]
            event = undone_event(kept[-1], undo_reason(log[index]) or "", told)
            out.append({**event, "round": rounds[-1]} if rounds else event)
        shown = len(after)
    out.extend(history_of([log[i] for i in standing(log, undo_reason)])[shown:])
    return out
