"""Cities & Knights: thousands of seeded games between random and table bots (3 and 4
players, hub-rolled and physical dice), asserting at every action: points equal their
sources; every progress card in exactly one place (a deck, a hand, face up as a VP card,
under its deck once played or discarded); the ship between the start and the attack; at
most one metropolis per colour; the components' limits; the hand limit; a winner only on
their own turn, with 13 points; and replay(setup, log) gives the same state. A sample of
decisions also checks that refused actions carry a known code and leave the state as it was."""

from __future__ import annotations

from collections import Counter

import pytest

from hub.engine.cities_knights import Game, IllegalAction, RandomBot, Setup, TableBot
from hub.engine.cities_knights.bots import Bot
from hub.engine.cities_knights.cards import CARDS, COLOURS
from hub.engine.cities_knights.game import SHIP_STEPS, WIN_POINTS
from hub.engine.cities_knights.refusals import check_refusal_codes
from tests import tiers

GAMES = 600  # x 2 player counts x 2 dice modes
CODES = check_refusal_codes()
PROBES = ("{s} roll", "{s} roll 3 4 ship", "{s} end", "{s} build city", "{s} knight promote 2i", "{s} play S01a 3 3",
          "{s} play P01b", "{s} improve blue", "{s} draw S08a", "{s} discard T03a", "{o} confirm", "{o} end",
          "{s} knight act 1", "{s} knight chase 2", "{s} oust {o} 3a", "{s} take P02a", "9 end")


def bots_for(seed: int, players: int) -> dict[int, Bot]:
    """Mixed tables: mostly table bots (games like people's), a random seat now and then."""
    return {s: (RandomBot(seed * 7 + s) if (seed >> s) % 4 == 0 else TableBot(seed + s))
            for s in range(1, players + 1)}


def check(game: Game) -> None:
    places = Counter[str]()
    for c in COLOURS:
        places.update(game.deck[c])
        places.update(game.under[c])
        assert all(CARDS[x].colour == c for x in (*game.deck[c], *game.under[c]))
    for p in game.players:
        places.update(p.hand)
        places.update(p.vp_cards)
        assert all(CARDS[v].vp for v in p.vp_cards) and not any(CARDS[h].vp for h in p.hand)
    assert places == Counter(CARDS.keys())
    assert game.discards <= {c for col in COLOURS for c in game.under[col]}
    for p in game.players:
        metros = [c for c in COLOURS if game.metropolis[c] == p.seat]
        points = (p.settlements + p.sided + 2 * p.cities + 2 * len(metros) + (2 if game.road == p.seat else 0)
                  + p.defender + (1 if game.merchant == p.seat else 0) + len(p.vp_cards))
        assert game.vp(p.seat) == points == sum(game.sources(p.seat).values())
        assert 0 <= p.settlements <= 5 and 0 <= p.cities and p.cities + p.sided <= 4
        assert 0 <= p.walls <= min(3, p.cities) and len(metros) <= p.cities
        assert all(sum(1 for k in p.knights if k.level == lv) <= 2 for lv in (1, 2, 3))
        assert all(0 <= lv <= 5 for lv in p.levels.values())
        owed = bool(game.queue) and game.queue[0][:2] == (p.seat, "discard")
        assert owed or len(p.hand) <= game.hand_limit(p.seat)
    for c in COLOURS:  # one metropolis per colour, held at level 4 or more
        holder = game.metropolis[c]
        assert holder == 0 or game.player(holder).levels[c] >= 4
        if holder == 0:
            assert all(p.levels[c] < 4 for p in game.players)
    assert 0 <= game.ship <= SHIP_STEPS
    if game.ship == SHIP_STEPS:  # the barbarians are here only while the knights are counted
        assert any(d.kind == "confirm" for d in game.queue) and "attack" in game.after
    if game.over:
        assert game.winner == game.turn_seat and game.vp(game.winner) >= WIN_POINTS


def probe(game: Game) -> None:
    """Actions outside the legal options are refused with a known code, the state as it was."""
    legal = {str(a) for a in game.legal_actions()}
    s = game.pending.seat if game.pending else 1
    before = game.state_hash()
    for text in PROBES:
        text = text.format(s=s, o=s % game.n + 1)
        if text in legal:
            continue
        with pytest.raises(IllegalAction) as caught:
            game.apply(text)
        assert caught.value.code in CODES, (text, caught.value.code)
    assert game.state_hash() == before


def play_checked(seed: int, players: int, dice: str, budget: int = 20_000) -> Game:
    setup = Setup(players=players, seed=seed, dice=dice)
    game = Game.new(setup)
    bots = bots_for(seed, players)
    check(game)
    for i in range(budget):
        pending = game.pending
        if pending is None:
            break
        options = game.legal_actions()
        action = bots[pending.seat].choose(game)
        assert action in options
        if i % 53 == seed % 53:
            probe(game)
        turn = game.turn_seat
        game.apply(action)
        check(game)
        if game.over:  # won on their own turn, never someone else's: during it or at its start
            assert game.winner == game.turn_seat
            assert game.winner == turn or (action.verb in ("end", "discard") and game.dice is None)
    else:
        raise AssertionError(f"seed {seed}: no winner after {budget} actions")
    assert Game.replay(setup, game.log).state_hash() == game.state_hash()
    return game


@pytest.mark.parametrize("seeds", tiers.seeds(GAMES, quick=15))
@pytest.mark.parametrize("players, dice", [(3, "hub"), (4, "hub"), (3, "physical"), (4, "physical")])
def test_seeded_games_keep_every_invariant_and_replay_to_the_same_state(players: int, dice: str, seeds: range) -> None:
    attacks = played = 0
    for seed in seeds:
        game = play_checked(seed, players, dice)
        attacks += game.attacks
        played += sum(p.played for p in game.players)
    assert attacks > 0 and played > 0  # the games reach the barbarians and use their cards
