"""The simulated table top of The Builders: where each tagged card lies, moved as people
move them when the hub tells them to.

Nothing is hidden but the decks' order, and the hub deals the face-up rows (it names the
card to turn up: ``turned`` in ``opened``/``recruited``), so the people keep both decks
as sorted supply piles and take from them the card the hub names. The table top starts
as the hub dealt it (what everyone sees once the game is set out) and follows the public
events only; after a correction (an undo, a new game) people set the cards out again as
the scoreboard shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hub.engine.builders import Action, Game
from hub.engine.builders.cards import BUILDINGS, WORKERS
from hub.games.plugin import StoredGameLike, StoredMoveError

from .tags import BuildersTags

RESET_KINDS = frozenset({"voided", "new_game"})
"""After these, people lay the cards out again as the hub's public view says."""


class TableTop:
    """Where every card lies: the two supply piles, the two face-up rows, and in front of
    each seat its crew (idle workers and finished machines), its sites with the workers
    on them, and its finished buildings."""

    def __init__(self, registry: BuildersTags, players: int, game_of: Callable[[], Game]) -> None:
        self.registry = registry
        self.uids: dict[str, str] = {}
        for uid, card in registry.tags.items():
            self.uids.setdefault(card, uid)
        self.players = players
        self.game_of = game_of
        self.set_out(game_of().public_view())

    def set_out(self, view: Mapping[str, Any]) -> None:
        """Lay every card where the public view says it lies; the rest are the supply piles."""
        self.building_row = [b["id"] for b in view["rows"]["buildings"]]
        self.worker_row = [w["id"] for w in view["rows"]["workers"]]
        self.crew: dict[int, list[str]] = {}
        self.sites: dict[int, dict[str, list[str]]] = {}
        self.finished: dict[int, list[str]] = {}
        for s in view["seats"]:
            seat = s["seat"]
            self.crew[seat] = [w["id"] for w in s["workers"]]
            self.sites[seat] = {site["id"]: [w["id"] for w in site["workers"]] for site in s["sites"]}
            self.finished[seat] = [b["id"] for b in s["finished"] if not BUILDINGS[b["id"]].machine]  # machines work
        out = {*self.building_row, *self.worker_row}
        for seat in self.crew:
            out |= {*self.crew[seat], *self.finished[seat], *self.sites[seat],
                    *(w for ws in self.sites[seat].values() for w in ws)}
        self.building_pile = sorted(b for b in BUILDINGS if b not in out)
        self.worker_pile = sorted(w for w in WORKERS if w not in out)

    def uid(self, card: str) -> str:
        """The tag glued to `card` (the first one enrolled for it)."""
        return self.uids[card]

    def follow(self, message: Mapping[str, Any], game: Any) -> None:
        for event in message.get("events", ()):
            kind = event.get("kind")
            if kind in RESET_KINDS:
                self.set_out(self.game_of().public_view())
            elif kind == "opened":
                self._take(self.building_row, self.building_pile, event["building"], event["turned"])
                self.sites[event["seat"]][event["building"]] = []
            elif kind == "recruited":
                self._take(self.worker_row, self.worker_pile, event["worker"], event["turned"])
                self.crew[event["seat"]].append(event["worker"])
            elif kind == "sent":
                seat = event["seat"]
                self.crew[seat].remove(event["worker"])
                self.sites[seat][event["site"]].append(event["worker"])
            elif kind == "finished":
                seat, building = event["seat"], event["building"]
                self.crew[seat] += self.sites[seat].pop(building)  # the workers come back
                if event["machine"]:
                    self.crew[seat].append(building)  # flipped, it works as a worker
                else:
                    self.finished[seat].append(building)

    @staticmethod
    def _take(row: list[str], pile: list[str], card: str, turned: str | None) -> None:
        """`card` leaves its row; the card the hub names is taken from the pile in its place."""
        i = row.index(card)
        if turned is None:
            del row[i]
        else:
            pile.remove(turned)
            row[i] = turned

    def can_take(self, action: Action) -> bool:
        """Whether the card a move names lies where its seat can take it."""
        verb, args = action.verb, action.args
        if verb == "open":
            return args[0] in self.building_row
        if verb == "recruit":
            return args[0] in self.worker_row
        if verb == "send":
            return action.seat in self.crew and args[0] in self.crew[action.seat] and args[1] in self.sites[action.seat]
        return True

    def places(self) -> dict[str, str]:
        """card id -> where it lies ("pile", "row", "crew:2", "site:2", "finished:2"):
        every card in exactly one place (a test compares it with the hub's view)."""
        where: dict[str, str] = {}
        for card in (*self.building_pile, *self.worker_pile):
            where[card] = "pile"
        for card in (*self.building_row, *self.worker_row):
            where[card] = "row"
        for seat in self.crew:
            for card in self.crew[seat]:
                where[card] = f"crew:{seat}"
            for site, workers in self.sites[seat].items():
                for card in (site, *workers):
                    where[card] = f"site:{seat}"
            for card in self.finished[seat]:
                where[card] = f"finished:{seat}"
        return where


def follow_stored(world: TableTop, game: Game, stored: StoredGameLike) -> None:
    """A stored game carried on (``sim --resume``): each action applied to the table's
    `game` (the one `world` watches), the cards moved by its public events as the people
    did; StoredMoveError where the rules refuse an action or its card does not lie where
    the people can take it."""
    for index, text in enumerate(stored.actions):
        try:
            action = Action.parse(text)
            if not world.can_take(action):
                raise StoredMoveError(index, False)
            events = game.apply(action)
        except StoredMoveError:
            raise
        except Exception as exc:  # the engine's refusal, or any rule that cannot take it
            raise StoredMoveError(index, True, getattr(exc, "code", type(exc).__name__)) from exc
        world.follow({"events": [e.to_json() for e in events]}, game)


def sim_world(registry: BuildersTags, setup: Any, game_of: Callable[[], Game]) -> TableTop:
    return TableTop(registry, setup.players, game_of)
