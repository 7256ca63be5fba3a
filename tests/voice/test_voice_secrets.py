"""The voice never tells a secret: every utterance of many simulated games is checked
against what the table publicly knows at that moment.

A seat may be named together with a character only once that seat has revealed it this
round; a district may be named only once it has been seen in a city. Everything the
engine emits is fed to the narrator, private events included, so the check also proves
that forwarding too much cannot leak.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from hub.games.citadels.voice.catalogue import CHARACTERS, LANGS, character_name, district_name
from hub.games.citadels.voice.narrator import Narrator
from hub.voice import Utterance, normalize_event

PLAYER_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")


def _word(name: str) -> re.Pattern[str]:
    """Matches `name` not glued to other Latin letters (CJK may touch it)."""
    return re.compile(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])")


@dataclass
class PublicKnowledge:
    """What everyone at the table may know, fed with the engine's public events."""

    lang: str
    names: dict[int, str]
    revealed: set[tuple[int, str]] = field(default_factory=set)
    seen_districts: set[str] = field(default_factory=set)

    def learn(self, event: Any) -> None:
        data = normalize_event(event)
        if data is None:
            return
        kind = data["kind"]
        if kind == "round_started":
            self.revealed.clear()
        elif kind == "revealed":
            self.revealed.add((int(data["seat"]), str(data["character"])))
        elif kind in ("built", "destroyed", "graveyard_taken"):
            self.seen_districts.add(str(data["district"]))

    def leaks(self, text: str, districts: Iterable[str]) -> list[str]:
        """Why `text` says more than the table knows; [] when it is fine."""
        problems = []
        seats = [seat for seat, name in self.names.items() if _word(name).search(text)]
        characters = [c for c in CHARACTERS if _mentions(text, character_name(c, self.lang))]
        for seat in seats:
            for character in characters:
                if (seat, character) not in self.revealed:
                    problems.append(f"pairs seat {seat} with unrevealed {character}")
        for district in districts:
            if district not in self.seen_districts and _mentions(
                    text, district_name(district, self.lang)):
                problems.append(f"names district {district} never seen in a city")
        return problems


def _mentions(text: str, name: str) -> bool:
    return bool(_word(name).search(text)) if name.isascii() else name in text


def check_game(events: Iterable[Any], lang: str, names: dict[int, str],
               districts: Iterable[str]) -> tuple[int, list[str]]:
    """Feed events in order; return how many utterances were checked and every leak."""
    narrator = Narrator(lang, names)
    knowledge = PublicKnowledge(lang, names)
    district_ids = list(districts)
    checked, leaks = 0, []
    for event in events:
        knowledge.learn(event)
        for utterance in narrator.narrate(event):
            checked += 1
            leaks += [f"{utterance.text!r}: {why}"
                      for why in knowledge.leaks(utterance.text, district_ids)]
    return checked, leaks


# -- the checker itself must be able to fail ------------------------------------------

def test_the_checker_catches_a_seat_named_with_an_unrevealed_character() -> None:
    knowledge = PublicKnowledge("en", {1: "Ann", 2: "Bob"})
    assert knowledge.leaks("Ann is the Thief.", [])
    knowledge.learn({"kind": "revealed", "seat": 1, "character": "thief"})
    assert not knowledge.leaks("Ann is the Thief.", [])
    assert knowledge.leaks("Bob is the Thief.", [])
    knowledge.learn({"kind": "round_started", "round": 2, "crowned": 1})
    assert knowledge.leaks("Ann is the Thief.", [])


def test_the_checker_catches_a_district_from_a_hand_in_every_language() -> None:
    importlib.import_module("hub.engine.citadels.cards")
    for lang in LANGS:
        knowledge = PublicKnowledge(lang, {1: "Ann"})
        text = f"Ann: {district_name('palace', lang)}"
        assert knowledge.leaks(text, ["palace"])
        knowledge.learn({"kind": "built", "seat": 1, "district": "palace"})
        assert not knowledge.leaks(text, ["palace"])


def test_the_checker_catches_a_narrator_that_reads_private_events() -> None:
    class LeakyNarrator(Narrator):
        def narrate(self, event: Any) -> list[Utterance]:
            data = event if isinstance(event, dict) else {}
            if data.get("kind") == "you_picked":
                return [Utterance(f"{self.context.names[data['to']]} is the "
                                  f"{character_name(data['character'], self.lang)}.")]
            return super().narrate(event)

    events = [{"kind": "you_picked", "to": 2, "character": "thief"}]
    narrator = LeakyNarrator("en", {2: "Bob"})
    knowledge = PublicKnowledge("en", {2: "Bob"})
    said = [u.text for e in events for u in narrator.narrate(e)]
    assert said and knowledge.leaks(said[0], [])


