"""`citadels-hub soft-seat`: one seat of the table without its board, driven from a terminal.

The real firmware (firmware/main.py) runs here on a fake board: the reader, the buttons,
the Wi-Fi and the display are the terminal's. Typed commands (one per line, also through a
pipe) lay and lift cards, press buttons and drop the Wi-Fi; what the seat shows (display,
LED, beeps, link) is printed as it changes. A maker checks a whole table before
soldering: one soft seat per seat, each in its own terminal, against the Pi's broker.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
import threading
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import parse_qs, unquote, urlsplit

from hub.exits import ExitCode, fail
from hub.softseat.board import SoftBoard
from hub.softseat.firmware import find_firmware
from hub.text import text_problem

HELP = """commands:
  place CARD        lay a card on the reader (a card name such as King, Manor 3,
                    district:manor:3, or a tag UID such as 04A1B2C3D4E580)
  add CARD          lay a second card alongside the first (two cards on one reader)
  lift [CARD]       lift that card (every card without one)
  press a|b|ok      press a button;  hold a|b|ok  a long press
  wifi off|on       take the seat's Wi-Fi away / bring it back
  show              the display lines, LED, link, last beep and queued events
  help, quit"""

TUNES = {1800: "ok", 440: "error", 1200: "turn"}   # first tone of firmware/feedback.py's tunes
UID_RE = re.compile(r"^(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{14}|[0-9A-Fa-f]{20})$")


def add_soft_seat_command(sub: Any) -> None:
    p = sub.add_parser("soft-seat", help="run one seat's real firmware without its board, from the terminal",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("--seat", type=_seat, default=None, help="seat number 1..7 (default: the --config file's)")
    p.add_argument("--broker", default=None,
                   help="mqtt://seatN@HOST:1883 or mqtts://seatN@HOST:8883?ca=ca.crt (the seat's "
                        "password from CITADELS_BROKER_PASSWORD, never here)")
    p.add_argument("--tags", default=None, help="tag registry (enroll's tags.json) to name cards by; "
                   "default: the simulator's virtual tags")
    p.add_argument("--game", default=None, help="the game whose cards are named by --tags and 'place' "
                   "(default citadels)")
    p.add_argument("--table", default=None, help="table id (default t1)")
    p.add_argument("--config", default=None, help="a seat's config.json (as flash_seat.py writes it) instead "
                   "of the built-in one; --seat/--broker override it")
    p.add_argument("--firmware", default=None, help="the firmware/ folder (default: this source tree's)")
    p.add_argument("--lying", action="append", default=[], metavar="CARD",
                   help="a card lying on the reader when the board powers on (again for a second): a seat "
                        "rebooted under a card, which its first poll finds and reports in its inventory, never "
                        "as laid")


def _seat(text: str) -> int:
    from hub.cli_args import seat_number

    return seat_number(text)


# ------------------------------------------------------------------ the seat's config
def seat_config(args: argparse.Namespace, environ: Any = None) -> dict[str, Any]:
    """The config.json the firmware boots with: --config's file or the example config
    (the real pins), with the seat, table and broker from the command line."""
    firmware = find_firmware(args.firmware)
    base = Path(args.config) if args.config else firmware / "config.example.json"
    try:
        cfg: dict[str, Any] = json.loads(base.read_text())
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read the seat config {base}: {exc}") from None
    if args.seat is not None:
        cfg["seat"] = args.seat
    elif not args.config:
        raise ValueError("say which seat: --seat N (or --config FILE)")
    if args.table is not None or not args.config:
        cfg["table"] = args.table or "t1"
    if args.broker is not None:
        cfg["broker"] = broker_config(args.broker, cfg.get("broker") or {}, environ)
    elif not args.config:
        raise ValueError("say which broker: --broker mqtt://seatN@HOST:PORT (or --config FILE)")
    else:  # the board finds ca.crt next to its config.json: so does the soft seat
        broker = cfg.get("broker") or {}
        ca = broker.get("ca", "ca.crt") if broker.get("tls") else None
        if ca and not Path(ca).is_absolute():
            broker["ca"] = str(base.resolve().parent / ca)
    return cfg


def broker_config(url: str, base: dict[str, Any], environ: Any = None) -> dict[str, Any]:
    """The firmware's `broker` block for a URL: user from the URL, password from the
    environment (as the hub's), TLS and its CA from mqtts://...?ca=FILE."""
    from hub.transport.login import broker_password

    parts = urlsplit(url)
    if parts.scheme not in ("mqtt", "mqtts") or not parts.hostname:
        raise ValueError(f"{url.split('@')[-1]!r} is not a broker URL: mqtt://seatN@HOST:1883 or "
                         "mqtts://seatN@HOST:8883?ca=ca.crt")
    tls = parts.scheme == "mqtts"
    broker = {k: v for k, v in base.items() if k in ("keepalive", "timeout_s", "ping_ms", "dead_ms")}
    broker.update({"host": parts.hostname, "port": parts.port or (8883 if tls else 1883), "tls": tls,
                   "user": unquote(parts.username) if parts.username else None,
                   "password": unquote(parts.password) if parts.password else None})
    if broker["user"] and broker["password"] is None:
        broker["password"] = broker_password(environ)
    if tls:
        ca = parse_qs(parts.query).get("ca", [""])[0]
        broker["ca"] = str(Path(ca).resolve()) if ca else None
    return broker


# ------------------------------------------------------------------ card names
class CardNames:
    """Card name or UID -> tag UID, from a game's tag registry (its virtual one by default):
    the names are the game's plug-in's (`GamePlugin.card_names`)."""

    def __init__(self, tags: str | None, game: str | None = None) -> None:
        from hub.games import plugin_named

        plugin = plugin_named(game)
        registry = (plugin.load_registry(tags) if tags
                    else plugin.virtual_registry(plugin.setup_type(players=plugin.default_players)))
        self.title = plugin.title
        self.names: dict[str, str] = {}
        self.label: dict[str, str] = {}
        for uid, names in plugin.card_names(registry).items():
            for name in names:
                self.names.setdefault(name.lower(), uid)
            self.label[uid] = names[0]

    def uid(self, text: str) -> str:
        key = " ".join(text.split()).lower()
        if key in self.names:
            return self.names[key]
        if UID_RE.match(key):
            return key.upper()
        example = next(iter(self.label.values()), None)  # a name of this game's, not another's
        named = f"a card name of {self.title}" + (f" ({example})" if example else "")
        raise ValueError(f"no card {text!r}: {named} or a 4/7/10-byte tag UID in hex")

    def describe(self, uid: str) -> str:
        return f"{self.label[uid]} ({uid})" if uid in self.label else uid


# ------------------------------------------------------------------ the terminal
class Terminal:
    """Reads commands from `commands`, prints what the seat shows to `out` as it changes."""

    def __init__(self, board: SoftBoard, cards: CardNames, out: TextIO) -> None:
        self.board = board
        self.cards = cards
        self.out = out
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._seen: dict[str, Any] = {}
        self._tones = 0

    def say(self, line: str) -> None:
        with self._lock:
            self.out.write(line + "\n")
            self.out.flush()

    def watch(self) -> None:
        """Print every change of the display, LED, link and buzzer (every 50 ms)."""
        while not self._stop.wait(0.05):
            self.report_changes()

    def report_changes(self) -> None:
        board = self.board
        now = {"link": "up" if board.linked() else "down", "led": board.led(),
               "display": " | ".join(board.display_lines())}
        for key in ("link", "led", "display"):
            if self._seen.get(key) != now[key]:
                self._seen[key] = now[key]
                if key != "display" or now[key]:
                    self.say(f"{key}: {now[key]}")
        tones = board.tones()
        for freq in tones[self._tones:]:
            if freq in TUNES:
                self.say(f"beep: {TUNES[freq]}")
        self._tones = len(tones)

    def show(self) -> None:
        board = self.board
        tones = [TUNES[f] for f in board.tones() if f in TUNES]
        self.say(f"display: {' | '.join(board.display_lines()) or '(empty)'}")
        self.say(f"led: {board.led()}")
        self.say(f"link: {'up' if board.linked() else 'down'}")
        self.say(f"last beep: {tones[-1] if tones else 'none'}")
        self.say(f"queued events: {board.queued()}")

    def do(self, line: str) -> bool:
        """Run one command line; False when the user quits. A line that is not clean text
        (half a character from a broken paste, a control) is refused whole, never sent on."""
        problem = text_problem(line.rstrip("\r\n"))
        if problem:
            self.say(f"? the line holds {problem}: type it again")
            return True
        try:
            words = shlex.split(line)
        except ValueError as exc:
            self.say(f"? {exc}")
            return True
        if not words or words[0].startswith("#"):
            return True
        verb, rest = words[0].lower(), " ".join(words[1:])
        try:
            if verb in ("quit", "exit"):
                return False
            if verb == "help":
                self.say(HELP)
            elif verb == "show":
                self.show()
            elif verb in ("place", "add"):
                uid = self.cards.uid(rest)
                self.board.place(uid, alongside=verb == "add")
                self.say(f"placed {self.cards.describe(uid)}")
            elif verb == "lift":
                lifted = self.cards.uid(rest) if rest else None
                self.board.lift(lifted)
                self.say(f"lifted {self.cards.describe(lifted) if lifted else 'every card'}")
            elif verb in ("press", "hold"):
                self.board.press(rest.lower(), "long" if verb == "hold" else "short")
                self.say(f"{'held' if verb == 'hold' else 'pressed'} {rest.lower()}")
            elif verb == "wifi" and rest.lower() in ("off", "on"):
                self.board.wifi(rest.lower() == "on")
                self.say(f"wifi {rest.lower()}")
            else:
                self.say(f"? unknown command {line.strip()!r} (type help)")
        except ValueError as exc:
            self.say(f"? {exc}")
        return True

    def run(self, commands: TextIO) -> None:
        watcher = threading.Thread(target=self.watch, name="soft-seat-watch", daemon=True)
        watcher.start()
        try:
            for line in commands:
                if not self.do(line):
                    break
                if self.board.error is not None:
                    break
        finally:
            self._stop.set()
            watcher.join(1)


def run_soft_seat(args: argparse.Namespace) -> int:
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)  # the firmware's own log lines, at once, in a pipe too
    cfg = seat_config(args)
    cards = CardNames(args.tags, args.game)
    try:
        lying = [cards.uid(card) for card in args.lying]
    except ValueError as exc:
        return fail(f"--lying: {exc}", ExitCode.BAD_INPUT)
    board = SoftBoard(cfg, args.firmware)
    for n, uid in enumerate(lying):
        board.place(uid, alongside=n > 0)  # before power-on: the firmware's first poll finds them
    terminal = Terminal(board, cards, sys.stdout)
    broker = cfg["broker"]
    terminal.say(f"soft seat {cfg['seat']} of table {cfg['table']}: firmware from {board.firmware}, "
                 f"broker {broker.get('user') or '(no login)'}@{broker['host']}:{broker.get('port')}"
                 f"{' TLS' if broker.get('tls') else ''}; type help")
    board.start()
    try:
        terminal.run(sys.stdin)
    except KeyboardInterrupt:
        pass
    finally:
        board.stop()
        terminal.report_changes()
    if board.error is not None:
        return fail(f"the firmware stopped: {board.error!r}", ExitCode.FAILED)
    return ExitCode.OK
