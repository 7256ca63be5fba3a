"""A Cities & Knights game told: on the terminal as it is played, as a summary once over
(``sim --json``), and read back from the store (``replay``, ``export``)."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any, TextIO

from hub.engine.cities_knights import Game
from hub.games.plugin import StoredGameLike, meta_note

from .words import event_sentences, say, seat_name


def summary(game: Game) -> dict[str, Any]:
    """One line of ``sim --json``: the issue's fields, each seat's points by source."""
    seats = []
    for s in range(1, game.n + 1):
        p = game.player(s)
        seats.append({"seat": s, "vp": game.vp(s), "sources": game.sources(s), "settlements": p.settlements + p.sided,
                      "cities": p.cities, "walls": p.walls, "knights": sorted(k.token for k in p.knights),
                      "improvements": dict(p.levels), "metropolises": game.metropolises(s),
                      "progress_played": p.played, "progress_held": len(p.hand)})
    return {"game": "cities-knights", "seed": game.setup.seed, "players": game.n, "dice": game.setup.dice,
            "winner": game.winner or None, "rounds": game.round, "barbarian_attacks": game.attacks,
            "actions": len(game.log), "seats": seats}


def summary_lines(result: dict[str, Any]) -> list[str]:
    points = ", ".join(f"seat {s['seat']} {s['vp']}" for s in result["seats"])
    return [f"seed {result['seed']}: {result['players']} players, seat {result['winner']} wins after "
            f"{result['rounds']} rounds and {result['barbarian_attacks']} barbarian attacks ({points})"]


def result_line(number: int, result: dict[str, Any], names: dict[int, str]) -> str:
    winner = result["winner"]
    vp = next((s["vp"] for s in result["seats"] if s["seat"] == winner), 0)
    return say("result", number=number, name=seat_name(winner, names), vp=vp, rounds=result["rounds"])


class Teller:
    """The terminal's account of the game: its public events in words."""

    def __init__(self, names: dict[int, str], out: TextIO | None = None) -> None:
        self.names = names
        self.out = out or sys.stdout
        self.muted = False

    def on_message(self, event_id: int, message: Mapping[str, Any]) -> None:
        for event in message.get("events", ()):
            if self.muted or event.get("to") is not None:
                continue
            if event.get("kind") == "new_game" and isinstance(event.get("names"), list):
                self.names = {seat: str(name) for seat, name in enumerate(event["names"], start=1) if name}
                continue
            for line in event_sentences(event, self.names):
                print(line, file=self.out, flush=True)

    def mute(self) -> None:
        self.muted = True


def replay_report(game_id: int, game: Game) -> tuple[dict[str, Any], list[str]]:
    out = summary(game) if game.over else {"game": game_id, "over": False, "actions": len(game.log),
                                           "view": game.public_view()}
    state = f"seat {game.winner} won" if game.over else f"round {game.round}, seat {game.turn_seat} on turn"
    return out, [f"game {game_id}: {len(game.log)} actions replayed, {state}"]


def export_text(stored: StoredGameLike) -> str:
    setup = stored.setup
    lines = [f"# Cities & Knights game {stored.id}, started {stored.created}",
             f"# {setup.players} players, dice {setup.dice}, seed {setup.seed}"]
    game = Game.new(setup)
    for i, (text, meta) in enumerate(zip(stored.actions, stored.meta)):
        game.apply(text)
        lines.append(f"{i + 1:4d}  {text}{meta_note(meta)}")
    lines.append(f"# over: seat {game.winner} wins with {game.vp(game.winner)} points" if game.over
                 else f"# unfinished: round {game.round}")
    return "\n".join(lines) + "\n"
