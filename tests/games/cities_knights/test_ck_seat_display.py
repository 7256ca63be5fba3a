"""What a Cities & Knights seat's display says beyond the turn and the option.

How the table is set up, told at each seat before the first move: the seat playing first lays out the three progress decks face down and the ship on its start;
every seat has 1 settlement and 1 city on the board (what the hub counts: 3 points each).
The seat displays say it (at most 21 characters a line, 4 lines), the pages in their
language (`view["setup"]`), and once a move stands it is history. After an Alchemist at a
table with its own dice: the red and yellow it set, and the event die's faces to walk."""

from __future__ import annotations

from typing import Any

from hub.engine.cities_knights import Action, Game, Setup
from hub.games.cities_knights.adapter import CitiesKnightsAdapter
from hub.games.cities_knights.tags import ProgressTags
from hub.games.cities_knights.words import LANGS, say, setup_lines
from hub.kernel import Table
from hub.protocol import TEXT_MAX_CHARS, TEXT_MAX_LINES
from hub.transport import InProcessBus
from tests.fakes.raw_seat import RawSeat

FIRST = ("Shuffle the 3 decks,", "the ship at the start", "Set up: 1 settlement", "and 1 city (3 points)")
OTHERS = ("Set up: 1 settlement", "and 1 city (3 points)")


def test_each_seat_is_told_its_pieces_and_the_first_seat_the_decks_and_the_ship() -> None:
    game = Game.new(Setup(players=4, seed=3, first=2))
    lines = CitiesKnightsAdapter(ProgressTags.virtual()).setup_lines(game)
    assert lines == {1: list(OTHERS), 2: list(FIRST), 3: list(OTHERS), 4: list(OTHERS)}


def test_the_setup_lines_exist_in_three_languages_and_fit_the_display() -> None:
    for lang in LANGS:
        for first in (True, False):
            said = setup_lines(first, lang)
            assert len(said) == (4 if first else 2) <= TEXT_MAX_LINES
            assert all(0 < len(line) <= TEXT_MAX_CHARS for line in said), (lang, said)
            if lang != "en":
                assert not any(line in FIRST for line in said), (lang, said)  # its own words, not English


def test_at_the_table_the_seats_show_the_setup_until_the_first_move() -> None:
    bus = InProcessBus()
    game = Game.new(Setup(players=3, seed=5))
    table = Table(bus, CitiesKnightsAdapter(ProgressTags.virtual()), game, journal=lambda action: None,
                  transport_waits=True)
    table.start()
    try:
        seats = {s: RawSeat(bus, s) for s in (1, 2, 3)}
        shown = [c for c in seats[2].commands if c.text is not None][-1].text
        assert shown == OTHERS
        first = [c for c in seats[1].commands if c.text is not None][-1].text
        assert first == FIRST  # above its first prompt: OK shows the prompt
        assert table.public_view()["setup"] == {"first": 1}
        assert table.answer(1, "1 roll") == {"ok": True}
        assert table.public_view()["setup"] is None
    finally:
        table.stop()
        bus.close()


def test_after_an_alchemist_the_display_shows_the_dice_set_and_walks_the_event_die() -> None:
    """A table with its own dice: after the Alchemist, the display says the red and yellow it
    set, and the buttons walk the event die's four faces ("event die: ship")."""
    from tests.engine.cities_knights.helpers import give

    game = Game.new(Setup(players=3, seed=5, dice="physical"))
    give(game, 1, "S01a")
    game.apply("1 play S01a 3 4")
    adapter = CitiesKnightsAdapter(ProgressTags.virtual())
    assert adapter.prompt(game).head == ("Alchemist: 3+4=7",)
    assert [adapter.describe(a) for a in game.legal_actions()] == [
        "event die: ship", "event die: green", "event die: yellow", "event die: blue"]


# ------------------------------------------------------------------ the table's own dice, entered at the seat
class Journaled:
    """What the table journals: each action with what said it."""

    def __init__(self) -> None:
        self.entries: list[tuple[str, dict[str, object]]] = []

    def __call__(self, action: object, meta: dict[str, object]) -> None:
        self.entries.append((str(action), dict(meta)))


def read(device: object) -> str:
    """The seat's display as a person reads it: its lines as one text."""
    return " ".join(" ".join(device.shown["text"]).split())  # type: ignore[attr-defined]


