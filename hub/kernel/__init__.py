"""The game-neutral table kernel: one table, its seats and readers, one input queue and
one hub thread, hosting any game through `HostedGame` + `GameAdapter` (see
docs/architecture.md). It imports no game: `hub.games.citadels` is one adapter."""

from .compose import Prompt
from .hubloop import HubLoop, Input
from .interfaces import Decision, GameAdapter, GestureStep, HostedGame, Journal, JournalFunction, Refusal, as_journal
from .publishing import Subscriber
from .table import Table

__all__ = ["Decision", "GameAdapter", "GestureStep", "HostedGame", "HubLoop", "Input", "Journal", "JournalFunction",
           "Prompt", "Refusal", "Subscriber", "Table", "as_journal"]
