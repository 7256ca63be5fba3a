"""The simulated table top: where every tagged card physically lies.

The hub in physical mode never sees hands or the deck; people hold real cards and follow
its instructions. In the simulator this module is those people's hands and the deck: it
shuffles and deals real (virtual) tagged cards with its own seeded RNG and moves them as
the players do when the hub says "draw 2, keep 1" or "swap hands".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hub.engine.citadels.editions import Edition, edition
from hub.engine.rng import SplitMix64

from .registry import CardRef, TagRegistry

MOVING_KINDS = frozenset({"round_started", "instruct", "built", "destroyed", "graveyard_taken",
                          "graveyard_passed", "swapped", "cards"})
"""The public events after which people move cards (`TableTop.on_event`); most (prompt,
called, gold...) move none, and the simulator hears about four per action."""

# (seat, uids offered, how many to keep) -> the uids kept; the seat's player decides
KeepChooser = Callable[[int, list[str], int], list[str]]
# (seat, how many) -> the uids given up from that seat's hand
GiveUpChooser = Callable[[int, int], list[str]]


class TableTop:
    def __init__(self, registry: TagRegistry, players: int, seed: int, rules: Edition | None = None) -> None:
        self.registry = registry
        self.rules = rules or edition("classic")  # which characters are in play, how many lie face up
        self.players = players
        self.rng = SplitMix64(seed ^ 0x5EA7)
        self.uid = {ref: uid for uid, ref in registry.tags.items()}
        # Every uid this model handles comes from the registry as it is spelled there, so a
        # card is found by a plain look-up (the simulated players ask ~6 times per action).
        self._refs: dict[str, CardRef] = registry.tags
        self._card_ids: dict[str, str] = {uid: ref.id for uid, ref in registry.tags.items()}
        self.deck = [self.uid[ref] for ref in sorted(self.uid) if ref.kind == "district"]
        self.rng.shuffle(self.deck)  # index 0 is the bottom, the end is the top
        self.hands: dict[int, list[str]] = {s: [] for s in range(1, players + 1)}
        self.cities: dict[int, list[str]] = {s: [] for s in range(1, players + 1)}
        self.museum: dict[int, list[str]] = {s: [] for s in range(1, players + 1)}
        self.characters: dict[int, list[str]] = {s: [] for s in range(1, players + 1)}
        self.pile: list[str] = []
        self.faceup: list[str] = []
        self.facedown: list[str] = []
        self.picks = 0
        steps = self.rules.draft_steps(list(range(1, players + 1)))
        self.picks_per_round = sum(1 for _, kind in steps if kind == "pick")
        self.last_placed: dict[int, str] = {}
        self.limbo: str | None = None  # a destroyed card on its way to the Graveyard or the deck
        self.choose_keep: KeepChooser = lambda seat, uids, keep: uids[:keep]
        self.choose_give_up: GiveUpChooser = lambda seat, n: self.hands[seat][:n]
        for seat in self.hands:
            self.hands[seat] = [self.deck.pop() for _ in range(4)]

    # ------------------------------------------------------------------ queries
    def card(self, uid: str) -> CardRef:
        return self._refs[uid]

    def card_id(self, uid: str) -> str:
        """The card (e.g. "manor") a uid is glued to."""
        return self._card_ids[uid]

    def hand_ids(self, seat: int) -> list[str]:
        ids = self._card_ids
        return [ids[u] for u in self.hands[seat]]

    def uid_in(self, cards: list[str], card_id: str) -> str:
        ids = self._card_ids
        return next(u for u in cards if ids[u] == card_id)

    def character_uid(self, character: str) -> str:
        return self.uid[CardRef("character", character)]

    # ------------------------------------------------------------------ draft, by hand
    def shuffle_characters(self) -> None:
        """The crowned player shuffles, lays some face up (never the King), one face down."""
        pile = [c.id for c in self.rules.characters(self.players)]
        self.rng.shuffle(pile)
        self.faceup = self.rules.lay_face_up(pile, self.rng, self.rules.face_up_removed[self.players])
        self.facedown = [pile.pop()]
        self.pile = pile
        self.picks = 0
        for seat in self.characters:
            self.characters[seat] = []

    def offered(self, seat: int) -> list[str]:
        """The characters in the pile this seat is handed now."""
        if self.players == 7 and self.picks == 6 and self.facedown:
            return [*self.pile, *self.facedown]
        return list(self.pile)

    def picked(self, seat: int, character: str, discard: Callable[[list[str]], str]) -> None:
        if self.players == 7 and self.picks == 6:
            self.pile.extend(self.facedown)
            self.facedown = []
        self.pile.remove(character)
        self.characters[seat].append(character)
        self.picks += 1
        if self.players == 2 and self.picks in (2, 3):  # B, then A, remove one face down
            gone = discard(list(self.pile))
            self.pile.remove(gone)
            self.facedown.append(gone)
        if self.picks == self.picks_per_round:
            self.facedown.extend(self.pile)
            self.pile = []

    # ------------------------------------------------------------------ following the hub
    def follow(self, message: Mapping[str, Any], game: Any) -> None:
        """One message of the hub's public stream (`hub.games.plugin.SimWorld`)."""
        for event in message["events"]:
            if event["kind"] in MOVING_KINDS:  # most move no card (prompt, called, gold): not even a call
                self.on_event(event, game.pending is not None and game.pending.kind == "graveyard")

    def on_event(self, event: dict[str, Any], graveyard_pending: bool) -> None:
        """Move cards as the players do after each public event of the hub."""
        kind = event["kind"]  # (any other kind moves nothing: `MOVING_KINDS`)
        if kind == "round_started":
            self.shuffle_characters()
        elif kind == "instruct":
            self._instruct(event)
        elif kind == "built":
            uid = self.last_placed[event["seat"]]
            self.hands[event["seat"]].remove(uid)
            self.cities[event["seat"]].append(uid)
        elif kind == "destroyed":
            uid = self.last_placed[event["warlord_seat"]]
            self.cities[event["seat"]].remove(uid)
            if graveyard_pending:
                self.limbo = uid
            else:
                self.deck.insert(0, uid)
        elif kind == "graveyard_taken":
            assert self.limbo is not None
            self.hands[event["seat"]].append(self.limbo)
            self.limbo = None
        elif kind == "graveyard_passed":
            assert self.limbo is not None
            self.deck.insert(0, self.limbo)
            self.limbo = None
        elif kind == "swapped":
            a, b = event["seat"], event["other"]
            self.hands[a], self.hands[b] = self.hands[b], self.hands[a]
        elif kind == "cards" and event["reason"] in ("laboratory", "museum"):
            uid = self.choose_give_up(event["seat"], 1)[0]
            self.hands[event["seat"]].remove(uid)
            if event["reason"] == "laboratory":
                self.deck.insert(0, uid)
            else:
                self.museum[event["seat"]].append(uid)

    def _instruct(self, event: dict[str, Any]) -> None:
        seat, what, draw, keep = event["seat"], event["what"], event["draw"], event["keep"]
        hand = self.hands[seat]
        if what == "redraw":
            back = self.choose_give_up(seat, draw)
            for uid in back:
                hand.remove(uid)
            self.deck[0:0] = back
            hand.extend(self.deck.pop() for _ in range(draw))
            return
        drawn = [self.deck.pop() for _ in range(draw)]
        kept = drawn if keep == draw else self.choose_keep(seat, drawn, keep)
        hand.extend(kept)
        self.deck[0:0] = [u for u in drawn if u not in kept]

    def count(self) -> int:
        """Every district card somewhere: for the simulator's own consistency check."""
        return (len(self.deck) + sum(len(h) for h in self.hands.values()) + sum(len(c) for c in self.cities.values())
                + sum(len(m) for m in self.museum.values()) + (1 if self.limbo else 0))
