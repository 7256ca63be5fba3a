"""A simulated NXP PN532 (firmware v1.6) speaking the HSU (UART) frame format.

Why: the hub and the seat firmware must be tested against the real byte protocol,
including its failure modes and the chip's less friendly habits, without a chip on the
desk. The fake is a byte stream: the host `write()`s frames and reads the answers with
`read()`. Answers take time like the chip's (`Timing`; `FakePN532(instant=True)` makes
them immediate for tests of pure protocol logic): bytes become readable only when due,
and a host ACK aborts a command whose answer is not out yet.

Behaviour follows the PN532 user manual (UM0701-02) where it is explicit; where it is
silent the choice is written next to the code and in docs/serial.md:

* Normal information frame: 00 00 FF LEN LCS TFI DATA.. DCS 00 with
  LEN + LCS == 0 and TFI + sum(DATA) + DCS == 0 (mod 256). TFI D4 host->chip,
  D5 chip->host, response command code = command + 1.
* ACK 00 00 FF 00 FF 00 follows every well-formed command. A host ACK aborts the
  command in progress (its answer is never sent); a host NACK asks for the last
  response frame again.
* Frames with a bad LCS/DCS, a wrong TFI or the extended format are dropped without
  an ACK (the host sees a missing ACK and retries).
* Power-up state is LowVbat: until SAMConfiguration arrives the chip processes no
  other command and sends nothing at all (no ACK, no error frame). 0x55 wake-up
  bytes and leading 0x00 bytes are ignored.
* Unknown command codes and bad parameters get the syntax error frame
  00 00 FF 01 FF 7F 81 00 (after the ACK).
* InListPassiveTarget (MaxTg 1 or 2, BrTy 0x00 = 106 kbps type A) switches the RF field
  on and returns up to MaxTg targets as Tg SENS_RES(2) SEL_RES NFCIDLength NFCID1, or
  NbTg = 0 once the retry budget set by RFConfiguration item 0x05
  (MxRtyPassiveActivation) is spent; the power-up value 0xFF means "retry forever", so
  with no card the command stays pending.
* Card states (ISO/IEC 14443-3): IDLE cards answer a poll and become ACTIVE (selected).
  An ACTIVE card polled again without being released ignores the first REQA and falls
  back to IDLE, so that attempt fails. InRelease / InDeselect leave the card HALTed:
  a HALTed card answers no poll at all until it loses power, i.e. until the RF field is
  switched off (RFConfiguration item 0x01) or the card is lifted. This is the behaviour
  that makes a resting card look lifted to a driver that only releases it
  (esphome#9875; nfcpy and libnfc reset the field between polls).
* Two cards may lie on one antenna: MaxTg 2 reports both, MaxTg 1 the first placed.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

PREAMBLE = b"\x00\x00\xff"
ACK_FRAME = b"\x00\x00\xff\x00\xff\x00"
NACK_FRAME = b"\x00\x00\xff\xff\x00\x00"
SYNTAX_ERROR_FRAME = b"\x00\x00\xff\x01\xff\x7f\x81\x00"
WAKEUP_BYTE = 0x55

HOST_TO_PN532 = 0xD4
PN532_TO_HOST = 0xD5

CMD_GET_FIRMWARE_VERSION = 0x02
CMD_SAM_CONFIGURATION = 0x14
CMD_RF_CONFIGURATION = 0x32
CMD_IN_LIST_PASSIVE_TARGET = 0x4A
CMD_IN_DESELECT = 0x44
CMD_IN_RELEASE = 0x52

RF_CONFIG_FIELD = 0x01

RF_CONFIG_MAX_RETRIES = 0x05
BRTY_106_TYPE_A = 0x00
RETRY_FOREVER = 0xFF
STATUS_OK = 0x00
STATUS_BAD_CONTEXT = 0x27
FIRMWARE_VERSION = bytes([0x32, 0x01, 0x06, 0x07])  # IC PN532, v1.6, ISO18092+14443A/B

Fault = Literal["bad_checksum", "missing_ack", "truncated", "garbage"]
FAULTS: tuple[Fault, ...] = ("bad_checksum", "missing_ack", "truncated", "garbage")
GARBAGE_BYTES = bytes([0x13, 0x37, 0xA5, 0x5A, 0xC3, 0x3C, 0x99, 0x42, 0x17, 0xE1])


class FrameError(ValueError):
    """A byte string is not a valid normal information frame."""


def checksum(data: bytes) -> int:
    """Byte that makes `sum(data) + checksum` a multiple of 256 (used for LCS and DCS)."""
    return (-sum(data)) & 0xFF


def encode_frame(tfi: int, data: bytes) -> bytes:
    """Build a normal information frame carrying TFI + data (1..254 bytes after TFI)."""
    body = bytes([tfi]) + bytes(data)
    if not 1 <= len(body) <= 255:
        raise FrameError(f"frame body must be 1..255 bytes, got {len(body)}")
    length = len(body)
    return PREAMBLE + bytes([length, checksum(bytes([length]))]) + body + bytes([checksum(body), 0x00])


def decode_frame(frame: bytes) -> tuple[int, bytes]:
    """Return (TFI, data) of one complete normal frame; raise FrameError if it is not one."""
    start = frame.find(b"\x00\xff")
    if start < 0 or any(frame[:start]):
        raise FrameError("no 00 FF start code")
    head = start + 2
    if len(frame) < head + 2:
        raise FrameError("frame too short for LEN/LCS")
    length, lcs = frame[head], frame[head + 1]
    if (length + lcs) & 0xFF:
        raise FrameError("length checksum mismatch")
    if length == 0:
        raise FrameError("ACK frame carries no data")
    body = frame[head + 2 : head + 2 + length]
    if len(body) < length or len(frame) < head + 3 + length:
        raise FrameError("frame truncated")
    if (sum(body) + frame[head + 2 + length]) & 0xFF:
        raise FrameError("data checksum mismatch")
    return body[0], bytes(body[1:])


def response_frame(command: int, data: bytes = b"") -> bytes:
    """Frame for the chip's answer to `command` (code + 1, TFI D5)."""
    return encode_frame(PN532_TO_HOST, bytes([command + 1]) + data)


