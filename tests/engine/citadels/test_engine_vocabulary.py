"""The engine's vocabularies (verbs, decision kinds, event kinds) and its one list of
private event kinds agree with what the engine really accepts and emits."""

from __future__ import annotations

from typing import get_args

from hub.engine.citadels import Action, Game, Setup
from hub.engine.citadels.actions import VERBS, Verb
from hub.engine.citadels.bots import make_bot
from hub.engine.citadels.events import EVENT_KINDS, PRIVATE_KINDS, EventKind
from hub.engine.citadels.game import DECISION_KINDS, DecisionKind


def _random_games() -> tuple[set[str], set[str], set[str], set[str], set[str]]:
    """Verbs offered, decision kinds met, public and private event kinds seen, over many
    games of every edition, size and mode, with both bots (corrections included)."""
    verbs: set[str] = set()
    decisions: set[str] = set()
    public: set[str] = set()
    private: set[str] = set()
    private_public: set[str] = set()  # kinds seen both ways (must stay empty)
    for edition in ("classic", "2000"):
        for players in range(2, 8):
            for mode in ("digital", "physical"):
                for seed in range(6):
                    game = Game.new(Setup(players=players, seed=seed, mode=mode, edition=edition))
                    events = list(game.start_events)
                    bot = make_bot("random" if seed % 2 else "heuristic", seed)
                    while game.pending is not None:
                        decisions.add(game.pending.kind)
                        verbs.update(a.verb for a in game.legal_actions())
                        events += game.apply(bot.choose(game))
                        if len(game.log) == 30 and seed == 0:
                            events += game.apply("0 adjust 1 1 miscount")
                            events += game.apply("0 void")
                            verbs.update(("adjust", "void"))
                    for e in events:
                        (private if e.to is not None else public).add(e.kind)
    private_public = private & public
    return verbs, decisions, public, private, private_public


GAMES = _random_games()


def test_every_verb_offered_is_in_the_vocabulary_and_every_verb_is_offered() -> None:
    verbs = GAMES[0]
    assert verbs <= VERBS
    assert VERBS == set(get_args(Verb))
    assert VERBS - verbs <= {"museum"}  # no verb the engine never offers (the Museum is rare: rules tests)


def test_every_decision_kind_met_is_in_the_vocabulary_and_all_are_met() -> None:
    assert GAMES[1] == DECISION_KINDS == set(get_args(DecisionKind))


def test_every_event_kind_emitted_is_in_the_vocabulary() -> None:
    emitted = GAMES[2] | GAMES[3]
    assert emitted <= EVENT_KINDS == set(get_args(EventKind)), sorted(emitted - EVENT_KINDS)
    assert EVENT_KINDS - emitted <= {"graveyard_taken", "graveyard_passed"}  # rare, but real (rules tests)


def test_private_kinds_are_exactly_the_kinds_the_engine_sends_to_one_seat() -> None:
    _, _, public, private, both = GAMES
    assert private == PRIVATE_KINDS
    assert not both and not (public & PRIVATE_KINDS)


def test_vocabularies_stay_plain_strings_on_the_wire() -> None:
    action = Action.parse("2 pick thief")
    assert type(action.verb) is str and str(action) == "2 pick thief"
    assert action.to_json() == {"seat": 2, "verb": "pick", "args": ["thief"]}
    game = Game.new(Setup(players=4, seed=1))
    assert all(type(e.kind) is str for e in game.opening_events())
    assert game.pending is not None and type(game.pending.kind) is str
