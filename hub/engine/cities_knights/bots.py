"""Bots that choose among the legal options.

A bot keeps no state: its choice follows from its seed, the seat and the game (its log
length), so a game replayed or resumed after a crash makes exactly the same choices.
``random`` picks uniformly (dice as dice); ``table`` plays like the people of a simulated
table: a few plausible reports a turn, cards used when they can be.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from hub.engine.play import make_bot as pick_bot, play as play_out, roll

from .actions import Action
from .cards import CARDS
from .game import DIE_FACE, Game


class Bot(Protocol):
    def choose(self, game: Game, options: list[Action] | None = None) -> Action: ...


def _roll(seed: int, game: Game, salt: int = 0) -> int:
    """The engines' roll, its salt above the log's bits (a second roll at one decision)."""
    return roll(seed, game, salt << 40)


def _dice(seed: int, game: Game, options: list[Action]) -> Action | None:
    """Physical dice rolled like dice: red and yellow uniform, the event die with its faces."""
    if options[0].verb != "roll" or not options[0].args:
        return None
    r = _roll(seed, game, 1)
    red, yellow, event = r % 6 + 1, (r >> 8) % 6 + 1, DIE_FACE[(r >> 16) % 6 + 1]
    wanted = (event,) if len(options[0].args) == 1 else (str(red), str(yellow), event)
    return next(a for a in options if a.args == wanted)


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game, options: list[Action] | None = None) -> Action:
        options = options if options is not None else game.legal_actions()
        rolled = _dice(self.seed, game, options)
        if rolled is not None and _roll(self.seed, game, 2) % 4:
            return rolled
        return options[_roll(self.seed, game) % len(options)]


# How much a simulated person wants each kind of report in a turn (weights).
WANTS = {"improve": 6, "build": 5, "knight": 5, "play": 6, "road": 1, "oust": 1}


class TableBot:
    """A plausible player: rolls (an Alchemist now and then), reports up to a few things a
    turn within the components' limits, plays its progress cards, ends the turn."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game, options: list[Action] | None = None) -> Action:
        options = options if options is not None else game.legal_actions()
        r = _roll(self.seed, game)
        kind = game.pending.kind if game.pending else ""
        if kind == "roll":
            plays = [a for a in options if a.verb == "play"]
            if plays and r % 3 == 0:
                return plays[(r >> 8) % len(plays)]
            rolled = _dice(self.seed, game, [a for a in options if a.verb == "roll"])
            return rolled if rolled is not None else options[0]
        if kind == "deserter":
            return options[0]
        if kind != "turn":
            return options[r % len(options)]
        budget = (r >> 4) % 5
        if game.turn_actions > budget:
            return options[0]  # end
        by_verb: dict[str, list[Action]] = {}
        for a in options[1:]:
            if a.verb == "road" and a.args[0] not in ("0", str(a.seat)):
                continue  # one reports one's own longest road
            if a.verb == "knight" and a.args[0] in ("act", "chase") and (r >> 12) % 3:
                continue
            by_verb.setdefault(a.verb, []).append(a)
        if a_play := [a for a in by_verb.get("play", []) if CARDS[a.args[0]].slug == "warlord"]:
            if game.ship >= 5:
                return a_play[0]
        weights = [(v, WANTS.get(v, 1)) for v in by_verb]
        total = sum(w for _, w in weights)
        if not total:
            return options[0]
        pick = (r >> 20) % total
        for verb, w in weights:
            if pick < w:
                choices = by_verb[verb]
                return choices[(r >> 32) % len(choices)]
            pick -= w
        return options[0]


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "table": TableBot}


def make_bot(kind: str, seed: int) -> Bot:
    return pick_bot(BOTS, kind, seed)


def play(game: Game, bots: dict[int, Bot] | Bot, max_actions: int = 100_000) -> Game:
    return play_out(game, bots, max_actions)
