"""Citadels' word catalogue (hub.games.citadels.words, which includes the table's own lines of
hub.words): complete in three languages, the same parameters in each, every word used and
every word used present, one name per thing on every medium."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from hub.games.citadels import words
from hub.engine.citadels import Action, Game, IllegalAction, Setup
from hub.engine.citadels.bots import RandomBot
from hub.engine.citadels.actions import VERBS
from hub.engine.citadels.cards import CHARACTERS, TYPES, all_districts
from hub.engine.citadels.editions import EDITIONS
from hub.games.citadels.adapter import CitadelsAdapter
from hub.games.citadels import PLUGIN as CITADELS
from hub.games.citadels import texts
from hub.games.citadels.registry import TagRegistry
from hub.games.citadels.service import TableService
from hub.transport import InProcessBus
from hub.games.citadels.voice.catalogue import load_catalogue
from hub.games.citadels.voice.narrator import Narrator
from hub.web.i18n import catalogue as served_catalogue
from hub.kernel import wrap_text
from hub.protocol import TEXT_MAX_CHARS, TEXT_MAX_LINES
from tests.engine_support import act, physical, start
from tests.voice.test_voice_catalogue import SIMPLIFIED_ONLY, TRADITIONAL_ONLY

HUB = Path(__file__).resolve().parents[2] / "hub"
CJK = re.compile(r"[\u4e00-\u9fff]")
PLACEHOLDER = re.compile(r"\{\w+\}")


def _every_entry() -> list[tuple[str, str, dict[str, str]]]:
    """(edition, key, texts) for the Classic entries and every edition's own words."""
    out = [(words.DEFAULT_EDITION, key, texts) for key, texts in words.entries().items()]
    out += [(edition, key, texts) for edition, own in words.edition_overrides().items() for key, texts in own.items()]
    return out


TERMINAL = "games/citadels/terminal.py"


def _other_game(path: Path) -> bool:
    """A file of a game other than Citadels: hub/engine/<game>/ or hub/games/<game>/."""
    parts = path.relative_to(HUB).parts
    return len(parts) > 2 and parts[0] in ("engine", "games") and parts[1] != "citadels"


def _sources(*globs: str, but: str = "") -> str:
    """The text of the hub's source files (never the catalogue's data) matching the globs.
    Other games' packages are left out: the catalogue is Citadels' words; theirs are their own."""
    files = sorted({path for glob in globs for path in HUB.glob(glob)
                    if "words/data" not in path.as_posix() and not _other_game(path)
                    and not (but and path.as_posix().endswith(but))})
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


DISPLAY_SOURCES = _sources("table/*.py", "kernel/*.py", "games/*/*.py", but=TERMINAL)  # who writes seat display lines
TERMINAL_SOURCES = _sources(TERMINAL)
PAGE_FILES = ("web/static/**/*.js", "web/templates/**/*.html", "games/citadels/static/*.js",
              "games/citadels/templates/*.html")
ALL_SOURCES = _sources("**/*.py", *PAGE_FILES)
WEB_SOURCES = _sources(*PAGE_FILES, "web/i18n.py", "games/citadels/pages.py",
                       "games/citadels/plugin.py")  # its corrections name their labels and fields


def catalogue() -> dict[str, Any]:
    """What ``/api/i18n`` serves Citadels' pages: the hub's words and Citadels' own."""
    return served_catalogue(CITADELS)


def _quoted(word: str, source: str = ALL_SOURCES) -> bool:
    return f'"{word}"' in source or f"'{word}'" in source


# -- complete and consistent -------------------------------------------------------------
def test_every_entry_exists_in_every_language_and_no_other() -> None:
    for edition, key, texts_ in _every_entry():
        assert set(texts_) == set(words.LANGS), f"{edition} {key}: {sorted(texts_)}"
        blank = [lang for lang in words.LANGS if not texts_[lang].strip()]
        assert not blank, f"{edition} {key} is blank in {blank}"


