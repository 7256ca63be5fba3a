"""A simulated NXP PN532 (firmware v1.6) speaking the HSU (UART) frame format.

Why: the hub and the seat firmware must be tested against the real byte protocol,
including its failure modes, without a chip on the desk. The fake is a pure byte
stream: the host `write()`s frames, the fake answers synchronously into an output
buffer that the host drains with `read()`. There is no clock: every RF attempt is
instantaneous, and a command that would wait on the real chip (InListPassiveTarget
with infinite retries and no card) stays pending until a card is placed, the host
aborts it with an ACK, or a new command replaces it.

Behaviour follows the PN532 user manual (UM0701-02) where it is explicit; where it is
silent the choice is written next to the code and in docs/serial.md:

* Normal information frame: 00 00 FF LEN LCS TFI DATA.. DCS 00 with
  LEN + LCS == 0 and TFI + sum(DATA) + DCS == 0 (mod 256). TFI D4 host->chip,
  D5 chip->host, response command code = command + 1.
* ACK 00 00 FF 00 FF 00 follows every well-formed command. A host ACK aborts the
  command in progress; a host NACK asks for the last response frame again.
* Frames with a bad LCS/DCS, a wrong TFI or the extended format are dropped without
  an ACK (the host sees a missing ACK and retries).
* Power-up state is LowVbat: until SAMConfiguration arrives the chip processes no
  other command and sends nothing at all (no ACK, no error frame). 0x55 wake-up
  bytes and leading 0x00 bytes are ignored.
* Unknown command codes and bad parameters get the syntax error frame
  00 00 FF 01 FF 7F 81 00 (after the ACK).
* InListPassiveTarget (MaxTg 1, BrTy 0x00 = 106 kbps type A) returns one target as
  Tg SENS_RES(2) SEL_RES NFCIDLength NFCID1, or NbTg = 0 once the retry budget set by
  RFConfiguration item 0x05 (MxRtyPassiveActivation) is spent; the power-up value
  0xFF means "retry forever", so with no card the command stays pending.
* Selected target: after a successful InListPassiveTarget the card is in the
  ISO/IEC 14443-3 ACTIVE state. If the host polls again without InRelease/InDeselect,
  the card ignores the first REQA and falls back to IDLE, so that activation attempt
  fails; the next attempt (if the retry budget allows one) finds it again. With
  MxRtyPassiveActivation = 0 a card left on the reader is therefore reported on every
  other poll only. InRelease puts the card back to IDLE: reported on every poll.
"""

from __future__ import annotations

import threading
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


@dataclass
class Card:
    """A tag in the field; `active` is True while the chip holds it selected."""

    uid: bytes
    sens_res: bytes
    sel_res: int
    active: bool = False


@dataclass
class Counters:
    """What the fake has seen, for assertions in tests."""

    commands: Counter[int] = field(default_factory=Counter)
    acks_from_host: int = 0
    nacks_from_host: int = 0
    aborted: int = 0
    dropped_frames: int = 0
    ignored_before_sam: int = 0
    faults_applied: Counter[str] = field(default_factory=Counter)


