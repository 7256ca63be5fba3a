"""A `TableFacade` for web tests: a real engine `Game` whose bot seats play by themselves.

It stands in for hub/table's TableService so the web layer can be tested end to end
(live updates, seat answers, admin corrections) without MQTT or readers.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Any
from collections.abc import Callable, Iterator

from hub.engine.citadels import Action, Game, IllegalAction, Setup
from hub.engine.citadels.bots import Bot, make_bot
from hub.engine.citadels.events import public_json
from hub.engine.citadels.history import public_history
from hub.games.citadels.adapter import CitadelsAdapter, adjust_gold, game_form
from hub.games.citadels.registry import TagRegistry
from hub.kernel import undo
from hub.games import plugin_named
from hub.table.runtime import CurrentTable
from hub.web import create_app, make_server
from tests.waiting import wait_until  # noqa: F401 - re-exported for the web tests

Subscriber = Callable[[int, dict[str, Any]], None]
ADAPTER = CitadelsAdapter(TagRegistry.virtual())  # how Citadels writes and reads an undo


class FakeTable:
    """Engine game + bots behind the facade; `human_seats` wait for answers.

    Steps either by hand (`step()`) or from a background thread (`start(interval)`),
    which is how the browser test sees a live game.
    """

    def __init__(
        self,
        players: int = 4,
        *,
        seed: int = 1,
        mode: str = "digital",
        variant: str = "classic7",
        names: tuple[str, ...] | None = None,
        crowned: int = 1,
        human_seats: frozenset[int] = frozenset(),
        bot_kind: str = "heuristic",
        edition: str = "classic",
    ) -> None:
        self._lock = threading.RLock()
        self._subscribers: list[Subscriber] = []
        self._event_id = 0
        self._recent: deque[dict[str, Any]] = deque(maxlen=10)
        self.paused = False
        self.pause_reason: str | None = None
        self.paused_for: dict[str, Any] | None = None  # as the kernel's view says it: {"reader": n} | {"reason": ...}
        self.admin_cards: list[tuple[int, str, str]] = []
        self.entered_by_hand: dict[int, list[str]] = {}  # what the admin status reports, set by tests
        self.human_seats = human_seats
        self.bot_kind = bot_kind
        self.offline: set[int] = set()
        self.answers: list[tuple[int, str]] = []
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._setup(Setup(players=players, seed=seed, mode=mode, variant=variant,
                          names=names or tuple(f"P{i}" for i in range(1, players + 1)), crowned=crowned,
                          edition=edition))

    def _setup(self, setup: Setup) -> None:
        self.setup = setup
        self.game = Game.new(setup)
        self.bots: dict[int, Bot] = {s: make_bot(self.bot_kind, setup.seed * 31 + s) for s in range(1, setup.players + 1)}

    # --- reading ------------------------------------------------------------------
    def _public_locked(self) -> dict[str, Any]:
        view = self.game.public_view()
        for seat in view["seats"]:
            seat["online"] = seat["seat"] not in self.offline
        view["recent"] = list(self._recent)
        view["paused"] = self.paused
        view["pause_reason"] = self.pause_reason
        view["paused_for"] = self.paused_for
        view["seed"] = self.game.setup.seed if self.game.over else None  # as TableService: told at the end
        return view

    def public_view(self) -> dict[str, Any]:
        with self._lock:
            return self._public_locked()

    def seat_view(self, seat: int) -> dict[str, Any]:
        with self._lock:
            view = self.game.seat_view(seat)
            public = self._public_locked()
            view.update({k: public[k] for k in ("recent", "paused", "pause_reason", "paused_for")})
            view["seats"] = public["seats"]
            return view

    def history(self) -> list[dict[str, Any]]:
        with self._lock:
            return undo.history_with_undos(list(self.game.log), ADAPTER.undo_reason,
                                           lambda standing: public_history(self.game.setup, standing))

    def last_event_id(self) -> int:
        with self._lock:
            return self._event_id

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        with self._lock:
            self._subscribers.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._subscribers:
                    self._subscribers.remove(callback)

        return unsubscribe

    def _publish(self, events: list[dict[str, Any]]) -> None:
        """Tell subscribers, in order, under the lock (callbacks never block)."""
        self._event_id += 1
        public = [e for e in events if "to" not in e]
        self._recent.extend(public)
        message = {"view": self._public_locked(), "events": public}
        for callback in list(self._subscribers):
            callback(self._event_id, message)

    def _apply(self, action: Action) -> None:
        events = self.game.apply(action)
        self._publish([e.to_json() for e in events])

    # --- seats ---------------------------------------------------------------------
    def answer(self, seat: int, action_text: str) -> dict[str, Any]:
        with self._lock:
            try:
                action = Action.parse(action_text)
                if action.seat != seat:
                    raise IllegalAction("unknown_seat", f"seat {seat} cannot answer for seat {action.seat}")
                if self.paused:
                    raise IllegalAction("out_of_phase", f"the table is paused: {self.pause_reason}")
                self._apply(action)
            except IllegalAction as refused:
                return {"ok": False, "code": refused.code, "message": refused.message}
            self.answers.append((seat, action_text))
            return {"ok": True}

    def step(self) -> bool:
        """Let the bot whose decision is pending act; False if none can."""
        with self._lock:
            pending = self.game.pending
            if self.paused or pending is None or pending.seat in self.human_seats:
                return False
            self._apply(self.bots[pending.seat].choose(self.game))
            return True

    def play_to_end(self) -> None:
        while self.step():
            pass

    def set_online(self, seat: int, online: bool) -> None:
        with self._lock:
            (self.offline.discard if online else self.offline.add)(seat)
            self._publish([{"kind": "reader", "seat": seat, "online": online}])

    # --- admin ---------------------------------------------------------------------
    def new_game(self, config: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            try:
                setup = Setup(players=config["players"], seed=config.get("seed", 0), mode=config["mode"],
                              variant=config["variant"], names=tuple(config["names"]),
                              edition=config.get("edition", "classic"))
            except (ValueError, KeyError) as error:
                return {"ok": False, "code": "bad_setup", "message": str(error)}
            self._setup(setup)
            self._recent.clear()
            self.paused = False
            self.pause_reason = self.paused_for = None
            self._publish([{"kind": "new_game", "players": setup.players}])
            return {"ok": True}

    def pause(self, reason: str, reader: int | None = None) -> None:
        """The admin's pause (`reason`), or a reader gone offline (`reader`)."""
        with self._lock:
            facts = {"reader": reader} if reader is not None else {"reason": reason}
            self.paused, self.pause_reason, self.paused_for = True, reason, facts
            self._publish([{"kind": "paused", "reason": reason, "paused_for": facts}])

    def resume(self) -> None:
        with self._lock:
            self.paused, self.pause_reason, self.paused_for = False, None, None
            self._publish([{"kind": "resumed"}])

    def void_last(self, reason: str, expected: str | None = None) -> dict[str, Any]:
        """As the kernel's (`hub.kernel.Table.void_last`): a reason is required, the public
        ``undone`` event says what everyone was told of the move taken back."""
        with self._lock:
            reason = " ".join(reason.split())
            if not reason:
                return {"ok": False, "code": "reason_required", "message": "say why"}
            undone = undo.last_move(self.game.log, ADAPTER.undo_reason)
            if undone is None:
                return {"ok": False, "code": "nothing_to_undo", "message": "there is no move to undo"}
            if expected is not None and str(undone) != expected:
                return {"ok": False, "code": "moved_on", "message": "another move was made since"}
            kept = [self.game.log[i] for i in undo.standing(self.game.log, ADAPTER.undo_reason)[:-1]]
            told = public_json(Game.replay(self.setup, kept).apply(undone))
            action = ADAPTER.undo_action(self.game, reason)
            events = [e.to_json() for e in self.game.apply(action)]
            self._publish([undo.undone_event(undone, reason, told), *events])
            return {"ok": True}

    def correct(self, action: Action) -> dict[str, Any]:
        with self._lock:
            try:
                events = [e.to_json() for e in self.game.apply(action)]
            except IllegalAction as refused:
                return {"ok": False, "code": refused.code, "message": refused.message}
            self._publish(events)
            return {"ok": True}

    def adjust_gold(self, seat: int, delta: int, reason: str) -> dict[str, Any]:
        return self.correct(adjust_gold(seat, delta, reason))

    def admin_card(self, seat: int, action_text: str, reason: str) -> dict[str, Any]:
        """Records what the admin page sent (the table's own checks are TableService's)."""
        self.admin_cards.append((seat, action_text, reason))
        return {"ok": True}

    def status(self) -> dict[str, Any]:
        with self._lock:
            return {
                "paused": self.paused,
                "pause_reason": self.pause_reason,
                "seats_online": {str(s): s not in self.offline for s in range(1, self.setup.players + 1)},
                "log_length": len(self.game.log),
                "last_move": str(last) if (last := undo.last_move(self.game.log, ADAPTER.undo_reason)) is not None else None,
                "can_undo": last is not None,
                "game_form": game_form(self.setup),
                "entered_by_hand": {str(s): list(cards) for s, cards in self.entered_by_hand.items()},
            }

    # --- background play -------------------------------------------------------------
    def start(self, interval: float) -> None:
        """Bots act every `interval` s from a background thread until `stop()`."""
        self._stop.clear()

        def run() -> None:
            while not self._stop.wait(interval):
                self.step()

        self._thread = threading.Thread(target=run, name="fake-table", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)


