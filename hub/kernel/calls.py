"""The one way a call from another thread runs on the hub thread (see `hubloop`).

A table's public method that touches the game is decorated with what its caller gets:

- `request`: a phone's or the admin's request, answered ``{"ok": ...}``; a coded refusal
  raised on the way is answered ``{"ok": False, "code", "message"}`` (`refused`);
- `read`: a read (a view, the status, the log), run on the hub thread between inputs
  while the hub thread runs, directly before `start()` and after `stop()`;
- `call`: anything else whose caller waits for it (pause, resume).

A table too busy to take the call in time answers ``busy`` (counted) and never runs it
later behind the caller's back. The method's body runs on the hub thread: it calls the
table's other methods directly, never through these wrappers again.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar, cast

from hub.errors import HubError

from .hubloop import HubLoop
from .interfaces import Refusal


class OnHubThread(Protocol):
    """What the wrappers need of a table: its hub loop, its counters, its refusals."""

    loop: HubLoop
    counters: Counter[str]

    @property
    def refusal_types(self) -> tuple[type[HubError], ...]: ...


S = TypeVar("S", bound=OnHubThread)
P = ParamSpec("P")
R = TypeVar("R")

_READ = object()  # marks a read's own answer (not a ``busy`` or ``stopped`` reply)


def refused(error: HubError, **facts: Any) -> dict[str, Any]:
    """A request's answer for a coded refusal (with what the game adds to it)."""
    return {"ok": False, **error.to_json(), **facts}


def ask(table: OnHubThread, kind: str, run: Callable[[], Any]) -> Any:
    """Run `run` on the hub thread and wait for its result (``busy`` past the timeout)."""
    result = table.loop.ask(kind, run, on_busy=lambda: table.counters.update(["busy"]))
    return dict(result) if isinstance(result, dict) else result


def reading_elsewhere(table: OnHubThread) -> bool:
    """Whether a read must go through the hub thread: it is running and this is not it
    (before `start()` and after `stop()` nothing else touches the game)."""
    return table.loop.serving() and not table.loop.on_hub_thread()


def read_on_hub(table: OnHubThread, kind: str, build: Callable[[], R]) -> R:
    """`build()` run on the hub thread, between inputs, for a reader on another thread.
    A table too busy to answer in time (or stopping) raises `Refusal("busy")`."""
    marked = table.loop.ask(kind, lambda: (_READ, build()), on_busy=lambda: table.counters.update(["busy"]))
    if isinstance(marked, tuple) and marked[0] is _READ:
        return cast(R, marked[1])
    if table.loop.stopped:  # the hub thread has ended: nothing changes the game any more
        return build()
    raise Refusal("busy", "the table is busy: try again in a moment")


def request(kind: str) -> Callable[[Callable[Concatenate[S, P], dict[str, Any]]],
                                   Callable[Concatenate[S, P], dict[str, Any]]]:
    """A request answered ``{"ok": ...}`` (phones, the admin), run on the hub thread; a
    refusal (the kernel's or the game's) raised by the method is its answer."""
    def decorate(method: Callable[Concatenate[S, P], dict[str, Any]]) -> Callable[Concatenate[S, P], dict[str, Any]]:
        @functools.wraps(method)
        def on_hub(table: S, /, *args: P.args, **kwargs: P.kwargs) -> dict[str, Any]:
            def run() -> dict[str, Any]:
                try:
                    return method(table, *args, **kwargs)
                except table.refusal_types as exc:
                    return refused(exc)
            return dict(ask(table, kind, run) or {})
        return on_hub
    return decorate


def read(kind: str) -> Callable[[Callable[Concatenate[S, P], R]], Callable[Concatenate[S, P], R]]:
    """A read, run on the hub thread between inputs when another thread asks."""
    def decorate(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
        @functools.wraps(method)
        def on_hub(table: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
            if reading_elsewhere(table):
                return read_on_hub(table, kind, lambda: method(table, *args, **kwargs))
            return method(table, *args, **kwargs)
        return on_hub
    return decorate


def call(kind: str) -> Callable[[Callable[Concatenate[S, P], None]], Callable[Concatenate[S, P], None]]:
    """A change whose caller waits until the hub thread has made it (``busy`` past the timeout)."""
    def decorate(method: Callable[Concatenate[S, P], None]) -> Callable[Concatenate[S, P], None]:
        @functools.wraps(method)
        def on_hub(table: S, /, *args: P.args, **kwargs: P.kwargs) -> None:
            ask(table, kind, lambda: method(table, *args, **kwargs))
        return on_hub
    return decorate
