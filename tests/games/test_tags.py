"""The hub's one tag registry (`hub.games.tags`) for every game: one file format naming its
game, files of today's hub still read, a file of another game refused in one line, and
the cards that print one face declared once, for every game."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from hub import cli
from hub.games import GAMES, plugin_named
from hub.games.builders.tags import BuildersTags
from hub.games.citadels.registry import CardRef, TagRegistry
from hub.games.nim.cards import StoneTags

REGISTRIES = {name: game.registry for name, game in GAMES.items() if game.registry is not None}


def test_every_game_declares_its_cards_and_writes_a_file_naming_its_game(tmp_path: Path) -> None:
    assert set(REGISTRIES) == set(GAMES)  # every registered game has cards to enroll
    for name, registry_type in REGISTRIES.items():
        registry = registry_type.virtual()
        cards = registry.catalogue.cards(registry.deck)
        assert len(set(cards)) == len(cards) and sorted(map(str, registry.tags.values())) == sorted(map(str, cards))
        path = tmp_path / f"{name}.json"
        registry.save(path)
        data = json.loads(path.read_text())
        assert data["game"] == name and data["version"] == 1
        assert registry_type.load(path) == registry


def test_tag_files_written_before_the_registry_was_the_hubs_still_load(tmp_path: Path) -> None:
    citadels = tmp_path / "tags.json"  # Citadels' enroll wrote no "game"
    citadels.write_text(json.dumps({"version": 1, "deck": "classic", "tags": {"04a1b2c3d4e580": "district:manor:3"}}))
    assert TagRegistry.load(citadels).tags == {"04A1B2C3D4E580": CardRef("district", "manor", 3)}
    assert plugin_named("citadels").load_registry(str(citadels)).deck == "classic"
    builders = tmp_path / "builders-tags.json"  # The Builders' enroll wrote no "deck"
    builders.write_text(json.dumps({"version": 1, "game": "builders", "tags": {"04A1B2C3D4E580": "m2"}}))
    assert plugin_named("builders").load_registry(str(builders)).tags == {"04A1B2C3D4E580": "m2"}


@pytest.mark.parametrize(("game", "other"), [("citadels", "builders"), ("builders", "citadels"),
                                             ("nim", "builders"), ("builders", "nim")])
def test_a_tag_file_of_another_game_is_refused_in_one_line_naming_whose_it_is(
        game: str, other: str, tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    other_type = REGISTRIES[other]
    other_type.virtual().save(path)
    with pytest.raises(ValueError) as refused:
        plugin_named(game).load_registry(str(path))
    message = str(refused.value)
    assert f"of {other}, not of {game}" in message and "\n" not in message
    assert f"citadels-hub enroll --game {game}" in message


def test_run_refuses_a_tag_file_of_another_game_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "builders-tags.json"
    BuildersTags.virtual().save(path)
    code = cli.main(["run", "--game", "citadels", "--tags", str(path), "--headless", "--state-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "holds the cards of builders, not of citadels" in err
    assert "enroll the cards of Citadels into a file of their own" in err and "Citadels's" not in err


def test_cards_printing_one_face_are_declared_once_for_every_game() -> None:
    builders = BuildersTags.virtual()
    assert builders.same_face("m6") == ("m6", "m2") and builders.same_face("w25") == ("w25", "w26")
    assert [builders.same_face(m)[1] for m in ("m1", "m3", "m4")] == ["m5", "m7", "m8"]
    assert builders.same_face("b28") == ("b28",) and builders.label("m6") == "Crane (copy 2 of 2)"
    citadels = TagRegistry.virtual()
    manors = citadels.same_face(CardRef("district", "manor", 3))
    assert manors[0] == CardRef("district", "manor", 3) and len(manors) == 5
    assert {ref.id for ref in manors} == {"manor"} and citadels.same_face(CardRef("character", "king")) == (
        CardRef("character", "king"),)
    stones = StoneTags.virtual()
    assert len(stones.same_face("stone:1:1")) == 12 and stones.label("stone:2:1") == "Stone (copy 4 of 12)"


def test_the_simulators_tags_are_the_same_bytes_as_before() -> None:
    """Same seed, same bytes: each game's virtual UIDs are those its own registry made."""
    assert BuildersTags.virtual().uid_of("b07") == "04" + hashlib.sha256(b"builders:b07").hexdigest().upper()[:12]
    manor = CardRef("district", "manor", 3)
    assert TagRegistry.virtual().uid_of(manor) == "04" + hashlib.sha256(b"district:manor:3").hexdigest().upper()[:12]
    assert StoneTags.for_seats(2).tags == {f"5707{s:02d}{k:08d}": f"stone:{s}:{k}" for s in (1, 2) for k in (1, 2, 3)}


