"""``citadels-hub``: the command line. Parses arguments and wires the parts; no rules here."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from hub.cli_args import (OneLineParser, bounded, broker_url, game_count, guarded, preflight, seat_number,
                          seed_value)
from hub.commands.stored import add_store_commands
from hub.commands.voice import add_voice_command, run_voice
from hub.games import DEFAULT_GAME, GAMES, GamePlugin, plugin_named
from hub.softseat.terminal import add_soft_seat_command
from hub.exits import ExitCode, fail, say
from hub.store.options import add_state_options
from hub.table.options import add_table_options

DESCRIPTION = ("The hub of a sensor table that referees card games played with RFID-tagged cards "
               "(Citadels, The Builders: Middle Ages, Nim, Catan: Cities & Knights as a companion). "
               "Without hardware: 'citadels-hub sim'. At a table: 'enroll' the cards once, then 'run' "
               "(hardware/raspberry-pi.md). Each command's options: citadels-hub COMMAND --help.")


def chosen_game(argv: list[str] | None) -> GamePlugin:
    """The game ``--game NAME`` asks for (default citadels), read before the whole command
    line: each game adds options of its own. An unknown name is the full parser's to refuse."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--game", default=DEFAULT_GAME)
    known, _rest = early.parse_known_args(sys.argv[1:] if argv is None else argv)
    return plugin_named(known.game if known.game in GAMES else DEFAULT_GAME)


def _add_game_choice(p: argparse.ArgumentParser, what: str = "which game the table hosts") -> None:
    p.add_argument("--game", choices=sorted(GAMES), default=DEFAULT_GAME, help=f"{what} (default {DEFAULT_GAME})")


def _add_game_options(p: argparse.ArgumentParser, game: GamePlugin, simulated: bool) -> None:
    _add_game_choice(p)
    low, high = game.seats[0], game.seats[-1]
    p.add_argument("--players", type=bounded("the number of players", low, high), default=game.default_players,
                   help=f"{low} to {high} (default {game.default_players})")
    p.add_argument("--seed", type=seed_value, default=None,
                   help="seed of the first game (default: unpredictable" + ("; 1 with --headless or --engine-only)"
                                                                           if simulated else ")"))
    game.add_options(p)


