"""The rules core: standard library only, no I/O, no clock, no global random."""

from .actions import Action, IllegalAction
from .cards import CHARACTERS, card_set
from .events import Event
from .game import Decision, Game
from .setup import Setup, StartPosition

__all__ = [
    "Action", "CHARACTERS", "Decision", "Event", "Game", "IllegalAction", "Setup",
    "StartPosition", "card_set",
]
