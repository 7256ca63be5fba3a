"""Load the seat firmware (firmware/*.py) under CPython with the fake MicroPython modules.

Why: the firmware's modules have MicroPython names (`machine`, `network`, `neopixel`,
`time.ticks_ms`) and generic top-level names (`config`, `link`, `pn532`...). They are
imported fresh inside `firmware_modules()` and removed again afterwards, so they never
shadow another package's modules in the same pytest run.
"""

from __future__ import annotations

import importlib
import sys
import time as real_time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType, SimpleNamespace

from tests.fakes import machine, mpytime, neopixel, network

FIRMWARE_DIR = Path(__file__).resolve().parents[3] / "firmware"
FAKES = {"machine": machine, "network": network, "neopixel": neopixel}


def firmware_module_names() -> list[str]:
    return sorted(path.stem for path in FIRMWARE_DIR.glob("*.py"))


@contextmanager
def firmware_modules() -> Iterator[SimpleNamespace]:
    """Yield a namespace with every firmware module (fresh import, fresh fake board)."""
    names = firmware_module_names()
    touched = names + list(FAKES) + ["time"]
    saved: dict[str, ModuleType | None] = {name: sys.modules.get(name) for name in touched}
    machine.reset_board()
    network.reset_network()
    neopixel.strips.clear()
    for name in names:
        sys.modules.pop(name, None)
    sys.modules.update(FAKES)
    sys.path.insert(0, str(FIRMWARE_DIR))
    try:
        sys.modules["time"] = mpytime
        try:
            loaded = {name: importlib.import_module(name) for name in names}
        finally:
            sys.modules["time"] = real_time
        yield SimpleNamespace(**loaded)
    finally:
        sys.path.remove(str(FIRMWARE_DIR))
        for name in touched:
            if saved[name] is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = saved[name]  # type: ignore[assignment]