def test_every_message_has_the_same_parameters_in_every_language() -> None:
    for edition, key, texts_ in _every_entry():
        expected = words.placeholders(texts_["en"])
        for lang in words.LANGS:
            assert words.placeholders(texts_[lang]) == expected, f"{edition} {key} [{lang}]"


def test_an_editions_own_words_take_the_parameters_of_the_words_they_replace() -> None:
    for edition, own in words.edition_overrides().items():
        for key, texts_ in own.items():
            assert words.placeholders(texts_["en"]) == words.placeholders(words.entries()[key]["en"]), (edition, key)


def test_chinese_is_chinese_in_the_right_script_and_english_is_english() -> None:
    for edition, key, texts_ in _every_entry():
        english = PLACEHOLDER.sub("", texts_["en"])
        assert not CJK.search(english), f"{edition} {key}"
        assert not SIMPLIFIED_ONLY & set(texts_["zh-Hant"]), f"{edition} {key}: simplified in zh-Hant"
        assert not TRADITIONAL_ONLY & set(texts_["zh-Hans"]), f"{edition} {key}: traditional in zh-Hans"
        if len(re.findall(r"[A-Za-z]{3,}", english)) > 1 or key.startswith(("character.", "district.", "type.")):
            for lang in ("zh-Hant", "zh-Hans"):
                assert CJK.search(texts_[lang]), f"{edition} {key} [{lang}] is not translated"


def test_a_key_defined_twice_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    real = words._read
    monkeypatch.setattr(words, "_read", lambda name: {**real(name), "seat": {"en": "x"}} if name == "page" else real(name))
    words._load.cache_clear()
    try:
        with pytest.raises(words.CatalogueError, match="'seat' is defined twice"):
            words.entries()
    finally:
        monkeypatch.undo()
        words._load.cache_clear()


# -- the same words everywhere -----------------------------------------------------------
# Words the rulebooks do not use, with the rulebook's word (zh-Hant: the Classic rulebook;
# zh-Hans: the 2000 sheet): a page once said 偷竊 where the voice said 扒竊.
NOT_THE_RULEBOOKS = {
    "zh-Hant": {"偷竊": "扒竊", "感應區": "讀卡器", "富饒": "榮耀之城", "移除": "棄掉", "地區": "建築", "貴族": "皇家"},
    "zh-Hans": {"感应区": "读卡器", "扒窃": "偷窃", "建築": "地区", "独特": "特别"},
}


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_one_word_per_idea_as_the_rulebooks_say_it(lang: str) -> None:
    for edition, key, texts_ in _every_entry():
        for wrong, right in NOT_THE_RULEBOOKS[lang].items():
            assert wrong not in texts_[lang], f"{edition} {key} [{lang}] says {wrong}; the rulebook says {right}"
        if re.search(r"\bround\b", texts_["en"], re.I):
            assert "回合" not in texts_[lang], f"{key}: a round is 輪/轮, a turn is 回合"


def test_a_type_is_named_the_same_on_the_page_and_in_its_letter() -> None:
    for district_type in TYPES:
        for lang in ("zh-Hant", "zh-Hans"):
            assert words.template(f"type_letter.{district_type}", lang) == words.type_name(district_type, lang)[0]


def test_character_names_are_one_entry_for_display_page_and_voice() -> None:
    for character in CHARACTERS:
        for lang in words.LANGS:
            name = words.character_name(character.id, lang)
            assert catalogue()["cards"][lang][character.id] == name
            assert load_catalogue()[f"character.{character.id}"][lang] == name
        assert texts.card_name(character.id) == words.character_name(character.id, "en") == character.name


