"""PN532 driver over HSU (UART) or I2C: SAMConfiguration first, bounded waits,
InListPassiveTarget (up to two targets) with a limited retry count, and the RF field
switched off after every poll so a card resting on the reader answers the next one.

Every wait has a deadline; a response that never comes is aborted by sending an ACK
(the PN532 drops the command in progress), and every failure, a bus error (OSError from
machine.I2C / machine.UART) included, is raised as ReaderError for the caller's fault
counting.

Timings (UM0701-02 = PN532 user manual rev. 02):
* after the wake-up sequence (HSU 0x55 preamble, I2C address match) the host waits
  T_osc_start, "typically a few 100 us, up to 2 ms" (UM0701-02 section 6.3.2.3), before
  the first command: WAKE_MS = 3.
* a hardware reset holds RSTPDN low for RESET_LOW_MS, then waits RESET_BOOT_MS for the
  oscillator and the chip's firmware to come up before the wake-up (the same 100 ms
  Adafruit's driver uses); the chip then starts in LowVbat, so SAMConfiguration must
  come first (AN10609 "Low battery mode", UM0701-02 SAMConfiguration).
* the chip ACKs a well-formed command within 15 ms (UM0701-02 p. 40); the driver
  allows 30 ms before it calls the reader silent.
"""

import time

from pn532frame import ACK, KIND_ACK, KIND_DATA, KIND_ERROR, FrameError, FrameReader
from pn532frame import encode, parse_targets

HSU_WAKEUP = b"\x55\x55" + bytes(14)
I2C_ADDRESS = 0x24
WAKE_MS = 3
RESET_LOW_MS = 10
RESET_BOOT_MS = 100
RF_FIELD_OFF = b"\x32\x01\x00"   # RFConfiguration item 0x01 (RF field): off, no auto RFCA


class ReaderError(Exception):
    """The reader did not answer as it should (no ACK, timeout, corrupt frame, bus error)."""


def bus_error(exc):
    """ReaderError for an OSError of the I2C/UART driver (I2C NACK = errno 19 ENODEV, ...)."""
    return ReaderError("bus error %s" % (exc.args[0] if exc.args else exc))


class UartTransport:
    name = "pn532-hsu"

    def __init__(self, uart):
        self.uart = uart

    def wake(self):
        self.uart.write(HSU_WAKEUP)
        time.sleep_ms(WAKE_MS)

    def write(self, data):
        self.uart.write(data)

    def read(self, expected):
        if not self.uart.any():
            return b""
        return self.uart.read() or b""


class I2CTransport:
    name = "pn532-i2c"

    def __init__(self, i2c, address=I2C_ADDRESS):
        self.i2c = i2c
        self.address = address

    def wake(self):
        try:
            self.i2c.writeto(self.address, b"\x00")
        except OSError:
            pass   # the first transaction may be NACKed while the chip wakes up
        time.sleep_ms(WAKE_MS)

    def write(self, data):
        self.i2c.writeto(self.address, data)

    def read(self, expected):
        if not self.i2c.readfrom(self.address, 1)[0] & 1:
            return b""
        return self.i2c.readfrom(self.address, expected + 1)[1:]


