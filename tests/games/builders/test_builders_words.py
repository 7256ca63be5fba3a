"""The Builders' words in three languages: the rulebook's terms, the same placeholders in
every language, every public event of whole games told and voiced in each language
without an engine id, and the voice saying whose turn, a building finished, the last
round and the winner."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from hub.engine.builders import Action, Game, HeuristicBot, IllegalAction, RandomBot, Setup
from hub.engine.builders.cards import ALL_CARDS
from hub.engine.builders.history import public_history
from hub.games.builders import texts
from hub.games.builders.pages import event_words, page_facts
from hub.games.builders.record import event_sentences
from hub.games.builders.voice import speech
from hub.games.builders.words import LANGS, WORDS, card_name, say
from hub.cli import main as hub_main
from hub.kernel import wrap_lines
from hub.protocol import TEXT_MAX_CHARS

CARD_ID = re.compile(r"\b([bw][0-9]{2}|m[1-8])\b")
ENGINE_WORDS = re.compile(r"\b(None|True|False)\b|[{}]")


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_entry_is_in_three_languages_with_the_same_placeholders() -> None:
    for key, forms in WORDS.table.items():
        assert set(forms) == set(LANGS), key
        assert fields(forms["zh-Hant"]) == fields(forms["en"]) == fields(forms["zh-Hans"]), key


def test_the_rulebooks_terms_are_used() -> None:
    rulebook = {"stone": "石頭", "wood": "木頭", "knowledge": "技術", "tile": "瓦片"}
    for key, term in rulebook.items():
        assert say(key, "zh-Hant") == term
    assert say("stone", "zh-Hans") == "石头" and say("knowledge", "zh-Hans") == "技术"
    assert card_name("w01", "zh-Hant").startswith("學徒（") and card_name("w01", "zh-Hans").startswith("学徒（")
    assert card_name("b28", "zh-Hant") == "小禮拜堂" and card_name("b28", "zh-Hans") == "小礼拜堂"
    assert card_name("b28") == "Chapel" and card_name("b34", "zh-Hant") == "Cathedral"  # no Chinese source: English
    assert "開始施工" in say("display.open", "zh-Hant", card="x") and "派遣" in say("log.sent", "zh-Hant", name="A",
                                                                          worker="w", site="s", wage=1, balance=2)
    assert "竣工" in say("voice.finished", "zh-Hant", name="A", card="c") and "最後一輪" in say("voice.last_round", "zh-Hant", name="A", points=17)


def test_every_card_has_a_name_in_every_language() -> None:
    for card in ALL_CARDS:
        for lang in LANGS:
            assert card_name(card, lang) and not CARD_ID.search(card_name(card, lang))
    catalogue = page_facts()["builders"]
    assert set(catalogue) == set(LANGS) and all(f"card.{c}" in catalogue["zh-Hant"] for c in ALL_CARDS)


def whole_game(seed: int, players: int) -> Game:
    game = Game.new(Setup(players=players, seed=seed))
    bots = {s: (HeuristicBot(seed) if s % 2 else RandomBot(seed)) for s in range(1, players + 1)}
    while not game.over:
        assert game.pending is not None
        game.apply(bots[game.pending.seat].choose(game))
    return game


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 4)])
def test_every_event_of_whole_games_is_told_and_voiced_in_every_language(seed: int, players: int) -> None:
    game = whole_game(seed, players)
    names = {1: "Ann"}
    said: dict[str, list[str]] = {lang: [] for lang in LANGS}
    for event in public_history(game.setup, game.log):
        for lang in LANGS:
            told = event_sentences(event, names, lang)
            voiced = speech(event, lang, names)
            for line in (*told, *voiced):
                assert not CARD_ID.search(line) and not ENGINE_WORDS.search(line), (lang, event, line)
            if event["kind"] not in ("opened", "recruited", "sent", "coins", "bought", "turn_ended"):
                said[lang] += voiced
        assert event_words(event, names)["words"]["en"]
    for lang in LANGS:
        voice = " ".join(said[lang])
        assert say("voice.turn", lang, name="Ann") in voice  # whose turn
        reason = "voice.last_round_blocked" if game.last_round == "blocked" else "voice.last_round"
        who = "Ann" if game.ended_by == 1 else say("seat", lang, seat=game.ended_by)
        assert say(reason, lang, name=who, points=game.player(game.ended_by).points) in voice  # who, and why
    result = game.result()
    assert result is not None
    if result["winner"] is not None:
        winner = "Ann" if result["winner"] == 1 else say("seat", "zh-Hant", seat=result["winner"])
        assert winner in said["zh-Hant"][-1]


def test_a_finished_building_is_voiced_with_its_name() -> None:
    event = {"kind": "finished", "seat": 2, "building": "b28", "coins": 18, "points": 5, "machine": False,
             "returned": [], "total_points": 5, "balance": 20}
    assert speech(event, "en", {}) == ["Seat 2 finished the Chapel."]
    assert speech(event, "zh-Hant", {2: "小明"}) == ["小明的小禮拜堂竣工了。"]
    assert speech(event, "zh-Hans", {}) == ["2 号座位的小礼拜堂竣工了。"]
    assert speech({**event, "to": 2}, "en", {}) == []  # addressed to a seat: never said


def test_the_last_round_says_who_triggered_it_and_why() -> None:
    """The engine's `last_round` says who and why: 17 points reached, or nobody can finish."""
    reached = {"kind": "last_round", "seat": 2, "reason": "points", "points": 18, "last_seat": 1, "players": 3}
    assert speech(reached, "en", {2: "Bob"}) == ["Last round: Bob has 18 points."]
    assert speech(reached, "zh-Hant", {2: "小明"}) == ["最後一輪：小明已有18分。"]
    assert speech(reached, "zh-Hans", {}) == ["最后一轮：2 号座位已有18分。"]
    blocked = {**reached, "reason": "blocked", "points": 9}
    assert speech(blocked, "en", {2: "Bob"}) == ["Last round: after Bob's turn, nobody can finish another building."]
    assert speech(blocked, "zh-Hans", {2: "Bob"}) == ["最后一轮：Bob的回合之后，没有人能再完成建筑。"]