class FakePN532:
    """Simulated PN532 behind an HSU byte stream. Thread-safe; see module docstring."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._inbox = bytearray()
        self._outbox = bytearray()
        self._card: Card | None = None
        self._sam_configured = False
        self._max_retries = RETRY_FOREVER
        self._pending_poll = False
        self._last_response = b""
        self._faults: list[Fault] = []
        self.counters = Counters()

    # ----- byte stream (host side) -------------------------------------------------
    def write(self, data: bytes) -> int:
        """Host -> chip bytes; complete frames are processed immediately."""
        with self._lock:
            self._inbox.extend(data)
            self._process_inbox()
            self._lock.notify_all()
        return len(data)

    def read(self, n: int = 1) -> bytes:
        """Chip -> host: up to `n` bytes that are available now, b"" if none."""
        with self._lock:
            chunk = bytes(self._outbox[:n])
            del self._outbox[:n]
            return chunk

    @property
    def in_waiting(self) -> int:
        """Number of chip -> host bytes ready to read."""
        with self._lock:
            return len(self._outbox)

    def discard_output(self) -> None:
        """Drop unread chip -> host bytes (what a host's reset_input_buffer does)."""
        with self._lock:
            self._outbox.clear()

    def wait_readable(self, timeout: float) -> bool:
        """Block up to `timeout` seconds until some chip -> host byte is available."""
        with self._lock:
            return self._lock.wait_for(lambda: len(self._outbox) > 0, timeout)

    # ----- test controls -------------------------------------------------------------
    def place(self, uid_hex: str, sens_res: bytes | None = None, sel_res: int | None = None) -> None:
        """Put a tag with this UID (4, 7 or 10 bytes, hex) in the field, replacing any other."""
        uid = bytes.fromhex(uid_hex)
        if len(uid) not in (4, 7, 10):
            raise ValueError(f"UID must be 4, 7 or 10 bytes, got {len(uid)}")
        default_sens, default_sel = default_target_bytes(uid)
        with self._lock:
            self._card = Card(uid, sens_res or default_sens, default_sel if sel_res is None else sel_res)
            if self._pending_poll:
                self._pending_poll = False
                self._answer_poll()
            self._lock.notify_all()

    def lift(self) -> None:
        """Take the tag out of the field."""
        with self._lock:
            self._card = None

    @property
    def card_uid(self) -> str | None:
        """UID (upper-case hex) of the tag in the field, or None."""
        with self._lock:
            return self._card.uid.hex().upper() if self._card else None

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

    def power_cycle(self) -> None:
        """Back to the power-up state (LowVbat, default retries, no pending command)."""
        with self._lock:
            self._inbox.clear()
            self._outbox.clear()
            self._sam_configured = False
            self._max_retries = RETRY_FOREVER
            self._pending_poll = False
            if self._card:
                self._card.active = False

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
        if self._pending_poll:
            self._pending_poll = False
            self.counters.aborted += 1

    def _on_host_nack(self) -> None:
        self.counters.nacks_from_host += 1
        if self._last_response:
            self._outbox.extend(self._last_response)

    # ----- command execution ---------------------------------------------------------
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
        self._outbox.extend(ACK_FRAME)
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

    def _send(self, frame: bytes) -> None:
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
        self._outbox.extend(frame)

    def _get_firmware_version(self, params: bytes) -> None:
        self._send(response_frame(CMD_GET_FIRMWARE_VERSION, FIRMWARE_VERSION))

    def _sam_configuration(self, params: bytes) -> None:
        if not params or params[0] not in (1, 2, 3, 4):
            self._send(SYNTAX_ERROR_FRAME)
            return
        self._sam_configured = True
        self._send(response_frame(CMD_SAM_CONFIGURATION))

    def _rf_configuration(self, params: bytes) -> None:
        if not params:
            self._send(SYNTAX_ERROR_FRAME)
            return
        if params[0] == RF_CONFIG_MAX_RETRIES:
            if len(params) != 4:
                self._send(SYNTAX_ERROR_FRAME)
                return
            self._max_retries = params[3]
        self._send(response_frame(CMD_RF_CONFIGURATION))

    def _in_list_passive_target(self, params: bytes) -> None:
        if len(params) < 2 or params[0] not in (1, 2) or params[1] > 0x04:
            self._send(SYNTAX_ERROR_FRAME)
            return
        if params[1] != BRTY_106_TYPE_A:
            self._finish_poll_without_card()  # no type B / FeliCa / Jewel tags exist here
            return
        attempts_left = None if self._max_retries == RETRY_FOREVER else self._max_retries + 1
        card = self._card
        if card is not None and card.active:
            card.active = False  # ignores REQA while ACTIVE, falls back to IDLE
            if attempts_left is not None:
                attempts_left -= 1
        if card is not None and (attempts_left is None or attempts_left > 0):
            self._answer_poll()
            return
        self._finish_poll_without_card()

    def _finish_poll_without_card(self) -> None:
        if self._max_retries == RETRY_FOREVER:
            self._pending_poll = True
        else:
            self._send(response_frame(CMD_IN_LIST_PASSIVE_TARGET, b"\x00"))

    def _answer_poll(self) -> None:
        card = self._card
        assert card is not None
        card.active = True
        target = bytes([1]) + card.sens_res + bytes([card.sel_res, len(card.uid)]) + card.uid
        self._send(response_frame(CMD_IN_LIST_PASSIVE_TARGET, b"\x01" + target))

    def _in_release(self, params: bytes) -> None:
        self._release_or_deselect(CMD_IN_RELEASE, params)

    def _in_deselect(self, params: bytes) -> None:
        self._release_or_deselect(CMD_IN_DESELECT, params)

    def _release_or_deselect(self, command: int, params: bytes) -> None:
        if not params:
            self._send(SYNTAX_ERROR_FRAME)
            return
        if params[0] not in (0, 1):
            self._send(response_frame(command, bytes([STATUS_BAD_CONTEXT])))
            return
        if self._card is not None:
            self._card.active = False
        self._send(response_frame(command, bytes([STATUS_OK])))
