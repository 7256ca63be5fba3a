"""Bots that choose among the legal options.

A bot keeps no state: its choice follows from its seed, the seat and the game (its log
length), so a game replayed or resumed after a crash makes exactly the same choices.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from hub.engine.play import RandomBot as RandomBot, make_bot as pick_bot, play as play_out, roll as _roll

from .actions import Action
from .cards import BUILDINGS, CREW, WORKERS, Amounts
from .game import ACTION_PRICE, Game
from .state import meets, missing, output


class Bot(Protocol):
    def choose(self, game: Game, options: list[Action] | None = None) -> Action: ...


def _useful(worker: str, lacking: Amounts) -> int:
    """How much of what a site still lacks ``worker`` would bring."""
    return sum(min(o, m) for o, m in zip(CREW[worker].output, lacking))


def _value(building: str) -> float:
    """A building's worth per resource it needs: points count most, coins help."""
    b = BUILDINGS[building]
    return (4 * b.points + b.coins / 2 + (6 if b.machine else 0)) / max(1, sum(b.needs))


class HeuristicBot:
    """A plain, reasonable builder: finishes what it can, works on one or two sites at a
    time, recruits the worker its site lacks most, takes coins when short, buys an action
    only to finish a building, and ends the turn when nothing useful is left."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game, options: list[Action] | None = None) -> Action:
        options = options if options is not None else game.legal_actions()
        assert game.pending is not None
        p = game.player(game.pending.seat)
        by_verb: dict[str, list[Action]] = {}
        for a in options:
            by_verb.setdefault(a.verb, []).append(a)
        tiebreak = _roll(self.seed, game)
        lacking = {site: missing(output(ws), BUILDINGS[site].needs) for site, ws in p.sites.items()}
        sends = by_verb.get("send", [])
        finishing = [a for a in sends if meets(output([*p.sites[a.args[1]], a.args[0]]), BUILDINGS[a.args[1]].needs)]
        if finishing:  # the dearest building first, then the lowest wage
            return max(finishing, key=lambda a: (BUILDINGS[a.args[1]].points + BUILDINGS[a.args[1]].coins / 4,
                                                 -CREW[a.args[0]].wage))
        buy = self._buy_to_finish(game, by_verb)
        if buy is not None:
            return buy
        cheap = [a for a in sends if game.send_cost(a.args[1]) == 1 and _useful(a.args[0], lacking[a.args[1]]) > 0]
        if cheap:  # the most useful worker, to the site closest to done, for the lowest wage
            return max(cheap, key=lambda a: (_useful(a.args[0], lacking[a.args[1]]),
                                             -sum(lacking[a.args[1]]), -CREW[a.args[0]].wage))
        opens = by_verb.get("open", [])
        busy_sites = [s for s in p.sites if any(_useful(w, lacking[s]) for w in p.crew) or sum(lacking[s]) <= 4]
        if opens and (not p.sites or (len(p.sites) < 2 and not busy_sites)):
            return max(opens, key=lambda a: (_value(a.args[0]), (tiebreak >> int(a.args[0][1:])) & 1))
        recruits = by_verb.get("recruit", [])
        coins = by_verb.get("coins", [])
        if recruits and p.sites:
            target = min(p.sites, key=lambda s: sum(lacking[s]))
            helpful = [a for a in recruits if _useful(a.args[0], lacking[target]) > 0]
            idle_help = sum(_useful(w, lacking[target]) for w in p.crew)
            if helpful and idle_help < sum(lacking[target]) and len(p.crew) < 5:
                return max(helpful, key=lambda a: (_useful(a.args[0], lacking[target]) / WORKERS[a.args[0]].wage,
                                                   -WORKERS[a.args[0]].wage))
        if coins and p.coins < 6:
            return max(coins, key=lambda a: int(a.args[0]))
        stuck = not any(_useful(w, lacking[s]) for s in p.sites for w in p.crew)
        if stuck and recruits and len(p.crew) < 6:  # a worker for any site, or the cheapest: the row moves on
            return max(recruits, key=lambda a: (max((_useful(a.args[0], m) for m in lacking.values()), default=0),
                                                -WORKERS[a.args[0]].wage))
        if stuck and opens and len(p.sites) < 3:  # a site the idle workers can work on
            return max(opens, key=lambda a: (sum(_useful(w, BUILDINGS[a.args[0]].needs) for w in p.crew),
                                             _value(a.args[0])))
        if coins and p.coins < 12:
            return max(coins, key=lambda a: int(a.args[0]))
        return by_verb["end"][0]

    def _buy_to_finish(self, game: Game, by_verb: dict[str, list[Action]]) -> Action | None:
        """``buy`` when one more action lets an idle worker finish a site now."""
        if "buy" not in by_verb:
            return None
        p = game.player(by_verb["buy"][0].seat)
        for site, workers in p.sites.items():
            if game.send_cost(site) != game.actions + 1:
                continue
            for w in p.crew:
                if CREW[w].wage <= p.coins - ACTION_PRICE and meets(output([*workers, w]), BUILDINGS[site].needs):
                    return by_verb["buy"][0]
        return None


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(kind: str, seed: int) -> Bot:
    return pick_bot(BOTS, kind, seed)


def play(game: Game, bots: dict[int, Bot] | Bot, max_actions: int = 100_000) -> Game:
    """Let bots play until the game is over (or the action budget runs out)."""
    return play_out(game, bots, max_actions)
