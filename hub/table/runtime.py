"""What runs beside the table service: the web server and the voice, wired from the CLI flags."""

from __future__ import annotations

import argparse
import socket
import threading
from typing import Any

from hub.games import plugin_for
from hub.kernel import Table


class CurrentTable:
    """The web app's table: forwards to whichever game service is current, so the page
    survives a new simulated game."""

    def __init__(self, service: Table[Any]) -> None:
        self.service = service
        self.callbacks: dict[Any, Any] = {}  # the page's listeners (subscribed through this table): their unsubscribe

    def switch(self, service: Table[Any]) -> None:
        """The next game's table: the page's listeners now hear it. Only those: the last
        game's own (its simulated table top, its terminal, its voice subscription) stay
        with it, or they would follow a game they never dealt."""
        for callback in self.callbacks:
            self.callbacks[callback] = service.subscribe(callback)
        self.service = service
        service.announce([service.new_game_event()])

    def __getattr__(self, name: str) -> Any:
        return getattr(self.service, name)

    # the facade, spelled out so runtime protocol checks see it
    def public_view(self) -> dict[str, Any]: return self.service.public_view()
    def seat_view(self, seat: int) -> dict[str, Any]: return self.service.seat_view(seat)
    def subscribe(self, callback: Any) -> Any:
        self.callbacks[callback] = self.service.subscribe(callback)

        def forget() -> None:  # from whichever game's table it hears now
            unsubscribe = self.callbacks.pop(callback, None)
            if unsubscribe is not None:
                unsubscribe()
        return forget
    def last_event_id(self) -> int: return self.service.last_event_id()
    def answer(self, seat: int, action_text: str) -> dict[str, Any]: return self.service.answer(seat, action_text)
    def new_game(self, config: dict[str, Any]) -> dict[str, Any]: return self.service.new_game(config)
    def pause(self, reason: str) -> None: self.service.pause(reason)
    def resume(self) -> None: self.service.resume()
    def void_last(self, reason: str, expected: str | None = None) -> dict[str, Any]:
        return self.service.void_last(reason, expected)
    def correct(self, action: Any) -> dict[str, Any]: return self.service.correct(action)
    def status(self) -> dict[str, Any]: return self.service.status()


class Extras:
    """The web server and speaker of one process, reused from game to game."""

    web_table: CurrentTable | None = None
    server: Any = None
    thread: threading.Thread | None = None
    speaker: Any = None
    url: str | None = None

    def finish(self, keep_serving: bool, stop: threading.Event | None = None,
               note: str = "The game is over; the scoreboard stays up. Ctrl-C to stop.") -> None:
        """After a game: let the voice finish (or hush it when `stop` is set), then keep
        the scoreboard up until `stop` is set (sim's Ctrl-C) if asked, saying `note`."""
        if self.speaker is not None:
            if stop is not None and stop.is_set():
                self.speaker.close()
                self.speaker = None
            else:
                self.speaker.wait_idle(timeout=30)
        if keep_serving and self.thread is not None:
            print(note, flush=True)
            stop = stop or threading.Event()
            try:
                while self.thread.is_alive() and not stop.is_set():
                    if self.web_table is not None:  # the simulator's hub thread: take the page's requests in
                        self.web_table.service.serve_for(0.25)
                    else:
                        stop.wait(0.25)
            except KeyboardInterrupt:
                pass


_EXTRAS = Extras()


def _voice_kind(args: argparse.Namespace) -> str:
    kind = getattr(args, "voice", "none")
    if kind == "auto":
        return "none" if getattr(args, "headless", False) else "espeak"
    return str(kind)


Links = Any
"""`hub.web.tokens.SeatLinks` (kept with the games, renewed with each new one), or an
``(admin, {seat: token})`` pair, or None for links valid this run only."""


def recording_new_games(store: Any, links: Any) -> Any:
    """The table's `on_new_game` for a stored table: a game the admin starts is a game of
    its own in the store, and gets seat links of its own (`SeatLinks.follow`), which the
    admin page shows with their QR codes and the terminal prints (`print_new_seat_links`)."""
    from hub.store import Recorder

    def new_game(setup: Any) -> Any:
        recorder = Recorder.new_game(store, setup)
        if links is not None and hasattr(links, "follow") and links.follow(recorder.game_id):
            print_new_seat_links(links, setup.players)
        return recorder
    return new_game


