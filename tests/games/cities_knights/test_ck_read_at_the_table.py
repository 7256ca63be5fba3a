"""What a player who knows the rules reads and hears at a Cities & Knights table, found by
playing whole games through the real firmware (`citadels-hub run` and soft seats):

- the barbarians' arrival: the seat asked to confirm its active knights is shown what the
  hub counts of them (the one thing it confirms), and the ship's line says the barbarians
  are at Catan, not "0 steps";
- the arrival said aloud and in the log without "0 steps from Catan";
- a gate said as a sentence: capitalised, and "nobody draws" / "Seat 2 draws" in the
  singular;
- the 7-roll limits said with what each number is ("Seat 1 over 7", not "Seat 1 7");
- a discard asked with what it asks once the hand limit's note is read (not the last roll);
- the attack won: the Defender of Catan told at its seat."""

from __future__ import annotations

from hub.engine.cities_knights import Game, Setup
from hub.games.cities_knights.adapter import CitiesKnightsAdapter
from hub.games.cities_knights.tags import ProgressTags
from hub.games.cities_knights.words import LANGS, barbarians_at, event_sentences, speech
from hub.protocol import TEXT_MAX_CHARS
from tests.engine.cities_knights.helpers import confirm_all, deal, new, ships

ADAPTER = CitiesKnightsAdapter(ProgressTags.virtual())


def arrived(strong: bool = False) -> Game:
    """Seat 1 with a basic knight activated (strength 1; `strong`: with a strong one too,
    3 in all, as strong as the 3 cities), the ship at Catan: the seats confirm."""
    game = new()
    game.apply("1 roll 6 2 yellow")
    game.apply("1 knight build")
    game.apply("1 knight activate 1")
    if strong:
        game.apply("1 knight build")
        game.apply("1 knight activate 1")
        game.apply("1 knight promote 1a")
    game.apply("1 end")
    ships(game, 7)
    assert game.pending is not None and game.pending.kind == "confirm"
    return game


def test_a_seat_confirming_its_knights_is_shown_what_the_hub_counts() -> None:
    game = arrived()
    assert game.pending is not None
    seat = game.pending.seat
    prompt = ADAPTER.prompt(game)
    strength = game.player(seat).strength
    assert f"Active knights: {strength}" in prompt.purse, prompt
    while game.pending is not None and game.pending.seat != 1:
        game.apply(f"{game.pending.seat} confirm")
    assert "Active knights: 1" in ADAPTER.prompt(game).purse  # seat 1's basic knight
    assert all(len(line) <= TEXT_MAX_CHARS for line in (*prompt.head, *prompt.purse))


def test_the_ship_at_catan_is_said_so_on_the_displays() -> None:
    game = arrived()
    assert "Barbarians: 0 steps" not in ADAPTER.waiting_display(game)["text"]
    assert barbarians_at(0) == "Barbarians at Catan!"
    for lang in LANGS:
        assert "0" not in barbarians_at(0, lang) and len(barbarians_at(0, lang)) <= TEXT_MAX_CHARS, lang


def test_the_arrival_is_said_without_zero_steps() -> None:
    ship = {"kind": "ship", "position": 7, "steps": 7, "arrived": True, "barbarians": 3, "knights": 1}
    said = " ".join(speech(ship, "en", {}))
    assert "0 steps" not in said
    assert said == ("The barbarians reach Catan: barbarians 3, knights 1! "
                    "Every seat confirms its active knights.")
    for lang in LANGS:
        said = "".join(speech(ship, lang, {}))
        assert "0" not in said and "3" in said and "1" in said, (lang, said)


def test_a_gate_is_a_sentence_with_its_verb_in_the_singular_for_one_or_nobody() -> None:
    gate = {"kind": "gate", "colour": "yellow", "red": 3}
    names = {1: "Ann", 2: "Bob"}
    assert speech({**gate, "drawers": []}, "en", names) == ["The yellow (trade) gate, red 3: nobody draws."]
    assert speech({**gate, "drawers": [2]}, "en", names) == ["The yellow (trade) gate, red 3: Bob draws."]
    assert speech({**gate, "drawers": [2, 1]}, "en", names) == ["The yellow (trade) gate, red 3: Bob and Ann draw."]
    assert speech({**gate, "drawers": [2]}, "zh-Hans", names) == ["黄色（贸易）城堡，红色3：Bob抽进度卡。"]


def test_the_seven_limits_say_what_each_number_is() -> None:
    seven = {"kind": "seven", "limits": {"1": 7, "2": 9}, "robber": False}
    said = event_sentences(seven, {})
    assert "(Seat 1 over 7, Seat 2 over 9)" in said[0], said


