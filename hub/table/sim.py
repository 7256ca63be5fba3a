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
import threading
import time
from collections.abc import Callable
from typing import Any

from hub.engine import Action, Game, Setup
from hub.engine.bots import Bot, make_bot
from hub.exits import ExitCode, fail
from hub.protocol import SeatCommand
from hub.summary import game_summary
from hub.store import StoredGame, replay_stored, restore_table_state
from hub.transport import BusConnectError, InProcessBus, MqttBus, Will
from hub.transport.login import with_broker_password
from hub.transport.watch import connect_patiently

from .interrupts import StopOnCtrlC
from .narrate_terminal import TerminalNarrator, result_line
from .registry import TagRegistry
from .seat_logins import seat_urls
from .service import TableService
from .sim_restore import WHAT_TO_DO, follow_stored
from hub.kernel.view_publisher import EventsOnly
from .virtual_seat import VirtualSeat
from .world import TableTop

log = logging.getLogger("hub.sim")
EXIT_INTERRUPTED = ExitCode.INTERRUPTED

SERVE_EVERY_S = 0.05
"""While the simulator's thread (the hub thread) waits, how often it answers other threads' reads."""

ANSWER_WAIT_S = 2.0
"""How long a simulated person waits for the hub's answer before trying the event again."""


class SimPlayer:
    """A bot at one seat: decides like the engine bots, acts with cards and buttons."""

    def __init__(self, seat: int, device: VirtualSeat, bot: Bot, service: TableService, world: TableTop,
                 hub_elsewhere: bool = True) -> None:
        self.seat = seat
        self.device = device
        self.bot = bot
        self.service = service
        self.world = world
        self.hub_elsewhere = hub_elsewhere
        """The hub runs on a thread of its own (over MQTT). In process this thread is the
        hub's: an event has been taken in, and its listeners told, when the send returns."""

    def options(self, game: Game, hand: list[str] | None = None) -> list[Action]:
        """The legal options this player can really carry out with the cards in front of it
        (`hand`: its hand's card ids, if already at hand)."""
        if hand is None:
            hand = self.world.hand_ids(self.seat)
        offered = set(self.world.offered(self.seat))
        return [a for a in game.legal_actions()
                if not ((a.verb == "build" and a.args[0] not in hand)
                        or (a.verb == "pick" and a.args[0] not in offered)
                        or (not hand and a.verb in ("lab", "museum")))]

    def act(self) -> None:
        game = self.service.game
        assert game.pending is not None
        if game.pending.kind == "faceup":
            character = self.world.faceup[len(game.faceup)]
            self._lay(self.world.character_uid(character))
            return
        hand = self.world.hand_ids(self.seat)
        choice = self.bot.choose(game, self.options(game, hand), hand)
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
            if int(choice.args[0]) == self.seat:
                self._press_to(choice)  # one's own district: buttons (a card of one's city is never a move)
            else:
                self._lay(uid)
        else:
            self._press_to(choice)

    def _discard_choice(self, pile: list[str]) -> str:
        return sorted(pile)[len(self.service.game.log) % len(pile)]

    def _lay(self, uid: str) -> bool:
        """Lay a card on the reader and lift it again; True if the hub accepted it."""
        accepted, _answer = self._exchange(lambda: self.device.place(uid), after=lambda: self.device.lift(uid))
        return accepted

    def _press_to(self, choice: Action) -> None:
        options = self.service.button_options(self.seat)
        if choice not in options:
            raise RuntimeError(f"seat {self.seat}: {choice} is not among the button options")
        steps = options.index(choice)  # the cursor starts on the first option and wraps round
        button = "a" if steps <= len(options) - steps else "b"
        for _ in range(min(steps, len(options) - steps)):  # the short way, as a person would
            self._exchange(lambda: self.device.press(button))
        accepted, answer = self._exchange(lambda: self.device.press("ok"))
        if not accepted:
            why = f"{answer.code} {answer.text}" if answer is not None else "(its answer was lost)"
            raise RuntimeError(f"seat {self.seat}: the hub refused {choice}: {why}")

    def _exchange(self, send: Callable[[], dict[str, Any]],
                  after: Callable[[], object] | None = None) -> tuple[bool, SeatCommand | None]:
        """Send one event (then `after`, e.g. lift the card) until the hub takes it in while
        not paused, as a patient person would through broker outages and seats briefly
        offline. Returns (accepted, the hub's answer or None if it was lost)."""
        while True:
            before = len(self.service.game.log)
            event = send()
            try:
                answer: SeatCommand | None = self.device.answer_to(event, timeout=ANSWER_WAIT_S)
            except TimeoutError:
                answer = self._answer_after_silence(event)
            if self.hub_elsewhere:
                self.service.settle()  # the hub thread may still be telling listeners (the table top) about it
            if after is not None:
                after()
            accepted = len(self.service.game.log) > before
            if answer is not None and answer.code != "paused":
                return answer.code is None, answer
            if answer is None and (accepted or not self.service.paused):
                return accepted, None
            while self.service.paused:  # refused only because a seat was briefly offline: again
                time.sleep(0.02)
                self.service.run_pending()

    def _answer_after_silence(self, event: dict[str, Any]) -> SeatCommand | None:
        """The hub's answer to `event` after a silence: the event again (the hub drops
        duplicates), or None once the hub says it took the event in (its answer was lost)."""
        while True:
            if self.service.handled(event["device"], event["boot"], event["seq"]):
                return None
            self.device.resend(event)
            try:
                return self.device.answer_to(event, timeout=ANSWER_WAIT_S)
            except TimeoutError:
                pass