# -- hand-written sequences (no engine needed) -----------------------------------------

HAND_WRITTEN = [
    {"kind": "round_started", "round": 1, "crowned": 1},
    {"kind": "dealt", "cards": ["palace", "manor"], "to": 2},
    {"kind": "draft_turn", "seat": 1, "step": "pick"},
    {"kind": "options", "characters": ["thief", "king"], "to": 1},
    {"kind": "picked", "seat": 1},
    {"kind": "you_picked", "character": "thief", "to": 1},
    {"kind": "called", "rank": 1, "character": "assassin"},
    {"kind": "revealed", "seat": 2, "character": "assassin"},
    {"kind": "prompt", "seat": 2, "character": "assassin", "decision": "turn"},
    {"kind": "killed", "character": "king"},
    {"kind": "refusal", "seat": 1, "code": "not_your_turn"},
    {"kind": "drew", "cards": ["palace"], "to": 2},
    {"kind": "built", "seat": 2, "district": "manor"},
    {"kind": "called", "rank": 2, "character": "thief"},
    {"kind": "revealed", "seat": 1, "character": "thief"},
    {"kind": "robbed_named", "character": "warlord"},
    {"kind": "called", "rank": 4, "character": "king"},
    {"kind": "no_answer", "rank": 4, "character": "king"},
    {"kind": "called", "rank": 8, "character": "warlord"},
    {"kind": "revealed", "seat": 3, "character": "warlord"},
    {"kind": "robbery", "thief_seat": 1, "victim_seat": 3, "amount": 2},
    {"kind": "destroyed", "warlord_seat": 3, "seat": 2, "district": "manor"},
    {"kind": "round_ended", "round": 1},
    {"kind": "revealed", "seat": 4, "character": "king"},
    {"kind": "crown", "seat": 4, "heir": True},
]


@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_written_round_tells_no_secret(lang: str) -> None:
    names = dict(enumerate(PLAYER_NAMES[:4], start=1))
    checked, leaks = check_game(HAND_WRITTEN, lang, names, ["palace", "manor"])
    assert checked >= 15
    assert not leaks


# -- many simulated games ----------------------------------------------------------------

def _simulated_events(players: int, seed: int, mode: str, bot_kind: str) -> list[Any]:
    """Every event of one bot game, plus the prompts and refusals a hub would add."""
    engine = importlib.import_module("hub.engine.citadels")
    bots = importlib.import_module("hub.engine.citadels.bots")
    setup = engine.Setup(players=players, seed=seed, mode=mode,
                         names=PLAYER_NAMES[:players])
    game = engine.Game.new(setup)
    bot = bots.make_bot(bot_kind, seed)
    events: list[Any] = [{"kind": "round_started", "round": 1, "crowned": setup.crowned}]
    for _ in range(20_000):
        pending = game.pending
        if pending is None:
            return events
        events.append({"kind": "prompt", "seat": pending.seat, "decision": pending.kind,
                       "character": game.turn_char or None})
        intruder = pending.seat % players + 1
        events.append({"kind": "refusal", "seat": intruder, "code": "not_your_turn"})
        events += game.apply(bot.choose(game))
    raise AssertionError("the simulated game did not end")


def _all_district_ids() -> list[str]:
    cards = importlib.import_module("hub.engine.citadels.cards")
    return list(cards.all_districts())


GAMES = [(players, seed, mode, bot)
         for players in range(2, 8)
         for seed, mode, bot in [(1, "digital", "heuristic"), (2, "digital", "random"),
                                 (3, "physical", "heuristic"), (4, "physical", "random")]]


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_many_simulated_games_tell_no_secret(lang: str) -> None:
    districts = _all_district_ids()
    total = 0
    for players, seed, mode, bot in GAMES:
        events = _simulated_events(players, seed, mode, bot)
        names = dict(enumerate(PLAYER_NAMES[:players], start=1))
        checked, leaks = check_game(events, lang, names, districts)
        assert not leaks, f"{players} players, seed {seed}, {mode}, {bot}: {leaks[:5]}"
        total += checked
    assert total > 1000  # the games really were narrated
