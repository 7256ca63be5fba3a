"""Each character's rules in one place: its options, its effect, why a move of it is
refused, and the heuristic bot's hint. (Its rank, tax type and English name are data in
``data/cards.json``; its words in every language are the word catalogue's, ``hub/words``.)

An edition maps character ids to these objects (``Edition.character_rules``); an edition
whose character differs replaces that one object, e.g. the 2000 Warlord, who destroys at
the end of his turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, IllegalAction
from .cards import CHARACTER_BY_ID, all_districts

if TYPE_CHECKING:
    from .state import GameState, Player

BotHint = Action | None


def card_name(card: str) -> str:
    """A character's or district's English name, for refusal messages."""
    if card in CHARACTER_BY_ID:
        return CHARACTER_BY_ID[card].name
    district = all_districts().get(card)
    return district.name if district else card


class CharacterRules:
    """A character with no ability beyond its tax (the King, Bishop, Merchant's are below)."""

    id = ""
    verbs: tuple[str, ...] = ()  # the ability's verbs, offered once per turn (none: no options asked)
    # True: the ability's options cannot change during the holder's turn (they depend on nothing
    # a turn changes), so the game asks for them once, when the turn begins, and keeps them
    fixed_options = False
    builds = 1  # districts the holder may build in the turn
    reveals = False  # whether on_reveal does anything (set by each class that defines one)

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__()
        cls.reveals = cls.on_reveal is not CharacterRules.on_reveal

    def on_reveal(self, game: GameState, p: Player) -> None:
        """What happens when the character is revealed (after any robbery)."""

    def options(self, game: GameState, p: Player) -> list[Action]:
        """The ability's options now (only asked while the ability is unused)."""
        return []

    def act(self, game: GameState, p: Player, a: Action) -> None:
        """Apply one of the ability's actions (already known to be legal)."""
        raise AssertionError(a)

    def refusal(self, game: GameState, a: Action) -> IllegalAction:
        """Why an action of this ability, not among the options, is refused."""
        return IllegalAction("bad_action", f"'{a}' is not an option now")

    def bot_before_gathering(self, game: GameState, p: Player, by_verb: dict[str, list[Action]], roll: int,
                             hand: list[str]) -> BotHint:
        """The heuristic bot's use of the ability early in the turn (None: not now)."""
        return None

    def bot_after_building(self, game: GameState, p: Player, by_verb: dict[str, list[Action]]) -> BotHint:
        """The heuristic bot's use of the ability late in the turn (None: not now)."""
        return None


class Assassin(CharacterRules):
    id = "assassin"
    verbs = ("kill",)
    fixed_options = True  # the characters in play

    def options(self, game: GameState, p: Player) -> list[Action]:
        return game.options_of(p.seat, "kill", game.kill_targets)

    def act(self, game: GameState, p: Player, a: Action) -> None:
        game.used.add("ability")
        game.killed = a.args[0]
        game.emit("killed", character=game.killed)

    def refusal(self, game: GameState, a: Action) -> IllegalAction:
        if a.args[0] not in game.in_game:
            return not_in_game(game, a.args[0])
        return IllegalAction("bad_target", "the Assassin cannot kill himself")

    def bot_before_gathering(self, game: GameState, p: Player, by_verb: dict[str, list[Action]], roll: int,
                             hand: list[str]) -> BotHint:
        targets = [a for a in by_verb["kill"] if a.args[0] in ("merchant", "architect", "king", "warlord")]
        return targets[roll % len(targets)]


class Thief(CharacterRules):
    id = "thief"
    verbs = ("rob",)
    fixed_options = True  # the characters in play but the killed one (the Assassin has had his turn)

    def options(self, game: GameState, p: Player) -> list[Action]:
        killed = game.killed
        targets = []  # a loop: a comprehension would make ``killed`` a closure's cell
        for c in game.rob_targets:
            if c != killed:
                targets.append(c)
        return game.options_of(p.seat, "rob", targets)

    def act(self, game: GameState, p: Player, a: Action) -> None:
        game.used.add("ability")
        game.robbed = a.args[0]
        game.emit("robbed_named", character=game.robbed)

    def refusal(self, game: GameState, a: Action) -> IllegalAction:
        target = a.args[0]
        if target not in game.in_game:
            return not_in_game(game, target)
        if target == game.killed:
            return IllegalAction("bad_target", f"the Thief cannot rob the killed {card_name(target)}")
        return IllegalAction("bad_target", "the Thief cannot rob the Assassin or himself")

    def bot_before_gathering(self, game: GameState, p: Player, by_verb: dict[str, list[Action]], roll: int,
                             hand: list[str]) -> BotHint:
        return by_verb["rob"][roll % len(by_verb["rob"])]


class Magician(CharacterRules):
    id = "magician"
    verbs = ("swap", "redraw")

    def options(self, game: GameState, p: Player) -> list[Action]:
        seat = p.seat
        out = game.options_of(seat, "swap", game.other_seats[seat])
        if p.hand_size > 0:
            if game.digital:
                out.append(game.simple_actions[seat]["redraw"])
            else:
                out += game.options_of(seat, "redraw", [str(k) for k in range(1, p.hand_size + 1)])
        return out

    def act(self, game: GameState, p: Player, a: Action) -> None:
        if a.verb == "swap":
            game.swap_hands(p, game.player(int(a.args[0])))
        else:
            game.redraw(p, a.args)

    def refusal(self, game: GameState, a: Action) -> IllegalAction:
        if a.verb == "swap":
            return IllegalAction("bad_target", f"the Magician swaps with another seat (1..{game.n}), not {a.args[0]}")
        return IllegalAction("bad_target", "put back between 1 and the number of cards in your hand")

    def bot_before_gathering(self, game: GameState, p: Player, by_verb: dict[str, list[Action]], roll: int,
                             hand: list[str]) -> BotHint:
        if "swap" not in by_verb:
            return None
        biggest = max(game.players, key=lambda q: (q.hand_size, -q.seat))
        if biggest.seat != p.seat and biggest.hand_size > p.hand_size + 1:
            return Action(p.seat, "swap", (str(biggest.seat),))
        if "redraw" in by_verb and any(c in p.city for c in hand):
            return by_verb["redraw"][0]
        return None


class King(CharacterRules):
    id = "king"

    def on_reveal(self, game: GameState, p: Player) -> None:
        game.take_crown(p.seat, heir=False)


class Bishop(CharacterRules):
    """The Bishop's protection is a limit on the Warlord's targets (see ``Warlord``)."""

    id = "bishop"


class Merchant(CharacterRules):
    id = "merchant"

    def on_reveal(self, game: GameState, p: Player) -> None:
        game.gain(p, 1, "merchant")


class Architect(CharacterRules):
    id = "architect"
    builds = 3

    def on_reveal(self, game: GameState, p: Player) -> None:
        game.draw_into(p, 2, "architect")


class Warlord(CharacterRules):
    """Classic: destroys one district at any time of his turn."""

    id = "warlord"
    verbs = ("destroy",)

    def may_destroy_now(self, game: GameState) -> bool:
        return True

    def options(self, game: GameState, p: Player) -> list[Action]:
        if not self.may_destroy_now(game):
            return []
        gold = p.gold  # between his decisions only his gold changes what he may destroy (see destroy_options)
        out = []
        for price, action in game.destroy_options(p):  # a loop: a comprehension is a function call more
            if price <= gold:
                out.append(action)
        return out

    def act(self, game: GameState, p: Player, a: Action) -> None:
        victim, card = a[2]
        game.destroy(p, game.player(int(victim)), card)

    def timing_refusal(self, game: GameState) -> IllegalAction | None:
        return None

    def refusal(self, game: GameState, a: Action) -> IllegalAction:
        timing = self.timing_refusal(game)
        if timing is not None:
            return timing
        seat_text, card = a.args
        if not seat_text.isdigit() or not 1 <= int(seat_text) <= game.n:
            return IllegalAction("unknown_seat", f"there is no seat {seat_text}")
        victim = game.player(int(seat_text))
        warlord = game.player(a.seat)
        district = game.cards.districts[card]
        if card not in victim.city:
            return IllegalAction("bad_target", f"seat {victim.seat} has no {district.name} in the city")
        if game.complete(victim):
            return IllegalAction("bad_target", f"seat {victim.seat}'s city is complete: nothing in it can be destroyed")
        if district.effect == "indestructible":
            return IllegalAction("bad_target", f"the {district.name} cannot be destroyed")
        if game.holder.get("bishop") == victim.seat and game.killed != "bishop":
            return IllegalAction("bad_target",
                                 f"seat {victim.seat} is the Bishop: the Warlord cannot touch that city this round")
        price = game.destroy_price(victim, card)
        return IllegalAction("cannot_afford",
                             f"destroying the {district.name} costs {price} gold; you have {warlord.gold}")

    def bot_after_building(self, game: GameState, p: Player, by_verb: dict[str, list[Action]]) -> BotHint:
        if "destroy" not in by_verb:
            return None
        districts = game.cards.districts
        leader = max(game.players, key=lambda q: (len(q.city), -q.seat))
        cheap = [a for a in by_verb["destroy"] if int(a.args[0]) == leader.seat and leader.seat != p.seat]
        return min(cheap, key=lambda a: districts[a.args[1]].cost) if cheap else None


class WarlordAtEndOfTurn(Warlord):
    """The 2000 sheet: the Warlord destroys at the end of his turn, after gathering and
    building; destroying ends his building."""

    def may_destroy_now(self, game: GameState) -> bool:
        return game.gathered

    def act(self, game: GameState, p: Player, a: Action) -> None:
        super().act(game, p, a)
        game.builds_left = 0

    def timing_refusal(self, game: GameState) -> IllegalAction | None:
        if game.gathered:
            return None
        return IllegalAction("must_gather_first",
                             "the Warlord destroys at the end of his turn: gather (and build) first")


def not_in_game(game: GameState, char: str) -> IllegalAction:
    return IllegalAction("unknown_card", f"the {card_name(char)} is not used in the {game.edition.title} edition "
                                         f"with {game.n} players")


CLASSIC_CHARACTERS: dict[str, CharacterRules] = {
    r.id: r for r in (Assassin(), Thief(), Magician(), King(), Bishop(), Merchant(), Architect(), Warlord())
}
ABILITY_OF: dict[str, str] = {verb: r.id for r in CLASSIC_CHARACTERS.values() for verb in r.verbs}