def test_every_card_has_its_name_in_the_three_languages() -> None:
    for registry_type in REGISTRIES.values():
        registry = registry_type.virtual()
        for ref in registry.catalogue.cards(registry.deck):
            names = {lang: registry.catalogue.name(ref, lang) for lang in ("en", "zh-Hant", "zh-Hans")}
            assert all(names.values()) and names["en"].isascii(), (ref, names)


def test_citadels_district_copies_are_one_face_to_its_table() -> None:
    """Citadels' copies go through the same declaration: every Manor tag says the same move
    (a guard: Citadels' table always took any copy; its cities keep which copy lies where)."""
    from hub.engine.citadels import Action, Game, Setup
    from hub.games.citadels.adapter import CitadelsAdapter

    registry = TagRegistry.virtual()
    game = Game.new(Setup(players=4, seed=3, mode="physical"))
    copies = registry.same_face(CardRef("district", "manor", 1))
    moves = {str(CitadelsAdapter(registry).card_action(game, 2, registry.uid_of(ref) or "")) for ref in copies}
    assert len(copies) == 5 and moves == {str(Action(2, "build", ("manor",)))}


def test_citadels_enrolls_the_deck_of_its_edition_or_printing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    citadels = plugin_named("citadels")

    def deck(*options: str) -> str | None:
        args = cli.build_parser(citadels).parse_args(["enroll", "--tags", "t.json", *options])
        return citadels.enroll_deck(args)

    assert deck() is None and deck("--edition", "2000") == "2000" and deck("--deck", "museum_quarry") == "museum_quarry"
    assert TagRegistry.empty("2000").missing() != TagRegistry.empty("classic").missing()
    path = tmp_path / "tags.json"
    TagRegistry.empty("classic").save(path)  # a classic enrollment begun
    code = cli.main(["enroll", "--tags", str(path), "--deck", "museum_quarry", "--broker", "inproc://decks",
                     "--state-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "holds the classic deck, not museum_quarry" in err


def test_a_game_that_declares_its_cards_gets_its_registry_its_enrollment_and_its_names() -> None:
    """A new game says only `registry`: the simulator's tags, the file's reading and the soft
    seat's card names come from it (the kit's defaults), and `enroll --game` takes it."""
    from dataclasses import replace

    from hub.games.kit.defaults import derived

    game = replace(plugin_named("nim"), name="stones", virtual_registry=derived, load_registry=derived,
                   card_names=derived)
    registry = game.virtual_registry(None)
    assert isinstance(registry, StoneTags) and len(registry.tags) == 12
    assert game.load_registry == StoneTags.load
    first = StoneTags.catalogue.virtual_uid("stone:1:1")
    assert game.card_names(registry)[first] == ["Stone (copy 1 of 12)", "Stone", "stone:1:1", "Stone 1"]


def test_each_taps_answer_keeps_the_whole_card_to_tap_next() -> None:
    """The person reads the next card off the display: a long name with its copy is never
    cut to make room for the result (the result shortens; the LED and beep say it too)."""
    from hub.games.enroll import result_then_prompt

    lines = result_then_prompt("Craftsman S1W2T1 enrolled", "Tap Craftsman S1W1K1T1 (copy 1 of 2) (67/84)", "Enrolled")
    assert lines == ["Enrolled", "Tap Craftsman", "S1W1K1T1", "(copy 1 of 2) (67/84)"]
    assert result_then_prompt("Thief enrolled", "Tap Magician (3/76)", "Enrolled") == ["Thief enrolled",
                                                                                       "Tap Magician (3/76)"]
