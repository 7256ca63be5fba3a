"""Is the web port free? Asked before anything starts, so a busy port is one clear line."""

from __future__ import annotations

import errno
import socket


def port_problem(host: str, port: int) -> str | None:
    """Why the web server could not listen on host:port, or None when it can.

    Binds and releases a socket the way waitress will (SO_REUSEADDR: a port in TIME_WAIT
    is no obstacle, one another program listens on is).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            return (f"port {port} is already in use (another hub, or another program): "
                    f"stop it or choose another port with --port")
        if error.errno == errno.EACCES:
            return f"no permission to listen on port {port}: choose a port above 1023 with --port"
        return f"cannot listen on {host}:{port}: {error.strerror or error}"
    return None
