"""Game night: one whole messy evening at a physical table, end to end.

Five players at a physical table: the hub is the real `citadels-hub run`, started by the
command line of the shipped systemd unit (`hardware/citadels-hub.service`), talking to
real Mosquitto; every seat is a `VirtualSeat` that puts on the wire what the firmware
does; the people are the simulator's bots, laying (virtual) tagged cards and pressing
buttons. At scripted points the evening goes wrong the way evenings do:

- a player lays a wrong card, and taps the same card twice;
- a phone tries to build without laying the card;
- a seat loses power with two cards on its reader, and comes back;
- the broker restarts;
- the hub is killed with SIGKILL and started again by the same command line;
- one seat's Wi-Fi dies silently (no reset) for 20 s while it is that seat's turn.

The game must end exactly as the clean game of the same seed (the in-process simulated
table), every seat's display must show the right prompt after every recovery, the phone
links must still work after the restart, and the stored log must replay to the end.

The test sees the hub only from outside, as the people at the table do: its game is the
stored log replayed (the hub journals an action before it answers), its pause state comes
from the public page, and the table top (who holds which card) follows the hub's public
events as the simulator's people do.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hub.games.citadels.summary import game_summary
from hub.engine.citadels import Action, Game, Setup
from hub.engine.citadels.bots import make_bot
from hub.games import REGISTRY
from hub.store import EventStore
from hub.games.citadels.registry import TagRegistry
from hub.games.citadels import texts
from hub.games.citadels.service import button_options
from hub.games.citadels.players import SimPlayer, give_up_worst, keep_best
from hub.table.sim import SimTable
from hub.table.virtual_seat import VirtualSeat
from hub.games.citadels.world import TableTop
from tests.fakes.tcp_proxy import FreezableProxy
from tests.hub_unit import UnitHub
from tests.waiting import wait_until


def _wait(predicate: Callable[[], bool], timeout: float, what: str) -> None:
    if not wait_until(predicate, timeout=timeout, interval=0.05):
        raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")

PLAYERS = 5
SEED = 11
SETUP = Setup(players=PLAYERS, seed=SEED, mode="physical")
WIFI_SEAT = 3  # the seat whose link dies silently; it reaches the broker through a proxy
SILENCE_S = 20.0


# ---------------------------------------------------------------------- the hub, from outside
def unit_hub(state_dir: Path, broker_url: str) -> UnitHub:
    """`citadels-hub run` as the systemd unit starts it, with its phone links."""
    return UnitHub(state_dir, broker_url, ["--players", str(PLAYERS), "--seed", str(SEED)])


class StoredTable:
    """The hub's game as its store holds it, and the table top following its public events
    exactly as the simulator's people follow them (so the same seed gives the same game)."""

    def __init__(self, db: Path, registry: TagRegistry) -> None:
        self.db = db
        self.game = Game.new(SETUP)
        self.metas: list[dict[str, Any]] = []
        self.world = TableTop(registry, PLAYERS, SEED)
        self.world.shuffle_characters()
        self.world.choose_keep = keep_best(self.world, lambda: self.game)
        self.world.choose_give_up = give_up_worst(self.world, lambda: self.game)
        self.world.on_event({"kind": "round_started", "round": 1, "crowned": self.game.crowned}, False)

    def sync(self) -> Game:
        with EventStore(self.db, REGISTRY) as store:
            stored = store.load()
        assert stored.setup.players == PLAYERS and stored.setup.seed == SEED
        for text, meta in list(zip(stored.actions, stored.meta))[len(self.game.log):]:
            events = self.game.apply(Action.parse(text))
            self.metas.append(meta)
            graveyard = self.game.pending is not None and self.game.pending.kind == "graveyard"
            for event in events:
                if event.to is None:
                    self.world.on_event(event.to_json(), graveyard)
        return self.game


class RemoteService:
    """What a `SimPlayer` asks of the hub, answered from outside the hub's process."""

    def __init__(self, table: StoredTable, hub: UnitHub) -> None:
        self.table = table
        self.hub = hub

    @property
    def game(self) -> Game:
        return self.table.sync()

    def button_options(self, seat: int) -> list[Action]:
        return button_options(self.game, seat)

    def button_cursor(self, seat: int) -> tuple[list[Action], int, int]:
        """The cursor lives in the hub's process: a decision's buttons start on its first
        option with no menu open (Citadels' options hold no menu), as the player saw."""
        return self.button_options(seat), 0, 0

    @property
    def paused(self) -> bool:
        return bool(self.hub.public()["paused"])

    def settle(self) -> None:
        """Nothing to wait for: `game` reads the hub's store afresh on every use."""

    def run_pending(self) -> None:
        """Nothing to run here: the hub's own thread takes inputs in (a player refused
        `paused` waits with this, as on the in-process table, where it runs the queue)."""

    def handled(self, device: str, boot: int, seq: int) -> bool:
        self.table.sync()
        return any(m.get("device") == device and m.get("boot") == boot and m.get("seq") == seq
                   for m in self.table.metas)


