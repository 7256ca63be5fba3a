"""Which physical copy stands for which card of the rules, where copies print one face.

Cards that print one face (The Builders' two Cranes, Cities & Knights' two Alchemists) are
interchangeable when the rules want "a Crane": any copy's tag is taken. But once a move was
said with a tag, that physical card *is* the card the move named: laid again, it stands
for that card, and the other copy's tag for the other card. `CopyBinding` keeps that, for
any game's adapter: a move said with a card binds its tag to the card it named
(`applied`); an undo binds again from the moves that still stand; a new game forgets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hub.kernel.undo import standing


class CopyBinding:
    """``same_face(card)``: the cards printing `card`'s face, `card` first (the registry's
    `hub.games.tags.TagRegistry.same_face`); ``card_said(action)``: the card a move names
    when a tag may say it (None: a move no card says); ``undo_reason(action)``: the
    adapter's (`hub.kernel.GameAdapter.undo_reason`)."""

    def __init__(self, same_face: Callable[[Any], tuple[Any, ...]], card_said: Callable[[Any], Any],
                 undo_reason: Callable[[Any], str | None]) -> None:
        self.same_face = same_face
        self.card_said = card_said
        self.undo_reason = undo_reason
        self.bound: dict[Any, str] = {}  # card -> the tag (upper case) of the physical copy standing for it
        self.said: list[tuple[Any, str | None]] = []  # every move applied, with the tag that said it

    def reset(self) -> None:
        """A new game: no tag stands for any card yet."""
        self.bound.clear()
        self.said.clear()

    def candidates(self, card: Any, uid: str) -> list[Any]:
        """The cards of the rules the tag `uid` (glued to `card`) may stand for now: the card
        a move said with it named; else its own card or one printing the same face, less
        those another tag stands for."""
        uid = uid.upper()
        said = [same for same, tag in self.bound.items() if tag == uid]
        if said:
            return said
        return [same for same in self.same_face(card) if same not in self.bound]

    def tag_of(self, card: Any) -> str | None:
        """The tag bound to `card` (None: no move has said it with a tag)."""
        return self.bound.get(card)

    def applied(self, action: Any, uid: str | None) -> None:
        """Every move that stands, with the tag that said it (None: buttons, a phone, the admin)."""
        self.said.append((action, uid.upper() if uid else None))
        if self.undo_reason(action) is not None:
            self._bind_standing()  # the undone move's tag no longer stands for its card
        else:
            self._bind(action, uid)

    def _bind(self, action: Any, uid: str | None) -> None:
        """A move said with a card of a shared face binds that tag to the card it named."""
        card = self.card_said(action) if uid is not None else None
        if uid is not None and card is not None and len(self.same_face(card)) > 1:
            self.bound = {bound: tag for bound, tag in self.bound.items() if tag != uid.upper()}
            self.bound[card] = uid.upper()

    def _bind_standing(self) -> None:
        """The bindings of the moves that stand (after an undo), said again in order."""
        self.bound.clear()
        for index in standing([action for action, _ in self.said], self.undo_reason):
            self._bind(*self.said[index])
