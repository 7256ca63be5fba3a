"""The Builders at the table: whole games played through the kernel's Table with virtual
seats on the in-process bus, every move said as a player says it: a card laid on the
seat's reader (the site, then the worker, to send one), the buttons for the rest."""

from __future__ import annotations

from typing import Any

import pytest

from hub.engine.builders import Action, Game, HeuristicBot, IllegalAction, Setup
from hub.engine.builders.cards import BUILDINGS
from hub.games.builders.words import card_name
from hub.games.builders import BuildersAdapter, BuildersTags
from hub.games.builders.tags import virtual_uid
from hub.kernel import Table
from hub.kernel.interfaces import GameAdapter, JournalFunction
from hub.protocol import SeatCommand
from hub.transport import InProcessBus
from tests.fakes.raw_seat import RawSeat

TAGS = BuildersTags.virtual()


class Seat(RawSeat):
    """A raw seat device that also lays cards and presses buttons as a player does."""

    def lay(self, card: str) -> SeatCommand:
        """Lay a card on the reader and lift it again; the answer to laying it."""
        return self.lay_tag(virtual_uid(card))

    def press(self, table: Table[Game], action: Action) -> SeatCommand:
        """Move the cursor to `action` with A, then OK; the answer to OK."""
        for _ in range(table.button_options(self.seat).index(action)):
            self.send("button", button="a")
        return self.ask("button", button="ok")


@pytest.fixture
def table() -> Any:
    bus = InProcessBus()
    journal: list[Action] = []
    adapter: GameAdapter[Game] = BuildersAdapter(TAGS)
    game = Game.new(Setup(players=3, seed=17))
    hosted = Table(bus, adapter, game, journal=journal.append, transport_waits=True)
    hosted.start()
    seats = {s: Seat(bus, s) for s in (1, 2, 3)}
    yield hosted, seats, journal
    hosted.stop()
    bus.close()


def say(table: Table[Game], seats: dict[int, Seat], action: Action) -> list[SeatCommand]:
    """Say `action` as a player at the table does; the seat's answers, last the move's."""
    seat = seats[action.seat]
    if action.verb in ("open", "recruit"):
        return [seat.lay(action.args[0])]
    if action.verb == "send":
        worker, site = action.args
        answers = []
        adapter = table.adapter
        assert isinstance(adapter, BuildersAdapter)
        if adapter.chosen.get(action.seat) != site:  # the site, then the worker (one site: the worker alone would do)
            answers.append(seat.lay(site))
        return [*answers, seat.lay(worker)]
    return [seat.press(table, action)]


def test_a_whole_game_is_played_with_cards_and_buttons_through_the_kernel(table: Any) -> None:
    hosted, seats, journal = table
    reference = Game.new(Setup(players=3, seed=17))
    bots = {s: HeuristicBot(s) for s in (1, 2, 3)}
    chosen_sites = 0
    while not hosted.game.over:
        pending = hosted.game.pending
        action = bots[pending.seat].choose(hosted.game)
        answers = say(hosted, seats, action)
        *before, answer = answers
        assert answer.code is None and answer.beep == "ok", (action, answer)  # accepted
        for chosen in before:
            assert chosen.code == "site_chosen" and "chosen" in " ".join(chosen.text or ())
            assert (chosen.led, chosen.beep) == ("blue", "ok")  # a step of the gesture, not a mistake
            chosen_sites += 1
        reference.apply(action)
        assert hosted.game.state_hash() == reference.state_hash()
    assert chosen_sites > 0  # the two-tap gesture was used
    assert journal == hosted.game.log and Game.replay(hosted.game.setup, journal).state_hash() == reference.state_hash()
    view = hosted.public_view()
    assert view["result"] == reference.result() and view["seed"] == 17
    final = [s.commands[-1] for s in seats.values()]
    assert all(c.led == "white" and c.text[0] == "Game over" for c in final)
    assert any(c.text[1] in ("You win!", "Shared win!") for c in final)


