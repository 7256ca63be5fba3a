"""Test tiers: which tests need a service, so that ``python3 -m pytest -m quick`` runs
the rest in about a minute on a 2-core machine with none of them (``-n auto``: on both cores).

A test that needs a service is marked with it (``broker``, ``browser``, ``espeak``,
``netns``, ``node``: registered in pyproject.toml) by the fixture or helper it uses
(`SERVICE_FIXTURES`, `SERVICE_WORDS`), or by hand; every other test that is not ``slow``
is marked ``quick``. A test that starts one of these programs without its mark fails
(`guard_programs`), so a new test cannot land in the quick tier by mistake.
"""

from __future__ import annotations

import functools
import inspect
import os
import re
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

SERVICES = {"broker": "Mosquitto", "browser": "Chromium", "espeak": "espeak-ng",
            "netns": "a network namespace (nft, unshare)", "node": "Node (MicroPython's wasm build)"}
SERVICE_FIXTURES = {"mosquitto": "broker", "mosquitto_factory": "broker", "mosquitto_session": "broker",
                    "any_broker": "broker", "table_broker": "broker", "browser": "browser"}
"""Fixtures that start a service: a test that uses one (directly or through another
fixture) is marked with it."""
SERVICE_WORDS = {
    "broker": re.compile(r"\bMosquittoFactory\b|\bAmqttBroker\b|\bstart_table_broker\b|\bmosquitto\w*\("),
    "browser": re.compile(r"\bsync_playwright\b|\bchromium_path\b|\bphone_page\b"),
    "espeak": re.compile(r"\brender_all\b|\bEspeakBackend\b|\brender_wav\b"),
    "netns": re.compile(r"\bunshare\b|\bnft\b"),
    "node": re.compile(r"\brun_micropython\b|\bshutil\.which\(\"node\"\)"),
}
"""Helpers that start a service, found in the test's code, its fixtures' and the test
module's functions it calls (one level down)."""
PROGRAMS = {"mosquitto": "broker", "amqtt": "broker", "chromium": "browser", "chromium-browser": "browser", "espeak-ng": "espeak",
            "espeak": "espeak", "nft": "netns", "unshare": "netns", "node": "node"}
"""What each program a test may start needs: the guard's table."""

_running: pytest.Item | None = None  # the test being run (setup, call, teardown)


@functools.cache
def _source(obj: Any) -> str:
    try:
        return inspect.getsource(obj)
    except (OSError, TypeError):
        return ""


def _code_of(item: pytest.Item) -> str:
    """The test's code, its fixtures' (those defined in tests/), and the module-level
    functions and classes of tests/ modules they name."""
    parts = [_source(getattr(item, "function", None))]
    info = getattr(item, "_fixtureinfo", None)
    for definitions in (info.name2fixturedefs.values() if info is not None else ()):
        for definition in definitions:
            if getattr(definition.func, "__module__", "").startswith("tests"):
                parts.append(_source(definition.func))
    module = getattr(item, "module", None)
    names = set(re.findall(r"\b\w+\b", "\n".join(parts)))
    for name in names:
        value = getattr(module, name, None)
        if (inspect.isfunction(value) or inspect.isclass(value)) and value.__module__.startswith("tests"):
            parts.append(_source(value))
    return "\n".join(parts)


def mark_tiers(items: list[pytest.Item]) -> None:
    """Mark each collected test with the services it needs, or ``quick`` (a conftest hook)."""
    for item in items:
        needs = {SERVICE_FIXTURES[name] for name in getattr(item, "fixturenames", ()) if name in SERVICE_FIXTURES}
        code = _code_of(item)
        needs |= {service for service, words in SERVICE_WORDS.items() if words.search(code)}
        for service in sorted(needs):
            item.add_marker(service)
        if not any(item.get_closest_marker(name) for name in (*SERVICES, "slow")):
            item.add_marker("quick")


@pytest.hookimpl(wrapper=True)
def running(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Which test runs now (setup, call, teardown): the guard asks (a conftest hook wrapper)."""
    global _running
    _running = item
    try:
        return (yield)
    finally:
        _running = None


def service_of(args: Any) -> str | None:
    """The service the command `args` (Popen's first argument) needs, if any."""
    words = args.split() if isinstance(args, str) else [os.fspath(a) if not isinstance(a, bytes) else a.decode()
                                                         for a in (args if isinstance(args, (list, tuple)) else [args])]
    for word in words[:3]:  # past a "sudo" or "timeout 5"
        program = os.path.basename(str(word))
        if program == "node" and "playwright" in str(word):
            return "browser"  # Playwright's driver, which starts Chromium
        if "amqtt" in str(word):
            return "broker"  # the second test broker, a Python program (python -c "from amqtt...")
        if program in PROGRAMS:
            return PROGRAMS[program]
    return None


_popen_init = subprocess.Popen.__init__


def _started_program(self: subprocess.Popen[Any], args: Any, *more: Any, **options: Any) -> None:
    """Every program a test starts: one that needs a service needs the test's mark."""
    service = service_of(args)
    item = _running
    if service is not None and item is not None and item.get_closest_marker(service) is None:
        pytest.fail(f"{item.nodeid} starts {SERVICES[service]}: mark it @pytest.mark.{service} (or use the "
                    f"fixture that provides it), so the quick tier (-m quick) stays free of services",
                    pytrace=False)
    _popen_init(self, args, *more, **options)


def guard_programs() -> None:
    """From now on, every program a test starts is checked against its marks."""
    subprocess.Popen.__init__ = _started_program  # type: ignore[method-assign]


def seeds(count: int, quick: int) -> list[Any]:
    """Seeds 0..count-1 of a property run as two parameters: the first `quick` in the quick
    tier, the rest marked ``slow``; the full run plays every seed once."""
    return [pytest.param(range(quick), id=f"seeds0-{quick}"),
            pytest.param(range(quick, count), id=f"seeds{quick}-{count}", marks=pytest.mark.slow)]