ADMIN_TOKEN = "admin-token-for-tests-0123456789"
SEAT_TOKENS = {seat: f"seat-{seat}-token-for-tests-abcdef" for seat in range(1, 8)}


def make_app(table: FakeTable, **extra: Any) -> Any:
    config: dict[str, Any] = {"TABLE": table, "ADMIN_TOKEN": ADMIN_TOKEN, "SEAT_TOKENS": SEAT_TOKENS,
                              "GAME": plugin_named("citadels")}  # the fake table plays Citadels
    config.update(extra)
    return create_app(config)


def serve_table(table: Any, game: str, seats: int) -> LiveServer:
    """The hub's pages around a real table of `game` (its plug-in's name), seats 1 to
    `seats` with a page each; `with` it to serve them."""
    return LiveServer(create_app({"TABLE": CurrentTable(table), "ADMIN_TOKEN": ADMIN_TOKEN,
                                  "SEAT_TOKENS": {s: SEAT_TOKENS[s] for s in range(1, seats + 1)},
                                  "GAME": plugin_named(game)}))


class LiveServer:
    """The app served by the hub's web server on a free port in a background thread."""

    def __init__(self, app: Any, **server_options: Any) -> None:
        self.app = app
        self.server = make_server(app, "127.0.0.1", 0, **server_options)
        self.port = int(self.server.effective_port)
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self.server.run, name="web", daemon=True)

    def __enter__(self) -> LiveServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.close()  # ends every open stream, then stops serving
        self._thread.join(timeout=5)


def sse_frames(chunks: Iterator[bytes]) -> Iterator[tuple[int | None, str]]:
    """Parse an SSE byte stream into `(id, data)` frames (comments skipped)."""
    buffer = b""
    for chunk in chunks:
        buffer += chunk
        while b"\n\n" in buffer:
            raw, buffer = buffer.split(b"\n\n", 1)
            event_id: int | None = None
            data: list[str] = []
            for line in raw.decode().split("\n"):
                if line.startswith("id: "):
                    event_id = int(line[4:])
                elif line.startswith("data: "):
                    data.append(line[6:])
            if data:
                yield event_id, "\n".join(data)


