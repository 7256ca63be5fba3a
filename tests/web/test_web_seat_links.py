"""Seat links belong to a game night (issue 31): a new game gets new seat links, the
last game's open nothing; the admin link lasts; a restart of the same game keeps them."""

from __future__ import annotations

from pathlib import Path

import pytest

from hub.engine.citadels import Setup
from hub.games import plugin_named
from hub.games.citadels.registry import TagRegistry
from hub.games.citadels.service import TableService
from hub.store import EventStore, Recorder
from hub.table.runtime import recording_new_games
from hub.transport import InProcessBus
from hub.web import create_app
from hub.web.tokens import SeatLinks
from hub.games import REGISTRY


def test_a_new_game_from_the_admin_page_gets_new_seat_links_and_a_restart_keeps_them(tmp_path: Path) -> None:
    store = EventStore(tmp_path / "game.db", REGISTRY)
    setup = Setup(players=4, seed=3, mode="digital")
    first = Recorder.new_game(store, setup)
    links = SeatLinks.kept(store, first.game_id)
    service = TableService(InProcessBus(), TagRegistry.virtual(), setup, journal_meta=first.journal)
    service.on_new_game = recording_new_games(store, links)
    service.start()
    try:
        app = create_app({"GAME": plugin_named("citadels"), "TABLE": service, "ADMIN_TOKEN": links.admin,
                          "SEAT_TOKENS": links.seats, "LINKS": links})
        client = app.test_client()
        admin, old = links.admin, dict(links.seats)
        assert client.get(f"/api/seat/{old[2]}").status_code == 200
        assert SeatLinks.kept(store, first.game_id).seats == old  # a restart of the same game: the same links

        started = client.post(f"/api/admin/{admin}/game", json={"players": 4, "names": ["Ann", "Bob", "Cy", "Di"]})
        assert started.status_code == 200, started.get_json()
        assert client.get(f"/api/seat/{old[2]}").status_code == 403  # last game's seat 2 reads nothing now
        status = client.get(f"/api/admin/{admin}/status").get_json()
        shown = {link["seat"]: link["url"].rsplit("/", 1)[1] for link in status["seat_links"]}
        assert shown == {seat: token for seat, token in links.seats.items() if seat <= 4}
        assert not set(shown.values()) & set(old.values())
        assert client.get(f"/api/admin/{admin}/qr/seat/2").status_code == 200
        assert client.get(f"/api/seat/{links.seats[2]}").get_json()["seat"] == 2
        assert SeatLinks.kept(store, store.latest_game()).seats == links.seats  # resumed: kept
        assert SeatLinks.kept(store, store.latest_game()).admin == admin  # the admin link lasts
    finally:
        service.stop()
        store.close()


def test_links_stored_before_they_had_a_game_are_kept_by_the_game_in_play(tmp_path: Path) -> None:
    """An older hub's links setting (no game): phones keep their pages across the upgrade."""
    store = EventStore(tmp_path / "game.db", REGISTRY)
    store.set_setting("links", {"admin": "a" * 24, "seats": {str(s): f"{s}" * 24 for s in range(1, 9)}})
    links = SeatLinks.kept(store, 7)
    assert links.seats[2] == "2" * 24 and links.admin == "a" * 24
    assert links.follow(8) and links.seats[2] != "2" * 24 and links.admin == "a" * 24
    store.close()


def test_the_terminal_prints_a_new_games_seat_links(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from hub.table import runtime

    monkeypatch.setattr(runtime._EXTRAS, "url", "http://10.42.0.1:8000")
    store = EventStore(tmp_path / "game.db", REGISTRY)
    setup = Setup(players=3, seed=3, mode="digital")
    links = SeatLinks.kept(store, Recorder.new_game(store, setup).game_id)
    old = dict(links.seats)
    recording_new_games(store, links)(setup)
    printed = capsys.readouterr().out.splitlines()
    assert [line for line in printed if line.startswith("Seat ")] == [
        f"Seat {seat}: http://10.42.0.1:8000/seat/{links.seats[seat]}" for seat in (1, 2, 3)]
    assert not set(links.seats.values()) & set(old.values())
    store.close()
