"""A PN532 wired to the hub's own UART, read with Adafruit's PN532_UART driver.

Why: a seat without a microcontroller still has to produce protocol v1 events. The
hub polls the chip itself and publishes the same tag/fault/recovered events a seat
device would, with its own device id, boot and seq.

Field notes this module is built around:
* PN532_UART blocks forever on a port without a read timeout and always asks for more
  bytes than the chip sends, so the port is opened with a short read timeout and every
  read that asks too much simply ends after that timeout.
* SAMConfiguration must be the first command (the chip starts in LowVbat).
* InListPassiveTarget waits forever for a card by default; RFConfiguration item 0x05
  sets a finite retry budget so "no card" is an answer and silence is a fault.
* The chip keeps a found card selected, and a card released with InRelease may stay
  HALTed and answer no later poll (esphome#9875): the RF field is switched off after
  every poll instead, so every card is back in IDLE for the next one.
* A real reader sees the cards already lying on it at start: the first good poll is an
  `inventory` event, never `added`. Two cards on one antenna (MaxTg 2 lists both) are a
  `multiple_cards` fault, with no edges until one card remains.
* The library reports a missing ACK as "no card" (read_passive_target returns None), so
  the reader uses send_command/process_response and treats silence as an error.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
import serial
from adafruit_pn532.uart import PN532_UART

from hub.serial.events import Event, EventCallback, EventStamper
from hub.serial.presence import OneCardGuard, TagPresence
from hub.serial.worker import ReaderThread

log = logging.getLogger(__name__)

UART_BAUDRATE = 115200
WAKEUP_BYTES = b"\x55\x55" + bytes(15)
ACK_FRAME = b"\x00\x00\xff\x00\xff\x00"
CMD_SAM_CONFIGURATION = 0x14
CMD_RF_CONFIGURATION = 0x32
CMD_IN_LIST_PASSIVE_TARGET = 0x4A
SAM_NORMAL_MODE = (0x01, 0x14, 0x01)  # normal mode, 1 s virtual-card timeout, use IRQ
RF_ITEM_FIELD = 0x01
RF_ITEM_MAX_RETRIES = 0x05
BRTY_106_TYPE_A = 0x00
MAX_TARGETS = 2
TARGET_BYTES = 1 + 2 + 1 + 1 + 10  # Tg SENS_RES SEL_RES NFCIDLength NFCID1 (ATS: none at 106A)
MAX_TARGET_DATA = 1 + MAX_TARGETS * TARGET_BYTES
UID_LENGTHS = (4, 7, 10)


class ReaderError(Exception):
    """The PN532 did not answer as it should (silence, corrupt frame, bad status)."""


def describe(error: BaseException) -> str:
    """Short human text for a fault event's `detail`."""
    text = " ".join(str(arg) for arg in error.args).strip()
    return text or type(error).__name__


def parse_targets(data: bytes | bytearray) -> list[str]:
    """UIDs (upper-case hex) from InListPassiveTarget response data (NbTg, then per
    target Tg SENS_RES SEL_RES NFCIDLength NFCID1; an ISO 14443-4 card's ATS is skipped)."""
    if not data:
        raise ReaderError("empty InListPassiveTarget response")
    count, pos, uids = data[0], 1, []
    if count > MAX_TARGETS:
        raise ReaderError(f"unexpected target data {bytes(data).hex()}")
    for _ in range(count):
        if len(data) < pos + 5:
            raise ReaderError(f"unexpected target data {bytes(data).hex()}")
        sel_res, uid_length = data[pos + 3], data[pos + 4]
        uid = bytes(data[pos + 5 : pos + 5 + uid_length])
        if uid_length not in UID_LENGTHS or len(uid) != uid_length:
            raise ReaderError(f"bad UID length {uid_length} in {bytes(data).hex()}")
        uids.append(uid.hex().upper())
        pos += 5 + uid_length
        if sel_res & 0x20 and pos < len(data):
            pos += data[pos]
    return uids