def print_new_seat_links(links: Any, players: int) -> None:
    """A new game's seat links on the terminal (the old ones open nothing any more)."""
    url = _EXTRAS.url
    if url is None:
        return
    print("New game: new seat links (the last game's no longer open a seat; the admin link stays)", flush=True)
    for seat, token in sorted(links.seats.items()):
        if seat <= players:
            print(f"Seat {seat}: {url}/seat/{token}", flush=True)


def attach_extras(service: Table[Any], args: argparse.Namespace, first: bool, links: Links | None = None) -> Extras:
    """Voice and web page for `service`; `links` = (admin token, seat tokens) kept with
    the games (`hub.web.tokens.lasting_tokens`), or None for links valid this run only."""
    extras = _EXTRAS
    voice = _voice_kind(args)
    if voice != "none" or getattr(args, "voice_dir", None):
        if extras.speaker is None:
            from hub.voice.cli import speaker_from_args

            args.voice = voice
            game = plugin_for(service.game.setup)
            extras.speaker = speaker_from_args(args, service.game.setup.names or None,
                                               private_kinds=game.private_event_kinds, speech=game.speech,
                                               setup=service.game.setup)
        speaker = extras.speaker
        service.subscribe(lambda _id, message: speaker.on_events(message["events"]))
    if getattr(args, "headless", False):
        return extras
    if extras.web_table is not None:
        extras.web_table.switch(service)
        return extras
    extras.web_table = CurrentTable(service)
    _start_web(extras, args, links, players=service.game.n, game=plugin_for(service.game.setup))
    return extras


def _start_web(extras: Extras, args: argparse.Namespace, links: Links | None, players: int, game: Any) -> None:
    from hub.web import create_app
    from hub.web.serving import make_server, print_access
    from hub.web.tokens import MAX_SEATS, SeatLinks, make_tokens

    if isinstance(links, SeatLinks):
        admin, seats = links.admin, links.seats
    else:
        admin, seats = links if links is not None else make_tokens(MAX_SEATS)
    url = f"http://{link_host(args.host)}:{args.port}"
    extras.url = url
    app = create_app({"TABLE": extras.web_table, "ADMIN_TOKEN": admin, "SEAT_TOKENS": seats, "PUBLIC_URL": url,
                      "GAME": game, "LINKS": links if isinstance(links, SeatLinks) else None})
    server = make_server(app, args.host, args.port)
    extras.server = server
    extras.thread = threading.Thread(target=server.run, name="web", daemon=True)
    extras.thread.start()
    in_play = {seat: token for seat, token in seats.items() if seat <= players}  # the rest: admin page
    print_access(url, admin, in_play, qr=not getattr(args, "no_qr", False))


def link_host(listening_on: str) -> str:
    """The host the printed links name: the one address the page listens on, or, when it
    listens on every interface, the address phones on the same network use. A page on
    127.0.0.1 does not answer at the LAN address."""
    if listening_on in ("", "0.0.0.0", "::"):
        return _lan_address()
    if ":" in listening_on:  # an IPv6 address, bracketed in a URL
        return f"[{listening_on}]"
    return listening_on


def _lan_address() -> str:
    """The address phones on the same network should use (no packet is sent): the one the
    default route leaves from; without one (a Pi that is its own Wi-Fi hotspot and has no
    Ethernet), the first address of an interface that is up, e.g. the hotspot's 10.42.0.1.
    127.0.0.1 only when there is none: no phone could open a link to it."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            return str(s.getsockname()[0])
    except OSError:
        return next(iter(interface_addresses()), "127.0.0.1")


SIOCGIFFLAGS, SIOCGIFADDR, IFF_UP = 0x8913, 0x8915, 0x1  # Linux's <linux/sockios.h>, <net/if.h>


def interface_addresses() -> list[str]:
    """The IPv4 addresses of this machine's interfaces that are up, loopback excepted, in
    the kernel's order (Linux; elsewhere none)."""
    try:
        import fcntl
        import struct
    except ImportError:  # not a POSIX system
        return []
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                flags = struct.unpack_from("H", fcntl.ioctl(probe.fileno(), SIOCGIFFLAGS, request), 16)[0]
                address = socket.inet_ntoa(fcntl.ioctl(probe.fileno(), SIOCGIFADDR, request)[20:24])
            except OSError:  # no IPv4 address on it (or not Linux)
                continue
            if flags & IFF_UP and not address.startswith("127."):
                found.append(address)
    return found
