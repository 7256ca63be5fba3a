"""The phrase catalogue: complete in every language, consistent, and covering the engine."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from hub.games.citadels.voice.catalogue import (
    CHARACTERS,
    LANGS,
    UnknownLanguage,
    catalogue_json,
    district_name,
    join_list,
    load_catalogue,
    phrase,
    placeholders,
)
from hub.engine.citadels.events import PRIVATE_KINDS
from hub.games.citadels.voice.narrator import HANDLERS, SILENT_KINDS

ARCHITECTURE = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"

# Characters that differ between the scripts: one in the wrong phrase means a copy-paste slip.
SIMPLIFIED_ONLY = set("们这国号轮币选择杀盗贼师筑领没还应无结战获胜时请让会为过个张续暂继")
TRADITIONAL_ONLY = set("們這國號輪幣選擇殺盜賊師築領沒還應無結戰獲勝時請讓會為過個張續暫繼")

RULEBOOK_CHARACTER_NAMES = {
    "zh-Hant": ["刺客", "小偷", "魔術師", "國王", "大主教", "商人", "建築師", "領主"],
    "zh-Hans": ["刺客", "盗贼", "魔法师", "国王", "主教", "商人", "建筑师", "领主"],
}


def test_every_phrase_exists_in_every_language_and_is_not_blank() -> None:
    missing = [
        f"{phrase_id} [{lang}]"
        for phrase_id, texts in load_catalogue().items()
        for lang in LANGS
        if not isinstance(texts.get(lang), str) or not texts[lang].strip()
    ]
    assert not missing, f"phrases missing a translation: {missing}"


def test_no_phrase_has_a_language_the_hub_does_not_speak() -> None:
    extra = {lang for texts in load_catalogue().values() for lang in texts} - set(LANGS)
    assert not extra


def test_placeholders_are_the_same_in_every_language() -> None:
    for phrase_id, texts in load_catalogue().items():
        expected = placeholders(texts["en"])
        for lang in LANGS:
            assert placeholders(texts[lang]) == expected, f"{phrase_id} [{lang}]"


def test_chinese_phrases_use_the_right_script() -> None:
    for phrase_id, texts in load_catalogue().items():
        wrong_in_hant = SIMPLIFIED_ONLY & set(texts["zh-Hant"])
        wrong_in_hans = TRADITIONAL_ONLY & set(texts["zh-Hans"])
        assert not wrong_in_hant, f"{phrase_id}: simplified {wrong_in_hant} in zh-Hant"
        assert not wrong_in_hans, f"{phrase_id}: traditional {wrong_in_hans} in zh-Hans"


def test_english_phrases_are_english_and_chinese_phrases_are_chinese() -> None:
    cjk = re.compile(r"[\u4e00-\u9fff]")
    for phrase_id, texts in load_catalogue().items():
        english_words = re.sub(r"\{\w+\}", "", texts["en"])
        assert not cjk.search(english_words), phrase_id
        if set(re.findall(r"[A-Za-z]+", english_words)) - {"the"}:  # more than an article
            for lang in ("zh-Hant", "zh-Hans"):
                assert cjk.search(texts[lang]), f"{phrase_id} [{lang}] is not translated"


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_character_names_are_the_rulebooks(lang: str) -> None:
    assert [phrase(f"character.{c}", lang) for c in CHARACTERS] == RULEBOOK_CHARACTER_NAMES[lang]


def test_character_names_match_the_engine_card_data() -> None:
    """The engine names cards in English only (its refusal messages); the Chinese names
    are the rulebooks' (the test above)."""
    cards = importlib.import_module("hub.engine.citadels.cards")
    for character in cards.CHARACTERS:
        assert phrase(f"character.{character.id}", "en") == character.name


def test_every_character_has_a_call_rank_and_a_turn_prompt() -> None:
    for rank, character in enumerate(CHARACTERS, start=1):
        for lang in LANGS:
            assert phrase(f"rank.{rank}", lang)
            assert phrase(f"prompt.turn.{character}", lang)


