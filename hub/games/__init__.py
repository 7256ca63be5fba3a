"""The games the table can host, each one plug-in (`plugin.GamePlugin`) in its own package.

Adding a game is one line here (its package's ``PLUGIN``); nothing outside its own
packages (``hub/engine/<game>/``, ``hub/games/<game>/``) changes.
"""

from __future__ import annotations

from typing import Any

from .plugin import GamePlugin

from .citadels import PLUGIN as CITADELS  # noqa: E402 - the registered games, one line each
from .nim import PLUGIN as NIM  # noqa: E402
from .builders.plugin import PLUGIN as BUILDERS  # noqa: E402

GAMES: dict[str, GamePlugin] = {g.name: g for g in globals().copy().values() if isinstance(g, GamePlugin)}
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


__all__ = ["DEFAULT_GAME", "GAMES", "GamePlugin", "plugin_for", "plugin_named"]
