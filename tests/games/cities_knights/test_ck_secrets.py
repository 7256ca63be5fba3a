"""Which progress card a seat holds is its own: played through a real Cities & Knights
table for whole seeded games, no card in a hand (its id, or its name in any language when
no card of its kind was ever shown) reaches the public MQTT topics, the web's public pages
(``/api/public``, ``/api/history``) and live stream, or the voice in any language; the
holder's own seat page shows it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hub.engine.cities_knights import Setup, make_bot
from hub.engine.cities_knights.cards import CARDS
from hub.games.cities_knights import PLUGIN
from hub.games.cities_knights.table import make_table
from hub.games.cities_knights.tags import ProgressTags
from hub.games.cities_knights.words import LANGS, card_name
from hub.protocol import hub_events_topic, public_topic
from hub.table.runtime import CurrentTable
from hub.transport import InProcessBus
from hub.voice.backends import NullBackend
from hub.voice.speaker import Speaker
from hub.web import create_app
from tests.web_support import ADMIN_TOKEN, SEAT_TOKENS


def secrets_of(game: Any, shown: set[str]) -> list[str]:
    """Every card in a hand as its id unless it was shown before (played, laid under its
    deck and drawn again), and by its name in each language unless one of its kind was
    shown (then its name is public anyway)."""
    shown_kinds = {CARDS[card].kind for card in shown}
    out: list[str] = []
    for p in game.players:
        for card in p.hand:
            if card not in shown:
                out.append(card)
            if CARDS[card].kind not in shown_kinds:
                out += [card_name(card, lang) for lang in LANGS]
    return out


@pytest.mark.parametrize("seed", [1, 7])
def test_no_card_in_a_hand_reaches_a_public_topic_page_stream_or_the_voice(seed: int) -> None:
    bus = InProcessBus()
    heard: list[str] = []
    listener = bus.client("listener")
    for topic in (public_topic("t1"), hub_events_topic("t1")):
        listener.subscribe(topic, lambda _topic, payload: heard.append(bytes(payload).decode()))
    setup = Setup(players=4, seed=seed)
    table = make_table(bus, ProgressTags.virtual(), setup)
    app = create_app({"TABLE": CurrentTable(table), "ADMIN_TOKEN": ADMIN_TOKEN,
                      "SEAT_TOKENS": {s: SEAT_TOKENS[s] for s in (1, 2, 3, 4)}, "GAME": PLUGIN})
    web = app.extensions["citadels_web"]
    frames: list[str] = []
    table.subscribe(lambda event_id, message: frames.append(web.encode(event_id, message).decode()))
    voices = {lang: (NullBackend(), lang) for lang in LANGS}  # it keeps what it was to say
    speakers = [Speaker(rec, lang, private_kinds=PLUGIN.private_event_kinds, speech=PLUGIN.speech)  # type: ignore[arg-type]
                for rec, lang in voices.values()]
    def tell(_id: int, message: dict[str, Any]) -> None:
        for speaker in speakers:
            speaker.on_events(message.get("events") or [])

    table.subscribe(tell)
    table.start()
    bot = make_bot("table", seed)
    held_at_some_point = 0
    try:
        for _ in range(400):
            game = table.game
            if game.over:
                break
            action = bot.choose(game)
            assert table.answer(action.seat, str(action)) == {"ok": True}, action
            table.settle()
            held_at_some_point += sum(len(p.hand) for p in table.game.players)
        for s in speakers:
            s.wait_idle(5)
        game = table.game
        assert held_at_some_point, "no card was ever held: the test would show nothing"
        client = app.test_client()
        pages = [client.get(path).get_data(as_text=True) for path in ("/api/public", "/api/history")]
        said = [text for rec, _lang in voices.values() for text in rec.spoken]
        shown = {e["card"] for text in pages[1:] for e in json.loads(text)["events"]
                 if e.get("kind") in ("played", "vp_card")}
        secrets = secrets_of(game, shown)
        assert said and frames and heard and secrets
        for where, texts in (("topic", heard), ("page", pages), ("stream", frames), ("voice", said)):
            leaked = [s for s in secrets if any(s in text for text in texts)]
            assert not leaked, (where, leaked)
        holder = next(p for p in game.players if p.hand)
        own = client.get(f"/api/seat/{SEAT_TOKENS[holder.seat]}").get_data(as_text=True)
        assert all(card in own for card in holder.hand)  # the holder's own page shows them
    finally:
        for s in speakers:
            s.close()
        table.stop()
