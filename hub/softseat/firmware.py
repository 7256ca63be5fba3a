"""Load the seat firmware (firmware/*.py) under CPython with the fake MicroPython modules.

Why: the firmware's modules have MicroPython names (`machine`, `network`, `neopixel`,
`ssd1306`, `framebuf`, `time.ticks_ms`) and generic top-level names (`config`, `link`, `pn532`...).
They are imported fresh inside `firmware_modules()` and removed again afterwards, so they
never shadow another package's modules. The fakes are module-wide: one board per process.
"""

from __future__ import annotations

import importlib
import sys
import time as real_time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType, SimpleNamespace

from hub.softseat import framebuf, machine, mpytime, neopixel, network, ssd1306

CHECKOUT_FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
FAKES: dict[str, ModuleType] = {"framebuf": framebuf, "machine": machine, "network": network,
                                "neopixel": neopixel, "ssd1306": ssd1306}


class FirmwareMissing(ValueError):
    """No firmware/ folder where one was looked for."""


def find_firmware(folder: str | Path | None = None) -> Path:
    """The firmware folder: `folder`, else this source tree's, else ./firmware."""
    candidates = [Path(folder)] if folder else [CHECKOUT_FIRMWARE, Path.cwd() / "firmware"]
    for candidate in candidates:
        if (candidate / "main.py").is_file():
            return candidate.resolve()
    where = " or ".join(dict.fromkeys(str(c.resolve()) for c in candidates))  # once, when both are the same
    raise FirmwareMissing(f"no seat firmware (main.py) in {where}: give --firmware "
                          "the firmware/ folder of the source (e.g. /opt/citadels/src/firmware)")


FIRMWARE_DIR = CHECKOUT_FIRMWARE


def firmware_module_names(folder: Path = FIRMWARE_DIR) -> list[str]:
    return sorted(path.stem for path in folder.glob("*.py"))


@contextmanager
def firmware_modules(folder: Path | None = None) -> Iterator[SimpleNamespace]:
    """Yield a namespace with every firmware module (fresh import, fresh fake board)."""
    folder = find_firmware(folder)
    names = firmware_module_names(folder)
    touched = names + list(FAKES) + ["time"]
    saved: dict[str, ModuleType | None] = {name: sys.modules.get(name) for name in touched}
    machine.reset_board()
    network.reset_network()
    neopixel.strips.clear()
    ssd1306.displays.clear()
    for name in names:
        sys.modules.pop(name, None)
    sys.modules.update(FAKES)
    sys.path.insert(0, str(folder))
    try:
        sys.modules["time"] = mpytime
        try:
            loaded = {name: importlib.import_module(name) for name in names}
        finally:
            sys.modules["time"] = real_time
        yield SimpleNamespace(**loaded)
    finally:
        sys.path.remove(str(folder))
        for name in touched:
            if saved[name] is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = saved[name]  # type: ignore[assignment]
