"""The Citadels adapter: cards and buttons -> Citadels actions or refusals; Citadels
events -> seat prompts, LEDs and feedback lines. Words come from `hub.games.citadels.texts`.

Physical mode: a card on the reader says picks, face-up cards, builds and the Warlord's
target (`CARD_VERBS`); the buttons cycle through the rest. Digital mode: every decision
is made with the buttons or a phone. Which physical copy of a district lies in which city
(`cities.CityCards`) says whether a district card laid means a build or a destroy.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from hub.engine.citadels import Action, Event, Game, IllegalAction, Setup
from hub.engine.citadels.events import public_json
from hub.engine.citadels.history import public_history
from hub.errors import HubError
from hub.games.kit.adapter import VoidUndo, adjust
from hub.kernel import Prompt, wrap_lines
from hub.seeds import fresh_seed
from . import texts

from .cities import CityCards

CARD_VERBS = frozenset({"pick", "faceup", "build", "destroy"})  # physical mode: said with a card
# refusal codes an ability's own rules give (hub/engine/citadels/characters.py): then the character's
# refusal words say why, on the display, in the voice and on the seat page (a phone's refused
# answer names the character: `refusal_words`'s facts)
ABILITY_CODES = frozenset({"bad_target", "must_gather_first", "cannot_afford"})


class SeatRefusal(IllegalAction):
    """A refusal the adapter makes itself; ``word`` names the catalogue's sentence for it
    (``page.code_<word>``) when the code alone says too little."""

    def __init__(self, code: str, message: str, word: str) -> None:
        super().__init__(code, message)
        self.word = word


def refusing_character(game: Game, code: str, action: Action | None) -> str | None:
    """The character whose ability refused `action` (the one whose turn it is, its verb, a
    code its rules give), else None. Its turn is public: the refusal event may name it."""
    if action is None or code not in ABILITY_CODES or game.phase != "turns" or action.seat != game.turn_seat:
        return None
    rules = game.character_rules.get(game.turn_char)
    return game.turn_char if rules is not None and action.verb in rules.verbs else None


def said_with_card(action: Action) -> bool:
    """Physical mode: a card on the reader says it. The Warlord's own district is the
    exception (buttons): a card of one's own city on the reader is never a move."""
    if action.verb == "destroy" and action.args[:1] == (str(action.seat),):
        return False
    return action.verb in CARD_VERBS


def button_options(game: Game, seat: int) -> list[Action]:
    """The pending options a seat's buttons cycle through (cards say the rest): what a
    seat display offers, the phone's buttons, and what a simulated player may press."""
    if game.pending is None or game.pending.seat != seat:
        return []
    legal = game.legal_actions()
    if game.digital:
        return list(legal)
    return [a for a in legal if not said_with_card(a)]


_READ_ACTIONS: dict[str, Action] = {}  # an action's text -> the action (`CitadelsAdapter.read_action`)


@functools.lru_cache(maxsize=64)  # a few decisions x the characters: asked at every decision
def _prompt(kind: str, character: str | None) -> Prompt:
    """The deciding seat's prompt for a decision of `kind` (`character`: whose turn), in
    the catalogue's words; the same words every time, so made once (a `Prompt` is immutable)."""
    head = texts.prompt_head(kind, character)
    return Prompt(head=tuple(wrap_lines(head)), no_option=tuple(wrap_lines(texts.say("place_card"))))


def game_form(setup: Setup) -> dict[str, Any]:
    """A setup as the admin's New game form says it (players, names, mode, edition,
    variant), so the form starts from the game on the table; never the seed (the deal)."""
    return {"players": setup.players, "names": list(setup.names), "mode": setup.mode,
            "edition": setup.edition, "variant": setup.variant}


def adjust_gold(seat: int, delta: int, reason: str) -> Action:
    """The admin's gold correction (the kit's `adjust`)."""
    return adjust(Action, seat, delta, reason)


