"""``citadels-hub enroll --game G`` as a maker runs it, for every game with cards: the
enroll command and a `citadels-hub soft-seat` (the real seat firmware, which keeps each
event until the hub answers it with its ``ref``) on the shipped broker (TLS, logins, ACL).

Each tap is answered with one command: the result in green (red for a tag already
enrolled) with the next card below it; the firmware's queue drains; a seat that comes back
from a Wi-Fi loss gets the prompt again; Ctrl-C ends with exit 130, one summary line and no
traceback, and the same command resumes; the last card ends it with exit 0 and one summary
line, the seat showing the result, then that the hub is offline (nothing answers it). A file already holding all but the last few cards keeps each test short.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hub.games import GAMES, plugin_named
from tests.enroll_process import EnrollProcess
from tests.soft_seat import SoftSeatProcess
from tests.table_broker import TableBroker

GAMES_WITH_CARDS = sorted(name for name, game in GAMES.items() if game.registry is not None)
LEFT = 4  # the cards each test enrolls itself


def real_uid(n: int) -> str:
    """A tag UID no simulator makes (NTAG-like, 7 bytes)."""
    return f"04C0FFEE{n:06X}"


def seat_url(table: TableBroker, user: str) -> str:
    broker = table.broker
    return f"mqtts://{user}@{broker.host}:{broker.tls_port}?ca={broker.ca_file}"


@pytest.fixture
def started() -> Iterator[list[SoftSeatProcess | EnrollProcess]]:
    processes: list[SoftSeatProcess | EnrollProcess] = []
    yield processes
    for process in processes:
        process.kill()


def _shows(seat: SoftSeatProcess, text: str, since: int = 0, timeout: float = 30) -> None:
    """Wait until the seat's display shows `text`, across its lines (wrapped at spaces)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(line.startswith("display: ") and text in line.replace(" | ", " ") for line in seat.lines_since(since)):
            return
        time.sleep(0.05)
    raise AssertionError(f"the display never showed {text!r}: {seat.lines_since(since)!r}")


def _tap(seat: SoftSeatProcess, uid: str, expect: str, *heard: str) -> None:
    """Lay a tag on the reader and lift it, as a person tapping does: wait for `expect` on the
    display and for each of `heard` (the light, the beep) while the card still lies there."""
    mark = seat.mark()
    seat.type(f"place {uid}")
    _shows(seat, expect, since=mark)
    for line in heard:
        seat.wait_line(line, since=mark)
    seat.type("lift")


@pytest.mark.slow  # `citadels-hub enroll` and soft-seat processes
@pytest.mark.parametrize("game_name", GAMES_WITH_CARDS)
def test_every_game_is_enrolled_through_a_real_seat(game_name: str, table_broker: TableBroker, tmp_path: Path,
                                                   started: list[SoftSeatProcess | EnrollProcess]) -> None:
    plugin = plugin_named(game_name)
    assert plugin.registry is not None
    registry = plugin.registry.empty()
    cards = registry.catalogue.cards(registry.deck)
    total = len(cards)
    first = total - LEFT  # cards already enrolled (0-based index of the first asked for)
    registry.tags = {real_uid(n): card for n, card in enumerate(cards[:first])}
    tags = tmp_path / f"{game_name}-tags.json"
    registry.save(tags)

    seat = SoftSeatProcess(["--seat", "2", "--broker", seat_url(table_broker, "seat2"), "--game", game_name],
                           password=table_broker.passwords["seat2"])
    started.append(seat)
    seat.wait_line("link: up")
    enroll = EnrollProcess(table_broker, tags, tmp_path / "state", "--game", game_name, seat=2)
    started.append(enroll)
    label = registry.label
    _shows(seat, f"Tap {label(cards[first])} ({first + 1}/{total})")

    # One command per tap: the result in green with the next card below it.
    mark = seat.mark()
    _tap(seat, real_uid(first), f"Tap {label(cards[first + 1])} ({first + 2}/{total})")  # whole, below the result
    seat.wait_line("led: green", since=mark)
    seat.wait_line("beep: ok", since=mark)

    # A tag already enrolled: red, the error beep, the same card asked for again.
    _tap(seat, real_uid(0), f"Tap {label(cards[first + 1])} ({first + 2}/{total})", "led: red", "beep: error")

    # Every event was answered: nothing waits in the seat's queue.
    mark = seat.mark()
    seat.type("show")
    seat.wait_line("queued events: 0", since=mark)

    # The seat loses its Wi-Fi and comes back: the prompt again, in blue.
    mark = seat.mark()
    seat.type("wifi off")
    seat.wait_line("link: down", since=mark)
    seat.type("wifi on")
    _shows(seat, f"Tap {label(cards[first + 1])} ({first + 2}/{total})", since=mark)
    seat.wait_line("led: blue", since=mark)

    # Ctrl-C: exit 130, one summary line, no traceback; the file keeps the card enrolled.
    assert enroll.interrupt() == 130
    assert enroll.output.stdout[-1].startswith(f"Stopped: {first + 1} of {total} cards enrolled")
    assert not any("Traceback" in line for line in enroll.output.stderr), "\n".join(enroll.output.stderr)

    # The same command resumes; the last card ends it with exit 0 and one summary line.
    enroll = EnrollProcess(table_broker, tags, tmp_path / "state", "--game", game_name, seat=2)
    started.append(enroll)
    enroll.output.wait_for(re.escape(f"Tap {label(cards[first + 1])} ({first + 2}/{total})"))
    for n in range(first + 1, total - 1):
        _tap(seat, real_uid(n), f"Tap {label(cards[n + 1])} ({n + 2}/{total})")
    mark = seat.mark()
    seat.type("show")
    seat.wait_line("queued events: 0", since=mark)  # every tap answered (after the last one the hub leaves)
    mark = seat.mark()
    _tap(seat, real_uid(total - 1), f"All {total} cards are enrolled.")
    assert enroll.end() == 0, enroll.output.stderr
    _shows(seat, "The hub is offline", since=mark)  # after the result: nothing answers the seat now
    assert enroll.output.stdout[-1] == f"All {total} cards are enrolled in {tags} ({LEFT - 1} this time)."
    assert not any("Traceback" in line or "unexpected" in line for line in enroll.output.stderr), enroll.output.stderr
    loaded = plugin.load_registry(str(tags))
    assert loaded.missing() == [] and [loaded.lookup(real_uid(n)) for n in range(total)] == cards
