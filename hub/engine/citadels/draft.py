"""A Citadels game's draft: a round begins, characters are laid face up and face down,
and each seat in turn picks one (``Game``'s first job; see ``core.py``)."""

from __future__ import annotations

from .actions import Action
from .core import DECISIONS, RANK_OF, GameCore
from .events import DRAFT_TURN, FACEUP_REMOVED, PICK, ROUND_STARTED, Series, Shape

OPTIONS = Shape("options", ("characters",), private=True,
                make=lambda values: {"characters": sorted(values[0], key=RANK_OF.__getitem__)})
"""The characters a picker is offered, recorded as the pile and put in rank order only if read."""
DRAFT_STEP = Series("draft_step", lambda r: [(DRAFT_TURN, r[1], r[2]), (OPTIONS, r[3], r[1])])
"""(DRAFT_STEP, seat, step, pile): whose step it is, and (digital) the characters offered."""


class Draft(GameCore):
    """A round's start and the draft's decisions: pick, discard, face up."""

    __slots__ = ()

    def face_up_candidates(self) -> list[str]:
        """The characters in play that may be removed face up (the edition says which)."""
        may = self.edition.may_lie_face_up
        return [c.id for c in self.characters if may(c.id)]

    def _draft_choices(self) -> list[str]:
        if self.digital:
            return list(self.pile)
        taken = set(self.faceup) | set(self.holder)
        return [c.id for c in self.characters if c.id not in taken]

    def _start_round(self) -> None:
        self.round += 1
        self.phase = "draft"
        self.holder = {}
        self.killed = self.robbed = None
        self.revealed = {}
        self.rank = 0
        for p in self.players:
            p.characters = []
        crowned = self.crowned
        self._events.append((ROUND_STARTED, self.round, crowned))
        n_up = self._face_up_count  # (the edition's ``face_up_removed``, read once per table)
        plan = self._draft_plans.get(crowned)
        if plan is None:
            plan = self._draft_plans[crowned] = self._draft_plan()
        self.draft_steps = list(plan)
        if self.digital:
            pile = list(self._character_ids)
            rng = self.rng
            rng.shuffle(pile)
            faceup = self.faceup = self.edition.lay_face_up(pile, rng, n_up)
            self.facedown = [pile.pop()]
            self.pile = pile
            if faceup:
                self._events.append((FACEUP_REMOVED, list(faceup)))
            self._next_draft_step()
            return
        self.faceup = []
        self.facedown = []
        if n_up:
            self.pile = []
            self.pending = DECISIONS[self.crowned]["faceup"]
        else:
            self._next_draft_step()

    def _draft_plan(self) -> list[tuple[int, str]]:
        """The draft's steps when ``crowned`` is crowned (made once per table: ``TableFacts``;
        its comprehensions in a method of their own, so ``self`` is no closure's cell in
        ``_start_round``)."""
        order = [(self.crowned - 1 + i) % self.n + 1 for i in range(self.n)]
        plan = self.edition.draft_steps(order)
        if not self.digital:
            plan = [st for st in plan if st[1] == "pick"]
        return plan

    def _next_draft_step(self) -> None:
        if not self.draft_steps:
            if self.digital:
                self.facedown.extend(self.pile)
                self.pile = []
            self.phase = "turns"
            self.rank = 0
            self._call_next()
            return
        step = self.draft_steps.pop(0)
        seat, kind = step
        if self.digital and self.n == 7 and not self.draft_steps:
            self.pile.append(self.facedown.pop(0))  # the 7th also sees the face-down card
        self.pending = DECISIONS[seat][kind]
        if self.digital:
            pile = self.pile
            self._events.append((DRAFT_STEP, seat, kind, tuple(pile)))  # the options sorted by rank if read
            self.options_made = self.options_of(seat, kind, pile)  # the options at hand (see apply)
        else:
            self._events.append((DRAFT_TURN, seat, kind))

    # the draft's verbs (``game._HANDLERS``), each given an action known to be legal
    def _on_pick(self, a: Action) -> None:
        seat = a[0]
        char = a[2][0]
        if self.digital:
            self.pile.remove(char)
        self.holder[char] = seat
        self.players[seat - 1].characters.append(char)
        self._events.append((PICK, seat, char))
        self._next_draft_step()

    def _on_discard(self, a: Action) -> None:
        self.pile.remove(a.args[0])
        self.facedown.append(a.args[0])
        self._next_draft_step()

    def _on_faceup(self, a: Action) -> None:
        self.faceup.append(a.args[0])
        self._events.append((FACEUP_REMOVED, list(self.faceup)))
        if len(self.faceup) == self.edition.face_up_removed[self.n]:
            self._next_draft_step()
