"""The speaker queue with a fake backend: priorities, stale prompts, never blocking."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hub.games.citadels.voice import VOICE
from hub.voice import PROMPT_KEY, Priority, Utterance, sentences
from hub.voice.speaker import Speaker


class GatedBackend:
    """Records what it says; `speak` blocks until the gate opens (like a slow voice)."""

    def __init__(self, open_gate: bool = False) -> None:
        self.spoken: list[str] = []
        self.started = threading.Event()
        self.gate = threading.Event()
        if open_gate:
            self.gate.set()
        self.closed = False

    def speak(self, text: str) -> None:
        self.started.set()
        self.gate.wait(10)
        self.spoken.append(text)

    def close(self) -> None:
        self.closed = True
        self.gate.set()


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def announce(text: str) -> Utterance:
    return Utterance(text, Priority.ANNOUNCE, "test")


def prompt(text: str) -> Utterance:
    return Utterance(text, Priority.PROMPT, "prompt", PROMPT_KEY, ttl=15.0)


def refusal(text: str, seat: int = 1) -> Utterance:
    return Utterance(text, Priority.URGENT, "refusal", f"refusal:{seat}:x", ttl=5.0)


@pytest.fixture
def backend() -> GatedBackend:
    return GatedBackend()


@pytest.fixture
def speaker(backend: GatedBackend) -> Iterator[Speaker]:
    speaker = Speaker(backend, "en", capacity=8, speech=VOICE)
    yield speaker
    speaker.close()


def hold_the_line(speaker: Speaker, backend: GatedBackend) -> None:
    """Make the worker busy with a first utterance so the rest stays queued."""
    speaker.say(announce("busy"))
    assert backend.started.wait(2)


def test_a_refusal_to_the_player_at_hand_beats_routine_announcements(
        speaker: Speaker, backend: GatedBackend) -> None:
    hold_the_line(speaker, backend)
    speaker.say(announce("Four: the King!"))
    speaker.say(announce("Bob is the King."))
    speaker.say(refusal("Ann, it is not your turn."))
    assert [u.text for u in speaker.pending()] == [
        "Ann, it is not your turn.", "Four: the King!", "Bob is the King."]
    backend.gate.set()
    assert speaker.wait_idle(2)
    assert backend.spoken == [
        "busy", "Ann, it is not your turn.", "Four: the King!", "Bob is the King."]


def test_prompts_keep_their_place_in_the_story(speaker: Speaker, backend: GatedBackend) -> None:
    hold_the_line(speaker, backend)
    speaker.say(announce("Eight: the Warlord!"))
    speaker.say(prompt("Warlord: place a district to destroy it, or press OK."))
    speaker.say(announce("Dee is the Warlord."))
    assert next(u.text for u in speaker.pending()) == "Eight: the Warlord!"


def test_a_newer_prompt_replaces_the_stale_one(speaker: Speaker, backend: GatedBackend) -> None:
    hold_the_line(speaker, backend)
    speaker.say(prompt("Ann, choose your character."))
    speaker.say(announce("Round 2."))
    speaker.say(prompt("Bob, choose your character."))
    assert [u.text for u in speaker.pending()] == ["Round 2.", "Bob, choose your character."]
    assert speaker.stats.replaced == 1
    backend.gate.set()
    assert speaker.wait_idle(2)
    assert "Ann, choose your character." not in backend.spoken


def test_a_prompt_still_queued_when_the_decision_is_made_is_dropped(
        speaker: Speaker, backend: GatedBackend) -> None:
    hold_the_line(speaker, backend)
    speaker.on_event({"kind": "prompt", "seat": 3, "character": "warlord", "decision": "turn"})
    speaker.on_event({"kind": "refusal", "seat": 1, "code": "not_your_turn"})
    assert len(speaker.pending()) == 2
    speaker.on_event({"kind": "turn_ended", "seat": 3, "character": "warlord"})
    assert [u.kind for u in speaker.pending()] == ["refusal"]
    speaker.on_event({"kind": "draft_turn", "seat": 2, "step": "pick"})
    speaker.on_event({"kind": "picked", "seat": 2, "to": 2})  # a private copy changes nothing
    assert [u.kind for u in speaker.pending()] == ["refusal", "draft_turn"]
    speaker.on_event({"kind": "picked", "seat": 2})
    assert [u.kind for u in speaker.pending()] == ["refusal"]


def test_repeated_refusals_collapse_into_one(speaker: Speaker, backend: GatedBackend) -> None:
    hold_the_line(speaker, backend)
    for _ in range(5):
        speaker.say(refusal("Ann, it is not your turn."))
    assert [u.text for u in speaker.pending()] == ["Ann, it is not your turn."]


def test_prompts_that_waited_too_long_are_dropped_unsaid() -> None:
    clock = FakeClock()
    backend = GatedBackend()
    speaker = Speaker(backend, "en", clock=clock)
    try:
        hold_the_line(speaker, backend)
        speaker.say(prompt("Magician: swap hands, or press OK."))
        speaker.say(announce("Four: the King!"))
        clock.now += 60
        backend.gate.set()
        assert speaker.wait_idle(2)
        assert backend.spoken == ["busy", "Four: the King!"]
        assert speaker.stats.expired == 1
    finally:
        speaker.close()


def test_a_full_queue_drops_the_least_important_oldest_and_counts_it(
        speaker: Speaker, backend: GatedBackend) -> None:
    hold_the_line(speaker, backend)
    speaker.say(Utterance("chatter 1", Priority.CHATTER))
    for i in range(7):
        speaker.say(announce(f"call {i}"))
    assert len(speaker.pending()) == 8
    assert speaker.say(announce("call 7"))
    texts = [u.text for u in speaker.pending()]
    assert "chatter 1" not in texts and texts[-1] == "call 7"
    assert speaker.say(Utterance("chatter 2", Priority.CHATTER)) is False
    assert speaker.say(announce("call 8"))
    assert next(u.text for u in speaker.pending()) == "call 1"  # oldest announcement went
    assert speaker.stats.dropped_full == 3
    assert len(speaker.pending()) == 8


def test_say_never_blocks_even_when_the_backend_hangs(
        speaker: Speaker, backend: GatedBackend) -> None:
    hold_the_line(speaker, backend)
    started = time.perf_counter()
    for i in range(5000):
        speaker.say(announce(f"call {i}"))
        speaker.on_event({"kind": "called", "rank": 1 + i % 8, "character": "assassin"})
    elapsed = time.perf_counter() - started
    assert elapsed < 2.0, f"10000 say() calls took {elapsed:.2f}s with a hung backend"
    assert len(speaker.pending()) == 8
    assert speaker.stats.dropped_full >= 9990


def test_close_returns_promptly_and_speaks_no_more(backend: GatedBackend) -> None:
    speaker = Speaker(backend, "en")
    hold_the_line(speaker, backend)
    speaker.say(announce("never said"))
    started = time.perf_counter()
    speaker.close(timeout=2)
    assert time.perf_counter() - started < 2
    assert backend.closed
    assert "never said" not in backend.spoken
    assert speaker.say(announce("after close")) is False


def test_a_failing_backend_does_not_silence_the_speaker() -> None:
    class Flaky(GatedBackend):
        def speak(self, text: str) -> None:
            if text == "boom":
                raise RuntimeError("sound card gone")
            super().speak(text)

    backend = Flaky(open_gate=True)
    with Speaker(backend, "en") as speaker:
        speaker.say(announce("boom"))
        speaker.say(announce("still here"))
        assert speaker.wait_idle(2)
        assert backend.spoken == ["still here"]
        assert speaker.stats.failed == 1 and speaker.stats.spoken == 1


def test_on_event_narrates_in_the_speaker_language_and_skips_private_events() -> None:
    backend = GatedBackend(open_gate=True)
    with Speaker(backend, "zh-Hant", names={2: "Bob"}, speech=VOICE) as speaker:
        speaker.on_events([
            {"kind": "drew", "cards": ["palace"], "to": 2},
            {"kind": "called", "rank": 4, "character": "king"},
            {"kind": "revealed", "seat": 2, "character": "king"},
        ])
        assert speaker.wait_idle(2)
    assert backend.spoken == ["四號，國王！", "Bob是國王。"]


def test_a_game_with_no_voice_is_silent_and_one_with_sentences_says_them_in_order() -> None:
    """No fallback to another game's words: a plug-in without ``speech`` says nothing."""
    events = [{"kind": "called", "rank": 4, "character": "king"}, {"kind": "game_over", "winner": 1}]
    backend = GatedBackend(open_gate=True)
    with Speaker(backend, "en") as speaker:
        speaker.on_events(events)
        assert speaker.wait_idle(2)
    assert backend.spoken == [] and speaker.narrator is None
    told = sentences(lambda event, lang, names: [f"{event['kind']} in {lang}"])
    with Speaker(backend, "zh-Hans", speech=told) as speaker:
        speaker.on_events([*events, {"kind": "secret", "to": 1}])
        assert speaker.wait_idle(2)
    assert backend.spoken == ["called in zh-Hans", "game_over in zh-Hans"]