def test_a_ranking_place_exists_for_every_seat_of_a_seven_player_game() -> None:
    for place in range(1, 8):
        for lang in LANGS:
            assert phrase(f"place.{place}", lang)


def _architecture_section(start: str, end: str) -> str:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    return text[text.index(start):text.index(end, text.index(start))]


def test_every_public_event_kind_of_the_architecture_is_spoken_or_deliberately_silent() -> None:
    section = _architecture_section("Public kinds", "Private kinds")
    kinds = set(re.findall(r"`([a-z_]+)\(", section))
    assert len(kinds) >= 20, "could not read the event kinds from docs/architecture.md"
    unhandled = kinds - set(HANDLERS) - SILENT_KINDS
    assert not unhandled, f"public event kinds with no voice decision: {sorted(unhandled)}"


def test_private_event_kinds_of_the_architecture_are_known_private() -> None:
    section = _architecture_section("Private kinds", "### Views")
    kinds = set(re.findall(r"`([a-z_]+)\(", section))
    assert kinds and kinds <= PRIVATE_KINDS


def test_every_refusal_code_of_the_architecture_has_its_own_phrase() -> None:
    section = _architecture_section("Refusals raise", "### Events")
    codes = set(re.findall(r"`([a-z_]+)`", section)) - {"code"}
    assert "not_your_turn" in codes
    missing = {code for code in codes if f"refusal.{code}" not in load_catalogue()}
    assert not missing


def test_hub_refusals_named_in_the_issue_have_phrases() -> None:
    assert phrase("refusal.card_taken", "en", seat="Ann") == "Ann, that card is already taken."
    assert phrase("refusal.not_your_turn", "en", seat="Ann") == "Ann, it is not your turn."


def test_refusal_codes_the_table_service_raises_have_their_own_phrase() -> None:
    hub = Path(__file__).resolve().parents[2] / "hub"
    places = [hub / "kernel" / "table.py", hub / "games" / "citadels" / "adapter.py"]  # the table's and the game's
    if not all(place.exists() for place in places):
        pytest.fail(f"one of {places} is missing")
    source = "\n".join(place.read_text(encoding="utf-8") for place in places)
    # the codes a seat can be refused with (dict answers to the web admin are not spoken)
    codes = set(re.findall(r'(?:IllegalAction|Refusal)\("([a-z_]+)"', source))
    codes |= set(re.findall(r'code = "([a-z_]+)"', source))
    codes -= {"use_reader", "not_a_card"}  # the adapter refuses a phone or the admin with these: web answers only
    assert "unknown_tag" in codes
    missing = {code for code in codes if f"refusal.{code}" not in load_catalogue()}
    assert not missing, f"table refusals without a phrase: {sorted(missing)}"


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_json_is_stable_and_complete(lang: str) -> None:
    exported = catalogue_json(lang)
    assert exported == catalogue_json(lang)
    data = json.loads(exported)
    assert data["lang"] == lang
    assert set(data["phrases"]) == set(load_catalogue())
    assert data["phrases"]["call.no_answer"] == load_catalogue()["call.no_answer"][lang]


def test_district_names_come_from_the_engine_card_data() -> None:
    importlib.import_module("hub.engine.citadels.cards")
    assert district_name("school_of_magic", "zh-Hant") == "魔法學院"
    assert district_name("haunted_quarter", "zh-Hans") == "猛鬼街"
    assert district_name("trading_post", "en") == "Trading Post"


def test_lists_are_joined_the_way_each_language_says_them() -> None:
    assert join_list(["Thief", "Bishop"], "en") == "Thief and Bishop"
    assert join_list(["A", "B", "C"], "en") == "A, B and C"
    assert join_list(["小偷", "大主教", "商人"], "zh-Hant") == "小偷、大主教和商人"
    assert join_list(["盗贼"], "zh-Hans") == "盗贼"


def test_an_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(UnknownLanguage, match="zh-TW"):
        catalogue_json("zh-TW")
