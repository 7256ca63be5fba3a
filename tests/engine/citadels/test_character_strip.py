"""The character strip of the public view (`hub.engine.citadels.views.character_strip`):
every character in calling order with its state, and nothing a person at the table could
not know. Checked against a strip rebuilt from the public events alone, over whole games
of both editions, every table size and both modes."""

from __future__ import annotations

from typing import Any

import pytest

from hub.engine.citadels import Game, Setup
from hub.engine.citadels.bots import make_bot
from hub.engine.citadels.cards import CHARACTER_BY_ID


class PublicStrip:
    """What a spectator who heard every public event knows of this round's characters."""

    def __init__(self, in_game: list[str]) -> None:
        self.order = sorted(in_game, key=lambda c: CHARACTER_BY_ID[c].rank)
        self.new_round()

    def new_round(self) -> None:
        self.faceup: set[str] = set()
        self.seat: dict[str, int] = {}
        self.called: set[str] = set()
        self.now: str | None = None
        self.answering: str | None = None
        self.killed: str | None = None
        self.robbed: str | None = None

    def hear(self, event: dict[str, Any]) -> None:
        kind = event["kind"]
        if kind == "round_started":
            self.new_round()
        elif kind == "faceup_removed":
            self.faceup = set(event["characters"])
        elif kind == "called":
            self.called.add(event["character"])
            self.now = None
            self.answering = event["character"]
        elif kind == "revealed":
            self.seat[event["character"]] = event["seat"]
            if event["character"] == self.answering:  # the answer to a call (not the heir at the end)
                self.now = event["character"]
            self.answering = None
        elif kind in ("turn_ended", "round_ended", "no_answer"):
            self.now = self.answering = None
        elif kind == "killed":
            self.killed = event["character"]
        elif kind == "robbed_named":
            self.robbed = event["character"]

    def strip(self) -> list[dict[str, Any]]:
        out = []
        for c in self.order:
            if c in self.faceup:
                state = "faceup"
            elif c == self.now:
                state = "playing"
            elif c in self.seat:
                state = "played"
            elif c in self.called:
                state = "silent" if c == self.killed else "facedown"
            else:
                state = "to_come"
            out.append({"id": c, "rank": CHARACTER_BY_ID[c].rank, "state": state, "seat": self.seat.get(c),
                        "killed": c == self.killed, "robbed": c == self.robbed})
        return out


def play_and_check(setup: Setup, bot_seed: int) -> set[str]:
    game = Game.new(setup)
    spectator = PublicStrip(list(game.in_game))
    for e in game.start_events:
        if e.public:
            spectator.hear(e.to_json())
    bots = {s: make_bot("heuristic", bot_seed * 10 + s) for s in range(1, game.n + 1)}
    states: set[str] = set()
    while not game.over:
        for e in game.apply(bots[game.pending.seat].choose(game)):
            if e.public:
                spectator.hear(e.to_json())
        view = game.public_view()
        assert view["characters"] == spectator.strip(), (setup, len(game.log))
        states |= {c["state"] for c in view["characters"]}
        for c in view["characters"]:
            if c["state"] == "facedown":  # nobody holds what the calling showed to lie face down
                assert all(c["id"] not in p.characters for p in game.players)
        if view["facedown_count"] is not None:
            true_count = len(game.in_game) - len(game.faceup) - sum(len(p.characters) for p in game.players)
            assert view["facedown_count"] == true_count >= 0
        if view["phase"] == "draft":
            assert {c["state"] for c in view["characters"]} <= {"faceup", "to_come"}
            assert view["facedown_count"] is None
    return states


@pytest.mark.parametrize("edition", ["classic", "2000"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_the_strip_is_what_the_public_events_told(edition: str, players: int) -> None:
    mode = ("digital", "physical")[(players + (edition == "2000")) % 2]  # each mode at every size over both editions
    seen = play_and_check(Setup(players=players, seed=players, mode=mode, edition=edition), players)
    assert {"to_come", "playing", "played"} <= seen


def test_every_state_occurs_over_a_few_games() -> None:
    seen: set[str] = set()
    for seed in range(8):
        seen |= play_and_check(Setup(players=4 + seed % 4, seed=seed, edition=("classic", "2000")[seed % 2]), seed)
    assert seen == {"faceup", "to_come", "playing", "played", "facedown", "silent"}


def test_the_three_player_2000_game_has_no_assassin() -> None:
    view = Game.new(Setup(players=3, seed=1, edition="2000")).public_view()
    assert [c["id"] for c in view["characters"]] == [
        "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]
    assert [c["rank"] for c in view["characters"]] == [2, 3, 4, 5, 6, 7, 8]
