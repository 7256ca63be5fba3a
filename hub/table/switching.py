"""Switching games on one table: what `run`, `sim` and `enroll` say when the store they
would carry on holds an unfinished game of another game.

Every game of a table shares its state directory's database (``game.db``): `run` carries
on the latest game when it is unfinished. When that game is another game's (the table
played The Builders, and `run --game citadels` is started), carrying it on would play the
wrong game, so the command stops with one line saying so, unless it is told
``--new-game``: then a new game starts and the other game stays in the file as it is
(``citadels-hub export`` still shows it). A stored game of a game this hub does not know
(its plug-in is gone) is named the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from hub.games import GAMES, REGISTRY, GamePlugin, plugin_named
from hub.store import EventStore, StoreError, replay_stored



@dataclass(frozen=True)
class OtherGame:
    """The store's latest game is not `plugin`'s and may be unfinished: `message` says so
    in one line; `known`: this hub has that game's plug-in."""

    message: str
    known: bool


def unfinished_other_game(store: EventStore, plugin: GamePlugin, command: str) -> OtherGame | None:
    """The store's latest game when it is an unfinished game of another game than
    `plugin` (or of a game this hub does not know), else None. `command`: the command
    line's name for the advice ("run", "sim", "enroll")."""
    latest = store.latest_game()
    if latest is None:
        return None
    name = store.game_name(latest) or plugin_named(None).name
    if name == plugin.name:
        return None
    if name not in GAMES:
        return OtherGame(f"{store.path} holds game {latest} of {name!r}, a game this hub does not know "
                         f"(it knows {', '.join(sorted(GAMES))})", known=False)
    other = GAMES[name]
    try:
        stored = store.load(latest)
        game = replay_stored(stored, store.path, "")
    except StoreError:
        return None  # a damaged stored game is the resuming command's to explain, if it resumes it
    if game.over:
        return None
    if command == "enroll":  # enrolling carries on no game: what it warns of is the next `run`
        return OtherGame(f"{store.path} holds an unfinished game of {other.title} (game {latest}, "
                         f"{other.progress(game)}): 'citadels-hub run --game {plugin.name}' would not carry it "
                         f"on; add --new-game to enroll the cards of {plugin.title} anyway (that game stays in "
                         f"the file as it is), or finish it first with 'citadels-hub run --game {other.name}'",
                         known=True)
    return OtherGame(f"{store.path} holds an unfinished game of {other.title} (game {latest}, "
                     f"{other.progress(game)}): 'citadels-hub {command} --game {plugin.name}' would not carry it "
                     f"on; add --new-game to start {plugin.title} (that game stays in the file as it is), "
                     f"or run with --game {other.name} to finish it", known=True)


def other_game_in(path: str, plugin: GamePlugin, command: str = "run") -> str | None:
    """One line when the store at `path` holds an unfinished game of another game than
    `plugin`, or a game of a game this hub does not know; else None (`run`, `enroll`)."""
    with EventStore(path, REGISTRY) as store:
        other = unfinished_other_game(store, plugin, command)
    if other is None:
        return None
    if other.known:
        return other.message
    doing = f"enroll the cards of {plugin.title} anyway" if command == "enroll" else f"start a new game of {plugin.title}"
    return f"{other.message}: add --new-game to {doing} (that game stays in the file as it is)"
