"""The game kit's proof: a throw-away game ("Chips", a small No Thanks!: take the face-up
card and its points, or pay a secret chip to pass) written here and registered for these
tests only, declaring its setup, rules, words and a small adapter and nothing else, plays
through ``sim --headless --json``, resumes to the same bytes, is played from the hub's
plain pages (its face-up card on the scoreboard, each seat's secret chips on its own page
only) and by the seat firmware off-board. The kit (`hub.games.kit`) and the plug-in's
defaults give the rest."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from playwright.sync_api import Browser

from hub.cli import main
from hub.engine.actions import IllegalAction, TextAction, is_void
from hub.engine.rng import SplitMix64
from hub.games import GAMES, GamePlugin
from hub.games.kit import KitAdapter, Words
from hub.games.kit.adapter import waiting_words
from hub.store import EventStore
from hub.table.runtime import CurrentTable
from hub.transport import InProcessBus
from hub.web import create_app
from hub.web.app import close_app
from hub.words import LANGS
from hub.games import REGISTRY
from tests.browser import phone_page
from tests.soft_seat import SoftSeatProcess
from tests.table_broker import TableBroker
from tests.web_support import ADMIN_TOKEN, SEAT_TOKENS, LiveServer


# ---------------------------------------------------------------------- the game, as its author writes it
class Move(TextAction):
    VERBS = ("take", "pay", "void")
    EXAMPLE = "1 take"


class Turn(NamedTuple):
    seat: int
    kind: str


@dataclass(frozen=True)
class ChipsSetup:
    players: int = 2
    seed: int = 0
    names: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "seed": self.seed, "names": list(self.names)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ChipsSetup:
        return cls(int(data["players"]), int(data["seed"]), tuple(data.get("names", ())))


class Chips:
    """Five cards (3..7) in a seeded order; each seat holds 2 secret chips. The seat at
    turn takes the face-up card (its points and the chips on it; it plays again) or pays a
    chip onto it (the next seat's turn). The fewest points win."""

    def __init__(self, setup: ChipsSetup) -> None:
        self.setup, self.n, self.log = setup, setup.players, []  # type: list[Move]
        self.deck = [str(c) for c in range(3, 8)]
        SplitMix64(setup.seed).shuffle(self.deck)
        self.moves: list[Move] = []

    def _state(self) -> tuple[int, int, dict[int, int], dict[int, int]]:
        """(cards taken, seat at turn, chips, points), from the moves that stand."""
        taken, seat, on_card = 0, 1, 0
        chips, points = dict.fromkeys(range(1, self.n + 1), 2), dict.fromkeys(range(1, self.n + 1), 0)
        for m in self.moves:
            if m.verb == "pay":
                chips[seat], on_card, seat = chips[seat] - 1, on_card + 1, seat % self.n + 1
            else:
                points[seat] += int(self.deck[taken]) - on_card
                taken, on_card = taken + 1, 0
        return taken, seat, chips, points

    @property
    def over(self) -> bool:
        return self._state()[0] == len(self.deck)

    @property
    def winner(self) -> int | None:
        points = self._state()[3]
        return min(points, key=lambda s: (points[s], s)) if self.over else None

    @property
    def pending(self) -> Turn | None:
        return None if self.over else Turn(self._state()[1], "turn")

    def legal_actions(self) -> list[Move]:
        _taken, seat, chips, _points = self._state()
        return [] if self.over else [Move(seat, "take"), *([Move(seat, "pay")] if chips[seat] else [])]

    def apply(self, action: Move | str) -> list[dict[str, Any]]:
        action = Move.parse(action) if isinstance(action, str) else action
        if is_void(action):
            self.moves.pop()
        elif action not in self.legal_actions():
            raise IllegalAction("not_now", f"{action} is not a move now")
        else:
            self.moves.append(action)
        self.log.append(action)
        return [] if is_void(action) else [{"kind": action.verb, "seat": action.seat}]

    def public_view(self) -> dict[str, Any]:
        taken, seat, _chips, points = self._state()
        return {"card": None if self.over else self.deck[taken], "over": self.over, "winner": self.winner,
                "pending": None if self.over else {"seat": seat, "kind": "turn"},
                "seats": [{"seat": s, "name": f"Seat {s}", "points": points[s]} for s in points]}

    def seat_view(self, seat: int) -> dict[str, Any]:
        chips = self._state()[2][seat]
        return {**self.public_view(), "you": {"chips": chips, "options": [str(a) for a in self.legal_actions()
                                                                          if a.seat == seat]}}


WORDS = Words({"your_turn": {"en": "Your turn"}, "seat": {"en": "Seat {seat}"}})


def sentences(event: Mapping[str, Any], names: Mapping[int, str], lang: str = "en") -> list[str]:
    return [f"{WORDS.seat_name(event['seat'], names, lang)} {event['kind']}s"] if event.get("kind") in Move.VERBS else []


class ChipsAdapter(KitAdapter[Chips]):  # played with the buttons and phones: the kit's adapter says the rest
    refusals = (IllegalAction,)
    action = Move
    game_class = Chips
    words = WORDS


CHIPS = GamePlugin(name="chips", title="Chips", setup_type=ChipsSetup, seats=range(2, 4), new_game=Chips,
                   parse_action=Move.parse, adapter=ChipsAdapter, sentences=sentences)


def test_its_waiting_seats_read_who_decides_then_who_won_in_the_tables_words() -> None:
    """The kit's waiting display said only "Wait" (Citadels, The Builders and Cities &
    Knights name the seat that decides): now the table's own words, which the pages say
    too, in each of their languages, a seat's name where the setup names it."""
    adapter = ChipsAdapter()
    named = Chips(ChipsSetup(players=3, seed=4, names=("Ann", "Bob", "Cy")))
    assert adapter.waiting_display(named) == {"led": "off", "text": ["Waiting for Ann"]}
    unnamed = Chips(ChipsSetup(players=2, seed=4))
    assert [waiting_words(unnamed, lang) for lang in LANGS] == [["Waiting for Seat 1"], ["等待1號座位"], ["等待1号座位"]]
    while not named.over:
        named.apply(named.legal_actions()[0])
    winner = ("Ann", "Bob", "Cy")[named.winner - 1]
    assert adapter.waiting_display(named) == {"led": "white", "text": ["Game over", f"Winner: {winner}"]}
    assert waiting_words(named, "zh-Hans") == ["游戏结束", f"胜者：{winner}"]


# ---------------------------------------------------------------------- it plays through the product
@pytest.fixture
def chips() -> Iterator[GamePlugin]:
    GAMES["chips"] = CHIPS  # registered for these tests only
    try:
        yield CHIPS
    finally:
        del GAMES["chips"]


def sim(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    assert main(["sim", "--game", "chips", "--headless", "--json", *args]) == 0
    return capsys.readouterr().out


def test_a_game_made_from_the_kit_plays_resumes_replays_and_exports(chips: GamePlugin, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "chips.db"
    whole = sim(capsys, "--seed", "4", "--players", "3", "--db", str(db))
    result = json.loads(whole)
    assert (result["game"], result["seed"], result["players"]) == ("chips", 4, 3) and result["winner"] in (1, 2, 3)
    with EventStore(db, REGISTRY) as store:
        stored = store.load()
    assert len(stored.actions) == result["actions"] and stored.plugin is chips
    for cut in (0, 1, len(stored.actions) // 2, len(stored.actions) - 1):
        cut_db = tmp_path / f"cut{cut}.db"
        with EventStore(cut_db, REGISTRY) as store:
            gid = store.start_game(stored.setup)
            for text, meta in zip(stored.actions[:cut], stored.meta):
                store.append(gid, text, meta)
        assert sim(capsys, "--resume", "--db", str(cut_db)) == whole, cut
    capsys.readouterr()
    assert main(["replay", str(db), "--json"]) == 0 and json.loads(capsys.readouterr().out) == result
    assert main(["export", str(db)]) == 0
    exported = capsys.readouterr().out
    assert exported.startswith("# Chips game 1, started ") and f"# over: seat {result['winner']} wins" in exported
    assert main(["sim", "--game", "chips", "--headless", "--seed", "4"]) == 0  # the kit's terminal lines
    assert "Seat 1 takes" in capsys.readouterr().out


@pytest.fixture
def table(chips: GamePlugin) -> Iterator[Any]:
    setup = ChipsSetup(players=2, seed=3)
    hosted = chips.make_table(InProcessBus(), chips.virtual_registry(setup), setup)
    hosted.start()
    yield hosted
    hosted.stop()


def app_for(table: Any) -> Any:
    return create_app({"TABLE": CurrentTable(table), "ADMIN_TOKEN": ADMIN_TOKEN,
                       "SEAT_TOKENS": {s: SEAT_TOKENS[s] for s in (1, 2)}, "GAME": CHIPS})


def test_its_secret_chips_reach_its_seat_only_and_the_admin_undoes_its_move(table: Any) -> None:
    app = app_for(table)
    client = app.test_client()
    try:
        assert client.post(f"/api/seat/{SEAT_TOKENS[1]}/answer", json={"action": "1 pay"}).get_json()["ok"]
        mine = client.get(f"/api/seat/{SEAT_TOKENS[1]}").get_json()["view"]
        assert mine["you"]["chips"] == 1 and "chips" not in json.dumps(client.get("/api/public").get_json())
        assert table.void_last("misread", expected="1 pay") == {"ok": True}  # undo through the kit: "0 void"
        assert client.get(f"/api/seat/{SEAT_TOKENS[1]}").get_json()["view"]["you"]["chips"] == 2
        assert [str(a) for a in table.game.log] == ["1 pay", "0 void misread"]
    finally:
        close_app(app)


def test_it_is_played_from_a_phone_on_the_plain_pages(browser: Browser, table: Any) -> None:
    errors: list[str] = []
    with LiveServer(app_for(table)) as server:
        board = phone_page(browser, errors)
        board.goto(f"{server.url}/?lang=en")
        board.wait_for_selector("#table-facts [data-field='card']")
        card = board.inner_text("#table-facts [data-field='card'] dd")
        assert card == table.game.deck[0] and board.locator("[data-field='chips']").count() == 0
        seat = phone_page(browser, errors)
        seat.goto(f"{server.url}/seat/{SEAT_TOKENS[1]}?lang=en")
        seat.wait_for_selector("#own [data-field='chips']")
        assert seat.inner_text("#own [data-field='chips'] dd") == "2"
        seat.click("#options button[data-action='1 take']")
        board.wait_for_function("() => document.querySelector(\"#seats [data-seat='1'] [data-field='points'] dd\")"
                                f".textContent === '{card}'")
        board.wait_for_function("() => document.querySelector('#log').textContent.startsWith('Seat 1 takes')")
    assert errors == []


def test_every_field_a_game_leaves_has_a_default_that_works() -> None:
    """Chips says 8 of the plug-in's fields; every other one is the kit's (none is left
    unmade), and what the command line and the simulator call of it works."""
    from dataclasses import fields

    from hub.games.kit.defaults import derived

    assert all(getattr(CHIPS, f.name) is not derived for f in fields(CHIPS))
    required = [f.name for f in fields(GamePlugin) if f.default is f.default_factory]  # type: ignore[misc]
    assert required == ["name", "title", "setup_type", "seats", "new_game", "parse_action"]
    assert CHIPS.default_players == 2 and CHIPS.bots == ("random",)
    assert CHIPS.table_players == 3  # three at a real table where it takes three
    narrow = replace(CHIPS, seats=range(2, 3), table_players=0)
    assert narrow.table_players == 2  # else its nearest
    game = CHIPS.engine_only(ChipsSetup(players=3, seed=1), "random")
    assert game.over and CHIPS.summary(game)["winner"] == game.winner
    assert CHIPS.replay(ChipsSetup(players=3, seed=1), [str(a) for a in game.log]).winner == game.winner
    with pytest.raises(TypeError, match="neither its adapter nor its make_table"):
        GamePlugin(name="x", title="X", setup_type=ChipsSetup, seats=range(2, 3), new_game=Chips,
                   parse_action=Move.parse)


def test_its_seats_are_the_real_firmware_off_board(chips: GamePlugin, table_broker: TableBroker) -> None:
    """Firmware in the loop: the seat firmware on fake boards (`citadels-hub soft-seat`),
    over the shipped broker (TLS, seat logins), plays Chips with its buttons: seat 1 takes
    every card (OK on the first option), its display prompts it, the other seat's says who
    decides, then that the game is over and who won."""
    setup = ChipsSetup(players=2, seed=3)
    table = chips.make_table(table_broker.bus("hub", "hub-t1"), chips.virtual_registry(setup), setup)
    table.start()
    broker = table_broker.broker
    seats = {n: SoftSeatProcess(["--seat", str(n), "--broker",
                                 f"mqtts://seat{n}@{broker.host}:{broker.tls_port}?ca={broker.ca_file}"],
                                password=table_broker.passwords[f"seat{n}"]) for n in (1, 2)}
    try:
        for seat in seats.values():
            seat.wait_line("link: up")
        seats[1].wait_line("display: Your turn | > 1 take")  # the option OK applies, marked
        seats[2].wait_line("display: Waiting for Seat 1")
        for taken in range(1, len(table.game.deck) + 1):
            seats[1].type("press ok")
            deadline = time.monotonic() + 20
            while len(table.game.log) < taken:
                assert time.monotonic() < deadline, f"take {taken} never reached the hub"
                time.sleep(0.05)
        assert table.game.over and [str(a) for a in table.game.log] == ["1 take"] * 5 and table.game.winner == 2
        seats[2].wait_line("display: Game over | Winner: Seat 2")
    finally:
        for seat in seats.values():
            seat.kill()
        table.stop()