# -- the engine's things all have words, and no words name what the engine lacks ----------
def test_every_character_has_its_words_and_a_refusal_exactly_when_it_has_an_ability() -> None:
    assert words.characters() == [c.id for c in CHARACTERS]
    for name, edition in EDITIONS.items():
        for character, rules in edition.character_rules.items():
            found = words.character_words(character, "en", name)
            assert {"name", "ability", "prompt"} <= set(found), (name, character)
            assert ("refusal" in found) == bool(rules.verbs), (name, character)


def test_the_2000_warlord_says_his_own_timing_and_classic_does_not() -> None:
    classic = words.character_words("warlord", "en", "classic")
    y2000 = words.character_words("warlord", "en", "2000")
    assert "end of his turn" in y2000["ability"] and "end of his turn" in y2000["refusal"]
    assert "end of his turn" not in classic["ability"]
    assert y2000["name"] == classic["name"]  # the name is not an edition word: the Classic entry serves
    narrator = Narrator("en", edition="2000")
    said = [u.text for u in narrator.narrate({"kind": "prompt", "seat": 2, "decision": "turn", "character": "warlord"})]
    assert said == [y2000["prompt"]]


def test_a_new_game_event_naming_the_edition_switches_the_voice_to_its_words() -> None:
    narrator = Narrator("zh-Hans")
    narrator.narrate({"kind": "new_game", "players": 4, "edition": "2000"})
    said = narrator.narrate({"kind": "prompt", "seat": 2, "decision": "turn", "character": "warlord"})
    assert [u.text for u in said] == [words.say("character.warlord.prompt", "zh-Hans", "2000")]


def test_the_english_names_in_the_engines_messages_are_the_catalogues() -> None:
    """The engine words its refusals with its cards' English names (``cards.json``); they
    must be the names the display, the pages and the voice use."""
    for district in all_districts().values():
        assert district.name == words.district_name(district.id, "en"), district.id
    for character in CHARACTERS:
        assert character.name == words.character_name(character.id, "en"), character.id
    assert words.district_name("cathedral", "zh-Hant") == "聖堂"  # the Classic rulebook's name (was pinned on cards.json)


def test_districts_types_editions_and_variants_match_the_engine() -> None:
    assert {k.split(".", 1)[1] for k in words.keys("district.")} == set(all_districts())
    assert {k.split(".", 1)[1] for k in words.keys("type.")} == set(TYPES)
    assert {k.split(".", 1)[1] for k in words.keys("type_letter.")} == set(TYPES)
    assert {k.split(".", 1)[1] for k in words.keys("edition.")} == set(EDITIONS) == set(words.editions())
    variants = {v for e in EDITIONS.values() for v in e.variants}
    assert {k[len("page.variant_"):] for k in words.keys("page.variant_")} == variants
    assert catalogue()["editions"] == {"classic": ["classic7", "classic8"], "2000": ["standard", "short"]}


def test_every_verb_a_player_may_see_has_a_word_and_no_word_names_no_verb() -> None:
    shown = set(VERBS) - {"void", "adjust"}  # the admin's corrections are worded as sentences
    graveyard_answers = {"take", "pass"}
    assert {k.split(".", 1)[1] for k in words.keys("verb.")} == shown | graveyard_answers


@pytest.mark.parametrize("edition", sorted(EDITIONS))
@pytest.mark.parametrize("mode", ["physical", "digital"])
def test_every_option_a_seat_display_offers_is_worded_never_its_engine_text(edition: str, mode: str) -> None:
    """In physical mode the Laboratory and the Museum are offered without a card (the player
    picks it from the real hand): the display once showed the engine's "3 lab" for them."""
    offered: set[Action] = set()
    for players in (2, 4, 7):
        for seed in range(6):
            game = Game.new(Setup(players=players, seed=seed, mode=mode, edition=edition))
            bot = RandomBot(seed)
            while game.pending is not None:
                offered.update(game.legal_actions())
                game.apply(bot.choose(game))
    assert {a.verb for a in offered} >= {"lab", "smithy", "tax", "gold", "draw", "end"}
    raw = sorted(str(a) for a in offered if texts.describe(a) in (str(a), str(a).split(" ", 1)[1]))
    assert raw == []
    assert all(len(texts.describe(a)) <= 2 * TEXT_MAX_CHARS for a in offered)