class Person:
    """Someone at a seat with only its display and buttons: presses A until the display
    shows what they want, then OK; counts the presses."""

    def __init__(self, device: object) -> None:
        self.device = device
        self.presses = 0
        self.answers: list[object] = []

    def press(self, button: str) -> object:
        self.presses += 1
        answer = self.device.answer_to(self.device.press(button))  # type: ignore[attr-defined]
        self.answers.append(answer)
        return answer

    def take(self, words: str, button: str = "a") -> object:
        if "OK: go on" in read(self.device):  # notes over the prompt: read, then OK shows it
            self.press("ok")
        for _ in range(12):
            if words in read(self.device):
                return self.press("ok")
            self.press(button)
        raise AssertionError(f"the display never showed {words!r}: {read(self.device)!r}")


def table_with_own_dice(seed: int = 5) -> tuple[object, Journaled, int]:
    from hub.table.sim import SimTable

    journal = Journaled()
    sim = SimTable(Setup(players=3, seed=seed, dice="physical"), journal_meta=journal)
    assert sim.service.game.pending is not None
    return sim, journal, sim.service.game.pending.seat


def test_the_tables_own_dice_are_entered_one_die_at_a_time_and_the_roll_applied_once() -> None:
    """Red, then yellow, then the event die, each walked with A and taken with OK, read from
    the display alone: a handful of presses, not a walk through 144 rolls; nothing is
    applied before the last OK, which applies the whole roll once, as one action in the log."""
    sim, journal, seat = table_with_own_dice()
    try:
        person = Person(sim.devices[seat])
        person.take("Red die: 4")
        assert "Red die: 4" in read(person.device) and "Yellow die: 1" in read(person.device)
        person.take("Yellow die: 2")
        assert "Red die: 4 Yellow die: 2" in read(person.device)
        assert sim.service.game.log == [] and journal.entries == []  # the dice so far: nothing applied
        answer = person.take("roll 4+2=6 blue")
        assert [str(a) for a in sim.service.game.log] == [f"{seat} roll 4 2 blue"]
        assert [text for text, _meta in journal.entries] == [f"{seat} roll 4 2 blue"]
        assert journal.entries[0][1].get("device")  # said by the seat's buttons
        assert answer.code is None and "4+2=6 blue" in read(person.device)  # type: ignore[attr-defined]
        assert person.presses <= 12
        assert sim.service.game.dice == (4, 2, "blue")
    finally:
        sim.close()


def test_a_die_entered_wrong_is_taken_back_with_back() -> None:
    """Red 5 taken by mistake: B to "Back", OK, and the buttons are on the red die again."""
    sim, journal, seat = table_with_own_dice()
    try:
        person = Person(sim.devices[seat])
        person.take("Red die: 5")
        person.take("Back", button="b")
        assert "Yellow die" not in read(person.device) and "Red die: 5" in read(person.device)
        person.take("Red die: 3", button="b")
        person.take("Yellow die: 6")
        person.take("roll 3+6=9 ship")
        assert [text for text, _meta in journal.entries] == [f"{seat} roll 3 6 ship"]
    finally:
        sim.close()


def test_after_an_alchemist_the_seat_enters_the_event_die_alone() -> None:
    """The Alchemist's red and yellow stand: the buttons walk the event die only."""
    from tests.engine.cities_knights.helpers import give

    sim, journal, seat = table_with_own_dice()
    try:
        give(sim.service.game, seat, "S01a")
        assert sim.service.answer(seat, f"{seat} play S01a 3 4") == {"ok": True}
        person = Person(sim.devices[seat])
        assert "Alchemist: 3+4=7" in read(person.device)
        person.take("event die: green")
        assert [text for text, _meta in journal.entries][-2:] == [f"{seat} play S01a 3 4", f"{seat} roll green"]
    finally:
        sim.close()