def keep_best(world: TableTop, game_of: Any) -> Any:
    """How simulated people keep drawn cards: the dearest ones not already in their city."""
    def choose(seat: int, uids: list[str], keep: int) -> list[str]:
        game = game_of()
        city = set(game.player(seat).city)
        districts = game.cards.districts
        ranked = sorted(uids, key=lambda u: (world.card_id(u) not in city, districts[world.card_id(u)].cost, u),
                        reverse=True)
        return ranked[:keep]
    return choose


def give_up_worst(world: TableTop, game_of: Any) -> Any:
    """Cards people give back first: those already built, then the cheapest."""
    def choose(seat: int, n: int) -> list[str]:
        game = game_of()
        city = set(game.player(seat).city)
        districts = game.cards.districts
        ranked = sorted(world.hands[seat], key=lambda u: (world.card_id(u) not in city, districts[world.card_id(u)].cost, u))
        return ranked[:n]
    return choose


class SimTable:
    """The hub, the table top and one bot per seat, wired over one bus."""

    def __init__(self, setup: Setup, bots: str = "heuristic", broker: str | None = None, table: str = "t1",
                 journal: Any = None, journal_meta: Any = None, listeners: tuple[Any, ...] = (),
                 seat_urls: dict[int, str] | None = None, stored: StoredGame | None = None,
                 stored_in: str = "the store") -> None:
        """`seat_urls`: each seat's own broker login (hub.table.seat_logins); default the hub's URL.
        `stored`: the game to carry on (its setup is `setup`), from the store `stored_in`:
        rebuilt from its log (`follow_stored`), its seats then boot anew."""
        self.setup = setup
        self.table = table
        self.registry = TagRegistry.virtual(setup.deck)
        self.broker = broker
        hub_bus: InProcessBus | MqttBus = InProcessBus() if broker is None else connect_patiently(
            broker, f"hub-{table}", Will(f"citadels/{table}/hub/status", b"offline", 1, True), who="the simulated hub")
        self.hub_bus = hub_bus
        self.inproc = hub_bus if isinstance(hub_bus, InProcessBus) else None
        self.service = TableService(hub_bus, self.registry, setup, table=table, journal=journal,
                                    journal_meta=journal_meta, hub_thread="caller" if self.inproc else "own")
        self.world = TableTop(self.registry, setup.players, setup.seed, setup.rules)
        self.world.shuffle_characters()
        self.world.choose_keep = keep_best(self.world, lambda: self.service.game)
        self.world.choose_give_up = give_up_worst(self.world, lambda: self.service.game)
        boot = 1000
        if stored is not None and stored.actions:
            try:
                follow_stored(self.world, self.service.game, stored, stored_in)
            except BaseException:
                hub_bus.close()
                raise
            restore_table_state(self.service, stored.actions, stored.meta)
            boot = max([boot, *(int(m["boot"]) for m in stored.meta if "boot" in m)])  # the seats boot anew
        self.service.subscribe(EventsOnly(self._follow))  # it reads events: no view built for it
        for listener in listeners:  # before start: they hear the game's opening too
            self.service.subscribe(listener)
        self.service.start()  # hangs restore_displays on the bus's reconnect hook
        target: Any = self.inproc if self.inproc is not None else broker
        self.seat_urls = {s: (seat_urls or {}).get(s, target) for s in range(1, setup.players + 1)}
        if seat_urls:
            self._check_seat_logins()
        self.devices = {s: VirtualSeat(self.seat_urls[s], table=table, seat=s, device=f"sim-{table}-{s}",
                                       boot=boot + s, patience=None)
                        for s in range(1, setup.players + 1)}
        self.players = {s: SimPlayer(s, d, make_bot(bots, setup.seed * 31 + s), self.service, self.world,
                                     hub_elsewhere=self.inproc is None)
                        for s, d in self.devices.items()}
        self.handed_over = False  # the admin started a game of their own: the bots stop (see play)
        self._wait_online()

    def _follow(self, event_id: int, message: dict[str, Any]) -> None:
        game = self.service.game
        pending_graveyard = game.pending is not None and game.pending.kind == "graveyard"
        for event in message["events"]:
            self.world.on_event(event, pending_graveyard)

    def _wait_online(self) -> None:
        deadline = time.monotonic() + 30
        while not all(self.service.online.get(s) for s in self.devices):
            if time.monotonic() > deadline:
                raise TimeoutError("the simulated seats did not come online: " + "; ".join(self._why_offline()))
            time.sleep(0.005)

    def _check_seat_logins(self) -> None:
        """A seat's own login refused is said at once (a virtual seat would retry forever)."""
        from .seat_logins import refused_login

        for seat, url in self.seat_urls.items():
            try:
                MqttBus.from_url(url, f"sim-{self.table}-{seat}-login", connect_timeout=10).close()
            except BusConnectError as exc:
                raise BusConnectError(refused_login(seat, url, str(exc))) from None

    def _why_offline(self) -> list[str]:
        """Per seat not online: the broker's refusal of its login, or the ACL rule that kept
        its messages out (a second connection with the same login asks the broker)."""
        from .seat_logins import why_offline

        reasons = []
        for seat, url in self.seat_urls.items():
            if self.service.online.get(seat) or not isinstance(url, str) or not url.startswith(("mqtt", "mqtts")):
                continue
            refusal = None
            try:
                MqttBus.from_url(url, f"sim-{self.table}-{seat}-probe", connect_timeout=5).close()
            except BusConnectError as exc:
                refusal = str(exc)
            except OSError as exc:
                refusal = f"no answer ({exc})"
            reasons.append(why_offline(seat, url, self.table, refusal))
        return reasons or ["the hub never heard them"]

    def play(self, speed: float = 0.0, max_steps: int = 20_000, stop: threading.Event | None = None,
             after_step: Any = None) -> Game:
        game_of = lambda: self.service.game  # noqa: E731 - the admin may start a new game
        for _ in range(max_steps):
            game = game_of()
            if game.over or (stop is not None and stop.is_set()):
                return game
            if game.setup != self.setup:  # a new game from the admin page: the bots dealt none of it
                self.handed_over = True
                return game
            if self.service.store_error is not None:
                raise RuntimeError(self.service.store_error)
            if self.service.paused:
                time.sleep(0.05)
                self.service.run_pending()  # in-process: this thread is the hub's; take other threads' inputs in
                continue
            assert game.pending is not None
            self.players[game.pending.seat].act()
            if after_step is not None:
                after_step()  # e.g. let the voice finish so nothing said is dropped
            if speed:
                self.idle(speed)
        raise RuntimeError(f"the simulated game did not end in {max_steps} steps")

    def idle(self, seconds: float) -> None:
        """Wait `seconds`; in-process this thread is the hub thread, so the web page's
        reads and requests queued meanwhile are answered as it waits."""
        self.service.serve_for(seconds)

    def close(self) -> None:
        for device in self.devices.values():
            device.close()
        self.service.stop()
        self.hub_bus.close()


