"""``citadels-hub sim``: a whole physical table with no hardware.

One virtual seat device per player speaks the real protocol to the real hub service,
over an in-process bus (default) or a real MQTT broker (``--broker``). Bots act like
people: they lay a character card on their reader to pick it, lay a district card to
build it, press A/B/OK to answer the hub's other questions, and move their cards as the
hub tells them. The same seed gives the same game, whatever the transport.
"""

from __future__ import annotations

import json
import logging
import sys
import threading
import time
from typing import Any

from hub.engine import Action, Game, Setup
from hub.engine.bots import Bot, make_bot
from hub.transport import InProcessBus, MqttBus, Will

from .registry import TagRegistry
from .service import CARD_VERBS, TableService
from .virtual_seat import VirtualSeat
from .world import TableTop

log = logging.getLogger("hub.sim")


class SimPlayer:
    """A bot at one seat: decides like the engine bots, acts with cards and buttons."""

    def __init__(self, seat: int, device: VirtualSeat, bot: Bot, service: TableService, world: TableTop) -> None:
        self.seat = seat
        self.device = device
        self.bot = bot
        self.service = service
        self.world = world

    def options(self, game: Game) -> list[Action]:
        """The legal options this player can really carry out with the cards in front of it."""
        hand = self.world.hand_ids(self.seat)
        offered = set(self.world.offered(self.seat))
        out = []
        for a in game.legal_actions():
            if a.verb == "build" and a.args[0] not in hand:
                continue
            if a.verb == "pick" and a.args[0] not in offered:
                continue
            if a.verb in ("lab", "museum") and not hand:
                continue
            out.append(a)
        return out

    def act(self) -> None:
        game = self.service.game
        assert game.pending is not None
        if game.pending.kind == "faceup":
            character = self.world.faceup[len(game.faceup)]
            self._lay(self.world.character_uid(character))
            return
        choice = self.bot.choose(game, self.options(game), self.world.hand_ids(self.seat))
        if choice.verb == "pick":
            if self._lay(self.world.character_uid(choice.args[0])):
                self.world.picked(self.seat, choice.args[0], self._discard_choice)
        elif choice.verb == "build":
            uid = self.world.uid_in(self.world.hands[self.seat], choice.args[0])
            self.world.last_placed[self.seat] = uid
            self._lay(uid)
        elif choice.verb == "destroy":
            uid = self.world.uid_in(self.world.cities[int(choice.args[0])], choice.args[1])
            self.world.last_placed[self.seat] = uid
            self._lay(uid)
        else:
            self._press_to(choice)

    def _discard_choice(self, pile: list[str]) -> str:
        return sorted(pile)[len(self.service.game.log) % len(pile)]

    def _lay(self, uid: str) -> bool:
        """Lay a card on the reader and lift it again; True if the hub accepted it."""
        event = self.device.place(uid)
        answer = self.device.answer_to(event, timeout=10)
        self.device.lift(uid)
        return answer.code is None

    def _press_to(self, choice: Action) -> None:
        options = self.service.button_options(self.seat)
        if choice not in options:
            raise RuntimeError(f"seat {self.seat}: {choice} is not among the button options")
        for _ in range(options.index(choice)):
            self.device.answer_to(self.device.press("a"), timeout=10)
        answer = self.device.answer_to(self.device.press("ok"), timeout=10)
        if answer.code is not None:
            raise RuntimeError(f"seat {self.seat}: the hub refused {choice}: {answer.code} {answer.text}")


def keep_best(world: TableTop, game_of: Any) -> Any:
    """How simulated people keep drawn cards: the dearest ones not already in their city."""
    def choose(seat: int, uids: list[str], keep: int) -> list[str]:
        game = game_of()
        city = set(game.player(seat).city)
        districts = game.cards.districts
        ranked = sorted(uids, key=lambda u: (world.card(u).id not in city, districts[world.card(u).id].cost, u),
                        reverse=True)
        return ranked[:keep]
    return choose


def give_up_worst(world: TableTop, game_of: Any) -> Any:
    """Cards people give back first: those already built, then the cheapest."""
    def choose(seat: int, n: int) -> list[str]:
        game = game_of()
        city = set(game.player(seat).city)
        districts = game.cards.districts
        ranked = sorted(world.hands[seat], key=lambda u: (world.card(u).id not in city, districts[world.card(u).id].cost, u))
        return ranked[:n]
    return choose