# ---------------------------------------------------------------------- what a display should say
def expected_prompt(game: Game) -> str:
    """The line of the hub's prompt the deciding seat's display must show (its first line;
    a prompt shown again follows the notes told when the decision began)."""
    assert game.pending is not None
    if game.pending.kind == "turn":
        return f"Your turn: {texts.card_name(game.turn_char)}"
    return {"pick": "Pick a character", "faceup": "Show face-up cards", "graveyard": "Graveyard?",
            "keep": "Keep a card"}[game.pending.kind]


def assert_displays_restored(devices: dict[int, VirtualSeat], game: Game, since: dict[int, int], what: str) -> None:
    """After a recovery every seat of `devices` hears from the hub again, and the deciding
    seat's display (if among them) shows its prompt."""
    assert game.pending is not None
    seat = game.pending.seat
    want = expected_prompt(game)
    if seat in devices:
        device = devices[seat]
        _wait(lambda: any(c.text and want in c.text for c in device.commands[since[seat]:]),
              timeout=30, what=f"seat {seat} shows {want!r} after {what}")
    for s, d in devices.items():
        _wait(lambda d=d, s=s: len(d.commands) > since[s], timeout=30,
                   what=f"seat {s} hears from the hub after {what}")


def snapshot(devices: dict[int, VirtualSeat]) -> dict[int, int]:
    return {s: len(d.commands) for s, d in devices.items()}


# ---------------------------------------------------------------------- the evening
def test_game_night(mosquitto: Any, tmp_path: Path) -> None:
    reference_sim = SimTable(SETUP)
    try:
        reference = game_summary(reference_sim.play())
        clean_length = len(reference_sim.service.game.log)
    finally:
        reference_sim.close()

    state = tmp_path / "state"
    state.mkdir()
    registry = TagRegistry.virtual(SETUP.deck)
    registry.save(state / "tags.json")
    proxy = FreezableProxy(mosquitto.port)
    hub = unit_hub(state, mosquitto.url)
    devices: dict[int, VirtualSeat] = {}
    try:
        hub.start()
        table = StoredTable(state / "game.db", registry)
        remote = RemoteService(table, hub)
        for s in range(1, PLAYERS + 1):
            url = proxy.url if s == WIFI_SEAT else mosquitto.url
            devices[s] = VirtualSeat(url, seat=s, device=f"seat-{s}", boot=1000 + s, patience=None)
        players = {s: SimPlayer(s, d, make_bot("heuristic", SEED * 31 + s), remote, table.world)  # type: ignore[arg-type]
                   for s, d in devices.items()}
        _wait(lambda: all(seat["online"] for seat in hub.public()["seats"]), timeout=30, what="seats online")

        done: set[str] = set()
        while not table.sync().over:
            game = table.game
            step = len(game.log)
            _wait(lambda: not remote.paused, timeout=60, what="the table to be playing")
            assert game.pending is not None
            seat = game.pending.seat
            if "wrong card" not in done and game.pending.kind == "pick" and step > 4:
                wrong_card_and_double_tap_in_the_draft(devices[seat], table, seat)
                done.add("wrong card")
            elif "phone" not in done and game.pending.kind == "turn" and step > clean_length // 8:
                phone_builds_without_a_card(hub, table, seat)
                done.add("phone")
            elif "power" not in done and game.pending.kind == "turn" and table.world.cities[seat] \
                    and step > clean_length // 5:
                power_cut_with_two_cards_on_the_reader(devices, table, seat)
                done.add("power")
            elif "broker" not in done and step > clean_length * 2 // 5:
                since = snapshot(devices)
                mosquitto.restart()
                _wait(lambda: all(s["online"] for s in hub.public()["seats"]), timeout=60,
                           what="seats online after the broker restart")
                assert_displays_restored(devices, table.sync(), since, "the broker restart")
                done.add("broker")
            elif "hub" not in done and step > clean_length * 3 // 5:
                hub_killed_and_restarted(hub, devices, table)
                done.add("hub")
            elif "wifi" not in done and "hub" in done and seat == WIFI_SEAT:
                silent_wifi_loss(proxy, devices, players, table, hub)
                done.add("wifi")
                continue  # the player acted during the outage
            players[seat].act()

        assert done == {"wrong card", "phone", "power", "broker", "hub", "wifi"}, done
        final = table.sync()
        assert game_summary(final) == reference
        with EventStore(state / "game.db", REGISTRY) as store:
            stored = store.load()
        assert stored.actions == [str(a) for a in final.log]
        assert stored.replay().state_hash() == final.state_hash()
        assert hub.public()["phase"] == "over"
    finally:
        for device in devices.values():
            try:
                device.close()
            except Exception:  # noqa: BLE001 - a seat already gone
                pass
        hub.stop()
        proxy.close()


# ---------------------------------------------------------------------- the scripted mishaps
def _unchanged(table: StoredTable, length: int) -> None:
    time.sleep(0.1)
    assert len(table.sync().log) == length, "a refused input changed the game"


