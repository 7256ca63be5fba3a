"""Same seed, same bytes through ``--resume`` for every registered game: a simulated game
cut after any of its actions (a crash, a power cut) and carried on with ``sim --resume``
prints what the game never interrupted prints, and stores the same log. The bots keep no
state (`hub.engine.play.RandomBot`): a bot that kept a stream of its own would choose
differently after the cut. One cut with every bot of every game is quick; every other cut,
with the game's first bot, is slow."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from hub.cli import main
from hub.games import GAMES, GamePlugin
from hub.store import EventStore
from hub.games import REGISTRY

SEED = 5


class Whole(NamedTuple):
    out: str
    setup: Any
    actions: list[str]
    meta: list[dict[str, Any]]


def sim(game: GamePlugin, bot: str, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    assert main(["sim", "--game", game.name, "--headless", "--json", "--bots", bot, "--players",
                 str(game.seats.start), *args]) == 0
    return capsys.readouterr().out


def whole_game(game: GamePlugin, bot: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Whole:
    db = tmp_path / f"whole-{bot}.db"
    out = sim(game, bot, capsys, "--seed", str(SEED), "--db", str(db))
    with EventStore(db, REGISTRY) as store:
        stored = store.load()
    assert json.loads(out)["seed"] == SEED
    return Whole(out, stored.setup, stored.actions, stored.meta)


def resumed_at(game: GamePlugin, bot: str, whole: Whole, cut: int, tmp_path: Path,
               capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / f"cut{cut}-{bot}.db"
    with EventStore(db, REGISTRY) as store:
        gid = store.start_game(whole.setup)
        for text, meta in zip(whole.actions[:cut], whole.meta):  # as the simulator stored them
            store.append(gid, text, meta)
    assert sim(game, bot, capsys, "--resume", "--db", str(db)) == whole.out, f"{game.name} ({bot}) cut at {cut}"
    with EventStore(db, REGISTRY) as store:
        assert store.load(gid).actions == whole.actions


@pytest.mark.parametrize("name, bot", [(name, bot) for name in sorted(GAMES) for bot in GAMES[name].bots])
def test_a_game_cut_in_the_middle_resumes_to_the_same_bytes(name: str, bot: str, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    game = GAMES[name]
    whole = whole_game(game, bot, tmp_path, capsys)
    resumed_at(game, bot, whole, len(whole.actions) // 2 + 1, tmp_path, capsys)


@pytest.mark.slow  # a whole game per cut point: a minute or two a game
@pytest.mark.timeout(1200)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_cut_anywhere_resumes_to_the_same_bytes(name: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    game = GAMES[name]
    bot = game.bots[0]
    whole = whole_game(game, bot, tmp_path, capsys)
    for cut in range(len(whole.actions) + 1):
        if cut != len(whole.actions) // 2 + 1:  # the quick test's
            resumed_at(game, bot, whole, cut, tmp_path, capsys)
