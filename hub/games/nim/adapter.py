"""Nim at the sensor table: a stone card laid on a reader takes one stone; the buttons
cycle through "take 1" / "take 2". Implements `hub.kernel.GameAdapter` for `NimGame`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hub.engine.nim import NimGame, NimRefusal, NimSetup, Take, Took
from hub.errors import HubError
from hub.kernel import GameAdapter, Prompt

from .cards import StoneTags
from .words import say


class NimAdapter(GameAdapter[NimGame]):
    """The kernel's defaults serve for the rest: the buttons cycle the seat's legal
    actions, the views are the game's, a refusal's words are its message."""

    refusals: tuple[type[HubError], ...] = (NimRefusal,)

    def __init__(self, registry: StoneTags) -> None:
        self.registry = registry

    # -- making and rebuilding games
    def replay(self, setup: NimSetup, log: Sequence[Take]) -> NimGame:
        return NimGame.replay(setup, log)

    def new_setup(self, config: dict[str, Any], current: NimGame) -> NimSetup:
        players = int(config.get("players", current.n))
        names = tuple(str(n) for n in config.get("names", ()))[:players]
        return NimSetup(players=players, seed=int(config.get("seed") or 0), stones=int(config.get("stones", 7)),
                        mode=str(config.get("mode", current.setup.mode)), names=names)

    def opening_events(self, game: NimGame) -> list[dict[str, Any]]:
        return [{"kind": "pile", "stones": game.stones}]

    def game_facts(self, game: NimGame) -> dict[str, Any]:
        return {"game": "nim", "stones": game.setup.stones}

    # -- input -> action
    def card_action(self, game: NimGame, seat: int, uid: str) -> Take:
        if not self.registry.is_stone(uid):
            raise NimRefusal("unknown_tag", "not a stone card")
        return Take(seat, 1)

    def read_action(self, game: NimGame, text: str) -> Take:
        return Take.parse(text)

    # -- events -> what seats and listeners are told
    def public_events(self, events: Sequence[Took]) -> list[dict[str, Any]]:
        return [{"kind": "took", "seat": e.seat, "n": e.n, "left": e.left} for e in events]

    def feedback(self, public: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
        """The winner's display says so; every other take is answered "Accepted" by the kernel."""
        return [(e["seat"], {"text": self.lines(say("game_over"))}) for e in public
                if e.get("kind") == "took" and e["left"] == 0]

    def prompt(self, game: NimGame) -> Prompt:
        return Prompt(head=(say("your_turn"),), purse=(say("stones", stones=game.stones),))

    def waiting_display(self, game: NimGame) -> dict[str, Any]:
        return {"led": "white" if game.over else "off", "text": [say("game_over" if game.over else "wait")]}

    def misplaced(self, game: NimGame, seat: int, uids: list[str]) -> list[str]:
        return [say("not_a_stone") for uid in uids if not self.registry.is_stone(uid)][:1]

    def hint(self, game: NimGame, seat: int) -> str:
        return "use_buttons"

    def describe(self, action: Take) -> str:
        return say("take", n=action.n)

    def status(self, game: NimGame) -> dict[str, Any]:
        return {"stones": game.stones}