def test_the_pages_get_every_table_complete_in_every_language() -> None:
    served = catalogue()
    for table in ("ui", "verbs", "types", "type_letters", "cards"):
        english = set(served[table]["en"])
        for lang in words.LANGS:
            assert set(served[table][lang]) == english, f"{table} [{lang}] would fall back to English"
    for edition in served["characters"].values():
        assert all(set(edition[lang]) == set(edition["en"]) for lang in words.LANGS)


# -- every word used, every word used present ----------------------------------------------
# Page keys built from a prefix and a value of the game or of a request (``"code_" + code``).
PAGE_FAMILIES = ("code_", "phase_", "st_", "hint_", "admin_ok_", "variant_", "error_", "led_")
LOG_FAMILIES = ("reader_",)
TERMINAL_FAMILIES = ("gold_", "cards_", "score_")  # "reader_" + the fault / recovered a seat's reader reports
# Words no code says today, kept on purpose (the reason is the value).
KEPT = {"refusal.card_taken": "a refusal code named by an earlier issue; tests/voice/test_voice_*.py say it"}


def _family_member(rest: str, families: tuple[str, ...], source: str) -> bool:
    """`rest` is a prefix some source builds a key from, plus a value the hub names somewhere."""
    family = next((f for f in families if rest.startswith(f)), None)
    return (family is not None and f'"{family}' in source
            and re.search(rf"\b{re.escape(rest[len(family):])}\b", ALL_SOURCES) is not None)


SINGULAR = re.compile(r"^(.+)\.when_([a-z_]+?)_is_1$")


def _used(key: str) -> bool:
    singular = SINGULAR.match(key)
    if singular is not None:  # said instead of its plural entry, which must take that count
        base, count = singular.groups()
        return words.has(base) and count in words.placeholders(words.template(base, "en")) and _used(base)
    medium, _, rest = key.partition(".")
    if _quoted(key):
        return True
    if medium == "page":
        if _quoted(rest, WEB_SOURCES) or f'data-i18n="{rest}"' in WEB_SOURCES or f'data-i18n-ph="{rest}"' in WEB_SOURCES:
            return True
        return _family_member(rest, PAGE_FAMILIES, WEB_SOURCES)
    if medium == "display":
        return _quoted(rest, DISPLAY_SOURCES) or (rest.startswith("head_") and rest[5:] in texts._PROMPT_HEADS)
    if medium == "log":  # told for the event kind (or the variant of it) that names it
        return _quoted(rest) or _family_member(rest, LOG_FAMILIES, ALL_SOURCES)
    if medium == "terminal":  # a gold or card change by its reason, a score by its breakdown key
        family = next((f for f in TERMINAL_FAMILIES if rest.startswith(f)), None)
        return _quoted(rest, TERMINAL_SOURCES) or (family is not None and _quoted(rest[len(family):]))
    if medium in ("refusal", "instruct"):  # said for a refusal code / an instruction the hub sends
        return _quoted(rest) or rest == "generic"
    # names and characters are checked against the engine above (a district's ability in
    # tests/web/test_seat_page_data.py); ranks and places by number
    return medium in ("character", "district", "district_ability", "type", "type_letter", "edition", "rank", "place",
                      "verb")


def test_every_catalogue_key_is_used_somewhere() -> None:
    unused = [key for key in words.entries() if not _used(key) and key not in KEPT]
    assert not unused, f"words nobody says: {unused}"


