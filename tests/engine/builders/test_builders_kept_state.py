"""The Builders' engine keeps some sums between actions instead of making them again at
every decision (``hub/engine/builders/game.py``): what the workers not yet recruited
produce (``Game.pool``), what each site still lacks (``Player.lacking``), each seat's points,
and whether a card moved since the game was last found not blocked (``Game.moved``). Over
seeded games with both bots, at every decision, each kept value equals the one made
afresh, the options equal a plain listing of the rules, and a turn's end asks ``blocked``
whenever the answer could have changed: dropping any one update makes this fail."""

from __future__ import annotations

import pytest

from hub.engine.builders import Action, Game, Setup, make_bot
from hub.engine.builders.cards import BUILDINGS, CREW
from hub.engine.builders.game import ACTION_PRICE, COIN_ACTIONS
from hub.engine.builders.state import meets, missing, output, points_of


def listed_afresh(game: Game) -> list[Action]:
    """A turn's options as the rules list them: open, recruit, send (each site, each paid
    idle worker), take coins, buy, end."""
    assert game.pending is not None
    seat = game.pending.seat
    p, left = game.player(seat), game.actions
    out = []
    if left >= 1:
        out += [Action(seat, "open", (b,)) for b in game.building_row]
        out += [Action(seat, "recruit", (w,)) for w in game.worker_row]
    for site in p.sites:
        if game.sent.get(site, 0) < left:
            out += [Action(seat, "send", (w, site)) for w in p.crew if CREW[w].wage <= p.coins]
    out += [Action(seat, "coins", (c,)) for c, cost in COIN_ACTIONS.items() if cost <= left]
    if p.coins >= ACTION_PRICE:
        out.append(Action(seat, "buy"))
    return [*out, Action(seat, "end")]


def blocked_afresh(game: Game) -> bool:
    """``Game.blocked`` summing everything again: the pool, each idle crew and each site."""
    pool = output([*game.worker_row, *game.worker_deck])
    unopened = [BUILDINGS[b].needs for b in (*game.building_row, *game.building_deck)]
    for p in game.players:
        idle = output(p.crew)
        avail = tuple(a + b for a, b in zip(pool, idle))
        for site, workers in p.sites.items():
            have = tuple(a + b for a, b in zip(output(workers), avail))
            if meets((have[0], have[1], have[2], have[3]), BUILDINGS[site].needs):
                return False
        if any(meets((avail[0], avail[1], avail[2], avail[3]), needs) for needs in unopened):
            return False
    return True


@pytest.mark.parametrize("bot", ["random", "heuristic"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kept_sums_equal_the_ones_made_afresh(players: int, bot: str) -> None:
    blocked_seen = 0
    for seed in range(12):
        game = Game.new(Setup(players=players, seed=seed))
        chooser = make_bot(bot, seed)
        was_blocked = False
        while game.pending is not None:
            assert game.pool == output([*game.worker_row, *game.worker_deck])
            for p in game.players:
                assert p.lacking == {site: missing(output(ws), BUILDINGS[site].needs) for site, ws in p.sites.items()}
                assert p.points == points_of(p)
            assert game.legal_actions() == listed_afresh(game)
            if game.last_round is None and not game.moved:  # blocked() would be skipped: it must be False
                assert not blocked_afresh(game)
            blocked_now = game.last_round is None and blocked_afresh(game)
            was_blocked = was_blocked or blocked_now
            game.apply(chooser.choose(game))
        blocked_seen += was_blocked
        if game.last_round == "blocked":  # found at a turn's end: it was so at the decision before
            assert was_blocked
        if was_blocked:  # once blocked, always: the turn's end finds it (or the points end the game first)
            assert game.last_round in ("blocked", "points")
    assert blocked_seen > 0 or bot == "heuristic"  # random bots end games blocked: the check is exercised