def default_target_bytes(uid: bytes) -> tuple[bytes, int]:
    """(SENS_RES, SEL_RES) a typical tag of this UID size answers with.

    ATQA bits 7-6 carry the UID size (single/double/triple); SAK 08 is MIFARE Classic 1K,
    00 an Ultralight/NTAG-like tag.
    """
    if len(uid) == 4:
        return b"\x00\x04", 0x08
    if len(uid) == 7:
        return b"\x00\x44", 0x00
    return b"\x00\x84", 0x00


CardState = Literal["idle", "active", "halt"]


@dataclass
class Card:
    """A tag in the field and its ISO/IEC 14443-3 state."""

    uid: bytes
    sens_res: bytes
    sel_res: int
    state: CardState = "idle"

    @property
    def active(self) -> bool:
        return self.state == "active"


@dataclass(frozen=True)
class Timing:
    """How long the chip takes, in seconds (choice: figures of the order measured on
    PN532 breakouts at 115200 baud; the manual gives only the 15 ms ACK bound)."""

    ack: float = 0.001
    response: float = 0.002          # simple commands (SAM, RFConfiguration, ...)
    activation_attempt: float = 0.005  # one InListPassiveTarget try, found or not


INSTANT = Timing(0.0, 0.0, 0.0)


@dataclass
class Counters:
    """What the fake has seen, for assertions in tests."""

    commands: Counter[int] = field(default_factory=Counter)
    acks_from_host: int = 0
    nacks_from_host: int = 0
    aborted: int = 0
    dropped_frames: int = 0
    ignored_before_sam: int = 0
    field_offs: int = 0
    faults_applied: Counter[str] = field(default_factory=Counter)