def test_a_discard_asks_for_a_discard_once_its_note_is_read() -> None:
    game = new()
    game.apply("1 roll 6 2 yellow")
    game.apply("1 improve blue")
    game.apply("1 end")
    deal(game, 1, "P01a", "P01b", "P03a", "P04a", "P05a")  # five on its own turn: a discard at its end
    if game.pending is not None and game.pending.kind == "turn":
        game.apply("1 end")
    assert game.pending is not None and game.pending.kind == "discard"
    assert ADAPTER.prompt(game).head == ("Hand limit: discard 1",)


def test_the_defender_of_catan_is_told_at_its_seat() -> None:
    game = arrived(strong=True)
    public = ADAPTER.public_events(confirm_all(game))
    shown = {seat: command["text"] for seat, command in ADAPTER.feedback(public) if "text" in command}
    assert "Defender: you, 1 VP" in shown[1], shown
    assert all(shown[seat][-1] == "Defender: Seat 1" for seat in (2, 3)), shown


def test_a_card_that_cannot_be_drawn_is_refused_in_words_the_display_shows_whole() -> None:
    """A player taps a card from the wrong pile (played, or of another colour) when asked to
    draw: the refusal says which card and what to do, whole in the display's 4 lines (it
    said "Engineer (S03a) / cannot come up now: / draw from the green / deck (tap the card":
    cut, with the copy's id)."""
    from hub.engine.cities_knights.cards import CARDS
    from hub.kernel.wrap import wrap_lines
    from hub.engine.cities_knights import Action, IllegalAction

    game = new()
    game.apply("1 roll 6 2 yellow")
    for colour in ("green", "yellow", "blue"):
        game.apply(f"1 improve {colour}")
    game.apply("1 end")
    game.apply("2 roll 1 2 green")  # seat 1 draws a green card
    assert game.pending is not None and game.pending.kind == "draw"
    for card in CARDS:
        if CARDS[card].colour == "green":
            continue
        try:
            game.apply(f"1 draw {card}")
        except IllegalAction as refusal:
            lines, _ = ADAPTER.refusal_words(game, refusal, Action.parse(f"1 draw {card}"))
            assert " ".join(lines).split() == refusal.message.split(), lines
            assert card not in refusal.message and CARDS[card].name in refusal.message, refusal.message
            assert lines == wrap_lines(refusal.message)
        else:
            raise AssertionError(f"{card} drawn from the green deck")


def test_a_card_laid_and_played_is_said_on_the_players_display() -> None:
    """A progress card laid on the reader in one's turn is played: the display said nothing
    (the same prompt, a beep), so the player could not tell a play from a tap the reader
    missed; now it names the card played above the turn's prompt."""
    from hub.games.cities_knights.tags import ProgressTags
    from hub.table.sim import SimTable
    from tests.engine.cities_knights.helpers import give

    sim = SimTable(Setup(players=3, seed=5, dice="physical"))
    try:
        game = sim.service.game
        seat = game.turn_seat
        device = sim.devices[seat]
        assert sim.service.answer(seat, f"{seat} roll 6 2 yellow") == {"ok": True}  # the seat page's roll
        give(game, seat, "S05a")  # an Irrigation in hand (set up by hand: the draws are not the point)
        uid = ProgressTags.virtual().uid_of("S05a")
        assert uid is not None
        device.answer_to(device.place(uid))
        shown = " ".join(" ".join(device.shown["text"]).split())
        assert f"{seat} play S05a" in [str(a) for a in game.log]
        assert "Played Irrigation" in shown, shown
        assert "End my turn" in shown, shown  # the option OK applies still shows
    finally:
        sim.close()


def test_a_spy_tells_the_victim_which_card_to_hand_over_and_no_other_seat() -> None:
    """A Spy takes a card the hub moves from one hand to another, but the card is in the
    victim's hand at the table: the victim's display said nothing (it showed what it showed
    before), the spy's only its turn again. Now the victim reads which card to give to whom,
    the spy which card it gets; the third seat is told no card's name."""
    from hub.table.sim import SimTable
    from tests.engine.cities_knights.helpers import give

    sim = SimTable(Setup(players=3, seed=5, dice="physical"))
    try:
        game = sim.service.game
        spy = game.turn_seat
        victim, other = [s for s in (1, 2, 3) if s != spy][:2]
        assert sim.service.answer(spy, f"{spy} roll 6 2 yellow") == {"ok": True}
        give(game, spy, "P07a")
        give(game, victim, "T01a")  # a Commercial Harbor
        assert sim.service.answer(spy, f"{spy} play P07a {victim}") == {"ok": True}
        assert sim.service.answer(spy, f"{spy} take T01a") == {"ok": True}

        def shown(seat: int) -> str:
            return " ".join(" ".join(sim.devices[seat].shown["text"]).split())

        assert f"Give Commercial Harbor to Seat {spy}" in shown(victim), shown(victim)
        assert f"Seat {victim} gives you Commercial Harbor" in shown(spy), shown(spy)
        assert "End my turn" in shown(spy), shown(spy)
        assert "Commercial Harbor" not in shown(other), shown(other)
    finally:
        sim.close()