def _pacer(speed: float, speaker: Any, stop: threading.Event | None = None, hub: Any = None) -> Any:
    """What to do after each simulated move when the voice speaks, or None: let the voice
    finish, then wait `speed`. A Ctrl-C (`stop`) cuts the waiting short. While it waits,
    `hub` (the table whose hub thread this is: `run_pending`, `serve_for`) answers the web
    page's reads and requests."""
    if speaker is None:
        return None
    stop = stop or threading.Event()
    serve = hub.run_pending if hub is not None else (lambda: None)
    serve_for = hub.serve_for if hub is not None else stop.wait

    def step() -> None:
        deadline = time.monotonic() + 30  # let the voice finish so nothing said is dropped
        while not stop.is_set() and not speaker.wait_idle(SERVE_EVERY_S) and time.monotonic() < deadline:
            serve()
        if speed:
            until = time.monotonic() + speed
            while not stop.is_set() and (left := until - time.monotonic()) > 0:
                serve_for(min(SERVE_EVERY_S, left))  # each request taken in as it arrives
        serve()
    return step


def _kept_runs(args: Any, setups: list[Setup]) -> tuple[Any, Any]:
    """(SimRuns or None, lasting phone links or None). `--db FILE` records as asked; with
    the web page (or `--state-dir`) the state directory's sim.db is used and the same
    command's interrupted game resumed, so the page and its links outlive a crash."""
    from hub.store import SimRuns
    from hub.store.state import state_database
    from hub.web.tokens import lasting_tokens

    if not (args.db or args.state_dir or not args.headless):
        return None, None
    path = state_database(args.db, args.state_dir, "sim.db")
    resume = args.resume or (not args.db and _interrupted(path, setups[0], args))
    runs = SimRuns(path, setups, resume=resume)
    return runs, (None if args.headless else lasting_tokens(runs.store))


