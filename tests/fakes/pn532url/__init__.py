"""pyserial URL handler `fakepn532://<name>`: a serial port wired to a FakePN532.

Why: the hub opens its PN532 with `serial.serial_for_url(url, timeout=...)`; a test that
passes `fakepn532://seat3` instead of `/dev/ttyS0` drives the very same code path, and
gets hold of the simulated chip by name to place and lift cards.

    from tests.fakes import pn532url
    pn532url.register()                 # once; idempotent
    chip = pn532url.fake_for("seat3")   # the chip behind fakepn532://seat3
    port = serial.serial_for_url("fakepn532://seat3", timeout=0.05)
"""

from __future__ import annotations

import threading

import serial

from tests.fakes.pn532 import FakePN532

SCHEME = "fakepn532"
_PACKAGE = __name__
_registry: dict[str, FakePN532] = {}
_unplugged: set[str] = set()
_registry_lock = threading.Lock()


def register() -> None:
    """Let `serial.serial_for_url` find the `fakepn532://` handler (idempotent)."""
    if _PACKAGE not in serial.protocol_handler_packages:
        serial.protocol_handler_packages.append(_PACKAGE)


def fake_for(name: str) -> FakePN532:
    """The chip behind `fakepn532://<name>`, created on first use."""
    with _registry_lock:
        chip = _registry.get(name)
        if chip is None:
            chip = _registry[name] = FakePN532()
        return chip


def url_for(name: str) -> str:
    """`fakepn532://<name>`."""
    return f"{SCHEME}://{name}"


def unplug(name: str) -> None:
    """Make opening `fakepn532://<name>` fail, like a USB adapter pulled out."""
    with _registry_lock:
        _unplugged.add(name)


def plug(name: str) -> None:
    """Undo `unplug`."""
    with _registry_lock:
        _unplugged.discard(name)


def is_unplugged(name: str) -> bool:
    """True while `unplug(name)` is in force."""
    with _registry_lock:
        return name in _unplugged


def forget(name: str) -> None:
    """Drop the chip registered under `name` (the next open gets a fresh one)."""
    with _registry_lock:
        _registry.pop(name, None)
        _unplugged.discard(name)
