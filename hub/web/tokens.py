"""Unguessable capability tokens for seat pages and the table admin.

A token in the URL is the only credential (phones at a table have no accounts), so tokens
come from `secrets` and are compared in constant time. The admin link lasts (it is the
table's); the seat links belong to one game (`SeatLinks`): a new game gets new ones, so
last week's seat-2 link never reads tonight's seat-2 hand, while a restart or a resume of
the same game keeps them (every phone keeps its page).
"""

from __future__ import annotations

import hmac
import secrets
import threading
from typing import Any, Protocol
from collections.abc import Callable, Mapping

from hub.protocol import SEAT_NUMBERS

TOKEN_BYTES = 18  # 144 bits, 24 URL-safe characters: short enough for a QR code at a glance
MAX_TOKEN_LENGTH = 128
MAX_SEATS = SEAT_NUMBERS[-1]  # every seat a table can have (the wire's): the admin may start a bigger game
LINKS_SETTING = "links"


class Settings(Protocol):
    """Where lasting tokens are kept (`hub.store.EventStore` is one)."""

    def setting(self, key: str) -> Any: ...

    def set_setting(self, key: str, value: Any) -> None: ...


def make_tokens(players: int) -> tuple[str, dict[int, str]]:
    """Return `(admin_token, {seat: token})` for seats 1..players, all distinct."""
    if not 1 <= players <= 16:
        raise ValueError(f"players must be 1..16, got {players}")
    admin = secrets.token_urlsafe(TOKEN_BYTES)
    seats: dict[int, str] = {}
    while len(seats) < players:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        if token != admin and token not in seats.values():
            seats[len(seats) + 1] = token
    return admin, seats


def token_matches(expected: str, candidate: str) -> bool:
    """Constant-time comparison that also refuses empty or oversized candidates."""
    if not expected or not candidate or len(candidate) > MAX_TOKEN_LENGTH:
        return False
    return hmac.compare_digest(expected.encode(), candidate.encode())


def seat_for_token(seat_tokens: Mapping[int, str], candidate: str) -> int | None:
    """The seat whose token is `candidate`, checking every seat so timing tells nothing."""
    found: int | None = None
    for seat, expected in seat_tokens.items():
        if token_matches(expected, candidate):
            found = seat
    return found


class SeatLinks:
    """The table's admin link and the seat links of the game in play (`game`: its stored
    id). `follow(game)` gives a new game new seat links (kept in `settings` beside the
    games, so a restart of the same game finds them) and tells `on_renew` (the terminal
    prints them; the admin page reads `seats` at each request)."""

    def __init__(self, admin: str, seats: Mapping[int, str], settings: Settings | None = None,
                 game: int | None = None) -> None:
        self.admin = admin
        self._seats = dict(seats)
        self.settings = settings
        self.game = game
        self.on_renew: list[Callable[[SeatLinks], None]] = []
        self._lock = threading.Lock()

    @property
    def seats(self) -> dict[int, str]:
        return self._seats  # replaced whole, never changed in place: a reader on another thread sees one set

    @classmethod
    def kept(cls, settings: Settings, game: int | None, players: int = MAX_SEATS) -> SeatLinks:
        """The links stored with the games: the same while `game` is the game they were
        made for (or links stored before links had a game, adopted by it), else new seat
        links for `game` and the same admin link."""
        admin, seats = lasting_tokens(settings, players)
        stored = settings.setting(LINKS_SETTING) or {}
        links = cls(admin, seats, settings, stored.get("game", game))
        links.follow(game, players)
        return links

    def follow(self, game: int | None, players: int = MAX_SEATS) -> bool:
        """Seat links for `game`: new ones if it is not the game these were made for
        (True), else unchanged (False). None: a game nobody stores, nothing to follow."""
        with self._lock:
            if game is None or game == self.game:
                return False
            seats: dict[int, str] = {}
            while len(seats) < players:
                token = secrets.token_urlsafe(TOKEN_BYTES)
                if token != self.admin and token not in seats.values() and token not in self._seats.values():
                    seats[len(seats) + 1] = token
            self._seats, self.game = seats, game
            if self.settings is not None:
                self.settings.set_setting(LINKS_SETTING, {"admin": self.admin, "game": game,
                                                          "seats": {str(s): t for s, t in seats.items()}})
        for renewed in list(self.on_renew):
            renewed(self)
        return True


def opens_a_link(path: str, admin: str, seats: Mapping[int, str]) -> bool:
    """Whether a request for `path` (``/seat/<t>``, ``/api/seat/<t>/...``, ``/admin/<t>``,
    ``/api/admin/<t>/...``) names a seat's or the admin's token: its client is one of the
    table's (`hub.web.guard` keeps a reserve of connections for them)."""
    parts = path.split("/", 4)
    at = 2 if len(parts) > 2 and parts[1] in ("seat", "admin") else 3 if len(parts) > 3 and parts[1] == "api" else 0
    if not at or parts[at - 1] not in ("seat", "admin"):
        return False
    candidate = parts[at]
    return token_matches(admin, candidate) if parts[at - 1] == "admin" else seat_for_token(seats, candidate) is not None


def lasting_tokens(settings: Settings, players: int = MAX_SEATS) -> tuple[str, dict[int, str]]:
    """The table's tokens as stored with its games, made (and stored) on first use, so
    every phone keeps its page across hub restarts and crashes (`SeatLinks` gives a new
    game new seat links; the admin link lasts)."""
    stored = settings.setting(LINKS_SETTING)
    if stored is not None:
        seats = stored_links(stored)
        if set(seats) >= set(range(1, players + 1)):
            return str(stored["admin"]), seats
    admin, seats = make_tokens(players)
    settings.set_setting(LINKS_SETTING, {"admin": admin, "seats": {str(s): t for s, t in seats.items()}})
    return admin, seats


def stored_links(stored: Any) -> dict[int, str]:
    """The seat links of a stored `links` setting; a damaged one is an error, never
    silently replaced (every phone's page would stop working)."""
    try:
        if not isinstance(stored["admin"], str) or not isinstance(stored["seats"], dict):
            raise TypeError("not an admin link and seat links")
        seats = {int(seat): token for seat, token in stored["seats"].items()}
        if not all(isinstance(token, str) for token in seats.values()):
            raise TypeError("a seat link is not text")
    except (TypeError, ValueError, KeyError) as exc:
        from hub.store import StoreError  # the settings are the store's

        raise StoreError("corrupt", f"the phone links stored with the games are unreadable ({exc}); the file "
                                    "is kept as it is: move it away to start afresh with new links") from exc
    return seats
