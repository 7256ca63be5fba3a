"""The contract between the web layer and the table service.

The web app never touches the engine directly: it reads views and sends answers through
this protocol, so the real `TableService` (hub/table) and the test fake are interchangeable.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable
from collections.abc import Callable

Message = dict[str, Any]
"""`{"view": <public view>, "events": [<public event dicts>]}` handed to subscribers."""

Subscriber = Callable[[int, Message], None]


@runtime_checkable
class TableFacade(Protocol):
    """What the web layer needs from the table; implemented by `hub.games.citadels.service.TableService`.

    Every dict returned or passed to a subscriber must be JSON-ready and must not be
    mutated by the table afterwards (the web layer encodes it on its own thread).
    """

    def public_view(self) -> dict[str, Any]:
        """The engine's public view plus per seat `online` and table-wide `recent`,
        `paused`, `pause_reason`. Never contains a secret."""
        ...

    def seat_view(self, seat: int) -> dict[str, Any]:
        """The public view plus `you` (that seat's own: its hand, its pending options)."""
        ...

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call `callback(event_id, message)` from the hub's thread after every change.

        The callback never blocks. Returns a function that unsubscribes it."""
        ...

    def last_event_id(self) -> int:
        """Id of the latest change; ids increase by at least one per change."""
        ...

    def answer(self, seat: int, action_text: str) -> dict[str, Any]:
        """Apply `action_text` as if pressed on `seat`'s buttons.

        Returns `{"ok": True}` or `{"ok": False, "code": ..., "message": ...}`."""
        ...

    # --- table admin -------------------------------------------------------------
    def new_game(self, config: dict[str, Any]) -> dict[str, Any]:
        """Start a game: config keys players, names, seed (optional) and the game's own
        fields (its plug-in's ``admin_options``)."""
        ...

    def pause(self, reason: str) -> None:
        ...

    def resume(self) -> None:
        ...

    def void_last(self, reason: str, expected: str | None = None) -> dict[str, Any]:
        """Undo the last move that stands, for any game (its log replayed without it);
        journaled with the reason and told publicly as an ``undone`` event. `expected`: the
        move the admin confirmed (the status's `last_move`): refused ``moved_on`` if it is
        no longer the last."""
        ...

    def correct(self, action: Any) -> dict[str, Any]:
        """Apply one of the game's own corrections (the action a `hub.games.plugin.Correction`
        of its plug-in made), journaled like any move."""
        ...

    def status(self) -> dict[str, Any]:
        """Table health for the admin page: at least `paused` and `seats_online`; the
        kernel's also `last_move` (what an undo would take back) and `can_undo`."""
        ...

    # Optional (looked up with getattr, so older tables still fit the protocol):
    # def history(self) -> list[dict[str, Any]]:
    #     """Every public event since the game began, oldest first, each with its `round`
    #     (hub.engine.citadels.history.public_history). Without it the log shows only `recent`."""
