"""The games the table can host, each one plug-in (`plugin.GamePlugin`) in its own package.

Adding a game is one line here (its package's ``PLUGIN``); nothing outside its own
packages (``hub/engine/<game>/``, ``hub/games/<game>/``) changes.
"""

from __future__ import annotations

from typing import Any

from .plugin import GamePlugin
from .secrets import Secrets, keep_declared_secrets

# The registered games: one line each, its package's PLUGIN (collected into GAMES below).
from .citadels import PLUGIN as CITADELS  # noqa: F401
from .nim import PLUGIN as NIM  # noqa: F401
from .builders import PLUGIN as BUILDERS  # noqa: F401
from .cities_knights import PLUGIN as CITIES_KNIGHTS  # noqa: F401

GAMES: dict[str, GamePlugin] = {game.name: game for game in list(globals().values()) if isinstance(game, GamePlugin)}
DEFAULT_GAME = "citadels"


def plugin_named(name: str | None) -> GamePlugin:
    """The plug-in for ``--game NAME`` or a stored game's ``game`` column (None: the
    default, what every game stored before the column existed is)."""
    try:
        return GAMES[name or DEFAULT_GAME]
    except KeyError:
        raise KeyError(f"unknown game {name!r}: the hub knows {', '.join(sorted(GAMES))}") from None


def plugin_for(setup: Any) -> GamePlugin:
    """The plug-in whose setups `setup` is one of."""
    for game in GAMES.values():
        if isinstance(setup, game.setup_type):
            return game
    raise TypeError(f"no registered game makes a {type(setup).__name__}")


class Registry:
    """The registered games, for a part that may not import this registry (the store is
    given it: `hub.store.Games`)."""

    def plugin_named(self, name: str | None) -> GamePlugin:
        return plugin_named(name)

    def plugin_for(self, setup: Any) -> GamePlugin:
        return plugin_for(setup)


REGISTRY = Registry()
"""The registry as an object to hand over: ``EventStore(path, REGISTRY)``."""


def host_table(game: GamePlugin, bus: Any, registry: Any, setup: Any, /, **options: Any) -> Any:
    """The kernel's table hosting `game` (its ``make_table``), publishing only what the
    game's declared secrets allow (`secrets.keep_declared_secrets`)."""
    return keep_declared_secrets(game.make_table(bus, registry, setup, **options), Secrets.of(game))


def every_secret() -> Secrets:
    """Every registered game's declared secrets: for a page or a voice not told its game."""
    return Secrets.union(GAMES.values())


__all__ = ["DEFAULT_GAME", "GAMES", "REGISTRY", "GamePlugin", "Registry", "Secrets", "every_secret", "host_table",
           "plugin_for", "plugin_named"]
