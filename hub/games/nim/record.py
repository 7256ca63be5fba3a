"""A Nim game told: on the terminal as it is played, as a summary once over, and read
back from the store (``replay``, ``export``)."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any, TextIO

from hub.engine.nim import NimGame
from hub.games.plugin import StoredGameLike, meta_note

from .words import say, seat_name


def summary(game: NimGame) -> dict[str, Any]:
    return {"game": "nim", "seed": game.setup.seed, "players": game.n, "stones": game.setup.stones,
            "winner": game.winner, "actions": len(game.log), "log": [str(a) for a in game.log]}


def summary_lines(result: dict[str, Any]) -> list[str]:
    return [f"seed {result['seed']}: {result['players']} players, {result['stones']} stones, "
            f"seat {result['winner']} wins after {result['actions']} moves"]


def result_line(number: int, result: dict[str, Any], names: dict[int, str]) -> str:
    return say("result", number=number, name=seat_name(result["winner"], names), actions=result["actions"])


class Teller:
    """The terminal's account of the game: one line per public event."""

    def __init__(self, names: dict[int, str], out: TextIO | None = None) -> None:
        self.names = names
        self.out = out or sys.stdout
        self.muted = False

    def on_message(self, event_id: int, message: Mapping[str, Any]) -> None:
        for event in message.get("events", ()):
            if self.muted or event.get("to") is not None:
                continue
            if event.get("kind") == "new_game" and isinstance(event.get("names"), list):  # its players' names
                self.names = {seat: str(name) for seat, name in enumerate(event["names"], start=1) if name}
            elif event.get("kind") == "pile":
                print(say("pile", stones=event["stones"]), file=self.out, flush=True)
            elif event.get("kind") == "took":
                name = seat_name(event["seat"], self.names)
                line = say("won", name=name) if event["left"] == 0 else say("took", name=name, n=event["n"],
                                                                             left=event["left"])
                print(line, file=self.out, flush=True)

    def mute(self) -> None:
        self.muted = True


def replay_report(game_id: int, game: NimGame) -> tuple[dict[str, Any], list[str]]:
    out = summary(game) if game.over else {"game": game_id, "over": False, "actions": len(game.log),
                                           "view": game.public_view()}
    state = f"seat {game.winner} took the last stone" if game.over else f"{game.stones} stones left"
    return out, [f"game {game_id}: {len(game.log)} actions replayed, {state}"]


def export_text(stored: StoredGameLike) -> str:
    setup = stored.setup
    lines = [f"# Nim game {stored.id}, started {stored.created}",
             f"# {setup.players} players, {setup.stones} stones, seed {setup.seed}"]
    game = NimGame(setup)
    for i, (text, meta) in enumerate(zip(stored.actions, stored.meta)):
        game.apply(text)
        lines.append(f"{i + 1:4d}  {text}  [{game.stones} left]{meta_note(meta)}")
    lines.append(f"# over: seat {game.winner} wins" if game.over else f"# unfinished: {game.stones} stones left")
    return "\n".join(lines) + "\n"