def test_every_key_the_code_names_exists() -> None:
    ui = set(catalogue()["ui"]["en"])
    page_keys = set(re.findall(r"\bt\(\"([a-z0-9_]*[a-z0-9])\"", WEB_SOURCES))  # not "code_" + code
    page_keys |= set(re.findall(r'data-i18n(?:-ph)?="([a-z0-9_]+)"', WEB_SOURCES))
    assert len(page_keys) > 80
    assert not page_keys - ui, f"pages ask for words that do not exist: {sorted(page_keys - ui)}"

    voice_prefixes = {key.split(".")[0] for key in words.file_keys("voice")}
    voice_keys = {k for k in re.findall(r'"([a-z_]+\.[a-z_.0-9]+)"', _sources("games/citadels/voice/narrator.py"))
                  if k.split(".")[0] in voice_prefixes}
    assert len(voice_keys) > 30
    assert not voice_keys - set(load_catalogue())

    display_keys = set(re.findall(r'say\("([a-z_]+)"', DISPLAY_SOURCES))
    assert len(display_keys) > 20
    assert not {f"display.{k}" for k in display_keys} - set(words.entries())

    terminal_keys = set(re.findall(r'say\("([a-z_]+)"', TERMINAL_SOURCES))
    assert len(terminal_keys) > 30
    assert not {f"terminal.{k}" for k in terminal_keys} - set(words.entries())

    direct = set(re.findall(r'words\.(?:say|template|has)\("([a-z_.0-9]+)"', ALL_SOURCES))
    assert not direct - set(words.entries())


def test_a_count_of_one_is_said_in_the_singular_in_english_and_as_ever_in_chinese() -> None:
    assert words.say("page.hand_unknown", "en", n=1) == "1 card not yet read"
    assert words.say("page.hand_unknown", "en", n=2) == "2 cards not yet read"
    assert words.say("page.hand_unknown", "en", n=0) == "0 cards not yet read"
    assert words.say("page.hand_unknown", "zh-Hant", n=1) == words.say("page.hand_unknown", "zh-Hant", n=3)[1:].join(["1", ""])
    assert words.say("display.lift_more", "en", n=1) == "and 1 more card: lift it"
    assert words.say("instruct.draw", "en", seat="Ann", draw=1) == "Ann, draw 1 card."
    assert words.say("end.ranking", "en", place=2, seat="Ben", score=1) == "2: Ben, 1 point."
    assert words.say("end.ranking", "en", place=1, seat="Ben", score=11) == "1: Ben, 11 points."
    assert words.say("page.hand_unknown", "en", n=True) == "True cards not yet read"  # a flag is no count
    assert words.say("display.redraw_n", "en", n="1") == "Redraw 1 card"  # an option's argument is text
    assert words.say("terminal.cards", "en", delta="-1") == "-1 card"
    assert words.say("terminal.cards", "en", delta="+2") == "+2 cards"


def test_every_singular_entry_is_for_a_count_its_plural_entry_takes() -> None:
    singulars = [key for key in words.entries() if SINGULAR.match(key)]
    assert len(singulars) >= 10
    for key in singulars:
        base, count = SINGULAR.match(key).groups()  # type: ignore[union-attr]
        assert words.has(base), key
        for lang in words.LANGS:
            assert words.placeholders(words.template(key, lang)) == words.placeholders(words.template(base, lang)), key
        assert count in words.placeholders(words.template(base, "en")), key
        assert words.say(base, "en", **{name: 1 for name in words.placeholders(words.template(base, "en"))}) \
            == words.template(key, "en").format(**{name: 1 for name in words.placeholders(words.template(base, "en"))})


def test_no_english_line_says_one_of_something_in_the_plural() -> None:
    """Every English entry with a count before a plural noun has its singular entry."""
    plural = re.compile(r"\{([a-z_]+)\} (?:more )?(cards|points)\b")
    never_one = {("log.instruct_draw_keep", "draw"), ("instruct.draw_keep", "draw")}  # draws more than it keeps
    missing = []
    for key in words.entries():
        for count, _noun in plural.findall(words.template(key, "en")):
            if not SINGULAR.match(key) and not words.has(words.singular_key(key, count)) and (key, count) not in never_one:
                missing.append(key)
    assert not missing, f"say '1 cards' when the count is 1: {missing}"


