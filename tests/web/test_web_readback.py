"""Nothing is stored that cannot be read back (issue 31): what the admin page asks to be
journaled round-trips through the game's own parser before the table stores it, odd text
is refused at the edge with a code, and the game resumes from its record afterwards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hub.engine.citadels import Setup
from hub.games.citadels.registry import TagRegistry
from hub.games.citadels.service import TableService
from hub.transport import InProcessBus
from hub.store import EventStore, Recorder, replay_stored
from hub.games import REGISTRY
from tests.web_support import ADMIN_TOKEN, make_app

ADMIN = f"/api/admin/{ADMIN_TOKEN}"


class RecordedTable:
    """The real table service journaling into a real store, served by the web app."""

    def __init__(self, path: Path) -> None:
        self.store = EventStore(path, REGISTRY)
        setup = Setup(players=4, seed=3, mode="digital")
        self.recorder = Recorder.new_game(self.store, setup)
        self.service = TableService(InProcessBus(), TagRegistry.virtual(), setup, journal_meta=self.recorder.journal)
        self.service.start()
        self.client = make_app(self.service).test_client()  # type: ignore[arg-type]

    def play(self, moves: int) -> None:
        for _ in range(moves):
            action = self.service.game.legal_actions()[0]
            assert self.service.answer(action.seat, str(action))["ok"]

    def resumes(self) -> Any:
        """The stored game as the next start reads it (raises as `run` would exit 3)."""
        return replay_stored(self.store.load(), str(self.store.path), "fix it")

    def close(self) -> None:
        self.service.stop()
        self.store.close()


@pytest.fixture
def table(tmp_path: Path) -> Any:
    recorded = RecordedTable(tmp_path / "g.db")
    yield recorded
    recorded.close()


@pytest.mark.parametrize("length", [188, 200])
def test_a_correction_whose_reason_makes_too_long_a_move_is_400_and_not_applied(table: RecordedTable, length: int) -> None:
    table.play(2)
    before = len(table.service.game.log)
    response = table.client.post(f"{ADMIN}/correct/gold", json={"seat": 2, "delta": 3, "reason": "x" * length})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["code"] == "too_long" and response.get_json()["field"] == "reason"
    assert len(table.service.game.log) == before and table.service.store_error is None
    assert len(table.resumes().log) == before
    ok = table.client.post(f"{ADMIN}/correct/gold", json={"seat": 2, "delta": 3, "reason": "coin fell"})
    assert ok.status_code == 200 and len(table.resumes().log) == before + 1


@pytest.mark.parametrize("length", [194, 200])
def test_an_undo_whose_reason_makes_too_long_a_move_is_refused_with_a_code(table: RecordedTable, length: int) -> None:
    table.play(2)
    before = len(table.service.game.log)
    response = table.client.post(f"{ADMIN}/void", json={"reason": "y" * length})
    assert response.status_code == 409 and response.get_json()["code"] == "too_long", response.get_json()
    assert len(table.service.game.log) == before and table.service.store_error is None
    assert len(table.resumes().log) == before  # the next start resumes
    assert table.client.post(f"{ADMIN}/void", json={"reason": "misread"}).status_code == 200


HALF_AN_EMOJI = "coin \ud83d fell"


@pytest.mark.parametrize("route, body", [
    ("correct/gold", {"seat": 2, "delta": 3, "reason": HALF_AN_EMOJI}),
    ("void", {"reason": HALF_AN_EMOJI}),
    ("pause", {"reason": HALF_AN_EMOJI}),
    ("pause", {"reason": "\u200b\u2060"}),  # only invisible
    ("pause", {"reason": "\U000e0041\U000e0042"}),  # only tag characters
    ("void", {"reason": "a" + "\u0301" * 190}),  # a tower of combining marks
    ("game", {"players": 4, "names": ["Ann\ud83d", "Bob"]}),
])
def test_unstorable_or_invisible_text_is_400_and_nothing_changes(table: RecordedTable, route: str, body: dict[str, Any]) -> None:
    table.play(2)
    before = len(table.service.game.log)
    response = table.client.post(f"{ADMIN}/{route}", data=json.dumps(body), content_type="application/json")  # \ud83d
    assert response.status_code == 400 and response.get_json()["code"] == "bad_input", response.get_json()
    assert len(table.service.game.log) == before and table.service.store_error is None
    assert not table.service.paused
    for path in ("/api/public", f"{ADMIN}/status"):
        assert table.client.get(path).status_code == 200
    assert len(table.resumes().log) == before


def test_the_table_itself_refuses_a_move_it_could_not_read_back(table: RecordedTable) -> None:
    """Defence in depth: whatever the edge let through, the journal never takes it."""
    from hub.games.citadels.adapter import adjust_gold

    before = len(table.service.game.log)
    assert table.service.correct(adjust_gold(2, 3, "z" * 200))["code"] == "too_long"
    assert table.service.correct(adjust_gold(2, 3, HALF_AN_EMOJI))["code"] == "bad_text"
    assert len(table.service.game.log) == before and table.service.store_error is None
    assert len(table.resumes().log) == before


def test_the_hubs_line_limit_is_the_parsers() -> None:
    from hub import text
    from hub.engine import actions

    assert text.MAX_ACTION_CHARS == actions.MAX_ACTION_CHARS
