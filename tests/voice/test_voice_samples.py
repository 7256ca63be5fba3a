"""`citadels-hub voice --game NAME` for every registered game: each game declares its own
samples in its package (a `GameVoice` with samples, or `voice_samples` for a game whose
voice is its sentences), and the command says them in each of the hub's languages, every
placeholder filled and no sentence empty."""

from __future__ import annotations

import pytest

from hub.cli import main
from hub.commands.voice import every_text, game_voice
from hub.games import GAMES
from hub.words import LANGS


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_gives_the_voice_command_its_samples_in_every_language(name: str,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    for lang in LANGS:
        assert main(["voice", "--game", name, "--lang", lang, "--voice", "none"]) == 0, capsys.readouterr().err
        said = capsys.readouterr().out.splitlines()
        assert said, (name, lang)
        assert all(line.strip() and "{" not in line for line in said), (name, lang, said)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_games_voice_lists_what_it_may_say_beyond_its_samples(name: str) -> None:
    voice = game_voice(name)
    assert voice.samples is not None
    for lang in LANGS:
        everything = every_text(voice, lang)
        assert set(voice.samples(lang, False)) <= set(everything), (name, lang)
        assert all(text.strip() for text in everything.values()), (name, lang)


def test_a_voice_of_sentences_without_samples_gives_the_command_none() -> None:
    from hub.games.kit import story_voice

    voice = story_voice(lambda event, lang, names: [str(event["kind"])], {})
    assert voice.samples is None and voice.readings is None  # the command then says the game gives no samples