def test_the_unused_key_check_finds_an_unused_key() -> None:
    assert not _used("page.nobody_says_this") and not _used("display.nor_this") and not _used("page.code_no_such")
    assert _used("page.hand_unknown.when_n_is_1") and not _used("page.hand_unknown.when_seat_is_1")
    assert not _used("terminal.nor_this") and not _used("terminal.gold_no_such_reason")
    assert _used("terminal.new_game") and _used("terminal.gold_tax") and _used("terminal.score_all_types")
    assert _used("page.round_n") and _used("display.accepted") and _used("page.code_not_your_turn")


def test_lookups_fail_loudly_for_an_unknown_key_language_or_parameter() -> None:
    with pytest.raises(KeyError):
        words.say("page.nothing_like_this", "en")
    with pytest.raises(words.UnknownLanguage, match="zh-TW"):
        words.say("page.round_n", "zh-TW", n=1)
    with pytest.raises(KeyError, match="n"):
        words.say("page.round_n", "en")
    assert words.say("page.round_n", "zh-Hant", n=3) == "第3輪"
    assert words.card_name("no_such_card", "zh-Hans") == "No Such Card"  # never a raw id


# -- a refusal at the seat that tried it, in the catalogue's words ------------------------
def _refused(game: Game, text: str) -> tuple[list[str], dict[str, object]]:
    """What the refused seat's display shows, and what the public refusal event adds."""
    action = Action.parse(text)
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    return CitadelsAdapter(registry=None).refusal_words(game, err.value, action)


def _assassins_turn(edition: str = "classic") -> Game:
    game = physical(4, {1: "assassin", 2: "king", 3: "merchant", 4: "warlord"}, ("thief", "bishop")
                    if edition == "classic" else ("magician", "bishop"), edition=edition)
    assert game.turn_char == "assassin"
    return game


def test_a_refused_ability_says_the_characters_own_refusal_on_the_display_and_in_the_event() -> None:
    text, facts = _refused(_assassins_turn(), "1 kill assassin")  # the engine says "bad_target"
    assert " ".join(text) == "The Assassin cannot kill himself." and facts == {"character": "assassin"}


def test_a_phones_refused_ability_names_the_character_so_its_page_says_the_same_words() -> None:
    """The seat page words a refused answer by what the hub says: the character when its
    ability refused the move (no list of codes and verbs of its own), else the code."""
    game = _assassins_turn()
    bus = InProcessBus()
    service = TableService(bus, TagRegistry.virtual(), game.setup, game=game)
    service.start()
    try:
        refused = service.answer(1, "1 kill assassin")
        assert (refused["ok"], refused["code"], refused["character"]) == (False, "bad_target", "assassin")
        early = service.answer(2, "2 gold")
        assert early["code"] == "not_your_turn" and "character" not in early
    finally:
        service.stop()
        bus.close()


def test_the_2000_warlord_is_refused_in_his_editions_words() -> None:
    game = physical(4, {1: "king", 2: "bishop", 3: "merchant", 4: "warlord"}, ("assassin", "thief"),
                    starts=[start(), start(city=("church",)), start(city=("tavern",)), start(gold=10)],
                    edition="2000")
    act(game, "1 gold", "1 end", "2 gold", "2 end", "3 gold", "3 end")
    text, facts = _refused(game, "4 destroy 3 tavern")
    assert " ".join(text) == words.say("character.warlord.refusal", "en", "2000") and facts == {"character": "warlord"}


