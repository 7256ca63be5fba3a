"""Events: what an accepted action changed, addressed to everyone or to one seat.

``EventKind`` names every kind the engine emits (a ``Literal``: plain strings on the
wire, in logs and JSON, checked by mypy where events are made); ``PRIVATE_KINDS`` is the
one list of the kinds addressed to a single seat (a hand, a deal, the options of a
pick), which every public surface (history, web, voice) leaves out.

The rules record an event as a plain tuple, ``(kind, data, to)``, or, for the dozen
kinds made at almost every action, as ``(shape, value, ...)`` (a ``Shape`` says which
keys the values fill): ``Game.apply`` returns them as a ``Recorded`` list, which makes the
``Event`` objects when it is first read. Most actions' events are never read (bots,
replays, benchmarks): making an ``Event`` (a tuple subclass, made and freed) cost a tenth
of the engine's work, and its data dict (three an action) another tenth.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any, Literal, get_args

from hub.engine.events import Event as BaseEvent

EventKind = Literal[
    # the draft
    "round_started", "faceup_removed", "draft_turn", "picked",
    # calling and turns
    "called", "no_answer", "revealed", "robbery", "crown", "turn_ended", "round_ended", "game_over",
    # turn actions
    "gold", "cards", "built", "completed", "instruct", "killed", "robbed_named", "swapped",
    "destroyed", "graveyard_taken", "graveyard_passed",
    # table corrections
    "voided",
    # to one seat only
    "options", "you_picked", "drew", "hand",
]
EVENT_KINDS: frozenset[str] = frozenset(get_args(EventKind))
PRIVATE_KINDS: frozenset[str] = frozenset({"options", "you_picked", "drew", "hand"})  # only ever sent to their seat


class Event(BaseEvent):
    """Every engine's event (``hub.engine.events``: kind, data, to), whose JSON also names the
    seat a private one is addressed to (a Citadels seat's page reads it)."""

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.to is not None:
            out["to"] = self.to
        return out


_event: Any = partial(tuple.__new__, Event)  # an Event from its record (kind, data, to), all in C


class Shape:
    """The layout of a frequent event's record, ``(shape, value, ...)``: the values of
    ``keys`` in order, then, if ``private``, the seat it is addressed to. Recording one
    costs a tuple; its data dict is made only if the events are read (``event``).
    ``make``, if given, makes the data from the values (a value that needs work to
    word, done only then). The values are kept as they are: a list that changes after
    the action must be recorded as a copy, as it would be put in the data."""

    __slots__ = ("kind", "keys", "private", "make", "_json_keys")

    def __init__(self, kind: EventKind, keys: tuple[str, ...], private: bool = False,
                 make: Callable[[tuple[Any, ...]], dict[str, Any]] | None = None) -> None:
        self.kind = kind
        self.keys = keys
        self.private = private
        self.make = make
        self._json_keys = ("kind", *keys)  # the record's shape first: its place is the kind's

    def public_json(self, record: tuple[Any, ...]) -> dict[str, Any]:
        """``Event.to_json`` of a public record of this shape, made straight from the record."""
        if self.make is not None:
            return {"kind": self.kind, **self.make(record[1:])}
        data = dict(zip(self._json_keys, record))
        data["kind"] = self.kind  # over the shape, first as in to_json
        return data

    def event(self, record: tuple[Any, ...]) -> Event:
        """The ``Event`` of one record of this shape."""
        values = record[1:-1] if self.private else record[1:]
        data = self.make(values) if self.make is not None else dict(zip(self.keys, values))
        event: Event = _event((self.kind, data, record[-1] if self.private else None))
        return event


# the shapes of the kinds recorded at almost every action (the draft's options: ``draft.py``)
CALLED = Shape("called", ("rank", "character"))
NO_ANSWER = Shape("no_answer", ("rank", "character", "killed"))
REVEALED = Shape("revealed", ("seat", "character"))
TURN_ENDED = Shape("turn_ended", ("seat", "character"))
GOLD = Shape("gold", ("seat", "delta", "reason"))
CARDS = Shape("cards", ("seat", "delta", "reason"))
DREW = Shape("drew", ("cards",), private=True)
BUILT = Shape("built", ("seat", "district"))
DRAFT_TURN = Shape("draft_turn", ("seat", "step"))
PICKED = Shape("picked", ("seat",))
YOU_PICKED = Shape("you_picked", ("character",), private=True)
ROUND_STARTED = Shape("round_started", ("round", "crowned"))  # and the few of every round
FACEUP_REMOVED = Shape("faceup_removed", ("characters",))
ROUND_ENDED = Shape("round_ended", ("round",))
CROWN = Shape("crown", ("seat", "heir"))


class Series:
    """A run of frequent events that always come together (a pick and its private echo, the
    characters called up to the one who answers, the cards a seat gets...), recorded as one
    record ``(series, value, ...)``: ``split`` gives the records of its events, in order,
    made only if they are read. One record for two to five events: the records an action
    appends were a fifteenth of the engine's work."""

    __slots__ = ("name", "split")

    def __init__(self, name: str, split: Callable[[tuple[Any, ...]], list[tuple[Any, ...]]]) -> None:
        self.name = name
        self.split = split


def _calling(record: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """``(CALLING, calls, first, last, killed, seat, ended, ended_char)``: the turn of seat
    ``ended`` as ``ended_char`` over (0: none), then ranks ``first`` to ``last`` called in
    turn (``calls``: rank -> character, None out of the game); each unanswered (``seat`` None
    at ``last`` too: the round is over), but ``last``, revealed by ``seat``."""
    _, calls, first, last, killed, seat, ended, ended_char = record
    out: list[tuple[Any, ...]] = [(TURN_ENDED, ended, ended_char)] if ended else []
    for rank in range(first, last + 1):
        char = calls[rank]
        if char is None:
            continue
        out.append((CALLED, rank, char))
        if rank == last and seat is not None:
            out.append((REVEALED, seat, char))
        else:
            out.append((NO_ANSWER, rank, char, char == killed))
    return out


CALLING = Series("calling", _calling)
PICK = Series("pick", lambda r: [(PICKED, r[1]), (YOU_PICKED, r[2], r[1])])  # (PICK, seat, character)
GOT = Series("got", lambda r: [(CARDS, r[1], len(r[2]), r[3]), (DREW, list(r[2]), r[1])])  # (GOT, seat, cards, reason)
BUILD = Series("build", lambda r: [(GOLD, r[1], -r[2], "build"), (BUILT, r[1], r[3])])  # (BUILD, seat, cost, district)


def _made_event(record: tuple[Any, ...]) -> Event:
    """The ``Event`` of a record, ``(kind, data, to)`` or ``(shape, value, ...)``."""
    head = record[0]
    if type(head) is str:
        return _event(record)  # type: ignore[no-any-return]
    return head.event(record)  # type: ignore[no-any-return]


class Events(list[Any]):
    """One action's events, once read: a plain list of ``Event``s (every read of it runs
    in C), to be read only (``Game.apply`` says ``Sequence[Event]``)."""

    __slots__ = ()


class Recorded(Events):
    """One action's events as the rules record them: ``(kind, data, to)`` plain tuples or
    ``(shape, value, ...)`` ones, appended by ``Game``. Any read of it makes the ``Event``s, once, and turns it into a
    plain ``Events`` (its class changes: the same layout), so every later read is the C
    list's own. Bots and replays never read them, the table publishes them as JSON
    straight from the records (`public_json`), and a plain tuple is a third of the cost
    of a NamedTuple to make and free. Like the game that made it, it is read by one
    thread at a time (the hub's). One read bypasses the methods below: ``[] + result``
    (a plain list's concatenation copies the records); mypy refuses it for the
    ``Sequence`` that ``apply`` returns, so read the result first (``[*result]``)."""

    __slots__ = ()

    def made(self) -> Events:
        """This object, its records made into ``Event``s (the same order)."""
        self.__class__ = Events  # type: ignore[assignment]  # from now on every read is the C list's
        out: list[Event] = []
        for record in list.__iter__(self):
            head = record[0]
            if type(head) is Series:
                out += map(_made_event, head.split(record))
            else:
                out.append(_made_event(record))
        self[:] = out
        return self

    def __iter__(self) -> Iterator[Any]:  # the usual first read, without _made_first's detour
        return iter(self.made())

    def __len__(self) -> int:
        """The events, counted without making them (a ``Series`` record holds several)."""
        count = 0
        for record in list.__iter__(self):
            head = record[0]
            count += len(head.split(record)) if type(head) is Series else 1
        return count


def _made_first(name: str) -> Any:
    """``list``'s method ``name``, run on the events made (see ``Recorded``)."""
    method = getattr(list, name)

    def on_events(self: Recorded, *args: Any) -> Any:
        if args and type(args[0]) is Recorded:  # the other list of a comparison or a sum
            args = (args[0].made(), *args[1:])
        return method(self.made(), *args)

    on_events.__name__ = name
    return on_events


# every other way to read (or change) a list but ``len`` (the records count the same) and
# ``append`` (how the rules record an event)
for _name in ("__getitem__", "__contains__", "__reversed__", "__eq__", "__ne__", "__lt__", "__le__",
              "__gt__", "__ge__", "__repr__", "__add__", "__mul__", "__rmul__", "__iadd__", "__imul__",
              "__setitem__", "__delitem__", "__reduce_ex__", "index", "count", "copy", "extend", "insert",
              "remove", "pop", "clear", "sort", "reverse"):
    setattr(Recorded, _name, _made_first(_name))


def public_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    """The public events as JSON-ready dicts (``Event.to_json``), in order. From a result
    nobody has read yet, straight from its records: a table that only publishes them
    never makes the ``Event`` objects."""
    if type(events) is Recorded:  # its records, as ``to_json`` would word them
        out: list[dict[str, Any]] = []
        for record in list.__iter__(events):
            head = record[0]
            if type(head) is Series:
                for part in head.split(record):
                    _public_into(out, part)
            else:
                _public_into(out, record)
        return out
    return [e.to_json() for e in events if e.to is None]


def _public_into(out: list[dict[str, Any]], record: tuple[Any, ...]) -> None:
    """Add ``record``'s JSON to ``out`` if the event is public."""
    head = record[0]
    if type(head) is str:
        if record[2] is None:
            out.append({"kind": head, **record[1]})
    elif not head.private:
        out.append(head.public_json(record))
