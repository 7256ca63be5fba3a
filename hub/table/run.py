"""``citadels-hub run``: the hub of a real table (MQTT seats, optional serial readers)."""

from __future__ import annotations

import argparse
import json
import signal
import threading
from typing import Any

from hub.exits import ExitCode, fail
from hub.games import REGISTRY, host_table, plugin_for, plugin_named
from hub.kernel import Table
from hub.kernel.flood import SeatBudget
from hub.protocol import event_topic, hub_status_topic, status_topic
from hub.store import StoreError, TableRecord
from hub.table.switching import other_game_in
from hub.store.state import state_database
from hub.transport import BusConnectError, Will
from hub.transport.login import with_broker_password
from hub.transport.watch import connect_patiently
from hub.web.tokens import SeatLinks

from .journal_lines import JournalLines
from .runtime import attach_extras, recording_new_games

DEFAULT_BROKER = "mqtt://127.0.0.1:1883"


def start_serial_readers(service: Table[Any], specs: list[str]) -> list[Any]:
    """Readers wired to the hub itself feed the same queue as the MQTT seats."""
    from hub.serial import make_reader, parse_serial_arg

    readers = []
    for text in specs:
        spec = parse_serial_arg(text)

        def on_event(seat: int, event: dict[str, Any]) -> None:
            service.feed(event_topic(service.table, seat), json.dumps(event).encode())
        reader = make_reader(spec, on_event)
        reader.start()
        service.feed(status_topic(service.table, spec.seat), b"online")
        readers.append(reader)
    return readers


def run_hub(args: argparse.Namespace) -> int:
    """Referee a real table until stopped. Its games and phone links live in the state
    directory: a crash or power cut followed by the same command carries on the same game."""
    plugin = plugin_named(getattr(args, "game", None))
    registry = plugin.load_registry(args.tags)
    setup = plugin.setup_from_options(args, args.seed, registry)
    path = state_database(args.db, args.state_dir, "game.db")
    try:
        other = None if args.new_game else other_game_in(path, plugin)
    except StoreError as exc:
        return fail(str(exc), ExitCode.STORE)
    if other is not None:
        return fail(other, ExitCode.BAD_INPUT)
    stopping = stop_on_sigterm()
    try:
        record = TableRecord.open(path, REGISTRY, setup,
                                  resume=not args.new_game, resume_finished=False,
                                  start=False)  # a new game is stored once the broker took the hub in
        stored = record.stored
        links = SeatLinks.kept(record.store, stored.id if stored is not None else None)  # the game's own seat links
    except StoreError as exc:  # damaged, unreadable, locked...: said in one line, the file kept as it is
        return fail(str(exc), ExitCode.STORE)
    url = with_broker_password(args.broker or DEFAULT_BROKER)
    try:
        bus = connect_patiently(url, f"hub-{args.table}", Will(hub_status_topic(args.table), b"offline", 1, True),
                                stop=stopping, persistent=True)  # the broker queues seat events while the hub restarts
    except BusConnectError as exc:
        if stopping.is_set():
            return ExitCode.OK
        return fail(str(exc), ExitCode.BAD_INPUT)
    except KeyboardInterrupt:  # Ctrl-C while waiting for the broker
        return ExitCode.OK
    try:
        recorder = record.begin()
        links.follow(recorder.game_id)  # a new game (not a resumed one): new seat links
    except StoreError as exc:
        bus.close()
        return fail(str(exc), ExitCode.STORE)
    service = host_table(plugin_for(record.setup), bus, registry, record.setup, table=args.table, game=record.game,
                         journal_meta=recorder)
    record.restore(service)
    service.subscribe(JournalLines())  # seats offline and back, pauses, corrections: in the journal
    service.seat_budget = SeatBudget()  # one seat's flood never queues ahead of the others' moves
    service.on_new_game = recording_new_games(record.store, links)  # a new game: its own record, its own seat links
    _say_which_game(record)
    extras = attach_extras(service, args, first=True, links=links)
    service.start()
    readers = start_serial_readers(service, args.serial or [])
    print(f"Hub running: table {args.table}, {record.setup.players} players, {len(registry.tags)} tags known",
          flush=True)
    try:
        while not stopping.wait(1.0):
            if extras.thread is not None and not extras.thread.is_alive():
                break  # the web server died: let systemd start everything again
    except KeyboardInterrupt:
        pass
    finally:
        for reader in readers:
            reader.stop()
        service.stop()
        bus.flush(2.0)
        bus.close()
    return ExitCode.OK


def _say_which_game(record: TableRecord) -> None:
    stored = record.stored
    if stored is not None:
        print(f"Resumed game {stored.id} from {record.store.path}: {len(stored.actions)} actions, "
              f"{stored.setup.players} players", flush=True)
    else:
        print(f"New game {record.recorder.game_id} in {record.store.path}", flush=True)


def stop_on_sigterm() -> threading.Event:
    """systemd stops the hub with SIGTERM: the returned event is set, and the hub leaves as
    on Ctrl-C (hub/status offline, clean disconnect). An event, not an exception, so the
    signal cannot land in the middle of the start-up or the shutdown."""
    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda _signum, _frame: stopping.set())
    return stopping
