"""A Citadels game's abilities: what a character's power or a district's effect does (the
Magician's swap and redraw, the Warlord's destruction, the Graveyard, the Laboratory, the
Smithy, the Museum), the steps the character rules call (``characters.py``) and the verbs
that answer them (``Game``'s third job; see ``core.py``)."""

from __future__ import annotations

from typing import Literal

from .actions import Action
from .characters import ABILITY_OF
from .core import DECISIONS, DESTROY_ACTIONS, TURNS, GameCore, new_action
from .events import GOLD
from .state import Player


class Abilities(GameCore):
    """The characters' and districts' abilities."""

    __slots__ = ()

    # ------------------------------------------------------------------ the verbs
    def _on_ability(self, a: Action) -> None:
        self.character_rules[ABILITY_OF[a[1]]].act(self, self.players[a[0] - 1], a)

    def _on_toss(self, a: Action) -> None:
        p = self.players[a.seat - 1]
        p.hand.remove(a.args[0])
        p.hand_size -= 1
        self.tossed.append(a.args[0])

    def _on_done(self, a: Action) -> None:
        seat = a.seat
        count = len(self.tossed)
        self.deck[0:0] = self.tossed
        self.tossed = []
        self.emit("cards", seat=seat, delta=-count, reason="magician")
        self.draw_into(self.players[seat - 1], count, "magician")
        self.pending = TURNS[seat]

    def _on_graveyard(self, a: Action) -> None:
        self._graveyard(self.players[a.seat - 1], a.args[0] == "take")

    def _on_lab(self, a: Action) -> None:
        p = self.players[a.seat - 1]
        self.used.add("lab")
        self._discard_to_bottom(p, a.args[0] if a.args else None, "laboratory")
        self.gain(p, self.edition.laboratory_gold, "laboratory")

    def _on_smithy(self, a: Action) -> None:
        p = self.players[a.seat - 1]
        self.used.add("smithy")
        self.gain(p, -2, "smithy")
        self.draw_into(p, 3, "smithy")

    def _on_museum(self, a: Action) -> None:
        p = self.players[a.seat - 1]
        self.used.add("museum")
        if a.args:
            p.hand.remove(a.args[0])
        else:
            p.hand.clear()
        p.hand_size -= 1
        p.museum += 1
        self.emit("cards", seat=a.seat, delta=-1, reason="museum")

    # ------------------------------------------------------------------ the Warlord
    def destroy_options(self, warlord: Player) -> list[tuple[int, Action]]:
        """(price, option) for each district the Warlord in turn may destroy now if his gold
        allows, in the options' order. Kept until a city changes or a turn begins: his options
        are asked for at every decision of his turn, and between two of them only his gold
        changes which he has (``Warlord.options`` filters this list by it)."""
        kept = self._destroy_kept
        if kept is not None:
            return kept
        bishop = self.holder.get("bishop")
        protected = bishop if bishop is not None and self.killed != "bishop" else None
        complete_at = self.complete_at
        seat = warlord.seat
        tables = self._destroy_pairs
        kept = self._destroy_kept = []
        for q in self.players:
            if q.seat == protected or len(q.city) >= complete_at:
                continue
            pairs = tables[1 if "wall" in q.effects else 0][seat][q.seat]
            for card in q.city if len(q.in_city) == len(q.city) else dict.fromkeys(q.city):  # a card twice: one option
                pair = pairs.get(card)
                if pair:
                    kept.append(pair)
                elif pair is None:  # not made yet (False: indestructible)
                    made = pairs[card] = self._destroy_pair(seat, q, card)
                    if made:
                        kept.append(made)
        return kept

    def _destroy_pair(self, seat: int, q: Player, card: str) -> tuple[int, Action] | Literal[False]:
        """(price, option) to destroy ``card`` in ``q``'s city for the Warlord at ``seat``, made
        once per deck (``_destroy_pairs``); False if it cannot be destroyed."""
        price = self._destroy_prices[1 if "wall" in q.effects else 0].get(card)
        if price is None:
            return False
        action = DESTROY_ACTIONS[seat][q.seat].get(card)
        if action is None:
            action = DESTROY_ACTIONS[seat][q.seat][card] = new_action(Action, (seat, "destroy", (str(q.seat), card)))
        return price, action

    def destroy_price(self, victim: Player, card: str) -> int:
        """Cost minus 1 (a cost-1 district is free), +1 for the victim's Great Wall (not on itself)."""
        d = self.cards.districts[card]
        wall = "wall" in victim.effects and d.effect != "wall"
        return max(0, d.cost - 1) + (1 if wall else 0)

    def destroy(self, warlord: Player, victim: Player, card: str) -> None:
        self.used.add("ability")
        price = self.destroy_price(victim, card)
        warlord.gold -= price
        victim.city.remove(card)
        self._box_left = None
        self._destroy_kept = None
        gone = self.cards.districts[card]  # it leaves every city: the event keeps what the pages showed of it
        if gone.effect:  # what the city gives may change: count it again
            self._city_changed(victim)
        else:  # a plain district: one tax fewer, and the set of names if it was the only copy
            victim.taxed[gone.type] -= 1
            if card not in victim.city:
                victim.in_city.discard(card)
                victim.build_price[card] = gone.cost
        self._events.append((GOLD, warlord.seat, -price, "destroy"))
        self.emit("destroyed", warlord_seat=warlord.seat, seat=victim.seat, district=card, type=gone.type, cost=gone.cost)
        keeper = None
        for q in self.players:  # a loop, not next() over a generator
            if q.seat != warlord.seat and q.gold >= 1 and "graveyard" in q.effects:
                keeper = q
                break
        if keeper is not None:
            self.grave_card = card
            self.pending = DECISIONS[keeper.seat]["graveyard"]
        else:
            self._to_deck_bottom(card)

    def _graveyard(self, keeper: Player, take: bool) -> None:
        card = self.grave_card
        assert card is not None
        self.grave_card = None
        if take:
            keeper.gold -= 1
            keeper.hand.append(card)
            keeper.hand_size += 1
            self.emit("gold", seat=keeper.seat, delta=-1, reason="graveyard")
            self.emit("graveyard_taken", seat=keeper.seat, district=card)
            self.emit("cards", seat=keeper.seat, delta=1, reason="graveyard")
        else:
            self.emit("graveyard_passed", seat=keeper.seat, district=card)
            self._to_deck_bottom(card)
        self.pending = TURNS[self.turn_seat]

    def _to_deck_bottom(self, card: str) -> None:
        if self.digital:
            self.deck.insert(0, card)
        else:
            self.deck_unknown += 1

    # ------------------------------------------------------------------ the Magician and the Laboratory
    def swap_hands(self, p: Player, other: Player) -> None:
        self.used.add("ability")
        p.hand, other.hand = other.hand, p.hand
        p.hand_size, other.hand_size = other.hand_size, p.hand_size
        self.emit("swapped", seat=p.seat, other=other.seat, sizes=[p.hand_size, other.hand_size])
        if self.digital:
            self.emit("hand", to=p.seat, cards=list(p.hand))
            self.emit("hand", to=other.seat, cards=list(other.hand))

    def redraw(self, p: Player, args: tuple[str, ...]) -> None:
        self.used.add("ability")
        if self.digital:
            self.pending = DECISIONS[p.seat]["toss"]
            return
        count = int(args[0])
        p.hand.clear()  # which cards went back is not seen: nothing in hand is known any more
        self.emit("instruct", seat=p.seat, what="redraw", draw=count, keep=count)

    def _discard_to_bottom(self, p: Player, card: str | None, reason: str) -> None:
        if card is not None:
            p.hand.remove(card)
            self.deck.insert(0, card)
        else:
            p.hand.clear()
            self.deck_unknown += 1
        p.hand_size -= 1
        self.emit("cards", seat=p.seat, delta=-1, reason=reason)
