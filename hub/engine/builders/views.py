"""What each audience may see: the table (public) and one seat (its options added).

Nothing in The Builders is secret but the order of the decks: the public view shows
every seat's coins, workers and sites and both face-up rows, and only the decks' sizes.
Built from a whitelist of fields, never by deleting from the full state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import BUILDINGS, CREW, RESOURCES
from .scoring import COINS_PER_POINT
from .state import END_POINTS, missing, output

if TYPE_CHECKING:
    from .state import GameState, Player


def building_json(card: str) -> dict[str, Any]:
    b = BUILDINGS[card]
    out: dict[str, Any] = {"id": b.id, "kind": b.kind, "name": b.name, "name_fr": b.name_fr, "coins": b.coins,
                           "points": b.points, "needs": dict(zip(RESOURCES, b.needs))}
    if b.machine:
        out["produces"] = {b.produces: b.produces_amount}
    return out


def worker_json(card: str) -> dict[str, Any]:
    w = CREW[card]
    return {"id": w.id, "type": w.type, "name": w.name, "name_fr": w.name_fr, "wage": w.wage,
            "output": dict(zip(RESOURCES, w.output))}


def site_json(site: str, workers: list[str], sent: int) -> dict[str, Any]:
    have = output(workers)
    return {**building_json(site), "workers": [worker_json(w) for w in workers],
            "have": dict(zip(RESOURCES, have)), "missing": dict(zip(RESOURCES, missing(have, BUILDINGS[site].needs))),
            "sent_this_turn": sent}


def seat_json(game: GameState, p: Player) -> dict[str, Any]:
    sent = game.sent if p.seat == game.turn_seat else {}
    points = p.points
    return {
        "seat": p.seat, "name": game.setup.seat_name(p.seat), "coins": p.coins, "points": points,
        "score": points + p.coins // COINS_PER_POINT, "first": p.seat == game.first, "turns": p.turns,
        "workers": [worker_json(w) for w in p.crew],
        "sites": [site_json(b, ws, sent.get(b, 0)) for b, ws in p.sites.items()],
        "finished": [building_json(b) for b in (*p.finished, *p.machines)],
    }


def public_view(game: GameState) -> dict[str, Any]:
    pending = {"seat": game.pending.seat, "kind": game.pending.kind} if game.pending else None
    return {
        "game": "builders",
        "round": game.round,
        "target": END_POINTS,
        "first": game.first,
        "turn": game.turn_seat,
        "actions_left": game.actions,
        "bought": game.bought,
        "pending": pending,
        "last_round": game.last_round,  # None, "points" or "blocked"
        "ended_by": game.ended_by or None,
        "last_seat": game.last_seat,
        "rows": {"buildings": [building_json(b) for b in game.building_row],
                 "workers": [worker_json(w) for w in game.worker_row]},
        "decks": {"buildings": len(game.building_deck), "workers": len(game.worker_deck)},
        "seats": [seat_json(game, p) for p in game.players],
        "result": game.result(),
    }


def seat_view(game: GameState, seat: int) -> dict[str, Any]:
    view = public_view(game)
    mine = game.pending is not None and game.pending.seat == seat
    options = game.legal_actions() if mine else []
    view["you"] = {"seat": seat, "options": [str(a) for a in options],
                   "costs": {str(a): game.cost_of(a) for a in options}}
    return view
