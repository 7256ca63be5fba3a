"""The command-line options saying where `run` and `sim` keep their games (see hub.store.state)."""

from __future__ import annotations

import argparse


def add_state_options(p: argparse.ArgumentParser, *, automatic: bool) -> None:
    """`automatic`: the command keeps its state by default (run); otherwise only with --db
    or --state-dir, or with the web page (sim)."""
    p.add_argument("--state-dir", default=None, metavar="DIR",
                   help="where games and phone links are kept (default $STATE_DIRECTORY, else "
                        "$XDG_STATE_HOME/citadels-hub or ~/.local/state/citadels-hub)")
    p.add_argument("--db", default=None, metavar="FILE",
                   help="keep the games in this SQLite file instead of the state directory's")
    p.add_argument("--resume", action="store_true",
                   help="continue the interrupted game (automatic for an unfinished game; kept for old scripts)"
                   if automatic else "continue the game(s) interrupted in --db FILE")
    p.add_argument("--new-game", action="store_true",
                   help="start a new game even if the stored one is unfinished")
