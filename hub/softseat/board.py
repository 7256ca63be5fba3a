"""One seat board, off-board: the real firmware/main.py running in this process on the
fake board (PN532 reader, buttons, LED, buzzer, SSD1306 display, Wi-Fi station).

The fakes are module-wide, so a process holds one `SoftBoard`; run one process per seat.
What the board shows (display lines, the hub's LED colour, beeps, the link) is read back
from the same objects the firmware drives.
"""

from __future__ import annotations

import hashlib
import json
import socket
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from hub.softseat import machine, network, ssd1306
from hub.softseat.firmware import find_firmware, firmware_modules
from hub.softseat.pn532 import FakePN532

BUTTONS = ("a", "b", "ok")
DISPLAY_LINE_PX = 12   # firmware/feedback.py draws a line every 12 px
HOLD_S = {"short": 0.15, "long": 1.2}   # the firmware's long press is 800 ms by default


def board_id(table: str, seat: int, host: str | None = None) -> bytes:
    """A unique id per (machine, table, seat): stable across restarts (a restarted soft seat
    is the same board rebooted), different for every seat and every machine."""
    digest = hashlib.sha256(f"{host or socket.gethostname()}/{table}/{seat}".encode()).digest()
    return b"\x50\x43" + digest[:4]


class SoftBoard:
    """The firmware's main() in a thread, on a fake board built from `config`."""

    def __init__(self, config: dict[str, Any], firmware: str | Path | None = None,
                 unique_id: bytes | None = None) -> None:
        self.config = config
        self.firmware = find_firmware(firmware)
        self.unique_id = unique_id or board_id(str(config.get("table")), int(config.get("seat", 0)))
        self.chip = FakePN532()
        self.fw: SimpleNamespace | None = None
        self._stack = ExitStack()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.error: BaseException | None = None
        self._glyphs: dict[bytes, str] | None = None   # the firmware's font, to read the panel

    # ------------------------------------------------------------------ life
    def start(self) -> None:
        folder = Path(self._stack.enter_context(tempfile.TemporaryDirectory(prefix="soft-seat-")))
        config_path = folder / "config.json"
        config_path.write_text(json.dumps(self.config, indent=1))
        self.fw = self._stack.enter_context(firmware_modules(self.firmware))
        machine.board.unique_id = self.unique_id
        reader = self.config.get("reader") or {}
        if reader.get("mode") == "i2c":
            machine.board.i2c[reader["i2c"]] = self.chip
        else:
            machine.board.uarts[reader.get("uart", 2)] = self.chip
        wifi = self.config.get("wifi") or {}
        network.access_point.ssid = wifi.get("ssid", "")
        network.access_point.password = wifi.get("password", "")
        self._thread = threading.Thread(target=self._run, args=(str(config_path),), name="firmware", daemon=True)
        self._thread.start()

    def _run(self, path: str) -> None:
        assert self.fw is not None
        try:
            self.fw.main.main(path, self._stop.is_set)
        except BaseException as exc:  # noqa: BLE001 - shown to the user, never swallowed
            self.error = exc

    def stop(self) -> None:
        """Stop the loop as a planned power-off (the firmware says `offline` itself)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(10)
        self._stack.close()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # ------------------------------------------------------------------ the player's hands
    def place(self, uid: str, alongside: bool = False) -> None:
        self.chip.place(uid, alongside=alongside)

    def lift(self, uid: str | None = None) -> None:
        self.chip.lift(uid)

    def press(self, button: str, press: str = "short") -> None:
        if button not in BUTTONS:
            raise ValueError(f"no button {button!r}: a, b or ok")
        pin = machine.board.pins[self.config["buttons"][button]]
        pin.drive(0)
        time.sleep(HOLD_S[press])
        pin.drive(1)

    def wifi(self, up: bool) -> None:
        network.access_point.up = up

    # ------------------------------------------------------------------ what it shows
    @property
    def seat(self) -> Any:
        return self.fw.main.current if self.fw is not None else None

    def display_lines(self) -> list[str]:
        """The panel's pixels read back through the firmware's font (a cut line reads cut)."""
        if ssd1306.displays and self.fw is not None:
            font = self.fw.font
            if self._glyphs is None:
                self._glyphs = {bytes(font.GLYPHS[i:i + font.WIDTH]): chr(font.FIRST + i // font.WIDTH)
                                for i in range(0, len(font.GLYPHS), font.WIDTH)}
                self._glyphs[bytes(font.BOX)] = "\u25a1"
            return ssd1306.displays[-1].read_lines(self._glyphs, font.CELL, font.WIDTH, DISPLAY_LINE_PX)
        seat = self.seat
        return list(seat.feedback.shown()) if seat is not None else []

    def led(self) -> str:
        """The colour the LED shows as a word: the hub's colour, or the link-down pattern."""
        seat = self.seat
        if seat is None:
            return "off"
        if seat.feedback.offline:
            return "white/amber (no link)"
        return str(seat.feedback.colour) + (" blinking" if seat.feedback.blink else "")

    def tones(self) -> list[int]:
        """Every tone frequency started on the buzzer so far, in order."""
        pin = self.config.get("buzzer")
        pwm = machine.board.pwm.get(pin)
        return list(pwm.tones) if pwm is not None else []

    def linked(self) -> bool:
        seat = self.seat
        return bool(seat is not None and seat.link.connected)

    def queued(self) -> int:
        seat = self.seat
        return len(seat.link.outbox) if seat is not None else 0
