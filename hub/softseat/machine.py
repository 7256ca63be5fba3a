"""Fake MicroPython `machine` module for running the seat firmware under CPython.

Why: the firmware's logic (reader driver, presence, link, watchdog use) must be tested on
the host against real byte streams. A UART or I2C bus is wired to a device object with the
FakePN532 byte-stream interface (write / read / in_waiting); pins are driven by the test.
Install with `install()` which puts this module in sys.modules as `machine`.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Protocol


class ByteDevice(Protocol):
    def write(self, data: bytes) -> int: ...
    def read(self, n: int = 1) -> bytes: ...
    @property
    def in_waiting(self) -> int: ...


class Board:
    """Everything a test wires up or inspects: devices on buses, pin levels, watchdog."""

    def __init__(self) -> None:
        self.uarts: dict[int, ByteDevice] = {}
        self.i2c: dict[int, ByteDevice] = {}
        self.pins: dict[Any, Pin] = {}
        self.unique_id = b"\x24\x0a\xc4\xa1\xb2\xc3"
        self.watchdogs: list[WDT] = []
        self.pwm: dict[Any, PWM] = {}
        self.lock = threading.Lock()


board = Board()


def reset_board() -> Board:
    global board
    board = Board()
    return board


def unique_id() -> bytes:
    return board.unique_id


class ResetCalled(SystemExit):
    """machine.reset() on the host: the test sees it as an exit of the firmware thread."""


def reset() -> None:
    raise ResetCalled("machine.reset()")


def soft_reset() -> None:
    raise ResetCalled("machine.soft_reset()")


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_RISING = 1
    IRQ_FALLING = 2

    def __init__(self, id: Any, mode: int = -1, pull: int = -1, value: int | None = None) -> None:
        self.id = id
        self.mode = mode
        self.pull = pull
        existing = board.pins.get(id)
        self._level: int = int(existing.value() or 0) if existing else (1 if pull == Pin.PULL_UP else 0)
        if value is not None:
            self._level = 1 if value else 0
        self.written: list[int] = []   # levels the firmware set, in order
        self._handler: Any = None
        self._trigger = 0
        self.hard = False
        board.pins[id] = self

    def value(self, level: int | None = None) -> int | None:
        if level is None:
            return self._level
        self._level = 1 if level else 0
        self.written.append(self._level)
        return None

    __call__ = value

    def on(self) -> None:
        self._level = 1

    def off(self) -> None:
        self._level = 0

    def irq(self, handler: Any = None, trigger: int = IRQ_FALLING | IRQ_RISING, hard: bool = False) -> None:
        self._handler, self._trigger, self.hard = handler, trigger, hard

    def drive(self, level: int) -> None:
        """Test side: set the level an input pin reads (a button pulls it to 0). An edge calls
        the pin's interrupt handler at once, on the driving thread, as a hard interrupt
        preempts the firmware's loop wherever it is."""
        edge = (Pin.IRQ_RISING if level else Pin.IRQ_FALLING) if level != self._level else 0
        self._level = level
        if edge & self._trigger and self._handler is not None:
            self._handler(self)


class UART:
    def __init__(self, id: int, baudrate: int = 115200, **kwargs: Any) -> None:
        self.id = id
        self.baudrate = baudrate
        self.kwargs = kwargs
        if id not in board.uarts:
            raise OSError(19, f"no device wired to UART({id})")
        self.device = board.uarts[id]

    def write(self, data: bytes) -> int:
        return self.device.write(bytes(data))

    def any(self) -> int:
        return self.device.in_waiting

    def read(self, nbytes: int | None = None) -> bytes | None:
        count = self.device.in_waiting if nbytes is None else nbytes
        data = self.device.read(count) if count else b""
        return data or None


class I2CPN532:
    """Puts the PN532's I2C framing (a ready byte before every read) on a byte device."""

    def __init__(self, device: ByteDevice) -> None:
        self.device = device

    def writeto(self, data: bytes) -> None:
        self.device.write(bytes(data))

    def readfrom(self, nbytes: int) -> bytes:
        if not self.device.in_waiting:
            return b"\x00" * nbytes
        data = self.device.read(nbytes - 1)
        return b"\x01" + data + b"\x00" * (nbytes - 1 - len(data))


class I2C:
    def __init__(self, id: int, **kwargs: Any) -> None:
        self.id = id
        self.kwargs = kwargs
        target = board.i2c.get(id)
        self.target = I2CPN532(target) if target is not None else None

    def _need(self) -> I2CPN532:
        if self.target is None:
            raise OSError(19, "ENODEV")
        return self.target

    def writeto(self, addr: int, data: bytes, stop: bool = True) -> int:
        self._need().writeto(data)
        return 1

    def readfrom(self, addr: int, nbytes: int, stop: bool = True) -> bytes:
        return self._need().readfrom(nbytes)

    def scan(self) -> list[int]:
        return [0x24] if self.target else []


class PWM:
    """A buzzer's PWM: `tones` lists every tone a person hears start, in order."""

    def __init__(self, pin: Pin, freq: int = 0, duty_u16: int = 0) -> None:
        self.pin = pin
        self._freq = freq
        self._duty = duty_u16
        self.tones: list[int] = []   # frequencies started, for assertions
        board.pwm[pin.id] = self

    def freq(self, value: int | None = None) -> int | None:
        if value is None:
            return self._freq
        if self._duty and value != self._freq:
            # A sounding buzzer changes pitch at once (as the ESP32's does): a tune that cuts
            # into another (an error answer while the ok beep still sounds) is heard.
            self.tones.append(value)
        self._freq = value
        return None

    def duty_u16(self, value: int | None = None) -> int | None:
        if value is None:
            return self._duty
        if value and not self._duty:
            self.tones.append(self._freq)
        self._duty = value
        return None

    def deinit(self) -> None:
        self._duty = 0


class WDT:
    """Records the longest gap between feeds; `expired` says the board would have reset."""

    def __init__(self, id: int = 0, timeout: int = 5000) -> None:
        self.timeout = timeout
        self.last_feed = time.monotonic()
        self.longest_gap_ms = 0.0
        self.feeds = 0
        board.watchdogs.append(self)

    def feed(self) -> None:
        now = time.monotonic()
        self.longest_gap_ms = max(self.longest_gap_ms, (now - self.last_feed) * 1000)
        self.last_feed = now
        self.feeds += 1

    @property
    def expired(self) -> bool:
        gap = max(self.longest_gap_ms, (time.monotonic() - self.last_feed) * 1000)
        return gap > self.timeout


def freq(hz: int | None = None) -> int:
    return 240_000_000
