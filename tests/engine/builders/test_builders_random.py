"""The Builders: thousands of seeded games between random and heuristic bots, asserting
the invariants at every action: coins never negative, each card in exactly one place,
points equal to the finished cards' points, every action's text reads back to it, the
game ends with everyone having played as many turns, and replay(setup, log) gives the
same state. A sample of decisions also checks that every legal action applies and that
every other action is refused with a known code, the state untouched."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Iterator

import pytest

from hub.engine.builders import Action, Game, HeuristicBot, IllegalAction, RandomBot, Setup
from hub.engine.builders.bots import Bot
from hub.engine.builders.cards import BUILDINGS, CREW, WORKERS
from tests import tiers

GAMES_PER_COUNT = 350  # x 3 player counts
FULL_CHECK_EVERY = 8  # actions between full checks (coins at every action; everything at the end)
CODES = {"game_over", "unknown_seat", "bad_action", "unknown_card", "wrong_card", "bad_amount", "not_your_turn",
         "no_actions_left", "not_face_up", "not_your_worker", "worker_busy", "not_your_site", "cannot_afford"}


def bots_for(seed: int, players: int) -> dict[int, Bot]:
    """Mixed tables: seed by seed, each seat random or heuristic."""
    return {s: (HeuristicBot(seed + s) if (seed >> (s - 1)) & 1 else RandomBot(seed * 7 + s))
            for s in range(1, players + 1)}


def places(game: Game) -> Counter[str]:
    """How many places each card lies in: decks, rows, crews, sites and finished piles."""
    seen: Counter[str] = Counter(game.building_deck)
    seen.update(game.worker_deck)
    seen.update(game.building_row)
    seen.update(game.worker_row)
    for p in game.players:
        seen.update(p.crew)
        seen.update(p.finished)
        for site, workers in p.sites.items():
            seen[site] += 1
            seen.update(workers)
    return seen


ALL_CARDS = Counter({**dict.fromkeys(BUILDINGS, 1), **dict.fromkeys(WORKERS, 1)})


def check(game: Game) -> None:
    assert places(game) == ALL_CARDS
    for p in game.players:
        assert p.coins >= 0
        assert p.points == sum(BUILDINGS[c].points for c in (*p.finished, *p.machines))
        assert all(BUILDINGS[m].machine for m in p.machines) and not any(BUILDINGS[b].machine for b in p.finished)
        assert all(m in p.crew or any(m in ws for ws in p.sites.values()) for m in p.machines)
        assert all(w in CREW for w in p.crew)
    assert game.actions >= 0


def played(seed: int, players: int, budget: int = 5000) -> Iterator[Game]:
    """The game after each action of one seeded game (the same object, moving on)."""
    game = Game.new(Setup(players=players, seed=seed))
    bots = bots_for(seed, players)
    yield game
    for _ in range(budget):
        if game.pending is None:
            return
        game.apply(bots[game.pending.seat].choose(game))
        yield game
    raise AssertionError(f"seed {seed}: no end after {budget} actions")


@pytest.mark.parametrize("seeds", tiers.seeds(GAMES_PER_COUNT, quick=30))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_games_keep_every_invariant_and_replay_to_the_same_state(players: int, seeds: range) -> None:
    ends = Counter[str]()
    for seed in seeds:
        for i, game in enumerate(played(seed, players)):
            if i % FULL_CHECK_EVERY == 0:
                check(game)
            elif game.players[game.turn_seat - 1].coins < 0:  # the seat that just acted
                raise AssertionError(f"seed {seed}: negative coins after {game.log[-1]}")
        check(game)
        assert game.over and game.pending is None and game.last_round is not None
        ends[game.last_round] += 1
        turns = {p.turns for p in game.players}
        assert len(turns) == 1 and turns == {game.round}  # the round was played out
        result = game.result()
        assert result is not None and result["seats"][0]["rank"] == 1
        text = [str(a) for a in game.log]  # replayed from the text: every action's text reads back to it
        assert Game.replay(game.setup, text).state_hash() == game.state_hash()
        if seed % 50 == 0:
            json.dumps(game.public_view())
            assert all(Action.from_json(json.loads(json.dumps(a.to_json()))) == a for a in game.log)
    assert ends["points"] > len(seeds) // 4  # most games with a heuristic seat end on 17 points


def wrong_actions(game: Game) -> list[Action]:
    """Actions of every verb, seat and card, most of them illegal now."""
    assert game.pending is not None
    out: list[Action] = []
    for seat in {game.pending.seat, game.pending.seat % game.n + 1, 0, game.n + 1}:
        cards = BUILDINGS if seat == game.pending.seat else ("b01", "b34")
        out += [Action(seat, "open", (b,)) for b in cards] + [Action(seat, "recruit", (w,)) for w in WORKERS]
        out += [Action(seat, "coins", (c,)) for c in ("1", "2", "3", "6", "x")]
        out += [Action(seat, "buy"), Action(seat, "end"), Action(seat, "open"), Action(seat, "recruit", ("b01",)),
                Action(seat, "open", ("w01",)), Action(seat, "send", ("b01", "b02")), Action(seat, "open", ("zz",))]
        for p in game.players:
            workers = [*p.crew[:4], *(ws[0] for ws in p.sites.values() if ws), "w01", "m1"]
            sites = [*p.sites, *p.finished[:2], "b34"]
            out += [Action(seat, "send", (w, s)) for w in workers for s in sites]
    return out


@pytest.mark.parametrize("seeds", tiers.seeds(9, quick=3))  # 2, 3 and 4 players in each
def test_every_legal_action_applies_and_every_other_is_refused_with_a_code(seeds: range) -> None:
    tried = refused = 0
    for seed in seeds:
        for i, game in enumerate(played(seed, 2 + seed % 3)):
            if game.pending is None or i % 11:
                continue
            legal = game.legal_actions()
            for action in legal:  # each reads back from its text and applies on a copy
                assert Action.parse(str(action)) == action and Action.from_json(action.to_json()) == action
                copy.deepcopy(game).apply(action)
                tried += 1
            before = game.state_hash()
            legal_set = set(legal)
            for action in wrong_actions(game):
                if action in legal_set:
                    continue
                with pytest.raises(IllegalAction) as caught:
                    game.apply(action)
                assert caught.value.code in CODES and caught.value.message, action
                refused += 1
            assert game.state_hash() == before
    assert tried > 55 * len(seeds) and refused > 1110 * len(seeds), (tried, refused)  # >500, >10,000 for the 9


def test_a_finished_game_refuses_everything_with_game_over() -> None:
    *_, game = played(3, 3)
    for action in (Action(1, "end"), Action(2, "open", ("b01",)), Action(9, "buy")):
        with pytest.raises(IllegalAction) as caught:
            game.apply(action)
        assert caught.value.code == "game_over"