def build_parser(game: GamePlugin | None = None) -> argparse.ArgumentParser:
    """The command line, with the options of `game` (default: citadels)."""
    game = game or plugin_named(DEFAULT_GAME)
    parser = OneLineParser(prog="citadels-hub", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("sim", help="run a whole simulated table (no hardware needed)")
    _add_game_options(sim, game, simulated=True)
    sim.add_argument("--headless", action="store_true", help="no web server, full speed")
    sim.add_argument("--json", action="store_true", help="one JSON line per finished game")
    sim.add_argument("--quiet", action="store_true", help="print only the links and each game's result")
    sim.add_argument("--games", type=game_count, default=1, help="how many games (seeds S, S+1, ...)")
    sim.add_argument("--bots", choices=list(game.bots), default=game.bots[0])
    sim.add_argument("--engine-only", action="store_true",
                     help="bots play the engine directly, without the simulated table")
    add_table_options(sim, simulated=True)
    sim.add_argument("--seat-logins", default=None, metavar="FILE",
                     help="with --broker: each simulated seat logs in as seatN, password from FILE ('seatN "
                          "PASSWORD' lines, as make-passwords.sh prints; or $CITADELS_SEAT_LOGINS_FILE)")
    add_state_options(sim, automatic=False)

    run = sub.add_parser("run", help="referee a real table: seats over MQTT, optional serial readers")
    _add_game_options(run, game, simulated=False)
    run.add_argument("--tags", required=True, help="tag registry written by 'citadels-hub enroll'")
    run.add_argument("--serial", action="append", metavar="[json:|pn532:]PORT:SEAT",
                     help="a reader wired to the hub (repeatable); see docs/serial.md")
    run.add_argument("--headless", action="store_true", help="no web server")
    add_state_options(run, automatic=True)
    add_table_options(run, simulated=False)

    enroll = sub.add_parser("enroll", help="pair every physical card with its RFID tag")
    enroll.add_argument("--tags", required=True, help="registry file to write (resumed if it exists)")
    enroll.add_argument("--broker", type=broker_url, default="mqtt://127.0.0.1:1883",
                        help="broker the enrolling seat uses (default mqtt://127.0.0.1:1883; with the Pi's "
                             "logins mqtt://hub@127.0.0.1:1883, the password from CITADELS_BROKER_PASSWORD, "
                             "never here)")
    enroll.add_argument("--seat", type=seat_number, default=1,  # any seat's reader, whatever the game's count
                        help="whose reader is used for tapping: any seat of the table, 1..7 (default 1)")
    enroll.add_argument("--table", default="t1", help="table name in the MQTT topics (default t1)")
    _add_game_choice(enroll, "whose cards to enroll, each game into its own --tags file")
    game.add_enroll_options(enroll)  # which of its cards: Citadels' deck of the printing (not its rules' options)
    enroll.add_argument("--state-dir", default=None, metavar="DIR",
                        help="the table's state directory, whose game.db is checked for another game's unfinished game")
    enroll.add_argument("--db", default=None, metavar="FILE", help="the game database to check instead of the state directory's")
    enroll.add_argument("--new-game", action="store_true",
                        help="enroll even though the table's stored game is another game's, unfinished")
    enroll.add_argument("--take-table", action="store_true",
                        help="enroll even though the broker says a hub serves the table (only when none runs: "
                             "a status a power cut left behind); otherwise stop the hub first")
    add_soft_seat_command(sub)
    add_store_commands(sub)
    add_voice_command(sub)
    return parser


def cmd_sim(args: argparse.Namespace) -> int:
    if not args.engine_only:
        from hub.table.sim import run_sim

        return int(run_sim(args))
    game = plugin_named(args.game)
    if game.engine_only is None:
        raise ValueError(f"{game.name} has no engine-only simulation: leave out --engine-only")
    for i in range(args.games):
        setup = game.setup_from_options(args, args.seed + i)
        summary = game.summary(game.engine_only(setup, args.bots))
        if args.json:
            print(json.dumps(summary, ensure_ascii=False, separators=(",", ":")), flush=True)
        else:
            print("\n".join(game.summary_lines(summary)))
    return ExitCode.OK


def cmd_enroll(args: argparse.Namespace) -> int:
    """Pair every card of ``--game`` with its tag, one tap at a time on one seat's reader
    (`hub.games.enroll`): exit 0 with one summary line when every card is enrolled, 130 on
    Ctrl-C (the file keeps every card enrolled so far); 2 on a table a hub serves (refused
    at the start, or when a hub comes online meanwhile: the table is the hub's)."""
    from hub.games.enroll import EnrollmentSession, hub_serving, hub_will, serving_refusal, taken_notice
    from hub.store.state import default_state_dir
    from hub.table.switching import other_game_in
    from hub.transport import BusConnectError
    from hub.transport.watch import open_bus

    game = plugin_named(args.game)
    if game.registry is None:
        raise ValueError(f"{game.name} has no cards to enroll")
    stored = Path(args.db) if args.db else Path(args.state_dir or default_state_dir()) / "game.db"
    if not args.new_game and stored.is_file():  # enrolling creates no state directory
        other = other_game_in(str(stored), game, "enroll")
        if other is not None:
            return fail(other, ExitCode.BAD_INPUT)
    deck = game.enroll_deck(args)
    if Path(args.tags).exists():
        game.registry.load(args.tags)  # a file of another game or deck: one line, before any connection
    try:
        # a client id of its own: a second enrollment under the same id would knock the first
        # off the broker (its will saying offline) before it could see that the table is held
        bus = open_bus(args.broker, f"hub-enroll-{os.getpid()}", hub_will(args.table), who="the enrollment")
    except BusConnectError as exc:
        return fail(str(exc), ExitCode.BAD_INPUT)
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    try:
        session = EnrollmentSession(bus, args.tags, args.seat, game.registry, table=args.table, deck=deck,
                                    out=sys.stdout)
        if not args.take_table and hub_serving(bus, args.table):  # one answerer per table
            bus.close()  # cleanly: no will, the serving hub's status stays
            return fail(serving_refusal(args.table), ExitCode.BAD_INPUT)
    except BaseException:
        bus.close()
        raise
    code = ExitCode.OK
    try:
        session.start()
        session.finished.wait()
        if session.enrollment.done and session.enrolled:  # its last tap's result, on the seat a moment
            session.show_result()
    except KeyboardInterrupt:
        code = ExitCode.INTERRUPTED
    finally:
        try:
            if not session.close():  # the last tap's answer reaches the seat before the hub leaves
                say("the broker did not take the seat's last message in time")
        except KeyboardInterrupt:
            code = ExitCode.INTERRUPTED
    print(session.summary(), flush=True)
    if session.taken:
        return fail(taken_notice(args.table), ExitCode.BAD_INPUT)
    return code


def main(argv: list[str] | None = None) -> int:
    """Parse, check (hub.cli_args.preflight), run; any failure is one line and an exit code."""
    parser = build_parser(chosen_game(argv))
    args = parser.parse_args(argv)
    return guarded(lambda: dispatch(parser, args))


def dispatch(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    preflight(args)
    if args.command == "sim":
        return cmd_sim(args)
    if args.command in ("replay", "export"):
        from hub.commands.stored import run_store_command

        return run_store_command(args)
    if args.command == "run":
        from hub.table.run import run_hub

        return run_hub(args)
    if args.command == "enroll":
        return cmd_enroll(args)
    if args.command == "voice":
        return run_voice(args)
    if args.command == "soft-seat":
        from hub.softseat.terminal import run_soft_seat

        return run_soft_seat(args)
    parser.error(f"unknown command {args.command}")  # exits BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
