"""A simulated game carried on from its store (``citadels-hub sim --resume``).

The log is the truth: the game is rebuilt from the stored actions, as ``run`` rebuilds a
real table's, whoever said them (a seat's bot, a phone, the admin's correction). The bots
never play the stored part again: they could not say what the admin said.

What the simulated people hold (`TableTop`) is not in the store; it is moved along the
stored actions as the people moved it while the game was played: a character laid to be
picked leaves the pile, a district laid to be built or destroyed is the copy in hand or in
that city, and every public event moves cards as `TableTop.on_event` says. Each choice
the people make there (cards kept or given up, a 2-player discard) depends only on the
game and the table top's seeded RNG, so the table top ends as the interrupted run left
it and the game carries on as it would have.
"""

from __future__ import annotations

from hub.engine.citadels import Action, Game
from hub.engine.citadels.events import public_json
from hub.games.plugin import StoredGameLike, StoredMoveError

from .world import TableTop


def follow_stored(world: TableTop, game: Game, stored: StoredGameLike) -> None:
    """Apply `stored`'s actions to `game` (new, nothing applied: the table's own) and move
    `world` (as dealt, its choosers reading `game`) along them. A log the rules refuse,
    or one the simulated cards cannot follow, raises `StoredMoveError` (the simulator
    words it: `hub.table.sim.follow_stored`)."""
    def graveyard() -> bool:  # as the live table top is told: is a destroyed card on its way to the Graveyard?
        return game.pending is not None and game.pending.kind == "graveyard"

    for event in [e.to_json() for e in game.opening_events()]:  # as the table's start told them
        world.on_event(event, graveyard())
    for index, text in enumerate(stored.actions):
        try:
            action = Action.parse(text)
        except Exception as exc:  # IllegalAction: not an action at all
            raise _refused(index, exc) from exc
        try:
            _lay(world, action)
        except (StopIteration, ValueError, KeyError) as exc:
            raise StoredMoveError(index, refused=False) from exc
        try:
            events = game.apply(action)
        except Exception as exc:  # IllegalAction, or any rule that cannot take it
            raise _refused(index, exc) from exc
        try:
            for event in public_json(events):
                world.on_event(event, graveyard())
            if action.verb == "pick" and action.seat:
                world.picked(action.seat, action.args[0], lambda pile: sorted(pile)[len(game.log) % len(pile)])
        except (StopIteration, ValueError, KeyError, AssertionError, IndexError) as exc:
            raise StoredMoveError(index, refused=False) from exc


def _lay(world: TableTop, action: Action) -> None:
    """The copy a district card said: the one in hand (a build), in that city (a destroy)."""
    if action.seat and action.verb == "build":
        world.last_placed[action.seat] = world.uid_in(world.hands[action.seat], action.args[0])
    elif action.seat and action.verb == "destroy":
        world.last_placed[action.seat] = world.uid_in(world.cities[int(action.args[0])], action.args[1])


def _refused(index: int, exc: BaseException) -> StoredMoveError:
    return StoredMoveError(index, refused=True, refusal=str(getattr(exc, "code", type(exc).__name__)))
