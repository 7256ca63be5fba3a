"""The Builders' adapter for the table kernel (``hub.kernel.GameAdapter``): cards and
buttons -> actions or refusals; events -> seat displays. The choices are documented in
docs/protocol.md ("The Builders at the table").

With one reader per seat, a card laid on the reader says the move by where that card
lies now (the engine knows every card's place; nothing is hidden but the decks' order):

- a building or a worker of a face-up row: ``open`` or ``recruit`` it;
- one of the seat's own sites: that site is *chosen* (the display says so; no move);
- one of the seat's idle workers (or finished machines): ``send`` it to the chosen site,
  or to the seat's only site when it has just one;
- a card still in a deck: refused (``not_face_up``): the hub deals the rows.

The buttons cycle through the rest: take 1, 3 or 6 coins, buy an action, end the turn.
The hub deals the face-up rows from its seeded decks and names each card to lay face up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hub.engine.builders import Action, Event, Game, IllegalAction, Setup
from hub.engine.builders.cards import APPRENTICES as _APPRENTICES
from hub.engine.builders.history import public_history
from hub.errors import HubError
from hub.games.kit.adapter import VoidUndo, adjust, card_of, the_end_alone
from hub.games.kit.copies import CopyBinding
from hub.kernel import GestureStep, Prompt, wrap_lines
from hub.seeds import fresh_seed

from . import texts
from .tags import BuildersTags

APPRENTICES = frozenset(_APPRENTICES)

CARD_VERBS = frozenset({"open", "recruit", "send"})  # physical mode: said with a card


class SeatRefusal(IllegalAction):
    """The adapter's own refusal of a card that makes no move (a site chosen is not one: it
    is a step of the site-then-worker gesture, `hub.kernel.GestureStep`)."""


def said_with_card(action: Action) -> bool:
    return action.verb in CARD_VERBS


def card_said(action: Action) -> str | None:
    """The card a move said with a card names (`CopyBinding`): the one opened, recruited or sent."""
    return action.args[0] if said_with_card(action) else None


def adjust_coins(seat: int, delta: int, reason: str) -> Action:
    """The admin's coins correction (the kit's `adjust`)."""
    return adjust(Action, seat, delta, reason)


class BuildersAdapter(VoidUndo):
    """Implements `hub.kernel.GameAdapter` for `hub.engine.builders.Game`. ``tags`` says
    what each tag UID is; ``physical`` False: every move by buttons or a phone. Undo: the
    kit's ``0 void``."""

    refusals: tuple[type[HubError], ...] = (IllegalAction,)
    action = Action

    def __init__(self, tags: BuildersTags | None = None, physical: bool = True) -> None:
        self.tags = tags or BuildersTags.virtual()
        self.physical = physical
        self.chosen: dict[int, str] = {}  # seat -> the site its next worker card goes to
        # which physical card stands for which card of the rules, once a move said it with its
        # tag: of two cards printing one face (two Cranes), the other tag is then the other card
        self.copies = CopyBinding(self.tags.same_face, card_said, self.undo_reason)

    @property
    def bound(self) -> dict[str, str]:
        """Card -> the tag of the physical card standing for it (`CopyBinding.bound`)."""
        return self.copies.bound

    # ------------------------------------------------------------------ games
    def replay(self, setup: Setup, log: Sequence[Any]) -> Game:
        return Game.replay(setup, list(log))

    def new_setup(self, config: dict[str, Any], current: Game) -> Setup:
        seed = config.get("seed")
        return Setup(players=int(config["players"]), seed=fresh_seed() if seed is None else int(seed),
                     names=tuple(config.get("names") or ()))

    def reset(self) -> None:
        self.chosen.clear()
        self.copies.reset()

    def game_facts(self, game: Game) -> dict[str, Any]:
        return {"game": "builders"}

    def opening_events(self, game: Game) -> list[dict[str, Any]]:
        """The game's start, after how to lay out the table (a physical game): the
        apprentice each seat takes and the face-up rows in order, for the scoreboard."""
        setup = [{"kind": "table_setup", **self.layout(game)}] if self.physical and not game.log else []
        return setup + [e.to_json() for e in game.opening_events()]

    @staticmethod
    def layout(game: Game) -> dict[str, Any]:
        """How the table is laid out at the start: each seat's apprentice, the five
        buildings and the five workers face up, left to right."""
        return {"apprentices": {str(p.seat): p.crew[0] for p in game.players if p.crew},
                "buildings": list(game.building_row), "workers": list(game.worker_row)}

    def setup_lines(self, game: Game) -> dict[int, list[str]]:
        """Each seat takes its apprentice and lays it on its reader (checked: `card_action`);
        the workers' letters explained below it (S stone, W wood, K knowledge, T tile)."""
        if not self.physical or game.log:
            return {}
        return {p.seat: [texts.show("take_apprentice", card=texts.card(p.crew[0])), texts.show("lay_it"),
                         *texts.legend()] for p in game.players if p.crew}

    # ------------------------------------------------------------------ input -> action
    def card_action(self, game: Game, seat: int, uid: str) -> Action:
        card = card_of(self.tags.lookup, uid, game, SeatRefusal)
        setting_up = self._setting_up(game, seat, card)
        if setting_up is not None:
            raise setting_up
        pending = game.pending
        assert pending is not None
        if seat != pending.seat:
            raise SeatRefusal("not_your_turn", f"it is seat {pending.seat}'s turn, not seat {seat}'s")
        refused: SeatRefusal | None = None
        for same in self.copies.candidates(card, uid):  # cards printing one face: the one lying where the move fits
            try:
                return self._card_move(game, seat, same)
            except SeatRefusal as exc:
                refused = refused or exc
        assert refused is not None
        raise refused

    def _card_move(self, game: Game, seat: int, card: str) -> Action:
        """The move a card of the rules (`card`) makes when laid on `seat`'s reader, by where it lies."""
        me = game.player(seat)
        if card in game.worker_row:
            return Action(seat, "recruit", (card,))
        if card in me.crew:
            return self._send(game, seat, card)
        if card in game.building_row:
            return Action(seat, "open", (card,))
        if card in me.sites:
            self.chosen[seat] = card
            raise GestureStep("site_chosen", texts.show("site_chosen", card=texts.card(card)))
        if card in me.finished:
            raise SeatRefusal("finished_card", f"the {texts.card(card)} is finished: keep it by you")
        if any(card in ws for ws in me.sites.values()):
            raise SeatRefusal("worker_busy", "that worker is on a site until it is finished")
        if card in game.building_deck or card in game.worker_deck:
            raise SeatRefusal("not_face_up", "that card is still in the deck: take cards from the face-up rows")
        raise SeatRefusal("not_yours", "that card is another seat's")

    def _setting_up(self, game: Game, seat: int, card: str) -> HubError | None:
        """Setting up: a seat that has no site yet lays an apprentice on its reader to check
        it took its own (it cannot be sent anywhere yet, so it is no move): yours, or whose."""
        if not 1 <= seat <= game.n or card not in APPRENTICES or game.player(seat).sites:
            return None
        if card in game.player(seat).crew:
            return GestureStep("apprentice_checked", texts.show("apprentice_yours", card=texts.card(card)))
        owner = next((p.seat for p in game.players if card in p.crew), None)
        mine = game.player(seat).crew
        if owner is None or not mine or mine[0] not in APPRENTICES:
            return None
        return SeatRefusal("not_yours", f"{texts.card(card)} is seat {owner}'s apprentice; yours is {texts.card(mine[0])}",
                           short=texts.show("apprentice_other", seat=owner, card=texts.card(mine[0])))

    def _send(self, game: Game, seat: int, worker: str) -> Action:
        sites = game.player(seat).sites
        site = self.chosen.get(seat)
        if site not in sites:
            if len(sites) != 1:
                raise SeatRefusal("choose_site", "lay the site first, then the worker" if sites else
                                  "you have no site: open one first")
            site = next(iter(sites))
        assert site is not None
        return Action(seat, "send", (worker, site))

    def button_options(self, game: Game, seat: int) -> list[Action]:
        if game.pending is None or game.pending.seat != seat:
            return []
        legal = game.legal_actions()
        return [a for a in legal if not said_with_card(a)] if self.physical else list(legal)

    def read_action(self, game: Game, text: str) -> Action:
        return Action.parse(text)

    def check_answer(self, game: Game, action: Action) -> None:
        """Physical mode: cards are read by readers only; a phone cannot say one."""
        if self.physical and said_with_card(action):
            raise SeatRefusal("use_reader", "lay that card on your reader")

    def check_admin_card(self, game: Game, action: Action) -> None:
        """The admin enters only what a card says (a dead tag); buttons and phones say the rest."""
        if not self.physical or not said_with_card(action):
            raise SeatRefusal("not_a_card", f"'{action}' is not said with a card: the seat's buttons or phone say it")

    def applied(self, action: Action, uid: str | None) -> None:
        self.copies.applied(action, uid)
        if action.verb == "end" or action.seat == 0:
            self.chosen.clear()  # a new turn (or a corrected game) starts with no site chosen

    def remember_applied(self, action: Action, meta: dict[str, Any]) -> None:
        self.applied(action, meta.get("uid"))

    def learned(self) -> list[tuple[int, dict[str, Any]]]:
        return []  # a card says everything when it is laid

    # ------------------------------------------------------------------ events -> seats
    def public_events(self, events: Sequence[Event]) -> list[dict[str, Any]]:
        return [e.to_json() for e in events]

    def feedback(self, public: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
        """What a seat must do with the cards after its move: lay the card the hub turned
        face up, flip a finished building; every seat hears of the last round and the end
        (the end alone, under "Game over", when the last move both starts and ends the last round)."""
        out: list[tuple[int, dict[str, Any]]] = []
        for e in the_end_alone(public):
            kind = e["kind"]
            if kind in ("opened", "recruited"):
                turned = e["turned"]
                row = "building" if kind == "opened" else "worker"
                line = texts.show("face_up", card=texts.card(turned)) if turned else texts.show(f"deck_empty.{row}")
                out.append((e["seat"], {"text": wrap_lines(line)}))
            elif kind == "finished":
                what = texts.show("finished_machine" if e["machine"] else "finished_gain", coins=e["coins"],
                                  points=e["points"])
                out.append((e["seat"], {"led": "green", "beep": "ok",
                                        "text": wrap_lines(texts.show("finished", card=texts.card(e["building"])),
                                                            what, texts.show("flip"))}))
            elif kind == "last_round":
                out.extend((seat, {"text": wrap_lines(texts.show("last_round"))}) for seat in range(1, e["players"] + 1))
            elif kind == "game_over":
                winners = e["winners"]
                for s in e["seats"]:
                    head = texts.show("you_win") if s["seat"] in winners and len(winners) == 1 else \
                        texts.show("shared_win_you") if s["seat"] in winners else \
                        texts.show("seat_wins", seat=winners[0]) if len(winners) == 1 else texts.show("shared_win")
                    out.append((s["seat"], {"led": "white", "beep": "turn",
                                            "text": wrap_lines(texts.show("game_over"), head,
                                                                texts.show("score", score=s["score"],
                                                                                 points=s["points"]),
                                                                texts.show("coins", coins=s["coins"]))}))
        return out

    def prompt(self, game: Game) -> Prompt:
        """Whose turn with how many actions, the seat's coins and points, and the site chosen
        (or how to move); the kernel places them with the option OK applies."""
        assert game.pending is not None
        p = game.player(game.pending.seat)
        site = self.chosen.get(p.seat)
        tail = texts.show("site", card=texts.card(site)) if site in p.sites else \
            texts.show("lay_or_buttons" if self.physical else "buttons")
        return Prompt(head=(texts.show("your_turn", actions=game.actions),),
                      purse=(texts.show("money", coins=p.coins, points=p.points),),
                      rest=(tail,), no_option=(texts.show("lay_a_card"),))

    def prompt_event(self, game: Game) -> dict[str, Any]:
        assert game.pending is not None
        return {"kind": "prompt", "seat": game.pending.seat, "decision": "turn", "actions": game.actions}

    def waiting_display(self, game: Game) -> dict[str, Any]:
        if game.over:
            return {"led": "white", "text": wrap_lines(texts.show("game_over"))}
        who = texts.show("plays", seat=game.pending.seat) if game.pending is not None else ""
        return {"led": "off", "text": wrap_lines(texts.show("title"), who)}

    def misplaced(self, game: Game, seat: int, uids: list[str]) -> list[str]:
        """A card of the seat's own (a site, a worker, a finished building) may rest on its
        reader; a card of a row, a deck or another seat must be lifted."""
        lines = []
        p = game.player(seat) if 1 <= seat <= game.n else None
        for uid in uids:
            card = self.tags.lookup(uid)
            mine = p is not None and card is not None and any(
                same in p.crew or same in p.sites or same in p.finished or any(same in ws for ws in p.sites.values())
                for same in self.tags.same_face(card))
            if not mine:
                lines.append(texts.show("lift", card=texts.card(card)) if card is not None else texts.show("lift_unknown"))
        return lines

    def hint(self, game: Game, seat: int) -> str:
        return "lay_card_or_button" if self.physical else "use_buttons"

    def describe(self, action: Action) -> str:
        return texts.describe(action)

    def refusal_words(self, game: Game, exc: Any, action: Action | None) -> tuple[list[str], dict[str, Any]]:
        if exc.code in ("site_chosen", "apprentice_checked"):
            return wrap_lines(exc.message), {}
        return texts.refusal(exc), {}

    def lines(self, *text: str) -> list[str]:
        """The kernel's wrapper, as every game's."""
        return wrap_lines(*text)

    # ------------------------------------------------------------------ views
    def public_view(self, game: Game) -> dict[str, Any]:
        return game.public_view()

    def seat_view(self, game: Game, seat: int) -> dict[str, Any]:
        view = game.seat_view(seat)
        if self.physical:  # options said with a card are not buttons on the page
            view["you"]["options"] = [str(a) for a in self.button_options(game, seat)]
        view["you"]["chosen_site"] = self.chosen.get(seat)
        return view

    def view_extras(self, game: Game) -> dict[str, Any]:
        """The seed once the game is over (the decks' order stays unguessable until then);
        before the first move of a physical game, how to lay out the table."""
        setup = self.layout(game) if self.physical and not game.log else None
        return {"seed": game.setup.seed if game.over else None, "setup": setup}

    def status(self, game: Game) -> dict[str, Any]:
        return {"round": game.round, "over": game.over, "chosen_sites": dict(self.chosen)}

    def history(self, game: Game) -> list[dict[str, Any]]:
        """Every public event of this game, replayed from its log (the scoreboard's game log)."""
        return public_history(game.setup, list(game.log))
