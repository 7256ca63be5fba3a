"""pyserial `Serial` class for `fakepn532://<name>` (found by name via protocol_handler_packages)."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

from serial.serialutil import PortNotOpenError, SerialBase, SerialException

from tests.fakes import pn532url
from tests.fakes.pn532 import FakePN532


class Serial(SerialBase):
    """A serial port whose far end is a FakePN532; honours pyserial read timeouts."""

    is_open: bool
    _chip: FakePN532 | None = None

    def open(self) -> None:
        if self._port is None:
            raise SerialException("Port must be configured before it can be used.")
        if self.is_open:
            raise SerialException("Port is already open.")
        name = self._name_from_url(str(self._port))
        if pn532url.is_unplugged(name):
            raise SerialException(f"could not open port {self._port}: device unplugged")
        self._chip = pn532url.fake_for(name)
        self.is_open = True

    def close(self) -> None:
        self.is_open = False
        self._chip = None

    def _reconfigure_port(self) -> None:
        """Baud rate and framing mean nothing to the fake."""

    @staticmethod
    def _name_from_url(url: str) -> str:
        parts = urlsplit(url)
        if parts.scheme != pn532url.SCHEME or not parts.netloc:
            raise SerialException(f"expected {pn532url.SCHEME}://<name>, got {url!r}")
        return parts.netloc

    def _open_chip(self) -> FakePN532:
        if not self.is_open or self._chip is None:
            raise PortNotOpenError()
        return self._chip

    @property
    def in_waiting(self) -> int:
        return self._open_chip().in_waiting

    def read(self, size: int = 1) -> bytes:
        """Up to `size` bytes; waits at most `timeout` seconds (None: until `size` arrive)."""
        chip = self._open_chip()
        data = bytearray(chip.read(size))
        if self._timeout == 0:
            return bytes(data)
        deadline = None if self._timeout is None else time.monotonic() + self._timeout
        while len(data) < size:
            remaining = 1.0 if deadline is None else deadline - time.monotonic()
            if remaining <= 0:
                break
            if chip.wait_readable(min(remaining, 1.0)):
                data.extend(chip.read(size - len(data)))
        return bytes(data)

    def write(self, data: bytes) -> int:
        return self._open_chip().write(bytes(data))

    def flush(self) -> None:
        """Writes are delivered immediately."""

    def reset_input_buffer(self) -> None:
        self._open_chip().discard_output()

    def reset_output_buffer(self) -> None:
        """Nothing is ever buffered on the way out."""

    @property
    def out_waiting(self) -> int:
        return 0

    def _update_break_state(self) -> None:
        """No break condition to signal."""

    def _update_rts_state(self) -> None:
        """Modem lines are not wired."""

    def _update_dtr_state(self) -> None:
        """Modem lines are not wired."""

    @property
    def cts(self) -> bool:
        return True

    @property
    def dsr(self) -> bool:
        return True

    @property
    def ri(self) -> bool:
        return False

    @property
    def cd(self) -> bool:
        return True
