"""Command-line options shared by ``citadels-hub run`` and ``citadels-hub sim``."""

from __future__ import annotations

import argparse

from hub.cli_args import broker_url, port_number, seconds
from hub.voice.cli import add_voice_arguments


def add_table_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--broker", type=broker_url, default=None, metavar="mqtt://HOST:PORT",
                   help="go through a real MQTT broker, mqtts://HOST:PORT?ca=FILE for TLS "
                        "(default: an in-process bus, no server)")
    p.add_argument("--table", default="t1", help="table name in the MQTT topics (default t1)")
    p.add_argument("--names", default=None, help="player names, comma separated, seat 1 first")
    p.add_argument("--speed", type=seconds, default=None,
                   help="seconds between simulated moves (default 0.8 with the web page, 0 headless)")
    p.add_argument("--host", default="0.0.0.0", help="web server address (default all interfaces)")
    p.add_argument("--port", type=port_number, default=8000, help="web server port (default 8000)")
    p.add_argument("--no-qr", action="store_true", help="do not print QR codes")
    add_voice_arguments(p, default_voice="auto")
