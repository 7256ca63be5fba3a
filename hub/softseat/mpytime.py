"""CPython's `time` plus MicroPython's ticks_ms / ticks_diff / ticks_add / sleep_ms, so
firmware modules that `import time` run on the host. Installed only while the firmware's
modules are imported (they keep a reference to this module, nobody else sees it)."""

from __future__ import annotations

import time as _time
from time import monotonic, perf_counter, sleep, time  # noqa: F401  (re-exported)

TICKS_PERIOD = 1 << 30   # as on the ESP32: wrap-around is part of the contract
_start = _time.monotonic()


def ticks_ms() -> int:
    return int((_time.monotonic() - _start) * 1000) % TICKS_PERIOD


def ticks_add(ticks: int, delta: int) -> int:
    return (ticks + delta) % TICKS_PERIOD


def ticks_diff(end: int, start: int) -> int:
    half = TICKS_PERIOD // 2
    return ((end - start + half) % TICKS_PERIOD) - half


def sleep_ms(ms: int) -> None:
    _time.sleep(ms / 1000)


def sleep_us(us: int) -> None:
    _time.sleep(us / 1_000_000)
