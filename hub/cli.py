"""``citadels-hub``: the command line. Parses arguments and wires the parts; no rules here."""

from __future__ import annotations

import argparse
import json
import sys

from hub.cli_args import (OneLineParser, broker_url, deck_name, game_count, guarded, player_count, preflight,
                           seat_number, seed_value)
from hub.engine import Game, Setup
from hub.engine.bots import make_bot, play
from hub.engine.editions import edition_names, variant_names
from hub.exits import ExitCode, fail, say
from hub.store.options import add_state_options
from hub.summary import game_summary


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=player_count, default=4, help="2 to 7 (default 4)")
    p.add_argument("--seed", type=seed_value, default=None,
                   help="seed of the first game (default: unpredictable; 1 for 'sim --headless')")
    p.add_argument("--edition", choices=edition_names(), default="classic",
                   help="rule set: classic (default) or 2000 (the 2000 rule sheet)")
    p.add_argument("--variant", choices=variant_names(), default=None,
                   help="classic8: 8 districts complete a city with 4-7 players (Classic; default classic7); "
                        "short: 7 instead of 8 (2000; default standard)")
    p.add_argument("--deck", type=deck_name, default=None,
                   help="district set: classic, museum_quarry or 2000 (default: the edition's)")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="citadels-hub", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("sim", help="run a whole simulated table (no hardware needed)")
    _add_game_options(sim)
    sim.add_argument("--headless", action="store_true", help="no web server, full speed")
    sim.add_argument("--json", action="store_true", help="one JSON line per finished game")
    sim.add_argument("--quiet", action="store_true", help="print only the links and each game's result")
    sim.add_argument("--games", type=game_count, default=1, help="how many games (seeds S, S+1, ...)")
    sim.add_argument("--bots", choices=["heuristic", "random"], default="heuristic")
    sim.add_argument("--engine-only", action="store_true",
                     help="bots play the engine directly, without the simulated table")
    _add_table_options(sim)
    sim.add_argument("--seat-logins", default=None, metavar="FILE",
                     help="with --broker: each simulated seat logs in as seatN, password from FILE ('seatN "
                          "PASSWORD' lines, as make-passwords.sh prints; or $CITADELS_SEAT_LOGINS_FILE)")
    add_state_options(sim, automatic=False)

    run = sub.add_parser("run", help="referee a real table: seats over MQTT, optional serial readers")
    _add_game_options(run)
    run.add_argument("--tags", required=True, help="tag registry written by 'citadels-hub enroll'")
    run.add_argument("--serial", action="append", metavar="[json:|pn532:]PORT:SEAT",
                     help="a reader wired to the hub (repeatable); see docs/serial.md")
    run.add_argument("--headless", action="store_true", help="no web server")
    add_state_options(run, automatic=True)
    _add_table_options(run)

    enroll = sub.add_parser("enroll", help="pair every physical card with its RFID tag")
    enroll.add_argument("--tags", required=True, help="registry file to write (resumed if it exists)")
    enroll.add_argument("--broker", type=broker_url, default="mqtt://127.0.0.1:1883",
                        help="broker the enrolling seat uses (password: CITADELS_BROKER_PASSWORD, never here)")
    enroll.add_argument("--seat", type=seat_number, default=1, help="whose reader is used for tapping (default 1)")
    enroll.add_argument("--table", default="t1")
    enroll.add_argument("--deck", type=deck_name, default="classic", help="unique-district set of the printing")
    from hub.softseat.terminal import add_soft_seat_command

    add_soft_seat_command(sub)
    try:
        from hub.store.cli import add_store_commands
    except ImportError:  # pragma: no cover
        pass
    else:
        add_store_commands(sub)
    return parser


def _add_table_options(p: argparse.ArgumentParser) -> None:
    """Options shared by the table commands; filled in by hub.table when present."""
    try:
        from hub.table.options import add_table_options
    except ImportError:
        return
    add_table_options(p)


def cmd_sim(args: argparse.Namespace) -> int:
    runner = None
    if not args.engine_only:
        try:
            from hub.table.sim import run_sim
            runner = run_sim
        except ImportError:
            runner = None
    if runner is not None:
        return int(runner(args))
    for i in range(args.games):
        game = simulate_engine_only(args.players, args.seed + i, args.variant or "", args.deck or "", args.bots,
                                    args.edition)
        _print_game(game, args.json)
    return ExitCode.OK


def simulate_engine_only(players: int, seed: int, variant: str, deck: str, bots: str,
                         edition: str = "classic") -> Game:
    game = Game.new(Setup(players=players, seed=seed, variant=variant, deck=deck, edition=edition))
    return play(game, make_bot(bots, seed))


def _print_game(game: Game, as_json: bool) -> None:
    summary = game_summary(game)
    if as_json:
        print(json.dumps(summary, ensure_ascii=False, separators=(",", ":")), flush=True)
        return
    print(f"seed {summary['seed']}: {summary['players']} players, {summary['rounds']} rounds, "
          f"seat {summary['winner']} wins")
    for s in summary["seats"]:
        print(f"  seat {s['seat']}: {s['score']:3d}  {s['breakdown']}  {', '.join(s['city'])}")


def cmd_enroll(args: argparse.Namespace) -> int:
    from hub.table.enroll import EnrollmentSession
    from hub.transport import BusConnectError
    from hub.transport.watch import open_bus

    try:
        bus = open_bus(args.broker, "hub-enroll", who="the enrollment")
    except BusConnectError as exc:
        return fail(str(exc), ExitCode.BAD_INPUT)
    except KeyboardInterrupt:
        return ExitCode.OK
    session = EnrollmentSession(bus, args.tags, args.seat, table=args.table, deck=args.deck, out=sys.stdout)
    session.start()
    try:
        session.finished.wait()
    except KeyboardInterrupt:
        print("Stopped; run the same command again to carry on where you left off.")
    finally:
        if not session.close():  # the last tap's answer reaches the seat before the hub leaves
            say("the broker did not take the seat's last message in time")
    return ExitCode.OK


def main(argv: list[str] | None = None) -> int:
    """Parse, check (hub.cli_args.preflight), run; any failure is one line and an exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    return guarded(lambda: dispatch(parser, args))


def dispatch(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    preflight(args)
    if args.command == "sim":
        return cmd_sim(args)
    if args.command in ("replay", "export"):
        from hub.store.cli import run_store_command

        return run_store_command(args)
    if args.command == "run":
        from hub.table.run import run_hub

        return run_hub(args)
    if args.command == "enroll":
        return cmd_enroll(args)
    if args.command == "soft-seat":
        from hub.softseat.terminal import run_soft_seat

        return run_soft_seat(args)
    parser.error(f"unknown command {args.command}")  # exits BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
