"""Bots that choose among the legal options.

A bot keeps no state: its choice follows from its seed, the seat and the game (its log
length), so a game replayed or resumed after a crash makes exactly the same choices.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from hub.engine.play import RandomBot as RandomBot, make_bot as pick_bot, play as play_out, roll as _roll  # the engines' one random bot

from .actions import Action
from .cards import CHARACTER_BY_ID
from .game import Game

PICK_BASE = {
    "assassin": 3, "thief": 2, "magician": 2, "king": 3,
    "bishop": 2, "merchant": 4, "architect": 4, "warlord": 3,
}


class Bot(Protocol):
    def choose(self, game: Game, options: list[Action] | None = None,
               hand: list[str] | None = None) -> Action: ...


class HeuristicBot:
    """A plain, reasonable player: builds dear districts, takes tax, uses its abilities."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game, options: list[Action] | None = None,
               hand: list[str] | None = None) -> Action:
        """Choose among ``options`` (default: all legal); ``hand`` overrides the cards
        the bot believes it holds (physical mode: the engine does not know them)."""
        options = options if options is not None else game.legal_actions()
        assert game.pending is not None
        kind = game.pending.kind
        seat = game.pending.seat
        by_verb: dict[str, list[Action]] = {}
        for a in options:
            by_verb.setdefault(a.verb, []).append(a)
        roll = _roll(self.seed, game)
        me = game.player(seat)
        my_hand = hand if hand is not None else me.hand
        districts = game.cards.districts
        if kind in ("pick", "discard"):
            def value(a: Action) -> int:
                char = CHARACTER_BY_ID[a.args[0]]
                v = PICK_BASE[char.id] * 2
                if char.tax:
                    v += 2 * sum(1 for c in me.city if districts[c].type == char.tax)
                if char.id == "architect" and me.gold >= 4:
                    v += 3
                return v + (roll >> char.rank) % 3
            ordered = sorted(options, key=value)
            return ordered[0] if kind == "discard" else ordered[-1]
        if kind == "keep":
            return max(options, key=lambda a: (a.args[0] not in me.city, districts[a.args[0]].cost))
        if kind == "toss":
            for a in by_verb.get("toss", []):
                if a.args[0] in me.city:
                    return a
            return by_verb.get("done", options)[0]
        if kind == "graveyard":
            return options[0]
        if kind == "faceup":
            return options[roll % len(options)]
        # the turn
        if "tax" in by_verb:
            return by_verb["tax"][0]
        character = game.character_rules.get(game.turn_char)  # the character's own hint
        if character is not None and any(verb in by_verb for verb in character.verbs):
            early = character.bot_before_gathering(game, me, by_verb, roll, my_hand)
            if early is not None:
                return early
        if "gold" in by_verb:
            if me.hand_size < 2 and "draw" in by_verb:
                return by_verb["draw"][0]
            affordable = [c for c in my_hand if districts[c].cost <= me.gold + 2 and c not in me.city]
            if not affordable and "draw" in by_verb and me.hand_size < 4:
                return by_verb["draw"][0]
            return by_verb["gold"][0]
        if "build" in by_verb:
            return max(by_verb["build"], key=lambda a: districts[a.args[0]].cost)
        if character is not None and any(verb in by_verb for verb in character.verbs):
            late = character.bot_after_building(game, me, by_verb)
            if late is not None:
                return late
        if "lab" in by_verb:
            for a in by_verb["lab"]:
                if a.args and a.args[0] in me.city:
                    return a
        if "smithy" in by_verb and me.gold >= 5 and me.hand_size < 2:
            return by_verb["smithy"][0]
        return by_verb.get("end", options)[0]


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(kind: str, seed: int) -> Bot:
    return pick_bot(BOTS, kind, seed)


def play(game: Game, bots: dict[int, Bot] | Bot, max_actions: int = 100_000) -> Game:
    """Let bots play until the game is over (or the action budget runs out)."""
    return play_out(game, bots, max_actions)