def test_a_last_move_that_starts_and_ends_the_last_round_says_game_over_at_every_seat_not_last_round() -> None:
    """Seed 3: the last seat of a round reaches 17 points, so its "end the turn" starts the
    last round and ends the game at once (`last_round` and `game_over` in one move): every
    display says the game is over and who won, never "Last round!" (once shown above it)."""
    game = Game.new(Setup(players=3, seed=3))
    bots = {s: HeuristicBot(s) for s in (1, 2, 3)}
    while True:
        action = bots[game.pending.seat].choose(game)
        last = [e.kind for e in Game.replay(game.setup, game.log).apply(action)]
        if "game_over" in last:
            break
        game.apply(action)
    assert "last_round" in last, last
    bus = InProcessBus()
    hosted = Table(bus, BuildersAdapter(TAGS), game, journal=lambda a: None, transport_waits=True)
    hosted.start()
    try:
        seats = {s: Seat(bus, s) for s in (1, 2, 3)}
        said = say(hosted, seats, action)[-1]
        assert said.code is None and hosted.game.over
        for seat in seats.values():
            final = seat.commands[-1].text
            assert final is not None and final[0] == "Game over" and "Last round!" not in final, final
            assert final[1] in ("You win!", f"Seat {hosted.game.result()['winner']} wins"), final
    finally:
        hosted.stop()
        bus.close()


def test_the_hub_names_the_card_to_lay_face_up_and_refuses_one_from_the_deck(table: Any) -> None:
    hosted, seats, _ = table
    game = hosted.game
    seat = seats[game.pending.seat]
    from_deck = game.building_deck[0]
    refused = seat.lay(from_deck)
    assert refused.code == "not_face_up" and game.log == []
    top = game.building_deck[-1]
    building = game.building_row[0]
    opened = seat.lay(building)
    assert opened.code is None and opened.beep == "ok" and game.log == [Action(game.pending.seat, "open", (building,))]
    assert opened.text[0] == f"Face up: {BUILDINGS[top].name}" and game.building_row[0] == top


def test_sending_needs_a_site_chosen_when_the_seat_has_two(table: Any) -> None:
    hosted, seats, _ = table
    game = hosted.game
    s = game.pending.seat
    seat = seats[s]
    first, second = game.building_row[:2]
    seat.lay(first)
    apprentice = game.player(s).crew[0]
    assert seat.lay(apprentice).beep == "ok"  # one site: the worker goes there
    assert game.log[-1] == Action(s, "send", (apprentice, first))
    seat.lay(game.building_row[1])
    assert game.player(s).sites.keys() == {first, second} and game.actions == 0
    for turn in (s, s % 3 + 1, (s + 1) % 3 + 1):
        seats[turn].press(hosted, Action(turn, "end"))
    assert game.pending.seat == s
    worker = game.worker_row[0]
    assert seat.lay(worker).code is None
    refused = seat.lay(worker)
    assert refused.code == "choose_site" and "site first" in " ".join(refused.text or ())
    chosen = seat.lay(second)
    assert chosen.code == "site_chosen" and game.log[-1] == Action(s, "recruit", (worker,))
    assert seat.lay(worker).code is None and game.log[-1] == Action(s, "send", (worker, second))


def test_a_phone_cannot_say_a_card_move_in_physical_mode(table: Any) -> None:
    hosted, _seats, _ = table
    game = hosted.game
    s = game.pending.seat
    card = game.building_row[0]
    assert hosted.answer(s, f"{s} open {card}")["code"] == "use_reader"
    assert hosted.answer(s, f"{s} coins 6") == {"ok": True}
    assert all(a.verb not in ("open", "recruit", "send") for a in hosted.button_options(s))


def test_a_card_of_another_seat_or_on_a_site_is_refused_and_never_a_move(table: Any) -> None:
    hosted, seats, _ = table
    game = hosted.game
    s = game.pending.seat
    other = s % 3 + 1
    theirs = game.player(other).crew[0]
    assert seats[s].lay(theirs).code == "not_yours"
    assert seats[other].lay(game.building_row[0]).code == "not_your_turn"
    assert seats[s].lay("w01" if "w01" not in game.worker_row else "w02").code in ("not_yours", "not_face_up")
    assert game.log == []


