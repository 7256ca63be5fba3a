"""The public history (replayed from the log) and the running city score."""

from __future__ import annotations

from hub.engine.citadels import Action, Game, Setup
from hub.engine.citadels.bots import make_bot
from hub.engine.citadels.history import PRIVATE_KINDS, public_history
from hub.engine.citadels.scoring import city_score, score_game


def play(game: Game, steps: int = 100_000) -> list[dict]:
    """Let bots play; returns the public events the table saw, in order."""
    bots = {s: make_bot("heuristic", 7 * s) for s in range(1, game.n + 1)}
    seen = []
    for _ in range(steps):
        if game.over:
            break
        seen += [e.to_json() for e in game.apply(bots[game.pending.seat].choose(game)) if e.public]
    return seen


def without_round(events: list[dict]) -> list[dict]:
    kept = ("round_started", "round_ended")  # whose round is part of what they say
    return [{k: v for k, v in e.items() if k != "move" and (k != "round" or e["kind"] in kept)} for e in events]


def test_the_history_is_every_public_event_the_table_saw_in_order() -> None:
    for players, mode in ((4, "digital"), (7, "physical"), (2, "digital")):
        game = Game.new(Setup(players=players, seed=players * 5, mode=mode))
        seen = play(game)
        history = public_history(game.setup, game.log)
        opening = [e for e in history if e["round"] == 1][:2]
        assert history[0] == {"kind": "round_started", "round": 1, "crowned": game.setup.crowned, "move": 0}
        told = without_round(history[len(history) - len(seen):])
        assert told == without_round(seen)
        assert all(e["kind"] not in PRIVATE_KINDS and "to" not in e for e in history)
        assert history[-1]["kind"] == "game_over" and history[-1]["round"] == game.round
        assert opening


def test_every_event_carries_the_round_it_happened_in() -> None:
    game = Game.new(Setup(players=5, seed=3))
    play(game)
    rounds = [e["round"] for e in public_history(game.setup, game.log)]
    assert rounds == sorted(rounds) and rounds[0] == 1 and rounds[-1] == game.round


def test_a_voided_action_leaves_the_history() -> None:
    game = Game.new(Setup(players=4, seed=9))
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    before = public_history(game.setup, game.log)
    game.apply(game.legal_actions()[0])
    assert len(public_history(game.setup, game.log)) > len(before)
    game.apply(Action(0, "void", ("misread",)))
    assert public_history(game.setup, game.log) == before
    game.apply(Action(0, "adjust", ("2", "3", "miscounted")))
    assert public_history(game.setup, game.log)[-1] == {
        "kind": "gold", "seat": 2, "delta": 3, "reason": "correction", "note": "miscounted", "round": 1, "move": 7}


def test_the_running_score_is_the_final_score_counted_now() -> None:
    game = Game.new(Setup(players=4, seed=12))
    bots = {s: make_bot("heuristic", s) for s in range(1, 5)}
    while not game.over:
        for p in game.players:
            built = sum(game.cards.districts[c].cost for c in p.city)
            assert city_score(game, p) >= built
            assert game.public_view()["seats"][p.seat - 1]["score"] == city_score(game, p)
        game.apply(bots[game.pending.seat].choose(game))
    final = {s["seat"]: s["score"] for s in score_game(game)["seats"]}
    assert {p.seat: city_score(game, p) for p in game.players} == final
    assert max(final.values()) > 0


def test_a_city_with_every_type_counts_the_bonus_at_once() -> None:
    game = Game.new(Setup(players=4, seed=1))
    p = game.player(1)
    by_type: dict[str, str] = {}
    for card in game.cards.districts.values():
        if card.effect in (None, "", "two_points") or card.type != "unique":
            by_type.setdefault(card.type, card.id)
    p.city = list(by_type.values())
    costs = sum(game.cards.districts[c].cost for c in p.city)
    bonus = 3 if len(by_type) == 5 else 0
    extra = sum(2 for c in p.city if game.cards.districts[c].effect == "two_points")
    assert city_score(game, p) == costs + bonus + extra
    assert bonus == 3


def test_each_event_says_which_move_made_it() -> None:
    """One move's events share its number, numbers rise by one move at a time, and a voided
    move's number goes to the move that replaces it (the scoreboard's last move)."""
    game = Game.new(Setup(players=4, seed=5))
    seen = play(game, steps=40)
    history = public_history(game.setup, game.log)
    moves = [e["move"] for e in history]
    assert moves == sorted(moves) and moves[0] == 0 and moves[-1] == len(game.log)
    last = [e for e in history if e["move"] == moves[-1]]
    assert history[len(history) - len(last):] == last
    assert without_round(last) == without_round(seen[len(seen) - len(last):])
    game.apply(Action(0, "void", ("misread",)))
    assert max(e["move"] for e in public_history(game.setup, game.log)) == len(game.log) - 2


def test_a_destroyed_district_keeps_its_type_and_cost_in_the_event() -> None:
    """It leaves every city, so the scoreboard shows it where it stood from the event alone."""
    for seed in range(40):
        game = Game.new(Setup(players=5, seed=seed))
        play(game)
        gone = [e for e in public_history(game.setup, game.log) if e["kind"] == "destroyed"]
        if gone:
            d = game.cards.districts[gone[0]["district"]]
            assert (gone[0]["type"], gone[0]["cost"]) == (d.type, d.cost)
            return
    raise AssertionError("no Warlord destroyed anything in 40 games")
