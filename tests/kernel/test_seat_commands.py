"""One input, at most one command per seat (hub/kernel/seat_commands.py): the rules that
merge an answer, notes and a prompt, literally; and the coin notes the Citadels adapter
gives them."""

from __future__ import annotations

from hub.engine.citadels.events import Event
from hub.games.citadels.adapter import CitadelsAdapter
from hub.kernel.compose import MAX_LINES, Prompt, compose
from hub.kernel.seat_commands import SeatCommands
from hub.games.citadels.registry import TagRegistry
from hub.kernel import wrap_lines as wrap


def prompted(head: str, option: str) -> SeatCommands:
    """Commands whose prompt is composed as the table does: `head` then the cursor's
    `option` below the notes."""
    return SeatCommands(wrap, lambda seat, notes: compose(Prompt(head=(head,)), [option], notes, wrap))


def fit(notes: list[list[str]], prompt_lines: list[str] | None, wrapping=wrap) -> list[str]:  # type: ignore[no-untyped-def]
    if prompt_lines is None:
        told = SeatCommands(wrapping)
        for note in notes:
            told.note(1, text=note)
        return told.items()[0][4]
    return compose(Prompt(head=(prompt_lines[0],)), prompt_lines[1:], notes, wrapping).lines


def test_an_answer_alone_is_sent_as_it_is() -> None:
    told = SeatCommands(wrap)
    told.answer(2, led="green", beep="ok", text=lambda: ["End turn", "Accepted"], ref=7)
    assert told.items() == [(2, "green", "ok", 7, ["End turn", "Accepted"], False, False)]


def test_an_answer_followed_by_a_prompt_or_a_note_is_never_worded() -> None:
    def unread() -> list[str]:
        raise AssertionError("the answer's text was worded though the seat is told something else")
    told = prompted("Your turn: King", "End turn")
    told.answer(1, led="green", beep="ok", text=unread, ref=4)
    told.prompt(1, led="blue", beep="turn")
    told.answer(2, led="green", beep="ok", text=unread, ref=5)
    told.note(2, text=["Take the crown"])
    assert [text for _seat, _led, _beep, _ref, text, _shows, _hides in told.items()] == [
        ["Your turn: King", "End turn"], ["Take the crown"]]


def test_the_next_prompt_replaces_accepted_and_keeps_the_coin_note_above_it() -> None:
    told = prompted("Your turn: King", "End turn")
    told.answer(1, led="green", beep="ok", text=lambda: ["Take 2 gold", "Accepted"], ref=12)
    told.note(1, text=["Take 2 gold from the", "bank"])
    told.prompt(1, led="blue", beep="turn")
    assert told.items() == [(1, "blue", "ok", 12, ["Take 2 gold from the", "bank", "Your turn: King", "End turn"],
                             True, False)]


def test_a_seat_that_did_nothing_hears_the_prompts_tune_after_a_notice() -> None:
    told = prompted("Your turn: Merchant", "Take 2 gold")
    told.note(3, led="red", beep="error", text=["Robbed: give 4 gold", "to seat 2"])
    told.prompt(3, led="blue", beep="turn")
    (seat, led, beep, ref, text, _shows, _hides), = told.items()
    assert (seat, led, beep, ref) == (3, "blue", "turn", None)
    assert text == ["Robbed: give 4 gold", "to seat 2", "Your turn: Merchant", "Take 2 gold"]


def test_seats_are_told_in_the_order_they_were_first_told_something() -> None:
    told = prompted("Pick a character", "Place a card")
    told.answer(2, led="green", beep="ok", text=lambda: ["Rob Merchant", "Accepted"], ref=3)
    told.note(4, text=["Pay 2 gold to the", "bank"])
    told.note(2, text=["Take 2 gold from the", "bank"])
    told.prompt(1, led="blue", beep="turn")
    assert [command[0] for command in told.items()] == [2, 4, 1]


def test_too_many_lines_share_lines_and_never_push_the_option_off() -> None:
    robbed = ["Robbed! Give your 3", "gold to seat 1"]
    income = ["Take 1 gold from the", "bank"]
    prompt_lines = ["Your turn: Merchant", "Take 2 gold"]
    # as one paragraph the two notes take 3 lines: with the prompt's two, too many: the
    # notes take the screen and the first OK shows the prompt (the option is not in view)
    both = compose(Prompt(head=(prompt_lines[0],)), prompt_lines[1:], [robbed, income], wrap)
    assert both.lines == ["Robbed! Give your 3", "gold to seat 1. Take", "1 gold from the bank.", "OK: go on"]
    assert both.hides_option
    assert fit([robbed], prompt_lines) == robbed + prompt_lines
    long = [["Take 2 gold from the", "bank"], ["Draw 2, keep 1, put 1", "at the bottom"], ["Pay 1 gold"]]
    assert len(fit(long, prompt_lines)) == MAX_LINES and "Take 2 gold" not in fit(long, prompt_lines)
    assert fit(long, None) == wrap("Take 2 gold from the bank. Draw 2, keep 1, put 1 at the bottom. Pay 1 gold.")


