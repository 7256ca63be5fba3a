"""Bots that choose among the legal options.

A bot keeps no state: its choice follows from its seed, the seat and the game (its log
length), so a game replayed or resumed after a crash makes exactly the same choices.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from hub.engine.play import RandomBot as RandomBot, make_bot as pick_bot, play as play_out, roll as _roll

from .actions import Action
from .cards import BUILDINGS, CREW, Amounts
from .game import ACTION_PRICE, Game
from .state import Player


class Bot(Protocol):
    def choose(self, game: Game, options: list[Action] | None = None) -> Action: ...


OUTPUT = {w: c.output for w, c in CREW.items()}
WAGE = {w: c.wage for w, c in CREW.items()}
NEEDS = {b: c.needs for b, c in BUILDINGS.items()}
VALUE = {b.id: (4 * b.points + b.coins / 2 + (6 if b.machine else 0)) / max(1, sum(b.needs))
         for b in BUILDINGS.values()}  # a building's worth per resource it needs: points count most, coins help


def _useful(worker: str, lacking: Amounts) -> int:
    """How much of what a site still lacks ``worker`` would bring: the sum of
    min(output, lacking) over the four resources, written out (no generator)."""
    a, b, c, d = OUTPUT[worker]
    e, f, g, h = lacking
    return (a if a < e else e) + (b if b < f else f) + (c if c < g else g) + (d if d < h else h)


def _covers(worker: str, lacking: Amounts) -> bool:
    """True when ``worker`` brings all a site lacks, i.e. sending it finishes the site
    (``meets(output([*workers, worker]), needs)``, since lacking = max(0, needs - have))."""
    a, b, c, d = OUTPUT[worker]
    return a >= lacking[0] and b >= lacking[1] and c >= lacking[2] and d >= lacking[3]


class HeuristicBot:
    """A plain, reasonable builder: finishes what it can, works on one or two sites at a
    time, recruits the worker its site lacks most, takes coins when short, buys an action
    only to finish a building, and ends the turn when nothing useful is left. (Each test
    is worked out only when the ones before it did not decide: the same choices as
    working them all out first, at a fraction of the cost.)"""

    __slots__ = ("seed",)

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game, options: list[Action] | None = None) -> Action:
        if options is None:
            options = game.options_made or game.legal_actions()
        pending = game.pending
        assert pending is not None
        p = game.players[pending[0] - 1]
        sites, crew = p.sites, p.crew
        by_verb: dict[str, list[Action]] = {}
        for a in options:
            by_verb.setdefault(a[1], []).append(a)
        lacking = p.lacking  # what each site still needs (read only)
        sends = by_verb.get("send", [])
        finishing = [a for a in sends if _covers(a[2][0], lacking[a[2][1]])]
        if finishing:  # the dearest building first, then the lowest wage
            return max(finishing, key=lambda a: (BUILDINGS[a.args[1]].points + BUILDINGS[a.args[1]].coins / 4,
                                                 -WAGE[a.args[0]]))
        if "buy" in by_verb and self._buy_finishes(game, p, lacking):
            return by_verb["buy"][0]
        sent = game.sent
        cheap = [a for a in sends if a[2][1] not in sent and _useful(a[2][0], lacking[a[2][1]]) > 0]
        if cheap:  # the most useful worker, to the site closest to done, for the lowest wage
            return max(cheap, key=lambda a: (_useful(a.args[0], lacking[a.args[1]]),
                                             -sum(lacking[a.args[1]]), -WAGE[a.args[0]]))
        opens = by_verb.get("open", [])
        if opens and (not sites or (len(sites) < 2 and not any(  # no busy site
                any(_useful(w, lacking[s]) for w in crew) or sum(lacking[s]) <= 4 for s in sites))):
            tiebreak = _roll(self.seed, game)
            return max(opens, key=lambda a: (VALUE[a.args[0]], (tiebreak >> int(a.args[0][1:])) & 1))
        recruits = by_verb.get("recruit", [])
        coins = by_verb.get("coins", [])
        if recruits and sites:
            target = min(sites, key=lambda s: sum(lacking[s]))
            need = lacking[target]
            helpful = [a for a in recruits if _useful(a[2][0], need) > 0]
            if helpful and sum(_useful(w, need) for w in crew) < sum(need) and len(crew) < 5:
                return max(helpful, key=lambda a: (_useful(a.args[0], need) / WAGE[a.args[0]], -WAGE[a.args[0]]))
        if coins and p.coins < 6:
            return max(coins, key=lambda a: int(a.args[0]))
        stuck = not any(_useful(w, lacking[s]) for s in sites for w in crew)
        if stuck and recruits and len(crew) < 6:  # a worker for any site, or the cheapest: the row moves on
            return max(recruits, key=lambda a: (max((_useful(a.args[0], m) for m in lacking.values()), default=0),
                                                -WAGE[a.args[0]]))
        if stuck and opens and len(sites) < 3:  # a site the idle workers can work on
            return max(opens, key=lambda a: (sum(_useful(w, NEEDS[a.args[0]]) for w in crew), VALUE[a.args[0]]))
        if coins and p.coins < 12:
            return max(coins, key=lambda a: int(a.args[0]))
        return by_verb["end"][0]

    @staticmethod
    def _buy_finishes(game: Game, p: Player, lacking: dict[str, Amounts]) -> bool:
        """True when one more action (bought) lets an idle worker finish a site now."""
        sent, left, budget = game.sent, game.actions, p.coins - ACTION_PRICE
        for site in p.sites:
            if sent.get(site, 0) != left:  # the next worker there costs exactly one action more
                continue
            need = lacking[site]
            for w in p.crew:
                if WAGE[w] <= budget and _covers(w, need):
                    return True
        return False


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(kind: str, seed: int) -> Bot:
    return pick_bot(BOTS, kind, seed)


def play(game: Game, bots: dict[int, Bot] | Bot, max_actions: int = 100_000) -> Game:
    """Let bots play until the game is over (or the action budget runs out)."""
    return play_out(game, bots, max_actions)
