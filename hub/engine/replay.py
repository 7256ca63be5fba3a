"""What every engine's game does alike with its log (the log is the truth): made new from
its setup, rebuilt by replaying a log, hashed by its snapshot, and a ``0 void`` taken by
rebuilding the state from the log without the action it cancels. An engine's ``Game``
inherits these (`Replayable`) rather than writing them again."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Self

from .actions import effective_log
from .snapshot import snapshot_hash


class Replayable:
    """A game's log-made parts. The game has ``setup``, ``log``, ``options_made`` (the
    options at hand, None: not made), ``snapshot()``, ``apply(action)``, and its state in
    its own ``__slots__`` (what a rebuild copies)."""

    __slots__ = ()
    setup: Any
    log: list[Any]
    options_made: Any
    action_type: ClassVar[Any]  # the game's `TextAction`: a text is parsed by it
    refusal: ClassVar[Callable[[Any, Any], Exception]]  # (game, action) -> why the action is refused

    def __init__(self, setup: Any) -> None:
        raise NotImplementedError("a game says how it starts from its setup")

    @classmethod
    def new(cls, setup: Any) -> Self:
        return cls(setup)

    @classmethod
    def replay(cls, setup: Any, log: Sequence[Any]) -> Self:
        """Rebuild a game from its setup and log (``0 void`` cancels the action before it)."""
        game = cls.new(setup)
        for action in log:
            game.apply(action)
        return game

    def apply(self, action: Any) -> Any:
        raise NotImplementedError

    def legal_actions(self) -> Any:
        raise NotImplementedError

    def unlisted(self, action: Any) -> Any:
        """What `apply` does with an action that is not among the options at hand: a text
        is parsed and applied, a table correction (seat 0: ``void``, ``adjust``) taken,
        anything else refused with why. An engine whose `apply` starts with
        ``if action not in (self.options_made or self.legal_actions()): return
        self.unlisted(action)`` checks a legal action with no call (the hot loop)."""
        if isinstance(action, str):
            return self.apply(self.action_type.parse(action))
        if action.seat == 0 and action.verb in ("void", "adjust"):
            return self._correction(action)
        raise type(self).refusal(self, action)

    def _correction(self, action: Any) -> Any:
        raise NotImplementedError("a game with corrections says how it takes them")

    def snapshot(self) -> dict[str, Any]:
        raise NotImplementedError

    def state_hash(self) -> str:
        return snapshot_hash(self.snapshot())

    def rebuild_voiding(self, void: Any) -> None:
        """Take ``void`` (``0 void <reason>``, already checked): the state becomes the log's
        without the action it cancels, and the void stands in the log."""
        log = [*self.log, void]
        rebuilt = type(self).replay(self.setup, effective_log(log))
        kept = {"log": log, "options_made": None}  # the options are made again when asked for
        name: str
        for name in type(self).__slots__:
            setattr(self, name, kept[name] if name in kept else getattr(rebuilt, name))
