"""Which physical copy of a district lies in which city, from the actions that stand.

A district card laid on a reader means a build, or a destroy if that very copy lies in
another city: the adapter asks here whose city holds the tag it read. The answer follows
every accepted action and the tag that said it (none for buttons, phones and the admin),
and a ``0 void`` rebuilds it from the actions that still stand, as the game itself is
rebuilt: a voided build's card is back in its player's hand and reads as a build again.

A district built with no tag read (the table entered it by hand: a dead tag, a broken
reader) lies in its city **entered by hand**. The first time a tag of that district is
read on its owner's reader, that copy is bound to it. Until then a tag of that district
laid by the player who could destroy it is refused, not guessed: it may be that copy
(a destroy) or one from the player's hand (a build).
"""

from __future__ import annotations

from collections.abc import Callable

from hub.engine.citadels import Action
from hub.engine.citadels.actions import standing


class CityCards:
    """The copies in each city: bound to a tag, or entered by hand. ``district_of(uid)``
    says which district a tag is (None: not a district, or not enrolled)."""

    __slots__ = ("_district_of", "_actions", "_uids", "_owner", "_by_hand", "_bound")

    def __init__(self, district_of: Callable[[str], str | None]) -> None:
        self._district_of = district_of
        self._actions: list[Action] = []  # every accepted action, in order
        self._uids: list[str | None] = []  # the tag that said each (None: no card)
        self._owner: dict[str, int] = {}  # tag UID -> the seat whose city holds that copy
        self._by_hand: dict[int, list[str]] = {}  # seat -> districts in its city entered by hand
        self._bound: list[tuple[int, str]] = []  # (index of a build entered by hand, its tag) since `take_bound`

    @property
    def owner(self) -> dict[str, int]:
        """Tag UID -> seat, for every copy in a city bound to its tag (not to be changed)."""
        return self._owner

    def entered_by_hand(self, seat: int) -> list[str]:
        """The districts in `seat`'s city that no tag said (not to be changed)."""
        return self._by_hand.get(seat, [])

    def seats_entered_by_hand(self, district: str) -> list[int]:
        """The seats with a copy of `district` in their city entered by hand (usually none)."""
        return [seat for seat, districts in self._by_hand.items() if district in districts] if self._by_hand else []

    def applied(self, action: Action, uid: str | None) -> None:
        """An action was accepted, said by the card `uid` (None: no card)."""
        self._actions.append(action)
        self._uids.append(uid)
        if action.seat == 0 and action.verb == "void":
            self._rebuild()
        else:
            self._place(action, uid)

    def bind(self, seat: int, uid: str) -> bool:
        """A tag read on `seat`'s reader: if no copy is bound to it and its district lies in
        `seat`'s city entered by hand, it is that copy from now on. True if it bound."""
        district = self._district_of(uid)
        if uid in self._owner or district is None or district not in self.entered_by_hand(seat):
            return False
        for i in reversed(standing(self._actions)):  # the build that stands gets its tag: a rebuild keeps it
            action = self._actions[i]
            if self._uids[i] is None and action.verb == "build" and action.seat == seat \
                    and action.args[0] == district:
                self._uids[i] = uid
                self._bound.append((i, uid))
                break
        self._by_hand[seat].remove(district)
        self._owner[uid] = seat
        return True

    def take_bound(self) -> list[tuple[int, str]]:
        """The builds entered by hand that got their tag since last asked: (the build's index
        among the actions applied, the tag). A journal keeps them beside those actions, so a
        resumed table binds the same copies (``applied`` with that tag)."""
        bound, self._bound = self._bound, []
        return bound

    def clear(self) -> None:
        self._bound.clear()
        self._actions.clear()
        self._uids.clear()
        self._owner.clear()
        self._by_hand.clear()

    def _place(self, action: Action, uid: str | None) -> None:
        if action.verb == "build":
            if uid is not None:
                self._owner[uid] = action.seat
            else:
                self._by_hand.setdefault(action.seat, []).append(action.args[0])
        elif action.verb == "destroy":
            victim, district = int(action.args[0]), action.args[1]
            if uid is not None and self._owner.get(uid) == victim:
                del self._owner[uid]
            elif district in self.entered_by_hand(victim):
                self._by_hand[victim].remove(district)
            else:  # said with the buttons (one's own city) or by the admin: the copy bound there
                bound = next((u for u, owner in self._owner.items()
                              if owner == victim and self._district_of(u) == district), None)
                if bound is not None:
                    del self._owner[bound]

    def _rebuild(self) -> None:
        """The copies as the actions that stand put them (a ``0 void`` cancels the last one)."""
        self._owner.clear()
        self._by_hand.clear()
        for i in standing(self._actions):
            self._place(self._actions[i], self._uids[i])
