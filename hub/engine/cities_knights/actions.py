"""Actions: small immutable values with a text round-trip (log line, wire payload and
test literal are one form). The verbs:

    2 roll                  the hub rolls red, yellow and the event die (setup dice "hub")
    2 roll 3 4 ship         physical dice entered at the seat: red, yellow, event face
    2 roll blue             after an Alchemist with physical dice: the event die alone
    2 play S01a 3 4         Alchemist, before the roll: red 3, yellow 4
    2 play P07b 3           a card with a target seat (Spy, Master Merchant, Deserter)
    2 play T03c             any other card, after the roll
    2 draw S05b             the card drawn, tapped on the drawer's reader
    2 discard T05a          a progress card discarded (hand limit)
    2 take S02a             the card a Spy takes from its victim's hand
    2 reward green          a tie for strongest: the colour of the deck to draw from
    2 confirm               the seat confirms its active knights' strength (barbarians here)
    2 pillage wall|plain    the city lost to the barbarians had a wall, or not
    2 desert 2a             a Deserter's victim removes one of its knights (level, active/inactive)
    2 place | 2 pass        the Deserter's player places the knight it gains, or not
    2 build settlement|city|wall
    2 knight build | activate 1 | promote 1a | act 2a | chase 2a
    2 oust 3 2i             seat 3's knight (strong, inactive) leaves the board
    2 improve green         one level more on the science track
    2 road 3                seat 3 now holds the longest road (0: nobody)
    2 end                   end of the turn

and the table's corrections (seat 0): ``0 void [reason...]`` cancels the last action;
``0 set 3 cities 2 [reason...]`` sets what the hub keeps of a seat that the table says is
wrong (its settlements, cities, walls, Defender of Catan points, or an improvement level).
"""

from __future__ import annotations

from typing import Literal, get_args

from hub.engine.actions import IllegalAction, TextAction, effective_log

Verb = Literal["roll", "play", "draw", "discard", "take", "reward", "confirm", "pillage", "desert", "place",
               "pass", "build", "knight", "oust", "improve", "road", "end", "void", "set"]
VERBS: frozenset[str] = frozenset(get_args(Verb))

__all__ = ["VERBS", "Action", "IllegalAction", "Verb", "effective_log"]


class Action(TextAction):
    """``<seat> <verb> [args...]`` with one of Cities & Knights' verbs."""

    __slots__ = ()
    VERBS = VERBS
    EXAMPLE = "2 play T03a"
