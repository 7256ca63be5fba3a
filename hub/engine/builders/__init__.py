"""The rules of The Builders: Middle Ages (2 to 4 players): standard library only, no
I/O, no clock, no global random; chance from the seeded RNG in the game state.

    game = Game.new(Setup(players=3, seed=7))
    game.legal_actions()             # [Action(1, 'open', ('b07',)), ...]
    game.apply("1 send w03 b07")     # events, or IllegalAction(code, message)
    Game.replay(setup, game.log)     # the same state
"""

from .actions import Action, IllegalAction
from .bots import HeuristicBot, RandomBot, make_bot, play
from .events import Event
from .game import Game
from .setup import Setup, StartPosition
from .state import Decision

__all__ = ["Action", "Decision", "Event", "Game", "HeuristicBot", "IllegalAction", "RandomBot", "Setup",
           "StartPosition", "make_bot", "play"]