def test_the_hub_thread_is_not_the_one_that_speaks() -> None:
    threads: list[str] = []

    class Recorder(GatedBackend):
        def speak(self, text: str) -> None:
            threads.append(threading.current_thread().name)

    with Speaker(Recorder(), "en") as speaker:
        speaker.say(announce("hello"))
        assert speaker.wait_idle(2)
    assert threads == ["voice-speaker"]


KINDS = st.sampled_from(["announce", "prompt", "refusal", "chatter"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(KINDS, st.integers(1, 3)), max_size=40))
def test_the_queue_stays_bounded_ordered_and_free_of_duplicates(
        plan: list[tuple[str, int]]) -> None:
    backend = GatedBackend()
    speaker = Speaker(backend, "en", capacity=6)
    try:
        hold_the_line(speaker, backend)
        for i, (kind, seat) in enumerate(plan):
            if kind == "announce":
                speaker.say(announce(f"a{i}"))
            elif kind == "prompt":
                speaker.say(prompt(f"p{i}"))
            elif kind == "refusal":
                speaker.say(refusal(f"r{i}", seat))
            else:
                speaker.say(Utterance(f"c{i}", Priority.CHATTER))
            queued = speaker.pending()
            assert len(queued) <= 6
            keys = [u.stale_key for u in queued if u.stale_key]
            assert len(keys) == len(set(keys))
            urgent = [u.priority == Priority.URGENT for u in queued]
            assert urgent == sorted(urgent, reverse=True)  # urgent ones are at the front
            order = [int(u.text[1:]) for u in queued]
            assert order == sorted(order, key=lambda n: (not urgent[order.index(n)], n))
    finally:
        speaker.close()