# ------------------------------------------------------------------ the end and the barbarians, at every seat
def last_move_at_a_table(seed: int = 5) -> tuple[Table[Game], InProcessBus, dict[int, RawSeat], Any]:
    """A 3-seat game played by the engine's bots to its last move, hosted at a table of raw
    seats: (the table, its bus, the seats, the winning move still to make)."""
    from hub.engine.cities_knights.bots import make_bot

    game = Game.new(Setup(players=3, seed=seed))
    bots = {s: make_bot("table", seed + s) for s in (1, 2, 3)}
    while True:
        assert game.pending is not None
        action = bots[game.pending.seat].choose(game)
        if Game.replay(game.setup, [*game.log, action]).over:
            break
        game.apply(action)
    bus = InProcessBus()
    table = Table(bus, CitiesKnightsAdapter(ProgressTags.virtual()), game, journal=lambda action: None,
                  transport_waits=True)
    table.start()
    return table, bus, {s: RawSeat(bus, s) for s in (1, 2, 3)}, action


def test_the_game_over_is_told_at_every_seat_with_the_winner_and_its_points() -> None:
    """The winning move made at its seat's buttons: every display says the game is over,
    who won with how many points and its own (once only the winner's said "Accepted")."""
    table, bus, seats, action = last_move_at_a_table()
    try:
        seat = seats[action.seat]
        for _ in range(table.button_options(action.seat).index(action)):
            seat.send("button", button="a")
        answer = seat.ask("button", button="ok")
        if not table.game.over:  # a table just started shows its first OK's option (it knew no cursor)
            answer = seat.ask("button", button="ok")
        assert answer.code is None and table.game.over
        winner, points = table.game.winner, {s: table.game.vp(s) for s in (1, 2, 3)}
        for number, device in seats.items():
            shown = [c for c in device.commands if c.text is not None][-1]
            expected = (["Game over", f"You win: {points[number]} points"] if number == winner else
                        ["Game over", f"Seat {winner} wins: {points[winner]}", f"Your points: {points[number]}"])
            assert list(shown.text or ()) == expected and shown.led == "white", (number, shown)
        waiting = table.adapter.waiting_display(table.game)  # a seat that reboots after the end
        assert waiting["text"] == ["Game over", f"Seat {winner} wins: {points[winner]}"]
    finally:
        table.stop()
        bus.close()


def test_an_attack_is_told_whole_at_each_seat_with_whether_it_loses_a_city() -> None:
    """The outcome and this seat's loss in at most 4 whole lines (the sentence naming every
    loser ran past the display, cut at "Seat 2 and Seat 3 each lose"), in every language."""
    from hub.games.cities_knights.adapter import attack_lines

    lost = {"kind": "attack", "won": False, "knights": 10, "barbarians": 12, "losers": [1, 2, 3],
            "strength": {"1": 3, "2": 3, "3": 4}}
    assert attack_lines(lost, True) == ["The barbarians win:", "knights 10 against", "barbarians 12.",
                                        "You lose a city."]
    assert attack_lines(lost, False)[-1] == "You lose no city."
    held = {**lost, "won": True, "knights": 12, "barbarians": 10, "losers": []}
    assert attack_lines(held, False) == ["Catan holds: knights", "12 against barbarians", "10."]
    for lang in LANGS:
        for key in ("display.attack_lost", "display.you_lose_a_city", "display.you_keep_your_cities",
                    "display.game_over", "display.you_win", "display.winner", "display.your_points"):
            assert say(key, lang, knights=10, barbarians=12, vp=13, name="Seat 4")


def test_every_option_on_the_display_says_what_it_reports_and_no_two_read_alike() -> None:
    """The display's options in the seat page's words ("End my turn", "I activated a basic
    knight"; once the bare log text: "end", "knight promote 1i", "oust 1 1i"), and no two
    options of one decision read the same (a basic knight promoted, active or inactive)."""
    from hub.engine.cities_knights.bots import make_bot
    from hub.games.cities_knights.adapter import button_options, describe

    assert describe(Action.parse("2 end")) == "End my turn"
    assert describe(Action.parse("2 knight promote 1i")) == "I promoted a basic inactive knight"
    assert describe(Action.parse("2 oust 3 2a")) == "Seat 3's strong active knight left the board"
    assert describe(Action.parse("2 road 0")) == "Longest road: nobody"
    assert describe(Action.parse("2 build wall")) == "I built a wall"  # not "I built a city" and a word more
    seen: set[str] = set()
    for seed in (5, 7):
        game = Game.new(Setup(players=3, seed=seed))
        bots = {s: make_bot("table", seed + s) for s in (1, 2, 3)}
        while not game.over:
            assert game.pending is not None
            seat = game.pending.seat
            actions = [o for o in button_options(game, seat) if isinstance(o, Action)]
            said = [describe(a) for a in actions]
            uncopied = [w for a, w in zip(actions, said) if a.verb not in ("draw", "discard", "take", "play")]
            assert len(set(uncopied)) == len(uncopied), uncopied  # two copies of a card are one face: one name
            for action, words in zip(actions, said):
                seen.add(action.verb)
                assert words != " ".join([action.verb, *action.args]), words
            game.apply(bots[seat].choose(game))
    assert {"end", "build", "knight", "improve", "road", "confirm", "pillage"} <= seen


