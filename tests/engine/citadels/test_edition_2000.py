"""The 2000 edition: one literal test per rule that differs from Classic, the decisions
where the 2000 sheet is unclear (docs/rules-notes.md), scenarios, and the command line."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hub.engine.citadels import Game, IllegalAction, Setup
from hub.engine.citadels.cards import card_set
from hub.engine.citadels.scoring import score_player
from hub.games import REGISTRY
from tests.engine_support import act, physical, start


def opts(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def y2000(players: int, picks: dict[int, str], faceup: tuple[str, ...] = (), **kw: object) -> Game:
    return physical(players, picks, faceup, edition="2000", **kw)  # type: ignore[arg-type]


def refusal(game: Game, text: str) -> str:
    with pytest.raises(IllegalAction) as err:
        game.apply(text)
    return err.value.code


FOUR = {1: "king", 2: "bishop", 3: "merchant", 4: "warlord"}


# --------------------------------------------------------------------- the setup
def test_a_setup_without_an_edition_is_classic_as_stored_games_are() -> None:
    stored = {"players": 4, "seed": 9, "mode": "digital", "variant": "classic7", "names": [], "crowned": 1,
              "deck": "classic"}
    setup = Setup.from_json(stored)
    assert setup.edition == "classic" and setup.to_json() == stored  # no new key in Classic games
    assert Setup(players=4).variant == "classic7" and Setup(players=4).deck == "classic"


def test_the_edition_is_stored_in_the_setup_with_its_own_defaults() -> None:
    setup = Setup(players=4, seed=9, edition="2000")
    assert (setup.variant, setup.deck) == ("standard", "2000")
    assert setup.to_json()["edition"] == "2000"
    assert Setup.from_json(json.loads(json.dumps(setup.to_json()))) == setup


def test_unknown_edition_and_another_editions_variant_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown edition 'y1999'; known: classic, 2000"):
        Setup(players=4, edition="y1999")
    with pytest.raises(ValueError, match=r"2000 edition's variant must be one of \('standard', 'short'\)"):
        Setup(players=4, edition="2000", variant="classic8")


@pytest.mark.parametrize(("players", "variant", "size"), [
    (4, "standard", 8), (7, "standard", 8), (4, "short", 7), (6, "short", 7),
    (3, "standard", 10), (3, "short", 10),  # the sheet: with 3 players, the 10th district
    (2, "standard", 10), (2, "short", 10),  # decision: "10 or 12" read as 10, like 3 players
])
def test_completion_size(players: int, variant: str, size: int) -> None:
    assert Game.new(Setup(players=players, variant=variant, edition="2000")).complete_at == size


def test_2000_deck_battlefield_observatory_5_haunted_city_no_map_room() -> None:
    cards = card_set("2000")
    assert "battlefield" in cards.districts and "barracks" not in cards.districts
    assert cards.districts["battlefield"].cost == 3 and cards.districts["battlefield"].type == "military"
    assert cards.districts["observatory"].cost == 5 and card_set("classic").districts["observatory"].cost == 4
    assert cards.districts["haunted_city"].cost == 2
    for gone in ("haunted_quarter", "map_room", "imperial_treasury", "museum", "quarry"):
        assert gone not in cards.districts
    assert cards.districts["dragon_gate"].cost == cards.districts["university"].cost == 6
    assert cards.districts["keep"].copies == 2
    assert cards.size() == 54 + 12  # decision: Classic's 54 ordinary cards + 12 unique (the sheet says 65)
    assert "battlefield" not in card_set("classic").districts


# --------------------------------------------------------------------- the draft
@pytest.mark.parametrize(("players", "faceup"), [(2, 0), (3, 2), (4, 2), (5, 1), (6, 0), (7, 0)])
def test_removals_face_up_and_down_and_never_the_king_face_up(players: int, faceup: int) -> None:
    for seed in range(40):
        game = Game.new(Setup(players=players, seed=seed, edition="2000"))
        assert len(game.faceup) == faceup and "king" not in game.faceup
        assert len(game.facedown) == 1


def test_three_players_the_assassin_is_out_and_each_takes_one_character() -> None:
    for seed in range(30):
        game = Game.new(Setup(players=3, seed=seed, edition="2000"))
        assert "assassin" not in game.pile + game.faceup + game.facedown
        while game.phase == "draft":
            game.apply(game.legal_actions()[0])
        assert [len(p.characters) for p in game.players] == [1, 1, 1]
        assert len(game.facedown) == 2  # one at the start, the last card
        assert sorted(game.pile + game.faceup + game.facedown + list(game.holder)) == sorted(game.in_game)


def test_three_players_the_assassin_is_never_called() -> None:
    game = Game.new(Setup(players=3, seed=4, edition="2000"))
    called = []
    while not game.over:
        called += [e.data["character"] for e in game.apply(game.legal_actions()[-1]) if e.kind == "called"]
    assert called and "assassin" not in called and "thief" in called


def test_three_players_physical_the_assassin_cannot_be_reported_or_picked() -> None:
    game = Game.new(Setup(players=3, mode="physical", edition="2000"))
    assert game.pending == (1, "faceup")
    assert "1 faceup assassin" not in opts(game)
    assert refusal(game, "1 faceup assassin") == "unknown_card"
    act(game, "1 faceup thief", "1 faceup magician")
    assert refusal(game, "1 pick assassin") == "unknown_card"
    act(game, "1 pick warlord", "2 pick king", "3 pick bishop")
    assert game.phase == "turns" and game.pending == (2, "turn")


def test_two_players_draft_as_in_classic() -> None:
    game = Game.new(Setup(players=2, seed=5, edition="2000"))
    steps = []
    while game.phase == "draft":
        assert game.pending is not None
        steps.append((game.pending.seat, game.pending.kind))
        game.apply(game.legal_actions()[0])
    assert steps == [(1, "pick"), (2, "pick"), (2, "discard"), (1, "pick"), (1, "discard"), (2, "pick")]
    assert len(game.facedown) == 4


def test_seven_players_the_last_also_takes_the_face_down_card() -> None:
    game = Game.new(Setup(players=7, seed=11, edition="2000"))
    facedown = game.facedown[0]
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    assert facedown in {a.args[0] for a in game.legal_actions()} and len(game.legal_actions()) == 2


# --------------------------------------------------------------------- the Warlord at the end of his turn
def _warlord_turn(**kw: object) -> Game:
    starts = kw.get("starts") or [start(), start(city=("church",)), start(city=("tavern", "market")),
                                  start(gold=10, city=("prison",))]
    game = y2000(4, FOUR, ("assassin", "thief"), starts=starts)
    act(game, "1 gold", "1 end", "2 gold", "2 end", "3 gold", "3 end")
    assert game.turn_char == "warlord"
    return game


def test_warlord_cannot_destroy_before_gathering() -> None:
    game = _warlord_turn()
    assert not any(a.verb == "destroy" for a in game.legal_actions())
    assert refusal(game, "4 destroy 3 tavern") == "must_gather_first"


def test_warlord_destroys_after_gathering_and_building() -> None:
    game = _warlord_turn()
    act(game, "4 gold", "4 build castle")
    assert "4 destroy 3 market" in opts(game)
    act(game, "4 destroy 3 market")  # cost 2 -> 1 gold
    assert game.player(4).gold == 12 - 4 - 1  # 10 + 2 gathered, the Castle, the destroying
    assert game.player(3).city == ["tavern"]


def test_destroying_ends_the_warlords_building() -> None:
    game = _warlord_turn()
    act(game, "4 gold", "4 destroy 3 tavern")
    assert not any(a.verb == "build" for a in game.legal_actions())
    assert refusal(game, "4 build castle") == "no_builds_left"
    assert "4 end" in opts(game) and "4 tax" in opts(game)


def test_warlord_spares_the_bishop_and_a_city_of_eight() -> None:
    eight = ("manor", "castle", "palace", "temple", "church", "monastery", "tavern", "market")
    game = _warlord_turn(starts=[start(city=eight), start(city=("church",)), start(city=("docks",)),
                                 start(gold=10)])
    act(game, "4 gold")
    targets = {(a.args[0], a.args[1]) for a in game.legal_actions() if a.verb == "destroy"}
    assert targets == {("3", "docks")}


# --------------------------------------------------------------------- ending and scoring
SEVEN = ("manor", "castle", "palace", "temple", "church", "monastery", "market")  # 20 gold, no military


def test_seven_districts_do_not_end_the_standard_game_but_eight_do() -> None:
    game = y2000(4, FOUR, ("assassin", "thief"),
                 starts=[start(gold=9, city=SEVEN[:6]), start(gold=9, city=SEVEN), start(), start()])
    act(game, "1 gold", "1 build tavern", "1 end")
    assert game.first_complete is None  # 7 districts: not complete in the 2000 edition
    act(game, "2 gold", "2 build prison")
    assert game.first_complete == 2
    act(game, "2 end", "3 gold", "3 end", "4 gold", "4 end")
    assert game.over


def test_scoring_plus_3_five_colours_plus_4_first_plus_2_other_complete() -> None:
    game = y2000(4, FOUR, ("assassin", "thief"),
                 starts=[start(gold=9, city=SEVEN), start(gold=9, city=SEVEN), start(city=SEVEN), start()])
    act(game, "1 gold", "1 build prison", "1 end", "2 gold", "2 build tavern", "2 end", "3 gold", "3 end")
    act(game, "4 gold", "4 end")
    result = game.result()
    assert result is not None
    seats = {s["seat"]: s["breakdown"] for s in result["seats"]}
    assert seats[1] == {"districts": 22, "all_types": 0, "completion": 4, "uniques": 0}  # no unique: 4 colours
    assert seats[2] == {"districts": 21, "all_types": 0, "completion": 2, "uniques": 0}
    assert seats[3] == {"districts": 20, "all_types": 0, "completion": 0, "uniques": 0}
    rainbow = y2000(4, FOUR, ("assassin", "thief"),
                    starts=[start(city=("manor", "temple", "tavern", "prison", "keep")), start(), start(), start()])
    assert score_player(rainbow, rainbow.player(1))["breakdown"]["all_types"] == 3


def test_short_game_ends_at_seven() -> None:
    game = y2000(4, FOUR, ("assassin", "thief"), variant="short",
                 starts=[start(gold=9, city=SEVEN[:6]), start(), start(), start()])
    act(game, "1 gold", "1 build tavern")
    assert game.first_complete == 1


def test_three_players_end_at_ten_districts() -> None:
    nine = (*SEVEN, "tavern", "docks")
    game = y2000(3, {1: "king", 2: "bishop", 3: "warlord"}, ("thief", "magician"),
                 starts=[start(gold=9, city=SEVEN), start(gold=9, city=nine), start()])
    act(game, "1 gold", "1 build prison", "1 end")
    assert game.first_complete is None
    act(game, "2 gold", "2 build harbor", "2 end", "3 gold", "3 end")
    assert game.over and game.first_complete == 2


def test_tie_goes_to_the_highest_rank_as_in_classic() -> None:
    """Decision: the sheet gives no tie-break; the Classic one (highest rank last round) is used."""
    game = y2000(4, {1: "king", 2: "bishop", 3: "merchant", 4: "thief"}, ("assassin", "magician"),
                 starts=[start(gold=9, city=SEVEN), start(), start(gold=9, city=SEVEN), start()])
    act(game, "4 gold", "4 end", "1 gold", "1 build tavern", "1 end", "2 gold", "2 end", "3 gold", "3 build docks")
    act(game, "3 end")
    result = game.result()
    assert result is not None
    scores = {s["seat"]: s["score"] for s in result["seats"]}
    assert scores[1] == scores[3] == 25  # 21 + 4 first, and 23 + 2
    assert result["tiebreak"] is True and result["winner"] == 3


# --------------------------------------------------------------------- unique districts of the 2000 printing
def test_laboratory_pays_one_gold() -> None:
    game = y2000(4, FOUR, ("assassin", "thief"), starts=[start(gold=0, city=("laboratory",)), start(), start(), start()])
    act(game, "1 lab")
    assert game.player(1).gold == 0 + 1 and game.player(1).hand_size == 3


def test_observatory_costs_5_and_draws_three() -> None:
    game = Game.new(Setup(players=2, seed=1, edition="2000",
                          start=(start(gold=5, city=("observatory",), hand=("temple",)), start())))
    while game.phase == "draft":
        game.apply(game.legal_actions()[0])
    while game.pending is not None and game.pending.seat != 1:
        game.apply(next(a for a in game.legal_actions() if a.verb in ("gold", "end")) if any(
            a.verb in ("gold", "end") for a in game.legal_actions()) else game.legal_actions()[0])
    drew = next(e for e in game.apply("1 draw") if e.kind == "drew")
    assert len(drew.data["cards"]) == 3
    assert Game.new(Setup(players=4, edition="2000")).cards.districts["observatory"].cost == 5


def test_dragon_gate_and_university_are_worth_8() -> None:
    game = y2000(4, FOUR, ("assassin", "thief"), starts=[start(city=("dragon_gate", "university")), start(), start(),
                                                          start()])
    breakdown = score_player(game, game.player(1))["breakdown"]
    assert breakdown["districts"] + breakdown["uniques"] == 16


OTHERS_PLAY = ("2 gold", "2 end", "3 gold", "3 end", "4 gold", "4 end")


def _all_types_bonus_of_seat_one(city: tuple[str, ...], *moves: str) -> int:
    game = y2000(4, FOUR, ("assassin", "thief"), starts=[start(gold=9, city=city), start(), start(), start()])
    act(game, *moves)
    result = game.result()
    assert result is not None and Game.replay(game.setup, list(game.log)).state_hash() == game.state_hash()
    return int(result["seats"][0]["breakdown"]["all_types"])


def test_haunted_city_counts_as_any_colour_when_built_before_the_last_round() -> None:
    city = ("haunted_city", "manor", "temple", "tavern", "keep", "church", "market")  # no military
    assert _all_types_bonus_of_seat_one(city, "1 gold", "1 build palace", "1 end", *OTHERS_PLAY) == 3


def test_haunted_city_built_in_the_last_round_is_only_purple() -> None:
    city = ("manor", "temple", "tavern", "keep", "church", "market", "palace")  # no military
    assert _all_types_bonus_of_seat_one(city, "1 gold", "1 build haunted_city", "1 end", *OTHERS_PLAY) == 0


def test_haunted_city_built_in_an_earlier_round_counts() -> None:
    city = ("manor", "temple", "tavern", "keep", "church", "market")  # no military
    round_two = ("1 faceup assassin", "1 faceup thief", "1 pick king", "2 pick bishop", "3 pick merchant",
                 "4 pick warlord")
    assert _all_types_bonus_of_seat_one(city, "1 gold", "1 build haunted_city", "1 end", *OTHERS_PLAY, *round_two,
                                        "1 gold", "1 build palace", "1 end", *OTHERS_PLAY) == 3


# --------------------------------------------------------------------- the command line
def test_sim_headless_json_edition_2000_prints_todays_summary(capsys: pytest.CaptureFixture[str]) -> None:
    from hub.cli import main

    for extra in ([], ["--engine-only"], ["--players", "3"]):  # the simulated table, then the engine alone
        assert main(["sim", "--headless", "--json", "--edition", "2000", "--seed", "3", *extra]) == 0
        line = capsys.readouterr().out.strip()
        summary = json.loads(line)
        assert set(summary) == {"seed", "players", "rounds", "winner", "tiebreak", "actions", "seats"}
        assert max(len(s["city"]) for s in summary["seats"]) == (10 if "3" in extra else 8)


def test_sim_refuses_a_variant_of_another_edition_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from hub.cli import main

    assert main(["sim", "--headless", "--json", "--edition", "2000", "--variant", "classic8"]) != 0
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "variant must be one of ('standard', 'short')" in err


def test_a_characters_rules_live_in_one_object_per_edition() -> None:
    from hub.engine.citadels.characters import CLASSIC_CHARACTERS, Warlord, WarlordAtEndOfTurn
    from hub.engine.citadels.editions import edition

    classic, y2000_rules = edition("classic").character_rules, edition("2000").character_rules
    assert classic is CLASSIC_CHARACTERS and set(y2000_rules) == set(classic)
    assert [c for c in classic if y2000_rules[c] is not classic[c]] == ["warlord"]
    assert isinstance(y2000_rules["warlord"], WarlordAtEndOfTurn) and type(classic["warlord"]) is Warlord


@pytest.mark.slow  # `citadels-hub sim` processes
def test_a_2000_game_cut_anywhere_resumes_from_its_stored_setup(tmp_path: object) -> None:
    """The edition is stored in the setup: `--resume` needs no `--edition` to go on."""
    import subprocess
    import sys
    from pathlib import Path

    from hub.store import EventStore

    root = Path(__file__).resolve().parents[3]

    def sim(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "hub.cli", "sim", "--headless", "--json", *args],
                              cwd=root, capture_output=True, text=True, timeout=120)

    db = Path(str(tmp_path)) / "ref.db"
    done = sim("--edition", "2000", "--players", "3", "--seed", "5", "--db", str(db))
    assert done.returncode == 0, done.stderr
    with EventStore(db, REGISTRY) as store:
        stored = store.load()
    assert stored.setup.edition == "2000"
    cut = Path(str(tmp_path)) / "cut.db"
    with EventStore(cut, REGISTRY) as store:
        gid = store.start_game(stored.setup)
        for text in stored.actions[: len(stored.actions) // 2]:
            store.append(gid, text)
    again = sim("--resume", "--db", str(cut))
    assert again.returncode == 0, again.stderr
    assert again.stdout == done.stdout


def test_a_new_game_at_the_table_keeps_its_edition_unless_told() -> None:
    from hub.games.citadels.registry import TagRegistry
    from hub.games.citadels.service import TableService
    from hub.transport import InProcessBus

    svc = TableService(InProcessBus(), TagRegistry.virtual("2000"), Setup(players=4, seed=5, edition="2000"))
    svc.start()
    try:
        assert svc.new_game({"players": 3, "seed": 8})["ok"]
        assert (svc.game.setup.edition, svc.game.complete_at) == ("2000", 10)
        refused = svc.new_game({"players": 4, "variant": "classic8"})
        assert not refused["ok"] and "variant must be one of ('standard', 'short')" in refused["message"]
        assert svc.new_game({"players": 4, "edition": "classic", "variant": "classic8"})["ok"]
        assert (svc.game.setup.edition, svc.game.complete_at) == ("classic", 8)
        client = _admin_client(svc)
        assert client.post(f"/api/admin/{ADMIN}/game", json={"players": 4, "edition": "2000",
                                                              "variant": "short"}).status_code == 200
        assert (svc.game.setup.edition, svc.game.complete_at) == ("2000", 7)
        refused = client.post(f"/api/admin/{ADMIN}/game", json={"players": 4, "edition": "1999"})
        assert refused.status_code == 400 and "'edition' must be one of classic, 2000" in refused.get_json()["message"]
    finally:
        svc.stop()


ADMIN = "admin-" + "a" * 20


def _admin_client(svc: Any) -> Any:
    from hub.games import plugin_named
    from hub.table.runtime import CurrentTable
    from hub.web import create_app

    app = create_app({"GAME": plugin_named("citadels"), "TABLE": CurrentTable(svc), "ADMIN_TOKEN": ADMIN, "SEAT_TOKENS": {1: "seat1-" + "t" * 16}})
    return app.test_client()


def test_scenario_a_three_player_round_of_the_2000_edition() -> None:
    """Thief robs the King, the King crowns himself and builds, the Warlord destroys at the
    end of his turn; the next round starts with the new crown reporting the face-up cards."""
    game = y2000(3, {1: "thief", 2: "king", 3: "warlord"}, ("magician", "bishop"),
                 starts=[start(), start(gold=5, city=("manor",)), start(gold=6, city=("prison",))])
    act(game, "1 rob king", "1 gold", "1 end")
    assert game.pending == (2, "turn") and game.player(1).gold == 2 + 2 + 5 and game.player(2).gold == 0
    assert game.crowned == 2
    act(game, "2 gold", "2 build temple", "2 end")  # 2 - 1, then the noble tax (Manor) at the end
    assert refusal(game, "3 destroy 2 temple") == "must_gather_first"
    act(game, "3 gold", "3 destroy 2 temple", "3 end")  # a cost-1 district is free; +1 military tax
    assert [p.gold for p in game.players] == [9, 2, 9]
    assert game.player(2).city == ["manor"]
    assert game.round == 2 and game.pending == (2, "faceup")
    assert "2 faceup assassin" not in opts(game)
