"""A Citadels game's turns: the characters called in rank order, a turn's options, its
plain actions (gather, tax, build, end) and the end of a round and of the game (``Game``'s
second job; see ``core.py``)."""

from __future__ import annotations

from collections.abc import Collection

from .actions import Action
from .cards import CHARACTER_BY_ID
from .core import BUILD_OPTIONS, DECISIONS, DRAW_OPTION, END_OPTION, GOLD_OPTION, TAX_OPTION, TURNS, GameCore, count_district
from .events import BUILD, CALLING, CROWN, DREW, GOLD, GOT, ROUND_ENDED, TURN_ENDED
from .scoring import score_game
from .state import Player


class Turns(GameCore):
    """Calling the characters, a turn's options and its actions, a round's and the game's end."""

    __slots__ = ()

    # ------------------------------------------------------------------ calling
    def _call_next(self, ended: int = 0, ended_char: str = "") -> None:
        """Call the next characters in rank order until one answers (his turn begins) or the
        round is over; ``ended``: the seat whose turn (as ``ended_char``) just ended (0: none),
        whose event starts the record of the calls."""
        events = self._events
        calls = self._calls
        holder = self.holder
        killed = self.killed or ""  # a str either way: the comparisons below are specialised ones
        first = rank = self.rank
        while rank < 8:
            rank += 1
            char = calls[rank]
            if char is None:  # out of this edition's game at this table size: never called
                continue
            seat = holder.get(char)
            if seat is None or char == killed:  # (no character is "")
                continue
            self.rank = rank
            # every character called from first + 1 up to this one, who reveals himself: one record
            events.append((CALLING, calls, first + 1, rank, killed, seat, ended, ended_char))
            break
        else:
            self.rank = rank
            if rank > first:  # the rest called, none answering
                events.append((CALLING, calls, first + 1, rank, killed, None, ended, ended_char))
            elif ended:
                events.append((TURN_ENDED, ended, ended_char))
            self._end_round()
            return
        # his turn begins (written out here, its one caller): what the character's rules say of
        # every turn, read once per game table (``TurnFacts``: a character's class attributes
        # are not specialised reads in CPython 3.11)
        p = self.players[seat - 1]
        rules, builds, taxes, kept, reveal, fixed_options = self._turn_facts[char]
        self.turn_seat = seat
        self.turn_char = char
        self.gathered = False
        self.builds_left = builds
        self._taxes = taxes
        self._ability = rules
        self._ability_kept = kept
        self._destroy_kept = None
        self.used = set()
        self.revealed[char] = seat
        self.pending = TURNS[seat]  # (his "revealed" event ends the record of the calls)
        robbed = self.robbed
        if robbed is not None and char == robbed:
            thief = self.player(self.holder["thief"])
            amount = p.gold
            p.gold = 0
            thief.gold += amount
            self.emit("robbery", thief_seat=thief.seat, victim_seat=seat, amount=amount)
            self.emit("gold", seat=seat, delta=-amount, reason="robbery")
            self.emit("gold", seat=thief.seat, delta=amount, reason="robbery")
        if reveal is not None:
            reveal(self, p)
        if fixed_options is not None:
            self._ability_kept = fixed_options(self, p)  # asked once (the turn's first decision would)
        self.options_made = self._turn_options(seat)  # the options at hand (see apply)

    def take_crown(self, seat: int, heir: bool) -> None:
        self.crowned = seat
        self._events.append((CROWN, seat, heir))

    def _end_round(self) -> None:
        self._events.append((ROUND_ENDED, self.round))
        heir = self.holder.get("king")
        if heir is not None and self.killed == "king":
            self.revealed["king"] = heir
            self.emit("revealed", seat=heir, character="king")
            self.take_crown(heir, heir=True)
        if self.first_complete is not None:
            self._finish()
        else:
            self._start_round()

    def _finish(self) -> None:
        self.phase = "over"
        self.pending = None
        self.result_cache = score_game(self)
        self.emit("game_over", winner=self.result_cache["winner"], scores=self.result_cache["seats"])

    # ------------------------------------------------------------------ a turn's options
    def _turn_options(self, seat: int) -> list[Action]:
        p = self.players[seat - 1]
        used = self.used
        out: list[Action]
        if self.gathered:
            out = [END_OPTION[seat]]
            if self.builds_left > 0 and p.hand_size > 0 and len(p.city) < self.complete_at:
                if self.digital and "duplicates" not in p.effects:  # the usual case in one pass
                    # a loop, not a comprehension over dict.fromkeys(hand) (no function, no dict:
                    # half the time); a second copy of a card is the same option, already in
                    made = BUILD_OPTIONS[seat]
                    price = p.build_price  # a district in the city is out of reach
                    gold = p.gold
                    try:
                        for c in p.hand:
                            if price[c] <= gold:
                                option = made[c]
                                if option not in out:
                                    out.append(option)
                    except KeyError:  # an option not made yet
                        out[1:] = self.options_of(seat, "build", self._buildable(p))
                else:
                    out += self.options_of(seat, "build", self._buildable(p))
        elif (len(self.deck) if self.digital else self.deck_unknown) > 0:
            out = [GOLD_OPTION[seat], DRAW_OPTION[seat]]
        else:
            out = [GOLD_OPTION[seat]]
        if self._taxes and "tax" not in used:
            out.append(TAX_OPTION[seat])
        if "ability" not in used:
            kept = self._ability_kept
            if kept is not None:
                out.extend(kept)  # (a method call: ``+=`` on lists is not a specialised instruction)
            else:
                out.extend(self._ability.options(self, p))
        if p.turn_effects:
            self._district_options(seat, p, out)
        return out

    def _district_options(self, seat: int, p: Player, out: list[Action]) -> None:
        """The options of the districts with an ability in ``p``'s city (Laboratory, Museum, Smithy)."""
        used = self.used
        effects = p.effects
        simple = self.simple_actions[seat]
        if p.hand_size > 0:
            if "laboratory" in effects and "lab" not in used:
                if self.digital:
                    out += self.options_of(seat, "lab", dict.fromkeys(p.hand))
                else:
                    out.append(simple["lab"])
            if "museum" in effects and "museum" not in used:
                if self.digital:
                    out += self.options_of(seat, "museum", dict.fromkeys(p.hand))
                else:
                    out.append(simple["museum"])
        if "smithy" in effects and "smithy" not in used and p.gold >= 2:
            out.append(simple["smithy"])

    def _buildable(self, p: Player) -> list[str]:
        cost = self._cost
        gold = p.gold
        dupes_ok = "duplicates" in p.effects
        city = p.in_city
        candidates: Collection[str]
        if self.digital:
            candidates = dict.fromkeys(p.hand)
        elif p.hand_size > len(p.hand):  # some cards unseen: any district left in the box
            candidates = self._box_left if self._box_left is not None else self._count_box()
        else:
            candidates = _distinct(p.hand)
        if dupes_ok:
            return [c for c in candidates if cost[c] <= gold]
        return [c for c in candidates if cost[c] <= gold and c not in city]

    def _count_box(self) -> list[str]:
        """The districts with a copy in no city, in the deck's order (kept in ``_box_left``)."""
        in_cities: dict[str, int] = {}
        for q in self.players:
            for c in q.city:
                in_cities[c] = in_cities.get(c, 0) + 1
        box = self._box_left = [c for c, d in self.cards.districts.items() if in_cities.get(c, 0) < d.copies]
        return box

    # ------------------------------------------------------------------ a turn's actions
    # (the verbs' handlers, ``game._HANDLERS``, each given an action known to be legal)
    def _on_end(self, a: Action) -> None:
        seat = a[0]
        char = self.turn_char
        if self._taxes and "tax" not in self.used:
            self._collect_tax(self.players[seat - 1])  # nobody gives up free income: a forgotten tax is collected
        self.turn_seat = 0
        self.turn_char = ""
        self._call_next(seat, char)  # (its "turn_ended" event heads the record of the calls)

    def _on_gold(self, a: Action) -> None:
        seat = a[0]
        self.players[seat - 1].gold += 2
        self._events.append((GOLD, seat, 2, "gather"))
        self.gathered = True
        self.options_made = self._turn_options(seat)  # still the seat's turn: its options at hand (see apply)

    def _on_keep(self, a: Action) -> None:
        seat = a[0]
        card = a[2][0]
        self.drawn.remove(card)
        self._to_hand(self.players[seat - 1], [card], "gather")
        self.deck[0:0] = self.drawn
        self.drawn = []
        self.gathered = True
        self.pending = TURNS[seat]
        self.options_made = self._turn_options(seat)

    def gain(self, p: Player, amount: int, reason: str) -> None:
        p.gold += amount
        self._events.append((GOLD, p.seat, amount, reason))

    def _on_tax(self, a: Action) -> None:
        seat = a[0]
        self._collect_tax(self.players[seat - 1])
        self.options_made = self._turn_options(seat)

    def _collect_tax(self, p: Player) -> None:
        self.used.add("tax")
        self.gain(p, p.taxed.get(CHARACTER_BY_ID[self.turn_char].tax or "", 0), "tax")

    def _on_draw(self, a: Action) -> None:
        p = self.players[a[0] - 1]
        effects = p.effects
        n = min(3 if "draw_three" in effects else 2, len(self.deck) if self.digital else self.deck_unknown)
        keep_all = "keep_all_drawn" in effects
        if not self.digital:
            keep = n if keep_all else 1
            self.emit("instruct", seat=p.seat, what="draw_keep", draw=n, keep=keep)
            self._add_unknown(p, keep, "gather")
            self.gathered = True
            return
        drawn = self._take_top(n)
        if keep_all or n == 1:
            self._to_hand(p, drawn, "gather")
            self.gathered = True
            return
        self.drawn = drawn
        seat = p.seat
        self._events.append((DREW, list(drawn), seat))
        self.pending = DECISIONS[seat]["keep"]
        # the options at hand (see apply): one a distinct card (two cards: distinct unless equal)
        self.options_made = self.options_of(seat, "keep", drawn if n == 2 and drawn[0] != drawn[1]
                                            else dict.fromkeys(drawn))

    def _take_top(self, n: int) -> list[str]:
        """The deck's top ``n`` cards, taken off it, the top one first (as ``n`` pops would
        give them: two slices, no loop)."""
        deck = self.deck
        cards = deck[:-n - 1:-1]
        del deck[len(deck) - n:]
        return cards

    def _to_hand(self, p: Player, cards: list[str], reason: str) -> None:
        p.hand.extend(cards)
        p.hand_size += len(cards)
        self._events.append((GOT, p.seat, cards, reason))  # (``cards``: a new list, not kept; copied if read)

    def _add_unknown(self, p: Player, count: int, reason: str) -> None:
        p.hand_size += count
        self.deck_unknown -= count
        self.emit("cards", seat=p.seat, delta=count, reason=reason)

    def draw_into(self, p: Player, count: int, reason: str) -> None:
        count = min(count, self.deck_size())
        if count == 0:
            return
        if self.digital:
            self._to_hand(p, self._take_top(count), reason)
        else:
            self.emit("instruct", seat=p.seat, what="draw", draw=count, keep=count)
            self._add_unknown(p, count, reason)

    def _on_build(self, a: Action) -> None:
        seat = a[0]
        p = self.players[seat - 1]
        card = a[2][0]
        d = self.cards.districts[card]
        hand = p.hand
        if card in hand:
            hand.remove(card)
        p.hand_size -= 1
        cost = d.cost
        p.gold -= cost
        p.city.append(card)
        self._box_left = None
        self._destroy_kept = None
        count_district(p, d)  # the city only grew: count the new district, not all again
        self.builds_left -= 1
        self._events.append((BUILD, seat, cost, card))
        if self.edition.remembers_builds:  # (no call to Classic's hook, which does nothing)
            self.edition.on_build(self, p, d)
        if len(p.city) == self.complete_at:
            first = self.first_complete is None
            if first:
                self.first_complete = seat
            self.emit("completed", seat=seat, first=first)
        self.options_made = self._turn_options(seat)  # still the seat's turn


def _distinct(cards: list[str]) -> list[str]:
    """Distinct cards in first-seen order (one option per name, not per copy)."""
    return list(dict.fromkeys(cards))
