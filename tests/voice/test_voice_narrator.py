"""What the caller says for each event: hand-written event sequences, all three languages."""

from __future__ import annotations

import importlib
from typing import Any

from hub.games.citadels.voice.catalogue import LANGS
from hub.games.citadels.voice.narrator import (
    Narrator,
    PublicContext,
    phrases_for_event,
    utterances,
)
from hub.voice import PROMPT_KEY, Priority

NAMES = {1: "Ann", 2: "Bob", 3: "Cy", 4: "Dee"}


def say(events: list[Any], lang: str = "en", names: dict[int, str] | None = None
        ) -> list[str]:
    narrator = Narrator(lang, NAMES if names is None else names)
    return [u.text for event in events for u in narrator.narrate(event)]


def test_calls_a_character_by_rank_and_name_in_each_language() -> None:
    event = {"kind": "called", "rank": 1, "character": "assassin"}
    assert phrases_for_event(event, "en") == ["One: the Assassin!"]
    assert phrases_for_event(event, "zh-Hant") == ["一號，刺客！"]
    assert phrases_for_event({"kind": "called", "rank": 2, "character": "thief"}, "zh-Hans") == [
        "二号，盗贼！"
    ]


def test_a_character_nobody_holds_gets_no_answer() -> None:
    assert say([{"kind": "called", "rank": 3, "character": "magician"},
                {"kind": "no_answer", "rank": 3, "character": "magician"}]) == [
        "Three: the Magician!", "No one answers."]


def test_the_killed_character_is_announced_when_its_rank_is_called_not_before() -> None:
    events = [
        {"kind": "round_started", "round": 2, "crowned": 1},
        {"kind": "revealed", "seat": 3, "character": "assassin"},
        {"kind": "killed", "character": "bishop"},
        {"kind": "called", "rank": 5, "character": "bishop"},
        {"kind": "no_answer", "rank": 5, "character": "bishop"},
    ]
    assert say(events)[-3:] == [
        "The Assassin kills the Bishop.",
        "Five: the Bishop!",
        "The Bishop has been assassinated and loses this turn.",
    ]
    assert say(events, "zh-Hant")[-1] == "大主教已被刺殺，跳過這個回合。"
    assert say(events, "zh-Hans")[-1] == "主教已被刺杀，跳过这个回合。"


def test_the_kill_is_forgotten_in_the_next_round() -> None:
    events = [
        {"kind": "killed", "character": "bishop"},
        {"kind": "round_ended", "round": 1},
        {"kind": "round_started", "round": 2, "crowned": 1},
        {"kind": "called", "rank": 5, "character": "bishop"},
        {"kind": "no_answer", "rank": 5, "character": "bishop"},
    ]
    assert say(events)[-1] == "No one answers."


def test_the_engine_killed_flag_alone_is_enough() -> None:
    event = {"kind": "no_answer", "rank": 8, "character": "warlord", "killed": True}
    assert phrases_for_event(event, "en") == [
        "The Warlord has been assassinated and loses this turn."]


def test_a_killed_king_is_named_once_as_heir_at_the_end_of_the_round() -> None:
    events = [
        {"kind": "killed", "character": "king"},
        {"kind": "round_ended", "round": 4},
        {"kind": "revealed", "seat": 2, "character": "king"},
        {"kind": "crown", "seat": 2, "heir": True},
    ]
    assert say(events) == [
        "The Assassin kills the King.",
        "End of round 4.",
        "Bob was the assassinated King and takes the crown as heir.",
    ]


def test_the_crown_passes_when_the_king_is_revealed() -> None:
    assert say([{"kind": "revealed", "seat": 4, "character": "king"},
                {"kind": "crown", "seat": 4, "heir": False}]) == [
        "Dee is the King.", "Dee takes the crown."]


def test_a_robbery_names_the_seats_not_the_characters() -> None:
    events = [
        {"kind": "robbed_named", "character": "merchant"},
        {"kind": "revealed", "seat": 1, "character": "merchant"},
        {"kind": "robbery", "thief_seat": 2, "victim_seat": 1, "amount": 4},
    ]
    assert say(events) == [
        "The Thief will rob the Merchant.",
        "Ann is the Merchant.",
        "Robbery! Ann hands all 4 gold to Bob.",
    ]
    assert say(events, "zh-Hans")[-1] == "偷窃！Ann把全部4枚金币交给Bob。"
    assert say([{"kind": "robbery", "thief_seat": 2, "victim_seat": 1, "amount": 0}]) == [
        "Robbery! But Ann has no gold."]