def test_a_seat_that_waits_reads_who_plays() -> None:
    """As Citadels' "Seat 1 decides" and The Builders' "Seat 2 plays" (once only "Wait")."""
    game = Game.new(Setup(players=3, seed=5, first=2))
    shown = CitiesKnightsAdapter(ProgressTags.virtual()).waiting_display(game)
    assert shown == {"led": "off", "text": ["Wait", "Seat 2 plays", "Barbarians: 7 steps"]}


def test_a_seat_over_the_hand_limit_is_told_in_its_own_words() -> None:
    """"You hold 5 progress cards: discard one." on its own display, in two lines (once
    "Seat 1 holds 5 / progress cards: / discard one." took the screen from the option)."""
    told = CitiesKnightsAdapter(ProgressTags.virtual()).feedback([{"kind": "hand_limit", "seat": 2, "held": 5, "limit": 4}])
    assert told == [(2, {"led": "red", "beep": "error", "text": ["You hold 5 progress", "cards: discard one."]})]


def test_a_decision_out_of_the_turns_course_says_what_it_asks_not_the_last_roll() -> None:
    """Every seat confirms its knights as the ship lands: its head says so (once the roller's
    dice, "4+2=6 ship", over "confirm"); a pillage, a reward, a Spy's take and a Deserter too."""
    from hub.engine.cities_knights.game import Decision

    adapter = CitiesKnightsAdapter(ProgressTags.virtual())
    game = Game.new(Setup(players=3, seed=5))
    game.apply("1 roll")
    for kind, head in (("confirm", "Check your knights"), ("pillage", "You lose a city"), ("reward", "Choose a deck"),
                       ("take", "Spy: take a card"), ("desert", "Remove a knight"), ("deserter", "Place the deserter?")):
        game.queue.insert(0, Decision(2, kind, "1"))
        assert adapter.prompt(game).head == (head,), kind
        game.queue.pop(0)
    assert game.dice is not None
    red, yellow, event = game.dice
    assert adapter.prompt(game).head == (f"{red}+{yellow}={red + yellow} {event}",)  # the turn's own: its dice


def test_a_draw_is_said_by_the_card_that_came_up_never_by_ok() -> None:
    """On a gate the seat draws a card of that colour and taps it. Its display offers no
    card of the deck: under OK one stood that the seat may not hold (one press recorded it),
    and walking A showed the deck to the table. OK and A say to tap; the tag draws."""
    from hub.engine.cities_knights.game import Decision

    bus = InProcessBus()
    game = Game.new(Setup(players=3, seed=5))
    game.apply("1 roll")
    game.queue.insert(0, Decision(2, "draw", "yellow"))
    registry = ProgressTags.virtual()
    table = Table(bus, CitiesKnightsAdapter(registry), game, journal=lambda action: None, transport_waits=True)
    table.start()
    try:
        seat = RawSeat(bus, 2)
        assert [c for c in seat.commands if c.text is not None][-1].text == ("Draw 1 yellow, tap it", "Barbarians: 7 steps")
        for button in ("ok", "a", "ok"):
            answer = seat.answer(seat.send("button", button=button))
            assert answer.code == "use_card" and not any("drew" in line for line in answer.text or ()), button
        assert [str(a) for a in table.game.log] == ["1 roll"]
        card = game.drawable("yellow")[-1]
        uid = next(uid for uid, named in registry.tags.items() if named == card)
        assert seat.answer(seat.send("tag", edge="added", uid=uid)).led == "green"
        assert [str(a) for a in table.game.log] == ["1 roll", f"2 draw {card}"]
    finally:
        table.stop()
        bus.close()