class _HubPN532(PN532_UART):
    """PN532_UART whose wake-up sends SAMConfiguration with a bounded, checked call.

    The library's own wake-up ignores a SAMConfiguration that got no answer and waits 1 s;
    here silence is an error at once and the caller decides what to do.
    """

    def __init__(self, uart: serial.SerialBase, command_timeout: float) -> None:
        self.command_timeout = command_timeout  # needed before the base class wakes the chip
        super().__init__(uart)

    def _wakeup(self) -> None:
        self.low_power = False
        self._uart.write(WAKEUP_BYTES)
        answer = self.call_function(CMD_SAM_CONFIGURATION, params=SAM_NORMAL_MODE, timeout=self.command_timeout)
        if answer is None:
            raise ReaderError("no answer to SAMConfiguration")


class PN532Session:
    """One opened port with an initialised chip; any failure raises and the session is discarded."""

    def __init__(self, port_url: str, *, read_timeout: float, command_timeout: float, max_retries: int) -> None:
        self.command_timeout = command_timeout
        self.port = serial.serial_for_url(port_url, baudrate=UART_BAUDRATE, timeout=read_timeout)
        try:
            self.chip = _HubPN532(self.port, command_timeout)  # wake-up + SAMConfiguration, then GetFirmwareVersion
            self.firmware = tuple(self.chip.firmware_version)
            self._call(CMD_RF_CONFIGURATION, (RF_ITEM_MAX_RETRIES, 0xFF, 0x01, max_retries), 0)
        except BaseException:
            self.close()
            raise

    def _call(self, command: int, params: tuple[int, ...], response_length: int) -> bytes:
        if not self.chip.send_command(command, params=params, timeout=self.command_timeout):
            raise ReaderError("no ACK from PN532")
        answer = self.chip.process_response(command, response_length=response_length, timeout=self.command_timeout)
        if answer is None:
            raise ReaderError(f"no answer to command {command:#04x}")
        return bytes(answer)

    def poll(self) -> list[str]:
        """One InListPassiveTarget (up to 2 targets, 106 kbps type A), then the RF field
        off: the cards lose power and answer the next poll from IDLE."""
        uids = parse_targets(self._call(CMD_IN_LIST_PASSIVE_TARGET, (MAX_TARGETS, BRTY_106_TYPE_A), MAX_TARGET_DATA))
        self.field_off()
        return uids

    def field_off(self) -> None:
        self._call(CMD_RF_CONFIGURATION, (RF_ITEM_FIELD, 0x00), 0)

    def abort(self) -> None:
        """After an error: cancel the chip's command (host ACK), drop unread bytes, and
        drop the field (best effort) so a card the failed exchange selected or halted
        answers the next poll."""
        try:
            self.port.write(ACK_FRAME)
            self.port.reset_input_buffer()
            self.field_off()
        except Exception as error:  # noqa: BLE001 - the chip is already known to misbehave
            log.debug("abort: %s", describe(error))

    def close(self) -> None:
        try:
            self.port.close()
        except (serial.SerialException, OSError):
            pass


@dataclass
class ReaderStats:
    """Counts for diagnostics and tests."""

    polls: int = 0
    errors: int = 0
    inits: int = 0
    faults: int = 0


