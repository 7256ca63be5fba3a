"""Every engine's public story of a game, rebuilt from its log (the log is the truth):
every public event since the game began, oldest first, each tagged with its round and its
move (the number of the action that made it: 1 for the first action that stands, 0 for
the deal), so a page can tell one move's events from the next. Voided actions (and the
voids) are left out: the history tells what stands. Only events addressed to everyone are
kept, so no hand, deal or private option leaks through it."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

from .actions import effective_log


def public_history(game: Any, log: Sequence[Any], parse: Callable[[str], Any], *, round_started: str,
                   hidden: Collection[str] = ()) -> list[dict[str, Any]]:
    """The history of `game` (new, its ``start_events`` not yet told) played through `log`
    (actions or their text, read with `parse`). An event of kind `round_started` carries
    the new round; kinds in `hidden` are never told, even if addressed to everyone."""
    out: list[dict[str, Any]] = []

    def tell(events: Iterable[Any], round_now: int, move: int) -> int:
        for event in events:
            if not event.public or event.kind in hidden:
                continue
            if event.kind == round_started:
                round_now = int(event.data["round"])
            out.append({**event.to_json(), "round": round_now, "move": move})
        return round_now

    round_now = tell(game.start_events, game.round, 0)
    actions = [parse(a) if isinstance(a, str) else a for a in log]
    for move, action in enumerate(effective_log(actions), start=1):
        round_now = tell(game.apply(action), round_now, move)
    return out
