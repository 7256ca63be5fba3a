"""Command-line options shared by ``citadels-hub run`` and ``citadels-hub sim``."""

from __future__ import annotations

import argparse

from hub.cli_args import broker_url, port_number, seconds
from hub.voice.cli import add_voice_arguments


def add_table_options(p: argparse.ArgumentParser, simulated: bool) -> None:
    """The options of a table; `simulated` (sim): its default bus is in-process and its
    moves have a pace, where `run` referees seats on the Pi's broker at their own pace."""
    if simulated:
        p.add_argument("--broker", type=broker_url, default=None, metavar="mqtt://HOST:PORT",
                       help="go through a real MQTT broker, mqtts://HOST:PORT?ca=FILE for TLS "
                            "(default: an in-process bus, no server)")
    else:
        p.add_argument("--broker", type=broker_url, default=None, metavar="mqtt://[USER@]HOST:PORT",
                       help="the broker the seats use (default mqtt://127.0.0.1:1883; with the Pi's logins "
                            "mqtt://hub@127.0.0.1:1883, the password from CITADELS_BROKER_PASSWORD, never "
                            "here); mqtts://HOST:PORT?ca=FILE for TLS")
    p.add_argument("--table", default="t1", help="table name in the MQTT topics (default t1)")
    p.add_argument("--names", default=None, help="player names, comma separated, seat 1 first")
    if simulated:
        p.add_argument("--speed", type=seconds, default=None,
                       help="seconds between simulated moves (default 0.8 with the web page, 0 headless)")
    p.add_argument("--host", default="0.0.0.0", help="web server address (default all interfaces)")
    p.add_argument("--port", type=port_number, default=8000, help="web server port (default 8000)")
    p.add_argument("--no-qr", action="store_true", help="do not print QR codes")
    add_voice_arguments(p, default_voice="auto")