class PN532UartReader(ReaderThread):
    """Polls a PN532 on `port_url` and reports seat `seat`'s tags as `device_id`."""

    def __init__(
        self,
        port_url: str,
        seat: int,
        device_id: str,
        on_event: EventCallback,
        *,
        poll_interval: float = 0.02,
        removal_polls: int = 3,
        error_threshold: int = 3,
        read_timeout: float = 0.05,
        command_timeout: float = 0.2,
        reinit_delay: float = 0.5,
        max_retries: int = 1,
        boot: int | None = None,
    ) -> None:
        super().__init__()
        if read_timeout <= 0:
            raise ValueError("PN532_UART needs a port with a read timeout > 0")
        self.port_url = port_url
        self.seat = seat
        self.thread_name = f"serial-pn532-seat{seat}"
        self._on_event = on_event
        self._stamper = EventStamper(device_id, boot)
        self._presence = TagPresence(removal_polls)
        self._one_card = OneCardGuard(removal_polls)
        self._inventory_sent = False
        self._poll_interval = poll_interval
        self._error_threshold = error_threshold
        self._read_timeout = read_timeout
        self._command_timeout = command_timeout
        self._reinit_delay = reinit_delay
        self._max_retries = max_retries
        self._session: PN532Session | None = None
        self._consecutive_errors = 0
        self.in_fault = False
        self.last_error: str | None = None
        self.stats = ReaderStats()

    @property
    def device_id(self) -> str:
        return self._stamper.device

    @property
    def boot(self) -> int:
        return self._stamper.boot

    def _run_until_stopped(self) -> None:
        while not self.stopping:
            self._stopping.wait(self._step())

    def _step(self) -> float:
        """Open/initialise if needed, poll once; return how long to wait before the next step."""
        if self._session is None:
            try:
                self.stats.inits += 1
                self._session = PN532Session(
                    self.port_url,
                    read_timeout=self._read_timeout,
                    command_timeout=self._command_timeout,
                    max_retries=self._max_retries,
                )
            except Exception as error:  # noqa: BLE001 - any driver failure: counted, retried later
                self._record_error(error)
                return self._reinit_delay
            log.info("seat %d: PN532 ready on %s (firmware %s)", self.seat, self.port_url, self._session.firmware)
        try:
            uids = self._session.poll()
        except Exception as error:  # noqa: BLE001 - any driver failure: aborted, counted
            self._session.abort()
            self._record_error(error)
            if self._consecutive_errors >= self._error_threshold:
                self._session.close()
                self._session = None
            return self._poll_interval
        self.stats.polls += 1
        self._record_success()
        self._track(uids)
        return self._poll_interval

    def _track(self, uids: list[str]) -> None:
        """Edges from one good poll; the first is the inventory (cards lying there at start)."""
        change = self._one_card.observe(len(uids))
        if change == "fault":
            self._emit(self._stamper.make("fault", what="multiple_cards", detail=f"{len(uids)} cards"))
        elif change == "recovered":
            self._presence.restart_misses()
            self._emit(self._stamper.make("recovered", what="multiple_cards"))
        if not self._inventory_sent:
            if self._one_card.active:
                return  # the inventory must be the truth: wait for one card at most
            self._inventory_sent = True
            self._presence.seed(uids[0] if uids else None)
            self._emit(self._stamper.make("inventory", uids=list(uids)))
            return
        if self._one_card.active:
            return
        for edge, tag in self._presence.observe(uids[0] if uids else None):
            self._emit(self._stamper.make("tag", edge=edge, uid=tag))

    def _record_error(self, error: BaseException) -> None:
        self.stats.errors += 1
        self._consecutive_errors += 1
        self.last_error = describe(error)
        log.debug("seat %d: reader error %d: %s", self.seat, self._consecutive_errors, self.last_error)
        if self._consecutive_errors >= self._error_threshold and not self.in_fault:
            self.in_fault = True
            self.stats.faults += 1
            log.warning("seat %d: PN532 fault: %s", self.seat, self.last_error)
            self._emit(self._stamper.make("fault", what="reader", detail=self.last_error))

    def _record_success(self) -> None:
        self._consecutive_errors = 0
        if self.in_fault:
            self.in_fault = False
            log.info("seat %d: PN532 recovered", self.seat)
            self._emit(self._stamper.make("recovered", what="reader"))

    def _emit(self, event: Event) -> None:
        try:
            self._on_event(self.seat, event)
        except Exception:
            log.exception("seat %d: on_event failed for %r", self.seat, event)

    def _close(self) -> None:
        if self._session is not None:
            self._session.close()
            self._session = None