def test_the_winner_is_said_without_a_stray_comma() -> None:
    over = {"kind": "game_over", "winners": [1], "seats": [{"seat": 1, "score": 22}, {"seat": 2, "score": 19}]}
    assert speech(over, "en", {1: "Ann"}) == ["Ann wins with 22 points."]
    assert speech(over, "zh-Hant", {1: "Ann"}) == ["Ann以22分獲勝。"]


def test_the_display_words_exist_in_three_languages_and_english_lines_fit() -> None:
    game = Game.new(Setup(players=3, seed=5))
    for action in game.legal_actions():
        for lang in LANGS:
            assert texts.describe(action, lang)
        assert all(len(line) <= TEXT_MAX_CHARS for line in wrap_lines(texts.describe(action)))
    assert texts.refusal(IllegalAction("cannot_afford", "x"), "zh-Hant") == ["錢幣不足"]
    assert texts.refusal(IllegalAction("some_new_code", "the engine's own sentence")) == ["the engine's own", "sentence"]
    assert texts.refusal(IllegalAction("cannot_afford", "x", short="Wage 4; you have 2")) == ["Wage 4; you have 2"]


def test_every_refusal_code_a_seat_can_get_has_its_words() -> None:
    root = Path(__file__).resolve().parents[3] / "hub"
    sources = "\n".join(p.read_text(encoding="utf-8") for part in ("engine/builders", "games/builders")
                        for p in sorted((root / part).glob("*.py")))
    codes = set(re.findall(r'(?:IllegalAction|Refusal)\(\s*"([a-z_]+)"', sources))
    assert {"not_face_up", "choose_site", "cannot_afford", "use_reader"} <= codes
    assert not {code for code in codes if f"refusal.{code}" not in WORDS.table}


def test_a_count_of_one_is_singular_and_taking_coins_says_its_actions() -> None:
    """Issue 28: "1 coins", "1 points"; "Take 3 coins" never said it costs 2 actions."""
    assert say("display.money", coins=1, points=1) == "1 coin, 1 pt"
    assert say("log.finished", name="Ann", card="Chapel", coins=1, points=1, total=3) == \
        "Ann finishes the Chapel: +1 coin, 1 point (3 in all)."
    assert say("log.turn_ended", name="Ann", points=1) == "Ann ends the turn with 1 point."
    assert say("log.turn_ended", name="Ann", points=2) == "Ann ends the turn with 2 points."
    assert say("log.turn_started", round=1, name="Ann", actions=1) == "Round 1: Ann's turn (1 action)."
    assert [texts.describe(Action.parse(f"1 coins {n}")) for n in "136"] == [
        "Take 1 coin", "Take 3 coins (2 act.)", "Take 6 coins (3 act.)"]
def test_citadels_hub_voice_says_the_builders_sentences(capsys: pytest.CaptureFixture[str]) -> None:
    """``citadels-hub voice --game builders`` (``--render`` hears them: tests/voice/test_voice_names.py)."""
    assert hub_main(["voice", "--game", "builders", "--voice", "none", "--lang", "zh-Hant"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[:2] == ["輪到蔡明。", "Ann的Circular Saw竣工了。"] and "最後一輪：蔡明已有17分。" in said
