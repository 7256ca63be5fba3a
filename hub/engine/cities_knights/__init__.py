"""The rules of Catan: Cities & Knights as a companion refereeing it (3 or 4 players):
dice, the event die and the barbarians, progress cards, city improvements, metropolises
and points; the board stays with the players, who report what happens on it. Standard
library only, no I/O, no clock, no global random; chance from the seeded RNG in the state.

    game = Game.new(Setup(players=4, seed=7))
    game.legal_actions()             # [Action(1, 'roll', ()), ...]
    game.apply("1 roll")             # events, or IllegalAction(code, message)
    Game.replay(setup, game.log)     # the same state
"""

from .actions import Action, IllegalAction
from .bots import RandomBot, TableBot, make_bot, play
from .events import Event
from .game import Game
from .setup import Setup
from .state import Decision

__all__ = ["Action", "Decision", "Event", "Game", "IllegalAction", "RandomBot", "Setup", "TableBot", "make_bot",
           "play"]