def test_two_cards_printing_one_worker_are_told_apart_once_each_has_said_a_move() -> None:
    """w25 and w26 print the same craftsman, so enrollment cannot tell them apart: tag A
    (enrolled as w25) may be the card the hub calls w26. Once A has recruited w26, tag B
    (enrolled as w26) is the other card: laid while w25 lies face up, it recruits w25, it
    does not send the w26 its seat holds."""
    tags = BuildersTags("builders", {"A0": "w25", "B0": "w26", virtual_uid("b34"): "b34"})
    rows = (("b34",), ("w26", "w07", "w08", "w09", "w10"))
    game = next(g for seed in range(1000)
                if (g := Game.new(Setup(players=2, seed=seed, first=1, rows=rows))).worker_deck[-1] == "w25")
    adapter = BuildersAdapter(tags)
    for uid, expected in ((virtual_uid("b34"), "1 open b34"), ("A0", "1 recruit w26"), ("B0", "1 recruit w25")):
        action = adapter.card_action(game, 1, uid)
        assert str(action) == expected
        game.apply(action)
        adapter.applied(action, uid)
        if uid == "A0":
            assert game.worker_row[0] == "w25"  # the hub turned the other craftsman face up
    game.apply("1 buy")
    assert str(adapter.card_action(game, 1, "B0")) == "1 send w25 b34"
    assert str(adapter.card_action(game, 1, "A0")) == "1 send w26 b34"


def test_a_seat_that_reboots_with_cards_on_its_reader_makes_no_move(table: Any) -> None:
    """A reader sees at boot the cards already on it: never a move. The seat's own cards
    may rest there; a card of a row must be lifted, and the seat is told which."""
    hosted, seats, _ = table
    game = hosted.game
    s = game.pending.seat
    seat = seats[s]
    own = virtual_uid(game.player(s).crew[0])
    answer = seat.ask("inventory", uids=[own])
    assert answer.code is None and answer.led == "blue"  # its prompt back, nothing to lift
    row_card = game.building_row[0]
    answer = seat.ask("inventory", uids=[own, virtual_uid(row_card)])
    assert answer.code == "lift_card" and answer.text == (f"Lift {BUILDINGS[row_card].name}",)
    again = seat.ask("tag", edge="added", uid=virtual_uid(row_card))  # reported again: still lying there
    assert again.code in ("lift_card", None) and game.log == []
    seat.send("tag", edge="removed", uid=virtual_uid(row_card))
    assert seat.lay(row_card).beep == "ok" and game.log == [Action(s, "open", (row_card,))]


def test_a_hub_restarted_mid_game_goes_on_from_its_journal() -> None:
    """The journal keeps each action with the tag that said it; a new hub replays the log,
    takes in each action's meta (`remember_applied`), and the game goes on to its end."""
    entries: list[tuple[Action, dict[str, Any]]] = []
    setup = Setup(players=2, seed=23)
    reference = Game.new(setup)
    bots = {s: HeuristicBot(s) for s in (1, 2)}

    sent: dict[int, int] = {1: 0, 2: 0}  # each seat device's last sequence number (it keeps counting)

    def run(game: Game, moves: int | None) -> Game:
        bus = InProcessBus()
        hosted = Table(bus, BuildersAdapter(TAGS), game, journal=JournalFunction(lambda a, m: entries.append((a, dict(m)))),
                       transport_waits=True)
        for action, meta in entries:  # what the store gives a resumed table
            hosted.remember_applied(action, meta)
        hosted.start()
        seats = {s: Seat(bus, s) for s in (1, 2)}
        for s, seat in seats.items():
            seat.seq = sent[s]
        try:
            done = 0
            while not hosted.game.over and (moves is None or done < moves):
                pending = hosted.game.pending
                assert pending is not None
                action = bots[pending.seat].choose(hosted.game)
                assert say(hosted, seats, action)[-1].beep == "ok"
                reference.apply(action)
                done += 1
            sent.update({s: seat.seq for s, seat in seats.items()})
            return hosted.game
        finally:
            hosted.stop()
            bus.close()

    first = run(Game.new(setup), 40)
    assert len(first.log) == 40 and not first.over
    resumed = Game.replay(setup, [a for a, _ in entries])
    assert resumed.state_hash() == first.state_hash()
    last = run(resumed, None)
    assert last.over and last.state_hash() == reference.state_hash()
    assert [a for a, _ in entries] == list(last.log)
    assert any("uid" in meta for _, meta in entries)


def test_after_opening_a_site_the_display_keeps_the_coins_and_the_option_ok_applies(table: Any) -> None:
    """Issue 28: after every open or recruit only "Face up: Chapel / Your turn: 2 act." was
    shown: the coins and the option OK applies were gone."""
    hosted, seats, _journal = table
    seat = hosted.game.pending.seat
    building = hosted.game.building_row[0]
    answer = seats[seat].lay(building)
    player = hosted.game.player(seat)
    option = hosted.adapter.describe(hosted.button_options(seat)[0])
    assert answer.text is not None and answer.text[0].startswith("Face up: ")
    assert list(answer.text[1:]) == [f"Your turn: {hosted.game.actions} act.",
                                     f"{player.coins} coins, {player.points} pt", f"> {option}"]