def test_other_refusals_say_the_codes_sentence_and_never_the_engines_message() -> None:
    game = _assassins_turn()
    text, facts = _refused(game, "2 gold")  # not the King's turn yet: the code's sentence, then who decides
    assert game.pending is not None and facts == {}
    assert " ".join(text) == f'{words.say("page.code_not_your_turn", "en")} Seat {game.pending.seat} decides'
    text, facts = _refused(game, "1 build palace")  # the code's sentence, not the Assassin's
    assert " ".join(text) == words.say("page.code_must_gather_first", "en") and facts == {}


def test_only_a_code_the_catalogue_lacks_shows_the_message_it_came_with() -> None:
    game = _assassins_turn()
    adapter = CitadelsAdapter(registry=None)
    text, _ = adapter.refusal_words(game, IllegalAction("no_such_code", "what went wrong"), None)
    assert text == ["what went wrong"]


def test_every_refusal_code_a_seat_can_get_has_its_sentence() -> None:
    """(A game with words of its own words its refusals there: tests/games/builders/test_builders_words.py.)"""
    codes = set(re.findall(r'(?:IllegalAction|Refusal)\(\s*"([a-z_]+)"', ALL_SOURCES))
    assert {"bad_target", "not_your_turn", "already_built", "paused", "use_card", "store_failed"} <= codes
    assert not {code for code in codes if not words.has(f"page.code_{code}")}


@pytest.mark.parametrize(("lang", "edition"), [("en", "classic"), ("zh-Hans", "2000"), ("zh-Hant", "2000")])
def test_the_voice_says_the_characters_refusal_when_the_event_names_it(lang: str, edition: str) -> None:
    narrator = Narrator(lang, edition=edition)
    [said] = narrator.narrate({"kind": "refusal", "seat": 4, "code": "must_gather_first", "character": "warlord"})
    assert said.text == words.say("character.warlord.refusal", lang, edition)
    [plain] = narrator.narrate({"kind": "refusal", "seat": 4, "code": "must_gather_first"})
    assert plain.text == load_catalogue()["refusal.must_gather_first"][lang].format(seat=words.seat_label(4, lang))


def test_at_the_table_a_refused_destroy_shows_the_warlords_words_and_the_voice_hears_them() -> None:
    """End to end: a seat's reader -> kernel -> Citadels adapter -> the seat's display, and the
    public refusal event naming the Warlord, which the voice words with his refusal."""
    from tests.games.citadels.test_table_service import TAVERN, Table
    from hub.transport import InProcessBus

    bus = InProcessBus()
    table = Table(bus, bus)
    heard: list[dict[str, object]] = []
    table.service.subscribe(lambda _id, message: heard.extend(message.get("events") or []))
    try:
        table.draft()  # seat 2 is the Bishop, seat 4 the Warlord
        table.end_turns_until(2)
        table.press_to(2, "gold")
        assert table.lay(2, TAVERN).code is None  # the Bishop builds the Tavern
        table.end_turns_until(4)
        refused = table.lay(4, TAVERN)  # the Warlord lays it: "destroy", in the Bishop's city
        assert refused.code == "bad_target" and refused.led == "red"
        assert " ".join(refused.text or ()) == words.say("character.warlord.refusal", "en")
        [event] = [e for e in heard if e.get("kind") == "refusal"]
        assert event == {"kind": "refusal", "seat": 4, "code": "bad_target", "character": "warlord"}
        [said] = Narrator("zh-Hant").narrate(event)
        assert said.text == words.say("character.warlord.refusal", "zh-Hant")
    finally:
        table.close()
        table.service.stop()


def test_every_refusal_a_seat_display_may_show_fits_it_whole() -> None:
    """4 lines of 21 characters: a refusal cut short would hide why."""
    sentences = [words.template(key, "en") for key in words.keys("page.code_")]
    sentences += [found["refusal"] for edition in words.editions() for character in words.characters()
                  if "refusal" in (found := words.character_words(character, "en", edition))]
    assert len(sentences) > 30
    for sentence in sentences:
        assert len(wrap_text(sentence)) <= TEXT_MAX_LINES, sentence
