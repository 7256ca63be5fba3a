"""`FreezableProxy`: a loopback TCP relay whose link can die silently, like a Wi-Fi drop.

A dropped Wi-Fi link sends no RST and no FIN: both ends keep their sockets open and
simply hear nothing, until their own keep-alive logic gives up. `freeze()` does exactly
that to every connection through the proxy (bytes are held, nothing is closed, new
connections are accepted and left hanging); `thaw()` ends the outage: the connections
that lived through it are closed (by then both ends have given up on them) and new
connections are relayed again. `cut()` is the loud outage: the connections are closed
at once and new ones held until `thaw()`.
"""

from __future__ import annotations

import selectors
import socket
import threading
import time


class FreezableProxy:
    """Relays 127.0.0.1:`port` to `target_port`; one selector thread, bounded work."""

    def __init__(self, target_port: int, target_host: str = "127.0.0.1") -> None:
        self.target = (target_host, target_port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.setblocking(False)
        self.port: int = self._listener.getsockname()[1]
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._listener, selectors.EVENT_READ, None)
        self._peers: dict[socket.socket, socket.socket] = {}
        self._held: list[socket.socket] = []  # accepted while frozen: never answered
        self._lock = threading.Lock()
        self._frozen = False
        self._closed = False
        self.accepted = 0
        self._thread = threading.Thread(target=self._loop, name="freezable-proxy", daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def freeze(self) -> None:
        """From now on nothing passes either way, and nothing is closed."""
        with self._lock:
            self._frozen = True

    def cut(self) -> None:
        """A link that fails loudly (an access point rebooting): every connection through
        the proxy is closed at once, so both ends know; new ones are held, as by `freeze`,
        until `thaw`."""
        with self._lock:
            self._frozen = True
            doomed = list(self._peers)
        for sock in doomed:
            self._drop(sock)

    def thaw(self) -> None:
        """The link is back: drop what lived through the outage, relay new connections."""
        with self._lock:
            self._frozen = False
            doomed = list(self._peers) + self._held
            self._held = []
        for sock in doomed:
            self._drop(sock)

    def close(self) -> None:
        self._closed = True
        self._thread.join(5)
        for sock in list(self._peers) + self._held:
            self._drop(sock)
        self._selector.close()
        self._listener.close()

    # ------------------------------------------------------------------ the loop
    def _loop(self) -> None:
        while not self._closed:
            if self._frozen:  # readiness would fire forever on held bytes: just take callers
                self._accept()
                time.sleep(0.02)
                continue
            for key, _ in self._selector.select(timeout=0.05):
                if key.fileobj is self._listener:
                    self._accept()
                else:
                    self._relay(key.fileobj)  # type: ignore[arg-type]

    def _accept(self) -> None:
        try:
            client, _ = self._listener.accept()
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            return
        self.accepted += 1
        with self._lock:
            if self._frozen:
                self._held.append(client)
                return
        try:
            upstream = socket.create_connection(self.target, timeout=2)
        except OSError:
            client.close()
            return
        for sock in (client, upstream):
            sock.settimeout(2)  # reads only when ready; a write may wait for a slow reader
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with self._lock:
            self._peers[client] = upstream
            self._peers[upstream] = client
        self._selector.register(client, selectors.EVENT_READ, None)
        self._selector.register(upstream, selectors.EVENT_READ, None)

    def _relay(self, sock: socket.socket) -> None:
        with self._lock:
            if self._frozen:
                return  # leave the bytes in the kernel: nobody hears anything
            peer = self._peers.get(sock)
        if peer is None:
            return
        try:
            data = sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._drop(sock)
            return
        try:
            peer.sendall(data)
        except OSError:
            self._drop(sock)

    def _drop(self, sock: socket.socket) -> None:
        with self._lock:
            peer = self._peers.pop(sock, None)
            if peer is not None:
                self._peers.pop(peer, None)
        for s in (sock, peer):
            if s is None:
                continue
            try:
                self._selector.unregister(s)
            except (KeyError, ValueError):
                pass
            s.close()
