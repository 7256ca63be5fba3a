"""Cities & Knights' people at a table of real seats (`hub.games.people`): each decides
among the options its phone page offers like the engine's table bot, but reports the
board's builds eagerly in its turn (`EAGER`), then lays the
progress card the move names (the card drawn from the deck of the colour the display
names, one discarded or taken, a card played that needs no target) or walks the buttons
to the option as the display words it (the roll, reports of the board, a card with a
target or dice; the table's own dice entered one die at a time, as the seat's menus
ask). The hex board is the players' own: no card moves on it."""

from __future__ import annotations

from hub.engine.cities_knights import Action, Game, Setup, make_bot
from hub.engine.cities_knights.cards import CARDS
from hub.engine.play import roll
from hub.games.kit import BotTablePeople
from hub.games.people import Lay, Plan, Sight, presses_to

from .adapter import button_options, describe, one_per_face
from .tags import ProgressTags


EAGER = ("play", "build city", "improve", "build settlement")
"""What a person reports first in its turn, most points first (a card played that needs no
target before all): a table that builds eagerly ends in minutes, not an hour."""
REPORTS_A_TURN = 8
ALCHEMIST_SALT = 3 << 40
"""The red and yellow an Alchemist sets: a roll of the person's own, apart from the bot's."""


def by_card(action: Action) -> bool:
    """Is `action` made by laying its card (the adapter's `card_action` takes it so)?"""
    return action.verb in ("draw", "discard", "take") or (action.verb == "play" and len(action.args) == 1)


class CitiesKnightsTablePeople(BotTablePeople):
    """Each decides like the engine's table bot (the roll, an Alchemist, a card's target),
    but builds eagerly in its turn (`EAGER`), and acts only through its seat."""

    bot_kind = "table"
    make_bot = staticmethod(make_bot)

    def __init__(self, setup: Setup, cards: ProgressTags, seed: int) -> None:
        super().__init__(setup, cards, seed)
        by_tag = sorted(cards.tags.items(), reverse=True)  # the first tag of a copy wins
        self.uids: dict[str, str] = {card: uid for uid, card in by_tag}  # each copy's id -> its tag

    def plan(self, sight: Sight, game: Game) -> Plan:
        offered = set(sight.options)
        options = [a for a in game.legal_actions() if str(a) in offered] or game.legal_actions()
        on_buttons = set(one_per_face(options))  # two copies are one option there: the first's
        options = [a for a in options if by_card(a) or a in on_buttons]
        choice = self.choose(sight.seat, game, options)
        if by_card(choice):
            return Plan(str(choice), (Lay(self.uids[choice.args[0]]),))
        return Plan(str(choice), presses_to(button_options(game, sight.seat), choice, describe))

    def choose(self, seat: int, game: Game, options: list[Action]) -> Action:
        """At its roll, an Alchemist held is played; in its turn, up to `REPORTS_A_TURN`
        reports, the first of `EAGER` it can make (a card with a target or dice left to the
        bot), then the end; else as its bot."""
        assert game.pending is not None
        if game.pending.kind == "roll":
            alchemists = [a for a in options if a.verb == "play" and CARDS[a.args[0]].slug == "alchemist"]
            if alchemists:  # held at one's roll: played (red and yellow set), as eagerly as the rest
                return alchemists[roll(self.bots[seat].seed, game, ALCHEMIST_SALT) % len(alchemists)]
        if game.pending.kind != "turn":
            chosen: Action = self.bots[seat].choose(game, options)
            return chosen
        if game.turn_actions < REPORTS_A_TURN:
            for want in EAGER:
                hits = [a for a in options if f"{a.verb} {' '.join(a.args)} ".startswith(f"{want} ")
                        and (a.verb != "play" or len(a.args) == 1)]
                if hits:
                    return hits[0]
        return next((a for a in options if a.verb == "end"), options[0])


def table_people(setup: Setup, cards: ProgressTags, seed: int) -> CitiesKnightsTablePeople:
    return CitiesKnightsTablePeople(setup, cards, seed)