def _interrupted(path: Any, first: Setup, args: Any) -> bool:
    """Whether the same `sim` command was interrupted mid-game in the state directory: its
    latest stored game is unfinished and has the setup this command asks for. A different
    command line (players, seed...) starts a new game."""
    from hub.store import EventStore

    if args.new_game:
        return False
    with EventStore(path) as store:
        if store.latest_game() is None:
            return False
        stored = store.load()
    return stored.setup == first and not replay_stored(stored, str(path), WHAT_TO_DO).over


def run_sim(args: Any) -> int:
    """Entry point for ``citadels-hub sim`` (see hub.cli for the options)."""
    with StopOnCtrlC() as ctrl_c:
        try:
            return _run_games(args, ctrl_c.stop)
        except KeyboardInterrupt:  # pressed before the handler was in place
            print("Stopped (Ctrl-C) while the table was starting.", flush=True)
            return EXIT_INTERRUPTED


def _stopped(number: int, game: Game, args: Any) -> int:
    """The true story of a Ctrl-C in the middle of a game."""
    saved = f" Its moves are saved in {args.db}: carry on with --resume --db {args.db}." if getattr(
        args, "db", None) else ""
    print(f"Stopped (Ctrl-C) in game {number}, round {game.round}: that game was not finished.{saved}",
          flush=True)
    return EXIT_INTERRUPTED


HANDED_OVER = ("A new game was started from the admin page: the simulated seats play only the games the "
               "simulator deals, so this one is played from the seat pages. The hub stays up. Ctrl-C to stop.")


