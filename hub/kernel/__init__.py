"""The game-neutral table kernel: one table, its seats and readers, one input queue and
one hub thread, hosting any game through `HostedGame` + `GameAdapter` (see
docs/architecture.md). It imports no game: `hub.games.citadels` is one adapter."""

from .compose import Prompt
from .cursor import GO_BACK, Menu, path_to
from .hubloop import HubLoop, Input
from .interfaces import Decision, GameAdapter, GestureStep, HostedGame, Journal, JournalFunction, Refusal, as_journal
from .publishing import Subscriber
from .table import Table
from .wrap import wrap_lines, wrap_text

__all__ = ["Decision", "GO_BACK", "GameAdapter", "GestureStep", "HostedGame", "HubLoop", "Input", "Journal", "JournalFunction",
           "Menu", "Prompt", "Refusal", "Subscriber", "Table", "as_journal", "path_to",
           "wrap_lines", "wrap_text"]