def wrong_card_and_double_tap_in_the_draft(device: VirtualSeat, table: StoredTable, seat: int) -> None:
    """The picker lays a district card instead of a character, then a character that lies
    face up on the table: both refused at the seat, nothing changes. The same card tapped
    twice is one placement at most."""
    length = len(table.game.log)
    district = table.world.hands[seat][0]
    answer = device.answer_to(device.place(district), timeout=10)
    assert answer.code is not None and answer.led == "red", answer
    device.lift(district)
    _unchanged(table, length)
    if table.game.faceup:
        faceup = table.world.character_uid(table.game.faceup[0])
        for _ in range(2):  # tapped twice: refused twice, never applied
            answer = device.answer_to(device.place(faceup), timeout=10)
            assert answer.code is not None, answer
            device.lift(faceup)
        _unchanged(table, length)


def phone_builds_without_a_card(hub: UnitHub, table: StoredTable, seat: int) -> None:
    """In physical mode a build is said by laying the card: the phone is told so."""
    length = len(table.game.log)
    card = table.world.hand_ids(seat)[0]
    status, body = hub.post(f"/api/seat/{hub.token(str(seat))}/answer", {"action": f"{seat} build {card}"})
    assert status in (400, 403, 409, 422) and body.get("code") == "use_reader", (status, body)
    assert "reader" in body.get("message", "").lower()
    _unchanged(table, length)


def power_cut_with_two_cards_on_the_reader(devices: dict[int, VirtualSeat], table: StoredTable, seat: int) -> None:
    """Mid-turn, the player lays its own revealed character on the reader (refused: nothing
    to do with it now), then a district of its city on top (two cards: the reader reads
    neither, the seat is told "One card at a time"). The power goes. The board comes back
    with a new boot, still seeing two cards: it says so instead of an inventory. The player
    lifts the district; the board reports what lies there now (the character, which may
    rest there), nothing is applied, and the display shows the turn's prompt again."""
    device = devices[seat]
    length = len(table.game.log)
    character = table.world.character_uid(table.game.turn_char)  # type: ignore[arg-type]
    built = table.world.cities[seat][0]
    answer = device.answer_to(device.place(character), timeout=10)
    assert answer.code is not None, answer  # already revealed: play your turn
    answer = device.answer_to(device.place_second(built), timeout=10)
    assert answer.code == "multiple_cards" and answer.text and "One card at a time" in answer.text[0], answer
    _unchanged(table, length)
    since = snapshot(devices)
    device.vanish()
    device.reboot()  # both cards still lie there
    _wait(lambda: any(c.code == "multiple_cards" for c in device.commands[since[seat]:]), timeout=30,
          what="the rebooted seat to be told: one card at a time")
    mark = len(device.commands)
    device.lift_second(built)
    _wait(lambda: any(c.text and expected_prompt(table.game) in c.text for c in device.commands[mark:]),
          timeout=30, what="the prompt back after the second card was lifted")
    assert_displays_restored({seat: device}, table.sync(), since, f"seat {seat}'s power cut")
    device.lift(character)
    _unchanged(table, length)


def hub_killed_and_restarted(hub: UnitHub, devices: dict[int, VirtualSeat], table: StoredTable) -> None:
    before = table.sync().state_hash()
    old_links = dict(hub.links)
    since = snapshot(devices)
    hub.kill()
    hub.start()
    assert hub.links == old_links, "the phone links changed with the restart"
    for which in ("1", str(PLAYERS)):
        status, body = hub.get(f"/api/seat/{hub.token(which)}")
        assert status == 200 and body["seat"] == int(which)
    status, _ = hub.get(f"/api/admin/{hub.token('admin')}/status")
    assert status == 200
    assert table.sync().state_hash() == before
    assert_displays_restored(devices, table.game, since, "the hub's restart")


def silent_wifi_loss(proxy: FreezableProxy, devices: dict[int, VirtualSeat], players: dict[int, SimPlayer],
                     table: StoredTable, hub: UnitHub) -> None:
    """It is seat 3's turn when its Wi-Fi goes quiet for at least 20 s (no reset). The player does
    not wait: it acts during the outage. The hub pauses the table when the broker gives up
    on the seat, and after the link is back the move arrives, is judged then, and counts
    once; the display shows the right prompt again."""
    length = len(table.game.log)
    since = snapshot(devices)
    proxy.freeze()
    started = time.monotonic()
    acting = threading.Thread(target=players[WIFI_SEAT].act, daemon=True)
    acting.start()
    # The broker gives up on a silent client after 1.5 keep-alives (15 s for 10 s) and checks
    # every few seconds: the hub hears the seat's will 15-20 s into the silence.
    _wait(lambda: hub.public()["paused"], timeout=SILENCE_S + 10, what="the hub to notice the silent seat")
    time.sleep(max(0.0, SILENCE_S - (time.monotonic() - started)))
    proxy.thaw()
    acting.join(60)
    assert not acting.is_alive(), "the move made during the outage never went through"
    _wait(lambda: not hub.public()["paused"], timeout=30, what="the table to resume")
    assert len(table.sync().log) == length + 1
    game = table.game
    if not game.over and game.pending is not None and game.pending.seat == WIFI_SEAT:
        assert_displays_restored({WIFI_SEAT: devices[WIFI_SEAT]}, game, {WIFI_SEAT: since[WIFI_SEAT]},
                                 "the silent Wi-Fi loss")