class FakePN532:
    """Simulated PN532 behind an HSU byte stream. Thread-safe; see module docstring."""

    def __init__(self, instant: bool = False, timing: Timing | None = None) -> None:
        self.timing = INSTANT if instant else (timing or Timing())
        self._lock = threading.Condition()
        self._inbox = bytearray()
        self._outbox = bytearray()            # bytes the host can read now
        self._scheduled: list[tuple[float, bytes]] = []   # (due time, bytes) not out yet
        self._cards: list[Card] = []
        self._field_on = False
        self._sam_configured = False
        self._max_retries = RETRY_FOREVER
        self._max_targets = 1
        self._pending_poll = False
        self._missed_polls = 0
        self._last_response = b""
        self._faults: list[Fault] = []
        self.counters = Counters()

    # ----- byte stream (host side) -------------------------------------------------
    def write(self, data: bytes) -> int:
        """Host -> chip bytes; complete frames are processed at once, answers come when due."""
        with self._lock:
            self._inbox.extend(data)
            self._process_inbox()
            self._lock.notify_all()
        return len(data)

    def _release_due(self) -> float | None:
        """Move due bytes to the readable outbox; return the next due time, if any."""
        now = time.monotonic()
        while self._scheduled and self._scheduled[0][0] <= now:
            self._outbox.extend(self._scheduled.pop(0)[1])
        return self._scheduled[0][0] if self._scheduled else None

    def read(self, n: int = 1) -> bytes:
        """Chip -> host: up to `n` bytes that are available now, b"" if none."""
        with self._lock:
            self._release_due()
            chunk = bytes(self._outbox[:n])
            del self._outbox[:n]
            return chunk

    @property
    def in_waiting(self) -> int:
        """Number of chip -> host bytes ready to read."""
        with self._lock:
            self._release_due()
            return len(self._outbox)

    def discard_output(self) -> None:
        """Drop unread chip -> host bytes (what a host's reset_input_buffer does)."""
        with self._lock:
            self._release_due()
            self._outbox.clear()

    def wait_readable(self, timeout: float) -> bool:
        """Block up to `timeout` seconds until some chip -> host byte is available."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                due = self._release_due()
                if self._outbox:
                    return True
                now = time.monotonic()
                if now >= deadline:
                    return False
                self._lock.wait(min(deadline, due if due is not None else deadline) - now)

    def settle(self, timeout: float = 1.0) -> None:
        """Test side: wait until every scheduled answer is out (no-op when instant)."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                due = self._release_due()
            if due is None or time.monotonic() > deadline:
                return
            time.sleep(max(0.0, due - time.monotonic()))

    # ----- test controls -------------------------------------------------------------
    def place(self, uid_hex: str, sens_res: bytes | None = None, sel_res: int | None = None,
              alongside: bool = False) -> None:
        """Put a tag with this UID (4, 7 or 10 bytes, hex) in the field; it replaces the
        cards there unless `alongside` (two cards on one antenna)."""
        uid = bytes.fromhex(uid_hex)
        if len(uid) not in (4, 7, 10):
            raise ValueError(f"UID must be 4, 7 or 10 bytes, got {len(uid)}")
        default_sens, default_sel = default_target_bytes(uid)
        card = Card(uid, sens_res or default_sens, default_sel if sel_res is None else sel_res)
        with self._lock:
            if not alongside:
                self._cards = []
            self._cards = [c for c in self._cards if c.uid != uid] + [card]
            if self._pending_poll:
                self._pending_poll = False
                self._answer_poll(self._idle_cards(), delay=self.timing.activation_attempt)
            self._lock.notify_all()

    def lift(self, uid_hex: str | None = None) -> None:
        """Take this tag (default: every tag) out of the field."""
        with self._lock:
            if uid_hex is None:
                self._cards = []
            else:
                self._cards = [c for c in self._cards if c.uid != bytes.fromhex(uid_hex)]

    def halt(self, uid_hex: str | None = None) -> None:
        """Put a resting tag (default: all) in HALT, as a stray HLTA or glitch would."""
        with self._lock:
            for card in self._cards:
                if uid_hex is None or card.uid == bytes.fromhex(uid_hex):
                    card.state = "halt"

    def miss_polls(self, count: int) -> None:
        """The next `count` InListPassiveTarget find no card (a card flapping at the
        edge of the field; replaces a count not used up yet)."""
        with self._lock:
            self._missed_polls = count

    @property
    def card_uid(self) -> str | None:
        """UID (upper-case hex) of the first tag in the field, or None."""
        with self._lock:
            return self._cards[0].uid.hex().upper() if self._cards else None

    @property
    def card_uids(self) -> list[str]:
        """UIDs of every tag in the field, in placement order."""
        with self._lock:
            return [c.uid.hex().upper() for c in self._cards]

    def card_state(self, uid_hex: str) -> CardState | None:
        with self._lock:
            for card in self._cards:
                if card.uid == bytes.fromhex(uid_hex):
                    return card.state
            return None

    @property
    def field_on(self) -> bool:
        with self._lock:
            return self._field_on

    @property
    def sam_configured(self) -> bool:
        """True once SAMConfiguration took the chip out of LowVbat."""
        with self._lock:
            return self._sam_configured

    @property
    def poll_pending(self) -> bool:
        """True while an InListPassiveTarget waits for a card (infinite retries)."""
        with self._lock:
            return self._pending_poll

    def inject(self, fault: Fault, times: int = 1) -> None:
        """Corrupt the next `times` commands' answers in the given way.

        bad_checksum: response DCS wrong; missing_ack: command lost, nothing sent;
        truncated: response cut after half its bytes; garbage: response replaced by noise.
        """
        if fault not in FAULTS:
            raise ValueError(f"unknown fault {fault!r}; expected one of {FAULTS}")
        with self._lock:
            self._faults.extend([fault] * times)

    @property
    def faults_pending(self) -> int:
        """Injected faults not used up yet."""
        with self._lock:
            return len(self._faults)

    def power_cycle(self) -> None:
        """Back to the power-up state (LowVbat, default retries, no pending command)."""
        with self._lock:
            self._inbox.clear()
            self._outbox.clear()
            self._scheduled.clear()
            self._sam_configured = False
            self._max_retries = RETRY_FOREVER
            self._pending_poll = False
            self._switch_field(False)

    # ----- frame parsing -------------------------------------------------------------
    def _process_inbox(self) -> None:
        while True:
            start = self._inbox.find(b"\x00\xff")
            if start < 0:
                # Keep a trailing 00 that may begin the next start code; drop wake-up noise.
                keep = 1 if self._inbox.endswith(b"\x00") else 0
                del self._inbox[: len(self._inbox) - keep]
                return
            del self._inbox[:start]
            if len(self._inbox) < 4:
                return
            length, lcs = self._inbox[2], self._inbox[3]
            if length == 0x00 and lcs == 0xFF:
                del self._inbox[:4]
                self._on_host_ack()
                continue
            if length == 0xFF and lcs == 0x00:
                del self._inbox[:4]
                self._on_host_nack()
                continue
            if (length + lcs) & 0xFF:
                # Bad LCS or extended frame (FF FF): not understood, skip this start code.
                self.counters.dropped_frames += 1
                del self._inbox[:2]
                continue
            needed = 4 + length + 1
            if len(self._inbox) < needed:
                return
            body = bytes(self._inbox[4 : 4 + length])
            dcs = self._inbox[4 + length]
            del self._inbox[:needed]
            if self._inbox[:1] == b"\x00":
                del self._inbox[:1]  # postamble
            if (sum(body) + dcs) & 0xFF or body[0] != HOST_TO_PN532 or len(body) < 2:
                self.counters.dropped_frames += 1
                continue
            self._on_command(body[1], body[2:])

    def _on_host_ack(self) -> None:
        self.counters.acks_from_host += 1
        self._release_due()
        if self._pending_poll or self._scheduled:
            # The command in progress is dropped: its answer never comes out.
            self._pending_poll = False
            self._scheduled.clear()
            self.counters.aborted += 1

    def _on_host_nack(self) -> None:
        self.counters.nacks_from_host += 1
        if self._last_response:
            self._emit(self._last_response, self.timing.ack)

    # ----- command execution ---------------------------------------------------------
    def _emit(self, data: bytes, delay: float) -> None:
        """Schedule bytes `delay` s after the last scheduled ones (the chip answers in order)."""
        base = self._scheduled[-1][0] if self._scheduled else time.monotonic()
        if delay <= 0 and not self._scheduled:
            self._outbox.extend(data)
        else:
            self._scheduled.append((max(base, time.monotonic()) + delay, data))

    def _on_command(self, command: int, params: bytes) -> None:
        self.counters.commands[command] += 1
        if not self._sam_configured and command != CMD_SAM_CONFIGURATION:
            self.counters.ignored_before_sam += 1
            return
        fault = self._faults[0] if self._faults else None
        if fault == "missing_ack":
            self._faults.pop(0)
            self.counters.faults_applied[fault] += 1
            return
        # A new command replaces one still waiting for a card (the host gave up on it).
        self._pending_poll = False
        self._emit(ACK_FRAME, self.timing.ack)
        handler = {
            CMD_GET_FIRMWARE_VERSION: self._get_firmware_version,
            CMD_SAM_CONFIGURATION: self._sam_configuration,
            CMD_RF_CONFIGURATION: self._rf_configuration,
            CMD_IN_LIST_PASSIVE_TARGET: self._in_list_passive_target,
            CMD_IN_RELEASE: self._in_release,
            CMD_IN_DESELECT: self._in_deselect,
        }.get(command)
        if handler is None:
            self._send(SYNTAX_ERROR_FRAME)
            return
        handler(params)

    def _send(self, frame: bytes, delay: float | None = None) -> None:
        self._last_response = frame
        fault = self._faults.pop(0) if self._faults else None
        if fault is not None:
            self.counters.faults_applied[fault] += 1
        if fault == "bad_checksum":
            frame = frame[:-2] + bytes([(frame[-2] + 1) & 0xFF]) + frame[-1:]
        elif fault == "truncated":
            frame = frame[: len(frame) // 2]
        elif fault == "garbage":
            frame = GARBAGE_BYTES
        self._emit(frame, self.timing.response if delay is None else delay)

    def _get_firmware_version(self, params: bytes) -> None:
        self._send(response_frame(CMD_GET_FIRMWARE_VERSION, FIRMWARE_VERSION))

    def _sam_configuration(self, params: bytes) -> None:
        if not params or params[0] not in (1, 2, 3, 4):
            self._send(SYNTAX_ERROR_FRAME)
            return
        self._sam_configured = True
        self._send(response_frame(CMD_SAM_CONFIGURATION))

    def _switch_field(self, on: bool) -> None:
        if self._field_on and not on:
            self.counters.field_offs += 1
            for card in self._cards:
                card.state = "idle"   # unpowered: back to IDLE when the field returns
        self._field_on = on

    def _rf_configuration(self, params: bytes) -> None:
        if not params:
            self._send(SYNTAX_ERROR_FRAME)
            return
        if params[0] == RF_CONFIG_MAX_RETRIES:
            if len(params) != 4:
                self._send(SYNTAX_ERROR_FRAME)
                return
            self._max_retries = params[3]
        elif params[0] == RF_CONFIG_FIELD:
            if len(params) != 2:
                self._send(SYNTAX_ERROR_FRAME)
                return
            self._switch_field(bool(params[1] & 0x01))
        self._send(response_frame(CMD_RF_CONFIGURATION))

    def _idle_cards(self) -> list[Card]:
        return [card for card in self._cards if card.state == "idle"]

    def _in_list_passive_target(self, params: bytes) -> None:
        if len(params) < 2 or params[0] not in (1, 2) or params[1] > 0x04:
            self._send(SYNTAX_ERROR_FRAME)
            return
        self._switch_field(True)
        self._max_targets = params[0]
        if params[1] != BRTY_106_TYPE_A:
            self._finish_poll_without_card(1)  # no type B / FeliCa / Jewel tags exist here
            return
        attempts = None if self._max_retries == RETRY_FOREVER else self._max_retries + 1
        if self._missed_polls:
            self._missed_polls -= 1
            self._finish_poll_without_card(attempts or 1)
            return
        tried = 0
        while attempts is None or tried < attempts:
            tried += 1
            found = self._idle_cards()
            for card in self._cards:
                if card.state == "active":
                    card.state = "idle"   # ignores REQA while ACTIVE, falls back to IDLE
            if found:
                self._answer_poll(found, delay=tried * self.timing.activation_attempt)
                return
            if attempts is None and not self._idle_cards():
                break
        self._finish_poll_without_card(tried)

    def _finish_poll_without_card(self, attempts: int) -> None:
        if self._max_retries == RETRY_FOREVER:
            self._pending_poll = True
        else:
            self._send(response_frame(CMD_IN_LIST_PASSIVE_TARGET, b"\x00"),
                       delay=attempts * self.timing.activation_attempt)

    def _answer_poll(self, found: list[Card], delay: float) -> None:
        data = bytes([min(len(found), self._max_targets)])
        for number, card in enumerate(found[: self._max_targets], start=1):
            card.state = "active"
            data += bytes([number]) + card.sens_res + bytes([card.sel_res, len(card.uid)]) + card.uid
        self._send(response_frame(CMD_IN_LIST_PASSIVE_TARGET, data), delay=delay)

    def _in_release(self, params: bytes) -> None:
        self._release_or_deselect(CMD_IN_RELEASE, params)

    def _in_deselect(self, params: bytes) -> None:
        self._release_or_deselect(CMD_IN_DESELECT, params)

    def _release_or_deselect(self, command: int, params: bytes) -> None:
        if not params:
            self._send(SYNTAX_ERROR_FRAME)
            return
        if params[0] not in (0, 1, 2):
            self._send(response_frame(command, bytes([STATUS_BAD_CONTEXT])))
            return
        for card in self._cards:
            if card.state == "active":
                card.state = "halt"   # released: HLTA, asleep until the field drops
        self._send(response_frame(command, bytes([STATUS_OK])))
