"""``citadels-hub run``: the hub of a real table (MQTT seats, optional serial readers)."""

from __future__ import annotations

import argparse
import json
import threading
from typing import Any

from hub.engine import Setup
from hub.protocol import event_topic, hub_status_topic, status_topic
from hub.redact import mask_password
from hub.transport import MqttBus, Will

from .registry import TagRegistry
from .runtime import attach_extras
from .service import TableService


def start_serial_readers(service: TableService, specs: list[str]) -> list[Any]:
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
    registry = TagRegistry.load(args.tags)
    setup = Setup(players=args.players, seed=args.seed, mode="physical", variant=args.variant or "",
                  deck=registry.deck, edition=getattr(args, "edition", "classic"),
                  names=tuple(args.names.split(",")) if args.names else ())
    bus = MqttBus.from_url(args.broker or "mqtt://127.0.0.1:1883", f"hub-{args.table}",
                           Will(hub_status_topic(args.table), b"offline", 1, True))
    if not bus.wait_connected(10):
        print(f"citadels-hub: cannot reach the broker at {mask_password(args.broker or '')}; "
              "still trying in the background", flush=True)
    record = None
    if args.db:
        from hub.store import TableRecord

        record = TableRecord.open(args.db, setup, resume=args.resume)
        service = TableService(bus, registry, record.setup, table=args.table, game=record.game,
                               journal_meta=record.journal)
        record.restore(service)
        store = record.store

        def record_new_game(new_setup: Setup) -> Any:
            from hub.store import Recorder

            return Recorder.new_game(store, new_setup).journal
        service.on_new_game = record_new_game
        if record.stored is not None:
            print(f"Resumed game {record.stored.id} from {args.db}: {len(record.stored.actions)} actions", flush=True)
    else:
        service = TableService(bus, registry, setup, table=args.table)
    extras = attach_extras(service, args, first=True)
    service.start()
    readers = start_serial_readers(service, args.serial or [])
    print(f"Hub running: table {args.table}, {setup.players} players, {len(registry.tags)} tags known", flush=True)
    try:
        if extras.thread is not None:
            extras.thread.join()
        else:
            threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        for reader in readers:
            reader.stop()
        service.stop()
        bus.close()
    return 0
