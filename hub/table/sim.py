"""``citadels-hub sim``: a whole physical table with no hardware, for any game.

One virtual seat device per player speaks the real protocol to the real hub, over an
in-process bus (default) or a real MQTT broker (``--broker``). The game's plug-in
(`hub.games.plugin.GamePlugin`, picked by ``--game``) brings its table, its simulated
table top and its simulated people, who act as people do: they lay cards on their reader,
press A/B/OK to answer the hub's other questions, and move their cards as the hub tells
them. The same seed gives the same game, whatever the transport.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from hub.exits import ExitCode, fail
from hub.games import REGISTRY, host_table, plugin_for, plugin_named
from hub.games.plugin import GamePlugin, StoredMoveError, replay_moves
from hub.games.simulated import ButtonPlayer
from hub.kernel.view_publisher import EventsOnly
from hub.protocol import hub_status_topic
from hub.store import StoredGame, StoreError, not_resumable, replay_stored, restore_table_state
from hub.transport import BusConnectError, InProcessBus, MqttBus, Will
from hub.transport.login import with_broker_password
from hub.transport.watch import connect_patiently
from hub.voice.cli import check_voice_arguments

from .interrupts import StopOnCtrlC
from .seat_logins import seat_urls
from .virtual_seat import VirtualSeat

log = logging.getLogger("hub.sim")
WHAT_TO_DO = "To play on, start a new game (without --resume, or with --new-game)."
EXIT_INTERRUPTED = ExitCode.INTERRUPTED

SERVE_EVERY_S = 0.05
"""While the simulator's thread (the hub thread) waits, how often it answers other threads' reads."""

def follow_stored(game_plugin: GamePlugin, world: Any, game: Any, stored: StoredGame, path: str) -> None:
    """Rebuild `stored`'s game on `game` (the table's, nothing applied) and move the
    simulated table top `world` along its log (the game's own ``follow_stored``). A log
    the rules refuse, or one the simulated cards cannot follow, raises
    ``StoreError("diverged")`` saying which action and what to do."""
    try:
        if game_plugin.follow_stored is not None and world is not None:
            game_plugin.follow_stored(world, game, stored)
        else:
            replay_moves(game_plugin, game, stored)
    except StoredMoveError as exc:
        if exc.refused:
            raise not_resumable(stored, path, exc.index, f"the rules refuse it ({exc.refusal})",
                                "the file was changed, or written by a hub with other rules", WHAT_TO_DO) from exc
        raise not_resumable(stored, path, exc.index, "the simulated players do not hold the cards it needs",
                            "it was said for them (by a phone or the admin) with cards the simulator did not deal "
                            "them", WHAT_TO_DO) from exc


class SimTable:
    """The hub, the table top and one bot per seat, wired over one bus."""

    def __init__(self, setup: Any, bots: str | None = None, broker: str | None = None, table: str = "t1",
                 journal: Any = None, journal_meta: Any = None, listeners: tuple[Any, ...] = (),
                 seat_urls: dict[int, str] | None = None, stored: StoredGame | None = None,
                 stored_in: str = "the store", tell: Callable[[str], None] | None = None) -> None:
        """`seat_urls`: each seat's own broker login (hub.table.seat_logins); default the hub's URL.
        `stored`: the game to carry on (its setup is `setup`), from the store `stored_in`:
        rebuilt from its log (the game's `follow_stored`), its seats then boot anew.
        `tell`: where to say that the simulated people took up a game the admin started."""
        self.setup = setup
        self.tell = tell
        self.table = table
        self.game_plugin: GamePlugin = plugin_for(setup)
        self.registry = self.game_plugin.virtual_registry(setup)
        self.broker = broker
        hub_bus: InProcessBus | MqttBus = InProcessBus() if broker is None else connect_patiently(
            broker, f"hub-{table}", Will(hub_status_topic(table), b"offline", 1, True), who="the simulated hub")
        self.hub_bus = hub_bus
        self.inproc = hub_bus if isinstance(hub_bus, InProcessBus) else None
        self.service = host_table(self.game_plugin, hub_bus, self.registry, setup, table=table, journal=journal,
                                  journal_meta=journal_meta, hub_thread="caller" if self.inproc else "own")
        self.world: Any = self.game_plugin.sim_world(self.registry, setup, lambda: self.service.game)
        self.dealt = self.service.game.setup  # the game whose cards the table top holds
        boot = 1000
        if stored is not None and stored.actions:
            try:
                follow_stored(self.game_plugin, self.world, self.service.game, stored, stored_in)
            except BaseException:
                hub_bus.close()
                raise
            restore_table_state(self.service, stored.actions, stored.meta, self.game_plugin.parse_action)
            boot = max([boot, *(int(m["boot"]) for m in stored.meta if "boot" in m)])  # the seats boot anew
        self.service.subscribe(EventsOnly(self._follow))  # it reads events: no view built for it
        for listener in listeners:  # before start: they hear the game's opening too
            self.service.subscribe(listener)
        self.service.start()  # hangs restore_displays on the bus's reconnect hook
        target: Any = self.inproc if self.inproc is not None else broker
        self.seat_urls = {s: (seat_urls or {}).get(s, target) for s in range(1, setup.players + 1)}
        self.seat_target = target  # a seat the admin's bigger game adds logs in as the hub does
        if seat_urls:
            self._check_seat_logins()
        self.boot = boot
        self.devices: dict[int, VirtualSeat] = {}
        self.bot = bots or self.game_plugin.bots[0]
        self.players: dict[int, Any] = {}
        self.setup = self.service.game.setup  # the very object: a game with another is the admin's (see play)
        self._seat_people(self.setup)

    def _seat_people(self, setup: Any) -> None:
        """A simulated person at every seat of `setup`'s game, each with a seat device (the
        devices of seats a smaller game leaves empty stay on the table, unused)."""
        for seat in range(1, setup.players + 1):
            if seat not in self.devices:
                url = self.seat_urls.get(seat, self.seat_target)
                self.devices[seat] = VirtualSeat(url, table=self.table, seat=seat, device=f"sim-{self.table}-{seat}",
                                                 boot=self.boot + seat, patience=None)
        elsewhere = self.inproc is None
        if self.world is not None:
            self.players = {s: self.game_plugin.sim_player(s, self.devices[s], self.bot, setup, self.service,
                                                           self.world, elsewhere)
                            for s in range(1, setup.players + 1)}
        else:  # the hub deals: no cards before the people, every option on the buttons
            self.players = {s: ButtonPlayer(s, self.devices[s], self.service, setup.seed, elsewhere)
                            for s in range(1, setup.players + 1)}
        self._wait_online()

    def _follow(self, event_id: int, message: dict[str, Any]) -> None:
        game = self.service.game
        if game.setup is not self.dealt and any(e.get("kind") == "new_game" for e in message["events"]):
            self._deal(game.setup)  # before the new game's opening, which the new table top must hear
        if self.world is not None:
            self.world.follow(message, game)

    def _deal(self, setup: Any) -> None:
        """A new game on the table (the admin's): the simulated table top deals it anew, with
        its seed, as the simulator deals its own; a game the hub deals has none (the plug-in's
        ``sim_world`` says None)."""
        self.dealt = setup
        self.world = self.game_plugin.sim_world(self.registry, setup, lambda: self.service.game)

    def _take_up(self, game: Any) -> None:
        """The simulated people take up the game the admin started, at its seats."""
        if self.inproc is None:
            self.service.settle()  # the hub thread may still be telling the table top of it
        self.setup = game.setup
        self._seat_people(game.setup)
        if self.tell is not None:
            dealt = "" if self.world is not None else "; the hub deals it, so they press the seat buttons"
            self.tell(f"A new game was started from the admin page: the simulated players play it "
                      f"({game.n} seats, seed {game.setup.seed}{dealt}).")

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
             after_step: Any = None) -> Any:
        for _ in range(max_steps):
            game = self.service.game  # read at every step: the admin may start a new game
            if game.over or (stop is not None and stop.is_set()):
                return game
            if game.setup is not self.setup:  # a new game from the admin page: the people take it up
                self._take_up(game)
                continue
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


def _kept_runs(args: Any, setups: list[Any]) -> tuple[Any, Any]:
    """(SimRuns or None, lasting phone links or None). `--db FILE` records as asked; with
    the web page (or `--state-dir`) the state directory's sim.db is used and the same
    command's interrupted game resumed, so the page and its links outlive a crash."""
    from hub.store import SimRuns
    from hub.store.state import state_database
    from hub.web.tokens import SeatLinks

    if not (args.db or args.state_dir or not args.headless):
        return None, None
    path = state_database(args.db, args.state_dir, "sim.db")
    resume = args.resume or (not args.db and _interrupted(path, setups[0], args))
    if args.resume:
        _check_series_game(path, plugin_for(setups[0]))
    runs = SimRuns(path, REGISTRY, setups, resume=resume)
    return runs, (None if args.headless else SeatLinks.kept(runs.store, None))


def _check_series_game(path: Any, plugin: GamePlugin) -> None:
    """``--resume`` carries on the series stored in the file: it must be `plugin`'s."""
    from hub.store import EventStore

    with EventStore(path, REGISTRY) as store:
        games = store.games()
        if not games:
            return
        name = store.game_name(games[0][0]) or plugin_named(None).name
    if name != plugin.name:
        raise OtherGameStored(f"{path} holds games of {name}, not of {plugin.name}: --resume carries on the "
                              f"games stored there (add --game {name}), or leave out --resume for new games")


def _interrupted(path: Any, first: Any, args: Any) -> bool:
    """Whether the same `sim` command was interrupted mid-game in the state directory: its
    latest stored game is unfinished and has the setup this command asks for. A different
    command line (players, seed...) starts a new game."""
    from hub.store import EventStore
    from hub.table.switching import unfinished_other_game

    if args.new_game:
        return False
    with EventStore(path, REGISTRY) as store:
        if store.latest_game() is None:
            return False
        other = unfinished_other_game(store, plugin_for(first), "sim")
        if other is not None and other.known:
            raise OtherGameStored(other.message)
        if other is not None:  # its plug-in is gone: it cannot be carried on, and must not stop a new game
            print(f"{other.message}; it is left as it is, and a new game starts", flush=True)
            return False
        stored = store.load()
    return stored.setup == first and not replay_stored(stored, str(path), WHAT_TO_DO).over


class OtherGameStored(ValueError):
    """The state directory's latest game is an unfinished game of another game (one line, exit 2)."""


def run_sim(args: Any) -> int:
    """Entry point for ``citadels-hub sim`` (see hub.cli for the options)."""
    with StopOnCtrlC() as ctrl_c:
        try:
            return _run_games(args, ctrl_c.stop)
        except KeyboardInterrupt:  # pressed before the handler was in place
            print("Stopped (Ctrl-C) while the table was starting.", flush=True)
            return EXIT_INTERRUPTED


def _stopped(number: int, game: Any, args: Any, plugin: GamePlugin) -> int:
    """The true story of a Ctrl-C in the middle of a game."""
    saved = f" Its moves are saved in {args.db}: carry on with --resume --db {args.db}." if getattr(
        args, "db", None) else ""
    print(f"Stopped (Ctrl-C) in game {number}, {plugin.progress(game)}: that game was not finished.{saved}",
          flush=True)
    return EXIT_INTERRUPTED


def _run_games(args: Any, stop: threading.Event) -> int:
    from .runtime import attach_extras, print_new_seat_links, recording_new_games

    exit_code = ExitCode.OK
    plugin = plugin_named(getattr(args, "game", None))
    setups = [plugin.setup_from_options(args, args.seed + i) for i in range(args.games)]
    try:
        runs, links = _kept_runs(args, setups)
    except StoreError as exc:
        return fail(str(exc), ExitCode.STORE)
    if runs is not None:
        setups = runs.setups
    elif args.resume:
        return fail("--resume needs --db FILE", ExitCode.BAD_INPUT)
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
        narrator = plugin.terminal(names) if tell and plugin.terminal is not None else None
        listeners = (narrator.on_message,) if narrator is not None else ()
        try:
            sim = SimTable(setup, bots=args.bots, broker=broker, table=args.table,
                           journal_meta=recorder, listeners=listeners, stored=stored,
                           stored_in=runs.store.path if runs is not None else "the store",
                           seat_urls=seat_urls(broker, setup.players, getattr(args, "seat_logins", None)),
                           tell=(lambda line: print(line, flush=True)) if tell else None)
        except StoreError as exc:  # the stored game cannot be carried on: the message says why and what to do
            return fail(str(exc), ExitCode.STORE)
        except BusConnectError as exc:  # refused: waiting would not help
            return fail(str(exc), ExitCode.BAD_INPUT)
        if runs is not None:  # a game the admin starts is a game of its own in the store, with its own seat links
            sim.service.on_new_game = recording_new_games(runs.store, links)
            if links is not None and links.follow(recorder.game_id) and i > 0:
                print_new_seat_links(links, setup.players)
        if tell and stored is not None and stored.actions:
            print(f"Resumed game {stored.id} from {runs.store.path if runs is not None else ''}: "
                  f"{len(stored.actions)} actions, {plugin.progress(sim.service.game)}", flush=True)
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
            if not game.over:
                if narrator is not None:
                    narrator.mute()  # what follows is the table being taken down, not the game
                return _stopped(i + 1, game, args, plugin)
            summary = plugin.summary(game)
            if args.json:
                print(json.dumps(summary, ensure_ascii=False, separators=(",", ":")), flush=True)
            else:  # the game played: the admin may have started another, with other names
                print(plugin.result_line(i + 1, summary, dict(enumerate(game.setup.names, start=1))), flush=True)
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