def test_a_note_that_covers_the_option_takes_the_first_ok_and_applies_nothing(table: Any) -> None:
    """Issue 28: after "Wash House finished! / +6 coins, 1 pt / Flip it; workers back" OK
    bought an action for 5 coins that the display never showed."""
    hosted, seats, _journal = table
    bots = {s: HeuristicBot(s) for s in (1, 2, 3)}
    covered = None
    while not hosted.game.over and covered is None:
        action = bots[hosted.game.pending.seat].choose(hosted.game)
        answer = say(hosted, seats, action)[-1]
        if answer.text and answer.text[-1] == "OK: go on" and hosted.game.pending.seat == action.seat:
            covered = action.seat
    assert covered is not None, "no note covered a prompt in this game"
    before = len(hosted.game.log)
    shown = seats[covered].ask("button", button="ok")
    assert len(hosted.game.log) == before  # the first OK applied nothing: it showed the prompt
    option = hosted.adapter.describe(hosted.button_options(covered)[0])
    assert shown.text is not None and any(option in line for line in shown.text)
    assert seats[covered].ask("button", button="ok").code is None and len(hosted.game.log) == before + 1


def refused_moves(game: Game) -> list[tuple[Action, Any]]:
    """Every move of the deciding seat that the engine refuses now, with its refusal."""
    seat = game.pending.seat
    p = game.player(seat)
    tries = [Action(seat, "coins", (n,)) for n in ("1", "3", "6")] + [Action(seat, "buy")]
    tries += [Action(seat, "send", (w, s)) for w in p.crew for s in p.sites]
    tries += [Action(seat, "open", (b,)) for b in game.building_row]
    out = []
    for action in tries:
        try:
            Game.replay(game.setup, list(game.log)).apply(action)
        except IllegalAction as exc:
            out.append((action, exc))
    return out


@pytest.mark.parametrize("seed", range(3))
def test_a_refusal_on_the_display_is_the_engines_reason_never_canned_words(seed: int) -> None:
    """Issue 28: a second worker to a site with 1 action left showed "No action left: buy
    one (5 coins)" with 0 coins; the engine had said "costs 2 actions; you have 1 left"."""
    game = Game.new(Setup(players=3, seed=seed))
    adapter = BuildersAdapter(TAGS)
    bot = HeuristicBot(seed)
    seen = 0
    while not game.over:
        if len(game.log) % 3 == 0:
            p = game.player(game.pending.seat)
            for _action, exc in refused_moves(game):
                said = " ".join(adapter.refusal_words(game, exc, None)[0])
                if exc.code == "no_actions_left":
                    seen += 1
                    assert f"{game.actions} left" in said, (said, exc.message)
                    assert ("Buy one" in said) == (p.coins >= 5), (said, p.coins)
                if exc.code == "cannot_afford":
                    assert f"have {p.coins}" in said, (said, exc.message)
        game.apply(bot.choose(game))
    assert seen


def test_a_restarted_hub_gives_the_deciding_seat_its_display_in_full_the_card_to_lay_face_up_included() -> None:
    """Issue 28: after a hub restart "Face up: Chapel" was gone from the display."""
    game = Game.new(Setup(players=3, seed=17))
    seat = game.pending.seat
    building = game.building_row[0]
    game.apply(Action(seat, "open", (building,)))
    turned = game.building_row[0]
    assert game.pending.seat == seat and game.actions > 0
    bus = InProcessBus()
    hosted = Table(bus, BuildersAdapter(TAGS), Game.replay(game.setup, list(game.log)), transport_waits=True)
    device = Seat(bus, seat)
    hosted.start()
    try:
        shown = [c for c in device.commands if c.text is not None][-1]
        assert shown.text is not None and shown.text[0] == f"Face up: {BUILDINGS[turned].name}"
        assert any(line.startswith("Your turn") for line in shown.text)
    finally:
        hosted.stop()
        bus.close()


def crane_table() -> tuple[Table[Game], dict[int, Seat], InProcessBus]:
    """A 2-player table whose next building turned face up is the Crane m2; the other
    Crane, m6, is still in the deck."""
    rows = (("b34", "b01", "b02", "b03", "b05"), ("w01", "w07", "w08", "w09", "w10"))
    game = next(g for seed in range(3000)
                if (g := Game.new(Setup(players=2, seed=seed, first=1, rows=rows))).building_deck[-1] == "m2")
    assert "m6" in game.building_deck
    bus = InProcessBus()
    hosted = Table(bus, BuildersAdapter(TAGS), game, journal=lambda action: None, transport_waits=True)
    hosted.start()
    return hosted, {s: Seat(bus, s) for s in (1, 2)}, bus


