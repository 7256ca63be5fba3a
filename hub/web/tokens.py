"""Unguessable capability tokens for seat pages and the table admin.

A token in the URL is the only credential (phones at a table have no accounts), so tokens
come from `secrets` and are compared in constant time.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Mapping

TOKEN_BYTES = 18  # 144 bits, 24 URL-safe characters: short enough for a QR code at a glance
MAX_TOKEN_LENGTH = 128


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