class PN532:
    def __init__(self, transport, max_targets=2, passive_retries=2, ack_timeout_ms=30,
                 response_timeout_ms=150, reset_pin=None):
        self.transport = transport
        self.reset_pin = reset_pin   # PN532 RSTPDN, optional: lets a re-init restart the chip
        self.max_targets = max_targets
        self.passive_retries = passive_retries
        self.ack_timeout_ms = ack_timeout_ms
        self.response_timeout_ms = response_timeout_ms
        self.frames = FrameReader()
        self.firmware = None
        self._field_dirty = True   # cards may be selected/halted: drop the field first

    def _next_frame(self, deadline, expected):
        """The next frame before `deadline`. Whether the deadline has passed is decided
        before each look at the wire: a loop held up past the whole timeout (Wi-Fi, TLS, a
        GC pause) still looks once more and finds the answer that came in time, rather
        than leaving it stale for the next command."""
        while True:
            frame = self.frames.next()
            if frame:
                return frame
            expired = time.ticks_diff(deadline, time.ticks_ms()) <= 0
            data = self.transport.read(expected)
            if data:
                self.frames.feed(data)
            elif expired:
                return None
            else:
                time.sleep_ms(1)

    def _abort(self):
        """Host ACK: the PN532 drops the command in progress (UM0701-02, ACK frame)."""
        try:
            self.transport.write(ACK)
        except OSError:
            pass

    def command(self, cmd, timeout_ms=None, expected=48):
        """Send one command; return its response payload (response code first)."""
        try:
            return self._exchange(cmd, timeout_ms, expected)
        except OSError as exc:   # I2C NACK / bus error, UART driver error
            self._abort()
            raise bus_error(exc)

    def _exchange(self, cmd, timeout_ms, expected):
        self.frames.clear()
        self.transport.read(expected)   # discard anything stale
        self.transport.write(encode(cmd))
        try:
            frame = self._next_frame(time.ticks_add(time.ticks_ms(), self.ack_timeout_ms), 6)
            if frame is None:
                raise ReaderError("no ACK from PN532")
            if frame[0] != KIND_ACK:
                raise ReaderError("expected ACK, got %s" % frame[0])
            wait = timeout_ms or self.response_timeout_ms
            frame = self._next_frame(time.ticks_add(time.ticks_ms(), wait), expected)
        except FrameError as exc:
            self._abort()
            raise ReaderError("corrupt frame: %s" % exc)
        if frame is None:
            self._abort()   # abort the command still running in the PN532
            raise ReaderError("no response to 0x%02X" % cmd[0])
        if frame[0] == KIND_ERROR:
            raise ReaderError("error frame for 0x%02X" % cmd[0])
        if frame[0] != KIND_DATA or not frame[1] or frame[1][0] != cmd[0] + 1:
            raise ReaderError("unexpected response to 0x%02X" % cmd[0])
        return frame[1]

    def begin(self):
        """(Re)initialise: reset pulse if wired, wake, SAMConfiguration before anything
        else, bounded passive retries. Raises ReaderError (bus errors included)."""
        if self.reset_pin is not None:
            self.reset_pin.value(0)
            time.sleep_ms(RESET_LOW_MS)
            self.reset_pin.value(1)
            time.sleep_ms(RESET_BOOT_MS)
        try:
            self.transport.wake()
        except OSError as exc:
            raise bus_error(exc)
        self.command(b"\x14\x01\x14\x01")                        # SAM: normal mode
        self.command(bytes((0x32, 0x05, 0xFF, 0x01, self.passive_retries)))  # MaxRetries
        version = self.command(b"\x02")                          # GetFirmwareVersion
        self.firmware = "%d.%d" % (version[2], version[3]) if len(version) >= 4 else "?"

    def scan(self):
        """UIDs of the cards in the field now (upper-case hex, at most max_targets).

        After the poll the RF field is switched off: every card loses power and is back
        in IDLE for the next poll, which switches the field on again. Releasing a card
        (InRelease) is not enough on real chips and cards: a released card can stay
        HALTed and ignore every later poll until the field is cycled, so a card resting
        on the reader would look lifted (esphome#9875, nfcpy/libnfc field resets).
        """
        if self._field_dirty:   # a failed poll may have left a card selected or halted
            self.command(RF_FIELD_OFF)
            self._field_dirty = False
        self._field_dirty = True
        payload = self.command(bytes((0x4A, self.max_targets, 0x00)))
        try:
            uids = parse_targets(payload)
        except FrameError as exc:
            raise ReaderError("bad target data: %s" % exc)
        self.command(RF_FIELD_OFF)
        self._field_dirty = False
        return uids
