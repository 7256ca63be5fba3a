"""Nim at the sensor table: a stone card laid on a reader takes one stone; the buttons
cycle through "take 1" / "take 2". The kit's adapter (`hub.games.kit.KitAdapter`) gives
the rest: replay, undo, a phone's answer, the displays' frame, the views."""

from __future__ import annotations

from typing import Any

from hub.engine.nim import NimGame, NimRefusal, Take
from hub.errors import HubError
from hub.games.kit import KitAdapter
from hub.words import LANGS

from .cards import StoneTags
from .words import WORDS, say


class NimAdapter(KitAdapter[NimGame]):
    refusals: tuple[type[HubError], ...] = (NimRefusal,)
    action = Take
    game_class = NimGame
    words = WORDS

    def __init__(self, registry: StoneTags, setup: Any = None) -> None:
        self.registry = registry

    def opening_events(self, game: NimGame) -> list[dict[str, Any]]:
        return [{"kind": "pile", "stones": game.stones}]

    def game_facts(self, game: NimGame) -> dict[str, Any]:
        return {"game": "nim", "stones": game.setup.stones}

    def card_action(self, game: NimGame, seat: int, uid: str) -> Take:
        if not self.registry.is_stone(uid):
            raise NimRefusal("unknown_tag", "not a stone card")
        return Take.of(seat, 1)

    def feedback(self, public: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
        """The winner's display says so; the other seats are told the end by the kernel
        (the kit's final `waiting_display`, naming the winner); every other take is
        answered "Accepted"."""
        return [(e["seat"], {"led": "white", "text": self.lines(say("game_over"), say("you_win"))}) for e in public
                if e.get("kind") == "took" and e["left"] == 0]

    def status_lines(self, game: NimGame) -> list[str]:
        return [say("stones", stones=game.stones)]

    def misplaced(self, game: NimGame, seat: int, uids: list[str]) -> list[str]:
        return [say("not_a_stone") for uid in uids if not self.registry.is_stone(uid)][:1]

    def describe(self, action: Take) -> str:
        return say("take", n=action.n) if action.verb == "take" else str(action)

    def option_words(self, action: Take) -> dict[str, str]:
        return {lang: say("take", lang, n=action.n) for lang in LANGS} if action.verb == "take" else {}

    def status(self, game: NimGame) -> dict[str, Any]:
        return {"stones": game.stones}