def test_builds_and_destructions_name_districts_in_the_table_language() -> None:
    importlib.import_module("hub.engine.citadels.cards")
    assert say([{"kind": "built", "seat": 3, "district": "school_of_magic"}], "zh-Hant") == [
        "Cy建造了魔法學院。"]
    assert say([{"kind": "destroyed", "warlord_seat": 2, "seat": 1, "district": "market"}]) == [
        "Bob destroys the Market of Ann."]


def test_seats_without_names_are_called_by_number() -> None:
    event = {"kind": "revealed", "seat": 3, "character": "thief"}
    assert phrases_for_event(event, "en") == ["Seat 3 is the Thief."]
    assert phrases_for_event(event, "zh-Hant") == ["3號座位是小偷。"]


def test_face_up_removed_characters_are_listed() -> None:
    event = {"kind": "faceup_removed", "characters": ["thief", "bishop"]}
    assert phrases_for_event(event, "en") == ["Out of this round, face up: Thief and Bishop."]
    assert phrases_for_event(event, "zh-Hans") == ["本轮正面朝上移除：盗贼和主教。"]
    assert phrases_for_event({"kind": "faceup_removed", "characters": []}, "en") == []


def test_private_events_are_never_spoken_whatever_their_kind() -> None:
    leaky = [
        {"kind": "drew", "cards": ["manor", "castle"], "to": 2},
        {"kind": "built", "seat": 2, "district": "manor", "to": 2},
        {"kind": "revealed", "seat": 2, "character": "thief", "to": 2},
        {"kind": "dealt", "cards": ["manor"]},  # a private kind even with "to" lost
        {"kind": "options", "data": {"characters": ["king"]}},
    ]
    for lang in LANGS:
        for event in leaky:
            assert utterances(event, lang) == []


def test_engine_event_objects_are_read_like_dicts() -> None:
    engine = importlib.import_module("hub.engine.citadels")
    public = engine.Event("called", {"rank": 4, "character": "king"})
    private = engine.Event("drew", {"cards": ["palace"]}, 3)
    assert phrases_for_event(public, "en") == ["Four: the King!"]
    assert phrases_for_event(private, "en") == []


def test_nested_data_dicts_are_accepted() -> None:
    event = {"kind": "revealed", "data": {"seat": 1, "character": "warlord"}, "to": None}
    assert phrases_for_event(event, "en") == ["Seat 1 is the Warlord."]


def test_unknown_and_bookkeeping_events_are_silent() -> None:
    for event in ({"kind": "picked", "seat": 1}, {"kind": "turn_ended", "seat": 1},
                  {"kind": "cards", "seat": 1, "delta": 2, "reason": "gather"},
                  {"kind": "voided", "log_length": 9}, {"kind": "something_new"}, {}):
        assert utterances(event, "en") == []


def test_gold_income_is_chatter_and_payments_are_not_spoken() -> None:
    [tax] = utterances({"kind": "gold", "seat": 1, "delta": 3, "reason": "tax"}, "en")
    assert tax.text == "Seat 1 collects 3 gold in taxes." and tax.priority == Priority.CHATTER
    assert utterances({"kind": "gold", "seat": 1, "delta": -3, "reason": "build"}, "en") == []
    assert utterances({"kind": "gold", "seat": 1, "delta": 0, "reason": "tax"}, "en") == []


def test_refusals_are_urgent_name_the_seat_and_collapse_repeats() -> None:
    [refusal] = utterances({"kind": "refusal", "seat": 2, "code": "not_your_turn"}, "en",
                           PublicContext(names=NAMES))
    assert refusal.text == "Bob, it is not your turn."
    assert refusal.priority == Priority.URGENT
    assert refusal.stale_key == "refusal:2:not_your_turn"
    assert refusal.ttl is not None
    [taken] = utterances({"kind": "refusal", "seat": 3, "code": "card_taken"}, "zh-Hant")
    assert taken.text == "3號座位，這張牌已經被拿走了。"
    [other] = utterances({"kind": "refusal", "seat": 1, "code": "brand_new_code"}, "en")
    assert other.text == "Seat 1, that is not allowed."


