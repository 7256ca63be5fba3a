"""Helpers for engine tests: scripted physical-mode setups and invariant checks."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hub.engine.citadels import Action, Game, Setup, StartPosition
from hub.engine.citadels.cards import CHARACTER_BY_ID

PUBLIC_KEYS = {
    "round", "phase", "mode", "edition", "crowned", "calling", "faceup_removed", "killed", "robbed",
    "complete_at", "first_complete", "pending", "deck", "seats", "result", "characters", "facedown_count",
}  # "edition": the rule set, public (the pages word a character in its edition's words);
# "characters": the strip, every character of the game in calling order with what the table knows of it
# "score": what the city is worth now (public: cities are on the table); "chosen": how many
# characters the seat holds (public: everyone sees a card taken), never which.
PUBLIC_SEAT_KEYS = {"seat", "name", "gold", "hand", "crown", "characters", "city", "museum", "complete", "score",
                    "chosen"}
PUBLIC_EVENT_CHARACTER_KINDS = {"called", "no_answer", "revealed", "killed", "robbed_named", "turn_ended",
                                "faceup_removed"}


def start(gold: int = 2, city: tuple[str, ...] = (), hand: tuple[str, ...] | None = None,
          hand_size: int | None = None) -> StartPosition:
    return StartPosition(gold=gold, city=city, hand=hand, hand_size=hand_size)


def physical(players: int, picks: dict[int, list[str]] | dict[int, str], faceup: tuple[str, ...] = (),
             starts: list[StartPosition] | None = None, variant: str = "", deck: str = "",
             crowned: int = 1, edition: str = "classic") -> Game:
    """A physical-mode game whose first draft is played as given; stops when calling starts.

    ``variant`` and ``deck`` default to the edition's own."""
    game = Game.new(Setup(players=players, mode="physical", variant=variant, deck=deck, crowned=crowned,
                          start=tuple(starts) if starts else None, edition=edition))
    draft(game, picks, faceup)
    return game


def draft(game: Game, picks: dict[int, list[str]] | dict[int, str], faceup: tuple[str, ...] = ()) -> None:
    queues = {s: ([c] if isinstance(c, str) else list(c)) for s, c in picks.items()}
    faceup_left = list(faceup)
    while game.pending is not None and game.pending.kind in ("faceup", "pick"):
        seat, kind = game.pending
        if kind == "faceup":
            game.apply(Action(seat, "faceup", (faceup_left.pop(0),)))
        else:
            game.apply(Action(seat, "pick", (queues[seat].pop(0),)))


def act(game: Game, *texts: str) -> list[Any]:
    events: list[Any] = []
    for text in texts:
        events.extend(game.apply(text))
    return events


def check_invariants(game: Game) -> None:
    """Everything that must hold after every action of every game."""
    total = game.cards.size()
    players = game.players
    in_transit = len(game.drawn) + len(game.tossed) + (1 if game.grave_card else 0)
    counted = game.deck_size() + in_transit + sum(p.hand_size + len(p.city) + p.museum for p in players)
    assert counted == total, f"{counted} districts accounted for, not {total}"
    if game.digital:
        seen = Counter(game.deck + game.drawn + game.tossed + ([game.grave_card] if game.grave_card else []))
        for p in players:
            assert len(p.hand) == p.hand_size
            seen.update(p.hand)
            seen.update(p.city)
        assert not seen - Counter(game.cards.deck_list()), "a district appeared twice"
    for p in players:
        assert p.gold >= 0, f"seat {p.seat} has {p.gold} gold"
        assert p.hand_size >= len(p.hand) >= 0
        assert len(p.city) <= game.complete_at
        quarry_in_deck = any(d.effect == "duplicates" for d in game.cards.districts.values())
        if not quarry_in_deck:  # a Quarry lets a city hold twins, which stay if it is destroyed
            assert len(set(p.city)) == len(p.city), f"duplicate in seat {p.seat}'s city"
    assert 1 <= game.crowned <= game.n
    if game.over:
        assert game.pending is None and game.legal_actions() == []
    else:
        assert game.legal_actions(), "no legal option but the game is not over"


def check_views(game: Game) -> None:
    """The public view holds nothing secret; a seat view adds only that seat's own."""
    view = game.public_view()
    assert set(view) == PUBLIC_KEYS
    for s in view["seats"]:
        assert set(s) == PUBLIC_SEAT_KEYS
        assert isinstance(s["hand"], int)
        assert isinstance(s["chosen"], int) and 0 <= s["chosen"] <= 2
        for char in s["characters"]:
            assert game.revealed.get(char) == s["seat"], f"{char} shown for seat {s['seat']} before it was revealed"
    for char in view["faceup_removed"]:
        assert char in game.faceup
    for entry in view["characters"]:  # the strip: a seat only once its character was revealed
        assert entry["seat"] == game.revealed.get(entry["id"]), f"the strip shows {entry['id']}'s seat unrevealed"
        if entry["state"] == "facedown":  # called, nobody answered: nobody holds it
            assert not any(entry["id"] in p.characters for p in game.players), f"{entry['id']} is held"
    text = json.dumps({key: value for key, value in view.items() if key != "characters"})
    for secret in game.facedown:
        assert json.dumps(secret) not in text or secret in game.revealed or secret in game.faceup \
            or secret in (game.killed, game.robbed) or view["calling"], "a face-down card leaked"
    for seat in range(1, game.n + 1):
        sv = game.seat_view(seat)
        you = sv.pop("you")
        assert sv == view
        assert you["seat"] == seat
        assert sorted(you["characters"]) == sorted(game.player(seat).characters)


def check_events(game: Game, events: list[Any]) -> None:
    for e in events:
        if not e.public:
            continue
        assert "cards" not in e.data, f"public event {e.kind} carries cards"
        if "character" in e.data:
            assert e.kind in PUBLIC_EVENT_CHARACTER_KINDS, f"{e.kind} names a character"
        if e.kind == "picked":
            assert set(e.data) == {"seat"}


def rank(char: str) -> int:
    return CHARACTER_BY_ID[char].rank
