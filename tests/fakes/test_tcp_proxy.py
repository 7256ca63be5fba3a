"""The silent-outage proxy used by the game-night test: frozen means nothing passes and
nothing closes; thawed means the survivors are dropped and new connections relay."""

from __future__ import annotations

import socket
import threading

from tests.fakes.tcp_proxy import FreezableProxy


def _echo_server() -> tuple[socket.socket, int]:
    server = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            threading.Thread(target=_echo, args=(conn,), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    return server, server.getsockname()[1]


def _echo(conn: socket.socket) -> None:
    with conn:
        while data := conn.recv(1024):
            conn.sendall(data)


def test_frozen_link_is_silent_not_closed_and_thaw_lets_new_connections_through() -> None:
    server, port = _echo_server()
    proxy = FreezableProxy(port)
    try:
        client = socket.create_connection(("127.0.0.1", proxy.port), timeout=2)
        client.sendall(b"ping")
        assert client.recv(16) == b"ping"
        proxy.freeze()
        client.sendall(b"lost")
        client.settimeout(0.5)
        try:
            got = client.recv(16)
        except TimeoutError:
            got = None
        assert got is None  # silence: no answer and no FIN (b"" would be a close)
        held = socket.create_connection(("127.0.0.1", proxy.port), timeout=2)  # accepted, never served
        held.settimeout(0.3)
        held.sendall(b"hello?")
        try:
            assert held.recv(16) == b""
        except TimeoutError:
            pass
        proxy.thaw()
        client.settimeout(2)
        try:  # what lived through the outage is gone (a reset: the proxy held unread bytes)
            assert client.recv(16) == b""
        except ConnectionResetError:
            pass
        fresh = socket.create_connection(("127.0.0.1", proxy.port), timeout=2)
        fresh.sendall(b"again")
        assert fresh.recv(16) == b"again"
        for s in (client, held, fresh):
            s.close()
    finally:
        proxy.close()
        server.close()