def test_turn_prompts_address_the_character_and_replace_each_other() -> None:
    [prompt] = utterances(
        {"kind": "prompt", "seat": 3, "character": "warlord", "decision": "turn"}, "en")
    assert prompt.text == "Warlord: place a district to destroy it, or press OK."
    assert prompt.priority == Priority.PROMPT and prompt.stale_key == PROMPT_KEY
    assert "Seat 3" not in prompt.text
    [gather] = utterances({"kind": "prompt", "seat": 3, "character": "merchant",
                           "decision": "turn", "step": "gather"}, "zh-Hans")
    assert gather.text == "商人：拿取2枚金币，或者抽牌。"
    [pick] = utterances({"kind": "prompt", "seat": 2, "decision": "pick"}, "en",
                        PublicContext(names=NAMES))
    assert pick.text == "Bob, choose your character."
    assert utterances({"kind": "prompt", "seat": 2, "decision": "turn"}, "en") == []
    assert utterances({"kind": "prompt", "seat": 2, "decision": "dance"}, "en") == []


def test_draft_turns_prompt_the_next_picker() -> None:
    assert say([{"kind": "draft_turn", "seat": 2, "step": "pick"},
                {"kind": "draft_turn", "seat": 1, "step": "discard"}]) == [
        "Bob, choose your character.", "Ann, remove one character face down."]


def test_physical_mode_instructions_tell_what_to_do_with_the_deck() -> None:
    assert say([{"kind": "instruct", "seat": 1, "what": "draw_keep", "draw": 3, "keep": 1},
                {"kind": "instruct", "seat": 1, "what": "draw_keep", "draw": 2, "keep": 2},
                {"kind": "instruct", "seat": 2, "what": "redraw", "draw": 3, "keep": 3},
                {"kind": "instruct", "seat": 2, "text_key": "mystery", "n": 1}]) == [
        "Ann, draw 3 cards, keep 1 and put the rest at the bottom of the deck.",
        "Ann, draw 2 cards.",
        "Bob, put 3 cards at the bottom of the deck, then draw 3.",
        "Bob, please follow the instruction on your seat.",
    ]


def test_pause_and_resume_are_urgent() -> None:
    [paused] = utterances({"kind": "paused", "seat": 4}, "en", PublicContext(names=NAMES))
    assert paused.text == "The game is paused: waiting for Dee."
    assert paused.priority == Priority.URGENT
    assert phrases_for_event({"kind": "paused"}, "zh-Hant") == ["遊戲暫停。"]
    assert phrases_for_event({"kind": "resumed"}, "zh-Hans") == ["游戏继续。"]


def test_the_final_ranking_is_read_best_first() -> None:
    event = {"kind": "game_over", "winner": 3, "scores": [
        {"seat": 1, "score": 20}, {"seat": 2, "score": 13},
        {"seat": 3, "score": 29}, {"seat": 4, "score": 27}]}
    assert say([event]) == [
        "The game is over.",
        "Cy wins with 29 points!",
        "First: Cy, 29 points.",
        "Second: Dee, 27 points.",
        "Third: Ann, 20 points.",
        "Fourth: Bob, 13 points.",
    ]
    assert say([event], "zh-Hant")[1:3] == ["Cy以29分獲勝！", "第一名：Cy，29分。"]


def test_a_tie_puts_the_engine_winner_first_and_says_why() -> None:
    event = {"kind": "game_over", "winner": 2,
             "scores": [{"seat": 1, "score": 26}, {"seat": 2, "score": 26}]}
    assert say([event]) == [
        "The game is over.",
        "Bob wins with 26 points!",
        "A tie, won by the highest character rank in the last round.",
        "First: Bob, 26 points.",
        "Second: Ann, 26 points.",
    ]


def test_completing_a_city_is_announced() -> None:
    assert say([{"kind": "completed", "seat": 1, "first": True},
                {"kind": "completed", "seat": 2, "first": False}]) == [
        "Ann has completed the city! The game ends after this round.",
        "Bob has completed the city too.",
    ]


def test_the_same_event_always_gives_the_same_words() -> None:
    event = {"kind": "round_started", "round": 3, "crowned": 2}
    for lang in LANGS:
        assert utterances(event, lang) == utterances(dict(event), lang)