class SimTable:
    """The hub, the table top and one bot per seat, wired over one bus."""

    def __init__(self, setup: Setup, bots: str = "heuristic", broker: str | None = None, table: str = "t1",
                 journal: Any = None, journal_meta: Any = None) -> None:
        self.setup = setup
        self.registry = TagRegistry.virtual(setup.deck)
        self.broker = broker
        hub_bus: InProcessBus | MqttBus = InProcessBus() if broker is None else MqttBus.from_url(
            broker, f"hub-{table}", Will(f"citadels/{table}/hub/status", b"offline", 1, True))
        if isinstance(hub_bus, MqttBus):
            hub_bus.wait_connected(10)
        self.hub_bus = hub_bus
        self.inproc = hub_bus if isinstance(hub_bus, InProcessBus) else None
        self.service = TableService(hub_bus, self.registry, setup, table=table, journal=journal,
                                    journal_meta=journal_meta)
        self.world = TableTop(self.registry, setup.players, setup.seed, setup.rules)
        self.world.shuffle_characters()
        self.world.choose_keep = keep_best(self.world, lambda: self.service.game)
        self.world.choose_give_up = give_up_worst(self.world, lambda: self.service.game)
        self.service.subscribe(self._follow)
        self.service.start()
        target: Any = self.inproc if self.inproc is not None else broker
        self.devices = {s: VirtualSeat(target, table=table, seat=s, device=f"sim-{table}-{s}", boot=1000 + s)
                        for s in range(1, setup.players + 1)}
        self.players = {s: SimPlayer(s, d, make_bot(bots, setup.seed * 31 + s), self.service, self.world)
                        for s, d in self.devices.items()}
        self._wait_online()

    def _follow(self, event_id: int, message: dict[str, Any]) -> None:
        game = self.service.game
        pending_graveyard = game.pending is not None and game.pending.kind == "graveyard"
        for event in message["events"]:
            self.world.on_event(event, pending_graveyard)

    def _wait_online(self) -> None:
        deadline = time.monotonic() + 10
        while not all(self.service.online.get(s) for s in self.devices):
            if time.monotonic() > deadline:
                raise TimeoutError("the simulated seats did not come online")
            time.sleep(0.005)

    def play(self, speed: float = 0.0, max_steps: int = 20_000, stop: threading.Event | None = None,
             after_step: Any = None) -> Game:
        game_of = lambda: self.service.game  # noqa: E731 - the admin may start a new game
        for _ in range(max_steps):
            game = game_of()
            if game.over or (stop is not None and stop.is_set()):
                return game
            if self.service.store_error is not None:
                raise RuntimeError(self.service.store_error)
            if self.service.paused:
                time.sleep(0.05)
                continue
            assert game.pending is not None
            self.players[game.pending.seat].act()
            if after_step is not None:
                after_step()  # e.g. let the voice finish so nothing said is dropped
            if speed:
                time.sleep(speed)
        raise RuntimeError(f"the simulated game did not end in {max_steps} steps")

    def close(self) -> None:
        for device in self.devices.values():
            device.close()
        self.service.stop()
        self.hub_bus.close()


def _pacer(speed: float, speaker: Any, recorder: Any) -> Any:
    """What to do after each simulated move, or None: let the voice finish; with a
    resumed store, no pause while re-running the moves already recorded."""
    if speaker is None and (recorder is None or not speed):
        return None

    def step() -> None:
        if speaker is not None:
            speaker.wait_idle(30)  # let the voice finish so nothing said is dropped
        if speed and (recorder is None or not recorder.replaying):
            time.sleep(speed)
    return step


def run_sim(args: Any) -> int:
    """Entry point for ``citadels-hub sim`` (see hub.cli for the options)."""
    from hub.cli import game_summary
    from .runtime import attach_extras

    exit_code = 0
    setups = [Setup(players=args.players, seed=args.seed + i, mode="physical", variant=args.variant or "",
                    deck=args.deck or "", edition=getattr(args, "edition", "classic"),
                    names=tuple(args.names.split(",")) if getattr(args, "names", None) else ())
              for i in range(args.games)]
    runs = None
    from hub.store import SimRuns, StoreError
    if getattr(args, "db", None):
        try:
            runs = SimRuns(args.db, setups, resume=bool(getattr(args, "resume", False)))
        except StoreError as exc:
            print(f"citadels-hub: {exc}", file=sys.stderr)
            return 3
        setups = runs.setups
    elif getattr(args, "resume", False):
        print("citadels-hub: --resume needs --db FILE", file=sys.stderr)
        return 2
    for i, setup in enumerate(setups):
        try:
            recorder = runs.recorder(setup) if runs is not None else None
        except StoreError as exc:
            print(f"citadels-hub: {exc}", file=sys.stderr)
            return 3
        sim = SimTable(setup, bots=args.bots, broker=args.broker, table=args.table,
                       journal_meta=recorder.journal if recorder is not None else None)
        extras = attach_extras(sim.service, args, first=i == 0)
        try:
            speed = args.speed if args.speed is not None else (0.0 if args.headless else 0.8)
            speaker = extras.speaker
            pace = _pacer(speed, speaker, recorder)  # a resumed run catches up at full speed
            try:
                game = sim.play(speed=0.0 if pace else speed, after_step=pace)
            except RuntimeError:
                if sim.service.store_error is None:
                    raise
                print(f"citadels-hub: {sim.service.store_error}", file=sys.stderr)
                return 3
            if recorder is not None:
                recorder.finish()
            summary = game_summary(game)
            if args.json:
                print(json.dumps(summary, ensure_ascii=False, separators=(",", ":")), flush=True)
            else:
                print(f"game {i + 1}: seed {summary['seed']}, {summary['rounds']} rounds, seat {summary['winner']} wins "
                      f"({', '.join(str(s['score']) for s in summary['seats'])})", flush=True)
        finally:
            last = i == args.games - 1
            extras.finish(keep_serving=last and not args.headless)
            sim.close()
    return exit_code

