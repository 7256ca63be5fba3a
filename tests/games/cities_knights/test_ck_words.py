"""Cities & Knights' words: every phrase its pages, log and voice use exists in the three
languages; the Chinese has full-width punctuation and no space between Chinese and a name
or a number, traditional characters in zh-Hant (the cards' names too); every key the
page scripts ask for, and every key they build (a decision, an event face, a source of
points, a knight, a button, a refusal, a correction), is in the catalogue."""

from __future__ import annotations

import re
from pathlib import Path

from hub.engine.cities_knights.cards import CARDS
from hub.engine.cities_knights.game import FACES
from hub.engine.cities_knights.refusals import CORRECTABLE
from hub.engine.cities_knights import refusals
from hub.games.cities_knights.plugin import PLUGIN
from hub.games.cities_knights.words import EFFECTS, LANGS, PAGE, WORDS, catalogue, event_sentences, speech

STATIC = Path(__file__).resolve().parents[3] / "hub" / "games" / "cities_knights" / "static"
CJK = r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]"
ASCII_PUNCT = re.compile(r"[,;()!?]|(?<!\d):|:(?!\d)")


def zh_texts() -> list[tuple[str, str]]:
    out = []
    for table in (WORDS, EFFECTS, PAGE):
        for key, forms in table.table.items():
            out += [(f"{lang}:{key}", forms[lang]) for lang in ("zh-Hant", "zh-Hans")]
    return out


def test_every_phrase_is_in_three_languages() -> None:
    for table in (WORDS, EFFECTS, PAGE):
        for key, forms in table.table.items():
            assert set(forms) == set(LANGS) and all(forms.values()), key


def test_the_chinese_has_full_width_punctuation_and_no_stray_spaces() -> None:
    for key, text in zh_texts():
        assert not ASCII_PUNCT.search(text), (key, text)
        assert not re.search(rf" {CJK}|{CJK} ", text), (key, text)
        assert not re.search(rf"\}} (?={CJK})|(?<={CJK}) \{{", text), (key, text)


def test_an_event_said_in_chinese_has_no_space_beside_a_name_or_a_number() -> None:
    said = event_sentences({"kind": "rolled", "seat": 2, "red": 3, "yellow": 4, "event": "green", "total": 7},
                           {2: "Bo"}, "zh-Hans")
    assert said == ["Bo掷出红色3、黄色4，共7；事件骰子：绿色（科学）城堡。"]
    seven = event_sentences({"kind": "seven", "limits": {"1": 7, "2": 9}, "robber": False}, {2: "Bo"}, "zh-Hant")
    assert seven[0] == "擲出七：手牌超過上限者棄掉一半（1號座位7張、Bo9張）。"


def test_traditional_chinese_names_the_cards_in_traditional_characters() -> None:
    words = catalogue()
    assert words["zh-Hant"]["card.S01"] == "煉金術士" and words["zh-Hans"]["card.S01"] == "炼金术士"
    simplified_only = set("炼术机师药矿铁业垄断宪间谍军阀礼发设")
    for card in CARDS.values():
        assert not set(words["zh-Hant"][f"card.{card.kind}"]) & simplified_only, card.kind


def test_the_source_documents_terms_are_on_the_pages() -> None:
    zh = " ".join(catalogue()["zh-Hans"].values())
    for term in ("骑士", "野蛮人", "进度卡", "城市改善", "大都会", "城墙"):
        assert term in zh, term


def test_every_key_the_page_scripts_use_is_in_the_catalogue() -> None:
    words = catalogue()
    used: set[str] = set()
    for script in STATIC.glob("*.js"):
        used |= set(re.findall(r"(?:K\.|[^.\w])t\(\"([a-z_.]*[a-z])\"\s*[,)]", script.read_text(encoding="utf-8")))
    built = {f"pending.{k}" for k in ("roll", "turn", "draw", "discard", "take", "reward", "confirm", "pillage",
                                      "desert", "deserter")}
    built |= {f"event.{face}" for face in FACES} | {f"plain.{c}" for c in ("green", "yellow", "blue")}
    built |= {f"source.{k}" for k in ("settlements", "cities", "metropolises", "longest_road", "defender",
                                      "merchant", "progress")}
    built |= {f"knight.{k}" for k in ("1", "2", "3", "a", "i")}
    built |= {f"do.{k}" for k in ("roll", "draw", "discard", "take", "place", "pass", "end", "confirm",
                                  "pillage_wall", "pillage_plain", "build_settlement", "build_city", "build_wall",
                                  "knight_build", "knight_activate", "knight_promote", "knight_act",
                                  "knight_chase", "oust", "improve", "road", "road_none", "desert", "reward")}
    codes = set(re.findall(r"``([a-z_]+)``", refusals.__doc__ or "")) - {"set"}
    built |= {f"refusal.{code}" for code in codes}
    built |= {c.label for c in PLUGIN.corrections} | {f.label for c in PLUGIN.corrections for f in c.fields}
    built |= {f"{prefix}.{card.kind}" for card in CARDS.values() for prefix in ("card", "effect", "when")}
    assert len(used) > 40 and "refusal.no_fortress" in built and "correct.cities" in built
    for lang in LANGS:
        missing = sorted(k for k in used | built if not words[lang].get(k))
        assert not missing, (lang, missing)
    assert {c.name for c in PLUGIN.corrections} == set(CORRECTABLE)


def test_an_events_sentences_are_joined_without_a_space_in_chinese() -> None:
    seven = {"kind": "seven", "limits": {"1": 7}, "robber": True}
    assert PLUGIN.event_words is not None
    words = PLUGIN.event_words(seven, {})["words"]
    assert words["en"] == "A seven: whoever holds more cards than their limit discards half (Seat 1 over 7). Move the robber."
    assert words["zh-Hans"] == "掷出七：手牌超过上限者弃掉一半（1号座位7张）。移动强盗。"


def test_one_step_left_is_said_in_the_singular_in_every_language() -> None:
    """"Barbarians: 1 step", "1 step from Catan": the seat display's line and the voice's
    sentence of the ship; Chinese says 1步 as 3步, English needs its singular."""
    from hub.engine.cities_knights import Game, Setup
    from hub.games.cities_knights.adapter import CitiesKnightsAdapter
    from hub.games.cities_knights.tags import ProgressTags

    ship = {"kind": "ship", "steps": 7, "arrived": False, "barbarians": 4, "knights": 3}
    assert speech({**ship, "position": 6}, "en", {})[0].startswith("The barbarians advance: 1 step from Catan (")
    assert speech({**ship, "position": 4}, "en", {})[0].startswith("The barbarians advance: 3 steps from Catan (")
    game = Game.new(Setup(players=3, seed=1))
    game.ship = 6
    adapter = CitiesKnightsAdapter(ProgressTags.virtual())
    assert adapter.prompt(game).purse == ("Barbarians: 1 step",)
    assert adapter.waiting_display(game)["text"][-1] == "Barbarians: 1 step"

    from hub.games.cities_knights.words import barbarians_at

    assert barbarians_at(1) == "Barbarians: 1 step" and barbarians_at(3) == "Barbarians: 3 steps"
    for lang in LANGS:
        one, three = barbarians_at(1, lang), barbarians_at(3, lang)
        assert "1 steps" not in one and (lang == "en" or one == three.replace("3", "1")), (lang, one, three)
        said = speech({**ship, "position": 6}, lang, {})[0]
        assert "1 steps" not in said and "1" in said, (lang, said)
    assert barbarians_at(1, "zh-Hans") == "野蛮人：还有1步" and barbarians_at(1, "zh-Hant") == "野蠻人：還有1步"