def test_the_other_crane_is_taken_where_the_display_says_face_up_crane() -> None:
    """Two Cranes print the same card: when the hub says `Face up: Crane`, a person may lay
    either; the hub opens the Crane of the rules and keeps which physical card it is."""
    hosted, seats, bus = crane_table()
    try:
        answer = seats[1].lay("b34")
        assert answer.beep == "ok" and "Face up: Crane" in answer.text and "m2" in hosted.game.building_row
        answer = seats[1].lay("m6")  # the other Crane: the one the person picked up from the pile
        assert answer.beep == "ok" and hosted.game.log[-1] == Action(1, "open", ("m2",))
        assert "m2" in hosted.game.player(1).sites
        adapter = hosted.adapter
        assert isinstance(adapter, BuildersAdapter) and adapter.bound["m2"] == virtual_uid("m6")
        # That physical card is the seat's Crane site now: laid again, it chooses that site.
        answer = seats[1].lay("m6")
        assert answer.code == "site_chosen" and adapter.chosen[1] == "m2" and hosted.game.log[-1] == Action(1, "open", ("m2",))
    finally:
        hosted.stop()
        bus.close()


def test_at_the_start_each_seat_and_the_scoreboard_are_told_how_to_set_up_and_the_apprentice_is_checked(
        table: Any) -> None:
    """Issue 28: nothing told the players which apprentice each seat takes, which 5 + 5
    cards go face up, or what a worker code such as S1W2T1 means."""
    hosted, seats, _journal = table
    game = hosted.game
    first = game.pending.seat
    apprentice = {p.seat: p.crew[0] for p in game.players}
    layout = hosted.public_view()["setup"]
    assert layout == {"apprentices": {str(s): w for s, w in apprentice.items()},
                      "buildings": list(game.building_row), "workers": list(game.worker_row)}
    assert any(e.get("kind") == "table_setup" and e["buildings"] == list(game.building_row)
               for e in hosted.recent)
    other = next(s for s in seats if s != first)
    shown = [c for c in seats[other].commands if c.text is not None][-1].text
    assert shown == (f"Take {card_name(apprentice[other])}", "lay it on your reader", "S stone, W wood,",
                     "K knowledge, T tile")
    checked = seats[other].lay(apprentice[other])  # its own: checked, no move, not "not your turn"
    assert (checked.code, checked.led, checked.beep) == ("apprentice_checked", "blue", "ok")
    assert checked.text is not None and checked.text[0].startswith(card_name(apprentice[other]))
    wrong = seats[other].lay(apprentice[first])  # another seat's: says whose, and which to take
    assert wrong.code == "not_yours" and " ".join(wrong.text or ()).endswith(card_name(apprentice[other]))
    assert game.log == []
    seats[first].lay(game.building_row[0])  # the first move: the layout is history
    assert hosted.public_view()["setup"] is None
def test_the_crane_tag_not_yet_said_stands_for_the_crane_still_to_come() -> None:
    """Once one Crane tag stands for m2, the other Crane tag is m6 wherever it lies: laid
    while m6 is still in the deck, it is refused as a card of the deck."""
    hosted, seats, bus = crane_table()
    try:
        seats[1].lay("b34")
        assert seats[1].lay("m6").beep == "ok"  # the m6 card stands for m2
        assert seats[1].lay("m2").code == "not_face_up"  # the m2 card: the Crane m6 of the deck
    finally:
        hosted.stop()
        bus.close()


def test_after_an_undo_the_crane_tag_stands_for_nothing_again() -> None:
    """A move undone takes its tag's binding with it: the Crane opened with one Crane's tag
    and undone lies face up again, and the other Crane's tag opens it."""
    hosted, seats, bus = crane_table()
    try:
        seats[1].lay("b34")
        assert seats[1].lay("m6").beep == "ok"
        assert hosted.void_last("wrong card")["ok"] and "m2" in hosted.game.building_row
        answer = seats[1].lay("m2")
        assert answer.beep == "ok" and hosted.game.log[-1] == Action(1, "open", ("m2",))
    finally:
        hosted.stop()
        bus.close()