class CitadelsAdapter(VoidUndo):
    """Implements `hub.kernel.GameAdapter` for `hub.engine.citadels.Game`. `registry` says what
    each tag UID is (`hub.games.citadels.registry.TagRegistry`). Undo: the kit's ``0 void``."""

    refusals: tuple[type[HubError], ...] = (IllegalAction,)
    action = Action

    def __init__(self, registry: Any) -> None:
        self.registry = registry
        self.game_names: Callable[[], tuple[str, ...]] = tuple  # the hosted game's names (its table sets it)
        self.cities = CityCards(self._district_of)

    @property
    def city_uid(self) -> dict[str, int]:
        """Physical copies in a city, bound to their tags: tag UID -> seat (not to be changed)."""
        return self.cities.owner

    def _district_of(self, uid: str) -> str | None:
        ref = self.registry.lookup(uid)
        return ref.id if ref is not None and ref.kind == "district" else None

    # ------------------------------------------------------------------ games
    def replay(self, setup: Setup, log: Sequence[Any]) -> Game:
        return Game.replay(setup, list(log))

    def new_setup(self, config: dict[str, Any], current: Game) -> Setup:
        seed = config.get("seed")
        return Setup(players=int(config["players"]), seed=fresh_seed() if seed is None else int(seed),
                     mode=str(config.get("mode", current.setup.mode)),
                     variant=str(config.get("variant", "")),
                     names=tuple(config.get("names") or ()), deck=self.registry.deck,
                     edition=str(config.get("edition", current.setup.edition)))

    def reset(self) -> None:
        self.cities.clear()

    def game_facts(self, game: Game) -> dict[str, Any]:
        """A new game's rule set: the voice and the pages word characters by edition."""
        return {"edition": game.setup.edition}

    def setup_lines(self, game: Game) -> dict[int, list[str]]:
        """A new physical game: the crowned seat shuffles the characters, puts one face
        down and lays the face-up ones its player count removes (the edition's number) on
        its reader; the digital game deals them itself."""
        if game.digital or game.log or game.pending is None:
            return {}
        n_up = game.edition.face_up_removed[game.n]
        line = texts.say("setup_faceup", n=n_up) if n_up else texts.say("setup_facedown")
        return {game.pending.seat: wrap_lines(line)}

    def opening_events(self, game: Game) -> list[dict[str, Any]]:
        """Round 1 with its crown, and the face-up removed characters: the engine's own."""
        return [e.to_json() for e in game.opening_events()]

    # ------------------------------------------------------------------ input -> action
    def card_action(self, game: Game, seat: int, uid: str) -> Action:
        ref = self.registry.lookup(uid)
        if ref is None:
            raise IllegalAction("unknown_tag", "this tag is not enrolled: re-run enrollment")
        if game.over:
            raise IllegalAction("game_over", "the game is over")
        pending = game.pending
        if ref.kind == "character":
            if pending is not None and pending.kind == "faceup":
                return Action(seat, "faceup", (ref.id,))
            if game.phase == "turns" and game.turn_char == ref.id and game.turn_seat == seat:
                raise IllegalAction("revealed", f"the {texts.card_name(ref.id)} is already revealed: play your turn")
            return Action(seat, "pick", (ref.id,))
        owner = self.cities.owner.get(uid)
        if owner is None and ref.id in self.cities.entered_by_hand(seat) and not self._builds(game, seat, ref.id) \
                and self.cities.bind(seat, uid):  # the copy of its city entered by hand: now bound to this tag
            raise SeatRefusal("already_built", f"that {texts.card_name(ref.id)} is in your city: its card is "
                                               "known now", "card_bound")
        if owner == seat:  # never a move: a card lying on the reader since a reboot looks the same
            buttons = Action(seat, "destroy", (str(seat), ref.id)) in game.legal_actions()
            hint = "; to destroy it use the buttons" if buttons else ""
            raise SeatRefusal("already_built", f"that {texts.card_name(ref.id)} is already in your city{hint}",
                              "already_built_buttons" if buttons else "already_built")
        if owner is not None:
            return Action(seat, "destroy", (str(owner), ref.id))
        for victim in self.cities.seats_entered_by_hand(ref.id):
            if victim != seat and Action(seat, "destroy", (str(victim), ref.id)) in game.legal_actions():
                name = texts.card_name(ref.id)
                raise SeatRefusal("whose_card", f"seat {victim}'s {name} was entered by hand: is this card that "
                                                f"copy? Lay it on seat {victim}'s reader once, then here", "whose_card")
        return Action(seat, "build", (ref.id,))

    @staticmethod
    def _builds(game: Game, seat: int, district: str) -> bool:
        """Whether laying `district` now is a legal build for `seat` (a second copy: Quarry)."""
        return Action(seat, "build", (district,)) in game.legal_actions()

    def button_options(self, game: Game, seat: int) -> list[Action]:
        return button_options(game, seat)

    def read_action(self, game: Game, text: str) -> Action:
        """An action's text form (a phone's answer, the admin's card entry; the kernel reads
        every move back before applying it). An action is an immutable value of its text
        alone, so a text read once is not parsed again (refusals are not kept)."""
        action = _READ_ACTIONS.get(text) if type(text) is str else None
        if action is None:
            action = Action.parse(text)
            if len(_READ_ACTIONS) < 4096:
                _READ_ACTIONS[text] = action
        return action

    def check_answer(self, game: Game, action: Action) -> None:
        """Physical mode: cards are read by readers only; a phone cannot say one."""
        if not game.digital and said_with_card(action):
            raise IllegalAction("use_reader", texts.use_reader(action))

    def check_admin_card(self, game: Game, action: Action) -> None:
        """The admin enters only what a card says (a dead tag); buttons and phones say the rest."""
        if game.digital or not said_with_card(action):
            raise IllegalAction("not_a_card", f"'{action}' is not said with a card: the seat's buttons or phone say it")

    def applied(self, action: Action, uid: str | None) -> None:
        """Every accepted action, with the card that said it (None: buttons, a phone, the
        admin, a correction): which copy lies in which city follows (``CityCards``)."""
        self.cities.applied(action, uid)

    def remember_applied(self, action: Action, meta: dict[str, Any]) -> None:
        self.applied(action, meta.get("uid"))

    def learned(self) -> list[tuple[int, dict[str, Any]]]:
        """A build entered by hand whose card was read since: its tag, kept beside that
        build in the journal (``uid_read_later``: no card said the build itself)."""
        return [(index, {"uid": uid, "uid_read_later": True}) for index, uid in self.cities.take_bound()]

    # ------------------------------------------------------------------ events -> seats
    def feedback(self, public: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
        """What each seat must do with coins, cards and the crown after one input's public
        events (as `public_events` gives them: the table has them at hand for publishing).
        A seat's gold from and to the bank is said once, as the coins it really moves (a
        Merchant's income and bonus: "Take 2 gold", not "Take 1" twice); a robbery moves
        no coin when nothing is taken or the Thief robbed his own other character."""
        out: list[tuple[int, dict[str, Any]]] = []
        names = self.game_names()  # the displays name players by name where they can
        bank: dict[int, int] = {}  # seat -> net gold from the bank; said where its first change was
        for e in public:
            kind = e["kind"]
            if kind == "gold":
                if e["reason"] != "robbery":  # said once, by the robbery event, to both seats
                    seat = e["seat"]
                    if seat not in bank:
                        out.append((seat, {}))
                    bank[seat] = bank.get(seat, 0) + e["delta"]
            elif kind == "robbery":
                amount, thief, victim = e["amount"], e["thief_seat"], e["victim_seat"]
                if amount and thief != victim:
                    out.append((victim, {"led": "red", "beep": "error",
                                         "text": wrap_lines(texts.named("robbed", thief, names, amount=amount))}))
                    out.append((thief, {"text": wrap_lines(texts.named("robbery_take", victim, names, amount=amount))}))
            elif kind == "instruct":
                out.append((e["seat"], {"text": wrap_lines(texts.instruction(e))}))
            elif kind == "swapped":  # the Magician's swap: both players hand their cards over
                out.append((e["seat"], {"text": wrap_lines(texts.named("swap", e["other"], names))}))
                out.append((e["other"], {"text": wrap_lines(texts.named("swap", e["seat"], names))}))
            elif kind == "crown":  # the crown is a real token on the table
                out.append((e["seat"], {"text": wrap_lines(texts.say("crown_take"))}))
            elif kind == "game_over":  # every display says it, or it keeps its last line for good
                scores = {s["seat"]: s["score"] for s in e["scores"]}
                out.extend((seat, {"led": "white", "beep": "turn",
                                   "text": texts.final_lines(seat, e["winner"], scores, names=names)}) for seat in scores)
        said = []
        for seat, command in out:
            if not command:  # the place of a seat's coins from or to the bank
                line = texts.bank_coins(bank.pop(seat, 0))
                if line is None:
                    continue
                command = {"text": wrap_lines(line)}
            said.append((seat, command))
        return said

    def public_events(self, events: Sequence[Event]) -> list[dict[str, Any]]:
        return public_json(events)

    def prompt(self, game: Game) -> Prompt:
        """What the deciding seat must do (the kernel places the option its cursor is on
        below it), or "Place a card" when only a card says it."""
        assert game.pending is not None
        kind = game.pending.kind
        return _prompt(kind, game.turn_char if kind == "turn" else None)

    def prompt_event(self, game: Game) -> dict[str, Any]:
        assert game.pending is not None
        seat, kind = game.pending
        character = game.turn_char if kind == "turn" else None
        return {"kind": "prompt", "seat": seat, "decision": kind, "character": character}

    def waiting_display(self, game: Game) -> dict[str, Any]:
        if game.over:
            return {"led": "white", "text": wrap_lines(texts.say("game_over"))}  # a seat new since the end
        who = texts.waiting_line(game.pending.seat if game.pending is not None else None, names=game.setup.names)
        return {"led": "off", "text": wrap_lines(texts.title(), who)}

    def misplaced(self, game: Game, seat: int, uids: list[str]) -> list[str]:
        """A card may rest on its reader if it is in that seat's city, or is a character
        that seat holds this round (it just built or picked it); anything else must be lifted."""
        lines = []
        player = game.player(seat) if 1 <= seat <= game.n else None
        for uid in uids:
            ref = self.registry.lookup(uid)
            if ref is None:
                lines.append(texts.misplaced_line(None, "character"))
            elif ref.kind == "character":
                if player is None or ref.id not in player.characters:
                    lines.append(texts.misplaced_line(ref.id, "character"))
            elif self.cities.owner.get(uid) != seat and not self.cities.bind(seat, uid):
                lines.append(texts.misplaced_line(ref.id, "district"))
        return lines

    def hint(self, game: Game, seat: int) -> str:
        kind = game.pending.kind if game.pending is not None else None
        if kind in ("pick", "faceup") and not game.digital:
            return "lay_character"
        if kind == "turn" and not game.digital:
            return "lay_district_or_button"
        return "use_buttons"

    def describe(self, action: Action) -> str:
        return texts.describe(action)

    def refusal_words(self, game: Game, exc: Any, action: Action | None) -> tuple[list[str], dict[str, Any]]:
        """The refused seat's display lines, from the catalogue: the character's own refusal
        when its ability refused the move, else the code's sentence, the engine's English
        message only for a code the catalogue lacks; and what the public refusal event adds
        (the character, so the voice says its words too)."""
        character = refusing_character(game, exc.code, action)
        word = exc.word if isinstance(exc, SeatRefusal) else exc.code
        line = texts.refusal_line(word, character, game.setup.edition)
        facts = {"character": character} if character else {}
        if exc.code == "not_your_turn" and game.pending is not None:  # and who decides, by name (as the waiting display)
            return wrap_lines(line or exc.message, texts.waiting_line(game.pending.seat, names=game.setup.names)), facts
        short = getattr(exc, "short", None)  # the engine's own short form, where it gives one
        return wrap_lines(short or line or exc.message), facts

    def lines(self, *text: str) -> list[str]:
        """The kernel's wrapper (a seat kept with its number: "Take 3 gold from seat 2")."""
        return wrap_lines(*text)

    # ------------------------------------------------------------------ views
    def public_view(self, game: Game) -> dict[str, Any]:
        return game.public_view()

    def view_extras(self, game: Game) -> dict[str, Any]:
        """The seed once over (the deal stays unguessable until the end); before the first
        move of a physical game, how the characters are laid out (the scoreboard says it)."""
        setup = None
        if not game.digital and not game.log and game.pending is not None:
            setup = {"crowned": game.pending.seat, "face_down": 1, "face_up": game.edition.face_up_removed[game.n]}
        return {"seed": game.setup.seed if game.over else None, "setup": setup}

    def seat_view(self, game: Game, seat: int) -> dict[str, Any]:
        view = game.seat_view(seat)
        if not game.digital:  # options said with a card are not buttons on the page
            view["you"]["options"] = [str(a) for a in button_options(game, seat)]
        return view

    def status(self, game: Game) -> dict[str, Any]:
        """The admin's Citadels fields; `entered_by_hand`: the districts built with no card
        read, by seat, until a tag of each is read on its owner's reader (see `cities`);
        `game_form`: the running game as the New game form's fields."""
        by_hand = {seat: list(cards) for seat in range(1, game.n + 1) if (cards := self.cities.entered_by_hand(seat))}
        return {"round": game.round, "over": game.over, "entered_by_hand": by_hand, "game_form": game_form(game.setup)}

    def history(self, game: Game) -> list[dict[str, Any]]:
        """Every public event of this game, replayed from its log (the scoreboard's game log)."""
        return public_history(game.setup, list(game.log))