def _run_games(args: Any, stop: threading.Event) -> int:
    from .runtime import attach_extras

    from hub.store import StoreError

    exit_code = ExitCode.OK
    setups = [Setup(players=args.players, seed=args.seed + i, mode="physical", variant=args.variant or "",
                    deck=args.deck or "", edition=getattr(args, "edition", "classic"),
                    names=tuple(args.names.split(",")) if getattr(args, "names", None) else ())
              for i in range(args.games)]
    try:
        runs, links = _kept_runs(args, setups)
    except StoreError as exc:
        return fail(str(exc), ExitCode.STORE)
    if runs is not None:
        setups = runs.setups
    elif args.resume:
        return fail("--resume needs --db FILE", ExitCode.BAD_INPUT)
    try:
        from hub.voice.cli import check_voice_arguments
    except ImportError:  # pragma: no cover - the voice is an optional part
        pass
    else:
        check_voice_arguments(args)
    tell = not args.json and not getattr(args, "quiet", False)
    broker = with_broker_password(args.broker)
    for i, setup in enumerate(setups):
        if stop.is_set():
            print(f"Stopped (Ctrl-C) after {i} finished game(s).", flush=True)
            return EXIT_INTERRUPTED
        try:
            recorder, stored = runs.game(setup) if runs is not None else (None, None)
        except StoreError as exc:
            return fail(str(exc), ExitCode.STORE)
        names = dict(enumerate(setup.names, start=1))
        narrator = TerminalNarrator(names) if tell else None
        listeners = (narrator.on_message,) if narrator is not None else ()
        try:
            sim = SimTable(setup, bots=args.bots, broker=broker, table=args.table,
                           journal_meta=recorder, listeners=listeners, stored=stored,
                           stored_in=runs.store.path if runs is not None else "the store",
                           seat_urls=seat_urls(broker, setup.players, getattr(args, "seat_logins", None)))
        except StoreError as exc:  # the stored game cannot be carried on: the message says why and what to do
            return fail(str(exc), ExitCode.STORE)
        except BusConnectError as exc:  # refused: waiting would not help
            return fail(str(exc), ExitCode.BAD_INPUT)
        if tell and stored is not None and stored.actions:
            print(f"Resumed game {stored.id} from {runs.store.path if runs is not None else ''}: "
                  f"{len(stored.actions)} actions, round {sim.service.game.round}", flush=True)
        extras = attach_extras(sim.service, args, first=i == 0, links=links)
        if extras.speaker is not None and not sim.service.game.log:  # it joined after the opening was told
            extras.speaker.on_events(sim.service.opening_events())
        finished = False
        try:
            speed = args.speed if args.speed is not None else (0.0 if args.headless else 0.8)
            speaker = extras.speaker
            pace = _pacer(speed, speaker, stop, hub=sim.service)
            try:
                game = sim.play(speed=0.0 if pace else speed, after_step=pace, stop=stop)
            except RuntimeError:
                if sim.service.store_error is None:
                    raise
                return fail(sim.service.store_error, ExitCode.STORE)
            if sim.handed_over:
                extras.finish(keep_serving=True, stop=stop, note=HANDED_OVER)
                return EXIT_INTERRUPTED if stop.is_set() else exit_code
            if not game.over:
                if narrator is not None:
                    narrator.mute()  # what follows is the table being taken down, not the game
                return _stopped(i + 1, game, args)
            summary = game_summary(game)
            if args.json:
                print(json.dumps(summary, ensure_ascii=False, separators=(",", ":")), flush=True)
            else:
                print(result_line(i + 1, summary, names), flush=True)
            finished = True
        finally:
            if narrator is not None:
                narrator.mute()
            last = i == len(setups) - 1
            extras.finish(keep_serving=finished and last and not args.headless, stop=stop)
            sim.close()
    if stop.is_set():
        print(f"Stopped (Ctrl-C): all {len(setups)} game(s) finished; the scoreboard is closed.", flush=True)
        return EXIT_INTERRUPTED
    return exit_code