def test_a_note_shares_the_screen_with_the_head_and_the_option_and_the_purse_when_room() -> None:
    builders = Prompt(head=("Your turn: 2 act.",), purse=("5 coins, 3 pt",), rest=("Lay a card or A/B",),
                      no_option=("Lay a card",))
    assert compose(builders, ["Take 3 coins"], [["Face up: Chapel"]], wrap).lines == [
        "Face up: Chapel", "Your turn: 2 act.", "5 coins, 3 pt", "Take 3 coins"]
    assert compose(builders, ["Take 3 coins"], [], wrap).lines == [
        "Your turn: 2 act.", "5 coins, 3 pt", "Take 3 coins", "Lay a card or A/B"]
    finished = [["Wash House finished!", "+6 coins, 1 pt", "Flip it; workers back"]]
    shown = compose(builders, ["Buy an action (5)"], finished, wrap)
    assert shown.lines == finished[0] + ["OK: go on"] and shown.hides_option
    assert compose(builders, [], [["Face up: Chapel"]], wrap, has_option=False).lines == [
        "Face up: Chapel", "Your turn: 2 act.", "5 coins, 3 pt", "Lay a card"]



def test_a_note_the_head_says_already_is_said_once() -> None:
    """Cities & Knights tells each seat that draws on a city gate "Draw 1 green, tap it",
    and the first to draw is asked the same in its head at once: one line, not two."""
    draw = Prompt(head=("Draw 1 green, tap it",), purse=("Barbarians: 3 steps",))
    shown = compose(draw, ["draw Alchemist"], [["Draw 1 green, tap it"]], wrap)
    assert shown.lines == ["Draw 1 green, tap it", "Barbarians: 3 steps", "draw Alchemist"]
    other = compose(draw, ["draw Alchemist"], [["Face up: Chapel"], ["Draw 1 green, tap it"]], wrap)
    assert other.lines == ["Face up: Chapel", "Draw 1 green, tap it", "Barbarians: 3 steps", "draw Alchemist"]


# ---------------------------------------------------------------- what the Citadels adapter notes for coins
def citadels_notes(*events: Event) -> list[tuple[int, list[str]]]:
    return [(seat, command["text"]) for seat, command in
            CitadelsAdapter(TagRegistry.virtual()).feedback([e.to_json() for e in events if e.public])]


def test_a_seats_gold_from_the_bank_in_one_input_is_one_instruction() -> None:
    income = Event("gold", {"seat": 3, "delta": 1, "reason": "income"})
    bonus = Event("gold", {"seat": 3, "delta": 1, "reason": "merchant"})
    draw = Event("instruct", {"seat": 3, "what": "draw", "draw": 1, "keep": 1})
    assert citadels_notes(income, draw, bonus) == [(3, ["Take 2 gold from the", "bank"]),
                                                   (3, ["Draw 1 district card"])]
    assert citadels_notes(Event("gold", {"seat": 2, "delta": 2, "reason": "gold"}),
                          Event("gold", {"seat": 2, "delta": -2, "reason": "build"})) == []  # no coin moves


def test_a_robbery_that_moves_no_coin_says_nothing_to_do_with_coins() -> None:
    def robbery(amount: int, thief: int, victim: int) -> Event:
        return Event("robbery", {"amount": amount, "thief_seat": thief, "victim_seat": victim})
    assert citadels_notes(robbery(0, 1, 2)) == []
    assert citadels_notes(robbery(3, 1, 1)) == []  # a Thief holding the robbed character too (2-3 players)
    assert citadels_notes(robbery(3, 1, 2)) == [(2, ["Robbed! Give your 3", "gold to seat 1"]),
                                                (1, ["Take 3 gold from", "seat 2"])]


def test_a_swap_tells_both_players_and_the_crown_tells_who_takes_it() -> None:
    assert citadels_notes(Event("swapped", {"seat": 1, "other": 3, "sizes": [4, 2]})) == [
        (1, ["Swap hands w/ seat 3"]), (3, ["Swap hands w/ seat 1"])]
    assert citadels_notes(Event("crown", {"seat": 2, "heir": False})) == [(2, ["Take the crown"])]