def test_the_alchemists_dice_are_chosen_one_die_at_a_time_on_the_buttons() -> None:
    """Before the roll an Alchemist names both dice: the buttons walked its 36 plays one by
    one ("Play Alchemist: red 1, yellow 1", ... up to 36 presses of A). Now the red die is
    chosen first, then the yellow among 6: what the table's own dice do, at most 12 presses."""
    from hub.kernel import Menu
    from hub.games.cities_knights.adapter import button_options
    from tests.engine.cities_knights.helpers import give

    for dice in ("hub", "physical"):
        game = Game.new(Setup(players=3, seed=5, dice=dice))
        give(game, 1, "S01a")
        top = button_options(game, 1)
        alchemist = [o for o in top if isinstance(o, Menu) and o.label.startswith("Alchemist")]
        assert [m.label for m in alchemist] == [f"Alchemist: red {r}" for r in range(1, 7)], top
        assert len(top) == (1 if dice == "hub" else 6) + 6, [getattr(o, "label", o) for o in top]
        inside = alchemist[3].options()
        assert [str(a) for a in inside] == [f"1 play S01a 4 {y}" for y in range(1, 7)]
        assert ADAPTER.describe(inside[1]) == "Play Alchemist: red 4, yellow 2"
    game = Game.new(Setup(players=3, seed=5, dice="hub"))
    give(game, 1, "S01a", "S01b")  # two Alchemists: one card on the buttons
    menus = [o for o in button_options(game, 1) if isinstance(o, Menu)]
    assert len(menus) == 6 and all(len(m.options()) == 6 for m in menus)


def test_the_barbarians_arrival_is_told_at_every_seat_at_once() -> None:
    """The 7th ship: the roller is asked to confirm its knights at once, the others waited
    in turn with their displays as they were (another seat's turn, "Accepted"), not told the
    barbarians had come. Now each of them reads the arrival and both strengths."""
    game = new()
    game.apply("1 roll 6 2 yellow")
    game.apply("1 end")
    events = ships(game, 7)
    roller = next(e.data["seat"] for e in events if e.kind == "rolled")
    shown = {seat: command["text"] for seat, command in ADAPTER.feedback(ADAPTER.public_events(events))
             if "text" in command}
    others = [s for s in (1, 2, 3) if s != roller]
    assert roller not in shown  # its prompt says it: "Check your knights"
    for seat in others:
        assert shown[seat] == ["Barbarians at Catan!", "Barbarians: 3", "Knights: 0"], shown
        assert len(shown[seat]) <= 4 and all(len(line) <= TEXT_MAX_CHARS for line in shown[seat])


def test_two_copies_of_a_card_are_one_option_on_the_buttons() -> None:
    """A Spy looking at a hand with two Medicines walked "2/4 Take Medicine", "3/4 Take
    Medicine": the copies print one face, and either is the same card to the rules."""
    from hub.games.cities_knights.adapter import button_options
    from tests.engine.cities_knights.helpers import give

    game = new()
    game.apply("1 roll 6 2 yellow")
    give(game, 1, "P07a", "T03a", "T03b")  # a Spy and two Merchants
    give(game, 2, "S06a", "S06b", "S02a")  # two Medicines and a Crane
    plays = [ADAPTER.describe(a) for a in button_options(game, 1) if a.verb == "play"]
    assert plays.count("Play Merchant") == 1, plays
    game.apply("1 play P07a 2")
    takes = [ADAPTER.describe(a) for a in button_options(game, 1)]
    assert takes == ["Take Medicine", "Take Crane"], takes


def test_a_card_played_on_a_seat_is_told_at_that_seat() -> None:
    """A Master Merchant, a Spy, a Deserter played on a seat, a Wedding or a Saboteur that
    asks cards of others: the seats it asks something of were told only by the voice; now
    each reads who played what on it."""
    played = {"kind": "played", "seat": 2, "card": "T02a", "slug": "master_merchant", "colour": "yellow", "target": 3}
    shown = {seat: command["text"] for seat, command in ADAPTER.feedback([played]) if "text" in command}
    assert " ".join(shown[3]) == "Seat 2 plays Master Merchant on you", shown
    wedding = {"kind": "played", "seat": 1, "card": "P09a", "slug": "wedding", "colour": "blue", "affected": [2, 3]}
    shown = {seat: command["text"] for seat, command in ADAPTER.feedback([wedding]) if "text" in command}
    assert " ".join(shown[2]) == " ".join(shown[3]) == "Seat 1 plays Wedding on you", shown
    assert all(len(line) <= TEXT_MAX_CHARS for lines in shown.values() for line in lines)
