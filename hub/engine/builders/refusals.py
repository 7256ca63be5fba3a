"""Why an action was refused.

Legality itself is decided in one place: an action is legal iff it is in
``Game.legal_actions()``. This module runs only after a refusal, to name *why* with a
stable code and a sentence a person at the table understands.

Codes: ``game_over``, ``unknown_seat``, ``bad_action``, ``unknown_card``, ``wrong_card``
(a worker to open, a building to recruit...), ``bad_amount``, ``not_your_turn``,
``no_actions_left``, ``not_face_up``, ``not_your_worker``, ``worker_busy``,
``not_your_site``, ``cannot_afford``, ``nothing_to_void``.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from hub.engine.actions import check_correction as check_table_correction, out_of_play

from .actions import ARITY, Action, IllegalAction
from .cards import BUILDINGS, CREW, WORKERS, card_name

if TYPE_CHECKING:
    from .state import GameState, Player

COIN_COSTS = {"1": 1, "3": 2, "6": 3}  # coins taken -> actions (game.COIN_ACTIONS)


def explain(game: GameState, a: Action) -> IllegalAction:
    """The refusal for an action that is not among the legal options."""
    first = out_of_play(game.over, game.n, a)
    if first is not None:
        return first
    lo, hi = ARITY.get(a.verb, (0, 0))
    if a.verb not in ARITY or not lo <= len(a.args) <= hi:
        return IllegalAction("bad_action", f"'{a.verb}' takes {lo} argument{'s' * (lo != 1)}, got {len(a.args)}"
                             if a.verb in ARITY else f"'{a.verb}' is a correction of the table (seat 0)")
    wrong = _wrong_card(a)
    if wrong is not None:
        return wrong
    pending = game.pending
    assert pending is not None
    if a.seat != pending.seat:
        return IllegalAction("not_your_turn", f"it is seat {pending.seat}'s turn, not seat {a.seat}'s")
    p = game.player(a.seat)
    left = game.actions
    if a.verb in ("open", "recruit"):
        card = a.args[0]
        if left < 1:
            return _no_actions(1, left, p)
        return IllegalAction("not_face_up", f"{card_name(card)} is not face up: {_where(game, card)}",
                             short=f"Not face up: {_where(game, card)}")
    if a.verb == "send":
        return _explain_send(game, p, a.args[0], a.args[1])
    if a.verb == "coins":
        return _no_actions(COIN_COSTS[a.args[0]], left, p, f"taking {a.args[0]} coins")
    if a.verb == "buy":
        return IllegalAction("cannot_afford", f"an action costs 5 coins; you have {p.coins}",
                             short=f"Costs 5 coins; have {p.coins}")
    return IllegalAction("bad_action", f"'{a}' is not an option now")


def _wrong_card(a: Action) -> IllegalAction | None:
    """The refusal for an argument that can never fit its verb, whatever the game."""
    if a.verb == "coins":
        if a.args[0] not in COIN_COSTS:
            return IllegalAction("bad_amount", f"take 1, 3 or 6 coins (1, 2 or 3 actions), not {a.args[0]!r}")
        return None
    if a.verb not in ("open", "recruit", "send"):
        return None
    kinds: dict[str, list[tuple[str, Collection[str], str]]] = {
        "open": [(a.args[0], BUILDINGS, "a building")], "recruit": [(a.args[0], WORKERS, "a worker")],
        "send": [(a.args[0], CREW, "a worker"), (a.args[-1], BUILDINGS, "a site")],
    }
    checks = kinds.get(a.verb, [])
    for card, kind, words in checks:
        if card not in BUILDINGS and card not in WORKERS:
            return IllegalAction("unknown_card", f"{card!r} is not a card of The Builders")
        if card not in kind:
            return IllegalAction("wrong_card", f"{card_name(card)} is not {words}")
    return None


def _explain_send(game: GameState, p: Player, worker: str, site: str) -> IllegalAction:
    if worker not in p.crew:
        if any(worker in ws for ws in p.sites.values()):
            return IllegalAction("worker_busy", f"{card_name(worker)} is on a site until it is finished",
                                 short="On a site until it is finished")
        if worker in BUILDINGS:
            return IllegalAction("not_your_worker", f"{card_name(worker)} is not a finished machine of yours",
                                 short="Not a finished machine of yours")
        return IllegalAction("not_your_worker", f"{card_name(worker)} is not one of your workers: {_where(game, worker)}",
                             short=f"Not your worker: {_where(game, worker)}")
    if site not in p.sites:
        if site in p.finished or site in p.machines:
            return IllegalAction("not_your_site", f"{card_name(site)} is already finished", short="Already finished")
        return IllegalAction("not_your_site", f"{card_name(site)} is not one of your sites: open it first",
                             short="Not your site: open it first")
    cost = game.send_cost(site)
    if cost > game.actions:
        nth = {2: "a second", 3: "a third"}.get(cost, f"a {cost}th")
        what = f"sending {nth} worker to {card_name(site)} this turn" if cost > 1 else "sending a worker"
        return _no_actions(cost, game.actions, p, what)
    wage = CREW[worker].wage
    return IllegalAction("cannot_afford", f"{card_name(worker)} is paid {wage} coins; you have {p.coins}",
                         short=f"Wage {wage}; you have {p.coins}")


def _no_actions(cost: int, left: int, p: Player, what: str = "that") -> IllegalAction:
    buy = " (buy one for 5 coins)" if p.coins >= 5 else ""
    s = "s" * (cost != 1)
    return IllegalAction("no_actions_left", f"{what} costs {cost} action{s}; you have {left} left{buy}",
                         short=f"Costs {cost} act.; {left} left.{' Buy one: 5 coins' if buy else ''}")


def _where(game: GameState, card: str) -> str:
    """Where a card that is not where it was asked for lies now, in words."""
    for q in game.players:
        if card in q.crew or card in q.finished or card in q.machines:
            return f"seat {q.seat} has it"
        for site, workers in q.sites.items():
            if card == site or card in workers:
                return f"it is on seat {q.seat}'s site"
    if card in game.building_row or card in game.worker_row:
        return "it is face up"
    return "it is still in the deck"


def check_correction(game: GameState, a: Action) -> None:
    """Validate a table correction (seat 0) or raise IllegalAction."""
    check_table_correction(game.log, game.n, a, holding=lambda seat: game.player(seat).coins,
                           unit="coins", nothing_code="nothing_to_void")
