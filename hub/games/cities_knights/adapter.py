"""Cities & Knights at the sensor table: a progress card laid on a reader is drawn,
discarded, taken (Spy) or played, as the moment asks; the buttons walk every other
option (the roll, reports of the board, a card's target). Implements
`hub.kernel.GameAdapter` for the engine's `Game`."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from hub.engine.cities_knights import Action, Event, Game, IllegalAction, Setup
from hub.engine.cities_knights.cards import CARDS
from hub.engine.cities_knights.game import SHIP_STEPS
from hub.errors import HubError
from hub.games.kit.adapter import VoidUndo, the_end_alone
from hub.games.kit.copies import CopyBinding
from hub.kernel import GameAdapter, Menu, Prompt, wrap_text

from .tags import ProgressTags
from .words import PAGE, barbarians_at, card_name, say, setup_lines

page_say = PAGE.say

CARD_IDS = {card.lower(): card for card in CARDS}  # "s01a" -> "S01a"
CARD_VERBS = {"draw": "draw", "discard": "discard", "take": "take", "turn": "play", "roll": "play"}


ASKED = ("confirm", "pillage", "reward", "take", "desert", "deserter", "discard")
"""The decisions whose head says what they ask ("Check your knights", "Hand limit: discard 1";
the turn's own say the dice or "Your turn", a draw "Draw 1 green, tap it")."""


def button_options(game: Game, seat: int) -> list[Any]:
    """Every legal action of the seat, but a roll of the table's own dice: entered one die
    at a time ("Red die: 4", then yellow, then the event die: `dice_menus`), not walked
    through 144 rolls. Each part is a `hub.kernel.Menu`; only the whole roll is applied.
    What the seat's buttons offer, and what the table's people press their way to.

    A draw is not among them: the card that came up says it (its tag). Offered on the
    buttons, every card that may come up stood under OK, one the seat does not hold, and
    walking them showed the deck on the display."""
    options = one_per_face([action for action in game.legal_actions() if action.seat == seat and action.verb != "draw"])
    rolls = [action for action in options if action.verb == "roll" and len(action.args) == 3]
    alchemist = [action for action in options if action.verb == "play" and len(action.args) == 3]
    if not rolls and not alchemist:
        return options
    grouped = set(rolls) | set(alchemist)
    return [*dice_menus(rolls), *(action for action in options if action not in grouped),
            *alchemist_menus(alchemist)]


def one_per_face(options: list[Action]) -> list[Action]:
    """Two copies of a card print one face and are the same card to the rules: one option
    for both ("Take Medicine" once, not "2/4 Take Medicine", "3/4 Take Medicine")."""
    seen: set[tuple[str, str, tuple[str, ...]]] = set()
    out: list[Action] = []
    for action in options:
        card = card_said(action)
        if card is not None and card in CARDS:
            face = (action.verb, CARDS[card].kind, action.args[1:])
            if face in seen:
                continue
            seen.add(face)
        out.append(action)
    return out


def card_said(action: Action) -> str | None:
    """The progress card a move names when a tag may say it: drawn, discarded, taken or played."""
    return action.args[0] if action.verb in ("draw", "discard", "take", "play") and action.args else None


class CitiesKnightsAdapter(VoidUndo, GameAdapter[Game]):
    action = Action
    refusals: tuple[type[HubError], ...] = (IllegalAction,)

    def __init__(self, registry: ProgressTags) -> None:
        self.registry = registry
        # which physical copy stands for which card of the rules, once a move said it with its tag:
        # a card drawn with one Alchemist's tag is played, discarded or taken with that tag
        self.copies = CopyBinding(registry.same_face, card_said, self.undo_reason)
        # the card a Spy took last: the public "took" event hides it, the two seats' displays
        # say it (the victim hands that card over)
        self.taken = ""

    def reset(self) -> None:
        self.copies.reset()
        self.taken = ""

    def applied(self, action: Action, uid: str | None) -> None:
        self.copies.applied(action, uid)
        if action.verb == "take" and action.args:
            self.taken = action.args[0]

    def remember_applied(self, action: Action, meta: dict[str, Any]) -> None:
        self.applied(action, meta.get("uid"))

    def replay(self, setup: Setup, log: Sequence[Action]) -> Game:
        return Game.replay(setup, log)

    def new_setup(self, config: dict[str, Any], current: Game) -> Setup:
        players = int(config.get("players", current.n))
        names = tuple(str(n) for n in config.get("names", ()))[:players]
        return Setup(players=players, seed=int(config.get("seed") or 0), names=names if len(names) == players else (),
                     dice=str(config.get("dice", current.setup.dice)))

    def opening_events(self, game: Game) -> list[dict[str, Any]]:
        return self.public_events(game.opening_events())

    def setup_lines(self, game: Game) -> dict[int, list[str]]:
        """A new game: every seat sets up 1 settlement and 1 city (what the hub counts);
        the seat playing first also lays out the decks and the ship (`words.setup_lines`)."""
        if game.log or game.over:
            return {}
        return {seat: setup_lines(seat == game.turn_seat) for seat in range(1, game.n + 1)}

    def view_extras(self, game: Game) -> dict[str, Any]:
        """Before the first move, how the table is set up (the pages say it in their language)."""
        return {"setup": None if game.log or game.over else {"first": game.turn_seat}}

    def game_facts(self, game: Game) -> dict[str, Any]:
        return {"game": "cities-knights", "dice": game.setup.dice}

    # -- input -> action
    def card_action(self, game: Game, seat: int, uid: str) -> Action:
        """The card's one action now: drawn, discarded, taken, or played (a card that
        needs a target or dice is played from the buttons). A tag a move said stands for
        the card that move named (`CopyBinding`): a copy played is not the other copy."""
        card = self.registry.lookup(uid)
        if card is None:
            raise IllegalAction("unknown_tag", "not a progress card of this game")
        pending = game.pending
        verb = CARD_VERBS.get(pending.kind, "play") if pending is not None else "play"
        legal = game.legal_actions()
        mine: list[Action] = []
        candidates = self.copies.candidates(card, uid)  # the card the tag said last, else its own or a copy
        for same in candidates:
            mine = [a for a in legal if a.seat == seat and a.verb == verb and a.args[:1] == (same,)]
            if mine:
                break
        if len(mine) == 1:
            return mine[0]
        if mine:
            raise IllegalAction("use_buttons", f"{card_name(card)}: choose its target or dice with the buttons")
        return Action(seat, verb, (candidates[0] if candidates else card,))  # refused by the rules, with their reason

    def button_options(self, game: Game, seat: int) -> list[Any]:
        return button_options(game, seat)

    def read_action(self, game: Game, text: str) -> Action:
        """A phone's or the admin's text: the hub's web lower-cases it, so a progress card's
        id is read whatever its case ("play s01a 3 4" plays the Alchemist S01a)."""
        action = Action.parse(text)
        if action.verb in ("play", "draw", "discard", "take") and action.args:
            card = CARD_IDS.get(action.args[0].lower(), action.args[0])
            action = Action(action.seat, action.verb, (card, *action.args[1:]))
        return action

    # -- events -> what seats and listeners are told
    def public_events(self, events: Sequence[Event]) -> list[dict[str, Any]]:
        return [e.to_json() for e in events if e.public]

    def feedback(self, public: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
        """LEDs and beeps: every seat hears the barbarians' attack and its outcome; a seat
        that must draw is told the colour ("Draw 1 green, tap it"); a seat over the hand
        limit is told to discard; a seat that played a card reads which ("Played Spy"), a
        seat it asks something of who played it on it; a Spy's victim which card to give to
        whom, the spy which card it gets."""
        out: list[tuple[int, dict[str, Any]]] = []
        roller = next((int(e["seat"]) for e in public if e["kind"] == "rolled"), 0)  # a ship's first to confirm
        for e in the_end_alone(public):
            kind = e["kind"]
            if kind == "ship" and e["arrived"]:  # the roller confirms first: its prompt says it
                said = self.lines(say("barbarians_here"), say("display.barbarians_n", **e), say("display.knights_n", **e))
                out.extend((seat, {"led": "amber", "beep": "turn", "text": said})
                           for seat in e.get("confirming", ()) if int(seat) != roller)
            elif kind == "game_over":
                out.extend(game_over_displays(e))
            elif kind == "attack":
                losers = {int(s) for s in e.get("losers", ())}
                for seat in sorted(int(s) for s in e["strength"]):
                    lost = seat in losers
                    out.append((seat, {"led": "red" if lost else ("green" if e["won"] else "amber"),
                                       "beep": "error" if lost else "turn", "text": attack_lines(e, lost, seat)}))
            elif kind == "gate":
                for seat in e["drawers"]:
                    out.append((int(seat), {"led": "amber", "beep": "turn",
                                            "text": self.lines(draw_line(e["colour"]))}))
            elif kind == "took" and self.taken:  # each of the two seats in its own display only
                card = card_name(self.taken)
                spy, victim = int(e["seat"]), int(e["victim"])
                out.append((victim, {"led": "amber", "beep": "turn", "text": self.lines(
                    *wrap_text(say("display.give", card=card, name=say("seat", seat=spy))))}))
                out.append((spy, {"text": self.lines(*wrap_text(say("display.given", card=card, name=say("seat", seat=victim))))}))
            elif kind == "played":  # a card laid is played: said at its seat, not only by a beep
                card = card_name(e["card"])
                out.append((int(e["seat"]), {"text": self.lines(*wrap_text(say("display.played", card=card)))}))
                asked = [e["target"]] if e.get("target") else list(e.get("affected") or ())
                on_you = self.lines(*wrap_text(say("display.played_on_you", name=say("seat", seat=e["seat"]), card=card)))
                out.extend((int(seat), {"led": "amber", "beep": "turn", "text": on_you}) for seat in asked)
            elif kind == "hand_limit":
                out.append((int(e["seat"]), {"led": "red", "beep": "error",
                                             "text": self.lines(*wrap_text(say("display.hand_limit", held=e["held"])))}))
        return out

    def prompt(self, game: Game) -> Prompt:
        """What the seat decides (its turn, the dice, a card to draw) and where the
        barbarians are; the kernel places the option under the cursor below them."""
        pending = game.pending
        assert pending is not None
        head = say("your_turn")
        if pending.kind == "draw":
            head = draw_line(pending.about)
        elif pending.kind in ASKED:  # a decision out of the turn's course: what it asks, not the last roll
            head = say(f"display.asked.{pending.kind}")
        elif pending.kind == "roll" and game.alchemist is not None:  # red and yellow set: the event die alone
            head = say("alchemist_set", red=game.alchemist[0], yellow=game.alchemist[1],
                       total=sum(game.alchemist))
        elif game.dice is not None:
            red, yellow, event = game.dice
            head = f"{red}+{yellow}={red + yellow} {event}"
        if pending.kind == "confirm":  # what the seat confirms: the hub's count of its active knights
            purse = say("display.active_knights", strength=game.player(pending.seat).strength)
        else:
            purse = barbarians_at(SHIP_STEPS - game.ship)
        return Prompt(head=tuple(self.lines(head)), purse=(purse,))

    def waiting_display(self, game: Game) -> dict[str, Any]:
        if game.over:  # a seat that asks after the end (a reboot): who won, in whole lines
            winner = game.winner
            return {"led": "white", "text": [say("display.game_over"),
                                             *wrap_text(say("display.winner", name=say("seat", seat=winner), vp=game.vp(winner)))]}
        who = [] if game.pending is None else [say("display.plays", name=say("seat", seat=game.pending.seat))]
        return {"led": "off", "text": [say("wait"), *who, barbarians_at(SHIP_STEPS - game.ship)]}

    def misplaced(self, game: Game, seat: int, uids: list[str]) -> list[str]:
        return [say("not_a_card") for uid in uids if self.registry.lookup(uid) is None][:1]

    def hint(self, game: Game, seat: int) -> str:
        pending = game.pending
        return "lay_card_or_button" if pending is not None and pending.kind in ("draw", "discard", "take") else "use_buttons"

    def describe(self, action: Action) -> str:
        return describe(action)

    def status(self, game: Game) -> dict[str, Any]:
        return {"round": game.round, "ship": game.ship, "attacks": game.attacks}


def dice_menus(rolls: list[Action]) -> list[Menu]:
    """The table's own dice entered one at a time: a menu per red face, in it a menu per
    yellow face, in it the rolls with that red and yellow, one per event face (the legal
    rolls, grouped: the rules still say which rolls there are)."""
    faces: dict[str, dict[str, list[Action]]] = {}
    for roll in rolls:
        red, yellow, _event = roll.args
        faces.setdefault(red, {}).setdefault(yellow, []).append(roll)

    def yellow_menus(red: str) -> list[Any]:
        return [Menu(say("yellow_die", face=yellow), partial(list, these)) for yellow, these in faces[red].items()]

    return [Menu(say("red_die", face=red), partial(yellow_menus, red)) for red in faces]


def alchemist_menus(plays: list[Action]) -> list[Menu]:
    """An Alchemist's dice named one at a time: a menu per red face ("Alchemist: red 4"),
    in it the plays with that red, one per yellow face (not 36 plays walked one by one).
    Two Alchemists in hand are one card on the buttons: the first's plays."""
    by_red: dict[str, list[Action]] = {}
    for play in plays:
        if play.args[0] != plays[0].args[0]:
            continue
        by_red.setdefault(play.args[1], []).append(play)
    return [Menu(say("alchemist_red", red=red), partial(list, these)) for red, these in by_red.items()]


def describe(action: Action) -> str:
    """An option as the display words it: what the button reports or does, in the seat
    page's words ("End my turn", "I activated a basic knight", "Play Spy on Seat 3"; its
    `label`), a seat by its number (a name does not fit beside the option); the dice
    entered as the head says them once rolled ("roll 4+2=6 blue")."""
    verb, args = action.verb, action.args
    if verb == "roll" and len(args) == 1:  # the table's event die, after an Alchemist
        return say("event_die", face=args[0])
    if verb == "roll" and len(args) == 3:  # the table's three dice
        red, yellow, event = args
        return say("dice_entered", red=red, yellow=yellow, total=int(red) + int(yellow), face=event)

    def seat(at: int) -> str:
        return say("seat", seat=int(args[at]))

    if verb == "play" and len(args) == 3:
        return page_say("do.play_dice", card=card_name(args[0]), red=args[1], yellow=args[2])
    if verb == "play" and len(args) == 2:
        return page_say("do.play_on", card=card_name(args[0]), name=seat(1))
    if verb in ("play", "draw", "discard", "take") and args:
        return page_say(f"do.{verb}", card=card_name(args[0]))
    if verb in ("reward", "improve") and args:
        colour = say(f"plain.{args[0]}")
        return page_say("do.reward", colour=colour) if verb == "reward" else say("display.improve", colour=colour)
    if verb == "build" and args == ("wall",):  # not read as "I built a city" with a word more
        return say("display.build_wall")
    if verb in ("pillage", "build") and args:
        return page_say(f"do.{verb}_{args[0]}")
    if verb in ("desert", "oust") and args:
        knight = knight_word(args[-1])
        return page_say("do.desert", knight=knight) if verb == "desert" else page_say("do.oust", name=seat(0), knight=knight)
    if verb == "knight" and args:  # a promotion says which of two basic knights, the active or the inactive
        token = args[1] if len(args) > 1 else "1i"
        knight = knight_word(token) if args[0] == "promote" and len(token) > 1 else page_say(f"knight.{token[0]}")
        return page_say(f"do.knight_{args[0]}", knight=knight)
    if verb == "road" and args:
        return page_say("do.road_none") if args[0] == "0" else page_say("do.road", name=seat(0))
    if not args and f"do.{verb}" in PAGE.table:
        return page_say(f"do.{verb}")
    return " ".join([verb, *args])


def knight_word(token: str) -> str:
    """"strong active": a knight token ("2a") as the pages word it."""
    return page_say("knight.word", level=page_say(f"knight.{token[0]}"), state=page_say(f"knight.{token[1]}"))


def game_over_displays(event: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """Every seat told the end: who won with how many points, and its own points
    ("Game over / Seat 2 wins: 13 / Your points: 9"; the winner "You win: 13 points")."""
    winner = int(event["winner"])
    points = {int(seat): vp for seat, vp in dict(event["points"]).items()}
    out: list[tuple[int, dict[str, Any]]] = []
    for seat, vp in sorted(points.items()):
        said = [say("display.you_win", vp=vp)] if seat == winner else [
            say("display.winner", name=say("seat", seat=winner), vp=points[winner]), say("display.your_points", vp=vp)]
        out.append((seat, {"led": "white", "beep": "turn",
                           "text": [say("display.game_over"), *(line for text in said for line in wrap_text(text))]}))
    return out


def attack_lines(event: dict[str, Any], lost: bool, seat: int = 0) -> list[str]:
    """An attack as one seat's display says it, whole in 4 lines: the outcome, and after a
    defeat whether this seat loses a city (the page and the voice name every loser; the
    names of four seats do not fit a display); after a victory, who is the Defender of
    Catan ("Defender: you, 1 VP" at its seat; a tie asks the tied seats to choose a deck)."""
    if event["won"]:
        defender = int(event.get("defender") or 0)
        said = [] if not defender else [
            say("display.defender_you") if defender == seat else say("display.defender", name=say("seat", seat=defender))]
        return [*wrap_text(say("attack_won", **event)), *said]
    return [*wrap_text(say("display.attack_lost", **event)),
            say("display.you_lose_a_city" if lost else "display.you_keep_your_cities")]


def draw_line(colour: str) -> str:
    """"Draw 1 green, tap it": one display line."""
    return say("draw_short", colour=say(f"plain.{colour}"))
