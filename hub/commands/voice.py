"""`citadels-hub voice`: hear (or write to WAV) a game's words, to check a language by ear.

    citadels-hub voice --lang zh-Hant                 # speak a sample call
    citadels-hub voice --lang zh-Hans --all --voice-dir /tmp/voice   # every phrase to WAV
    citadels-hub voice --render /tmp/voices           # every phrase in every voice, with
                                                      # espeak-ng's phonemes and a check
    citadels-hub voice --game NAME ...                # that game's words (default: the hub's default game)
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path
from typing import Any, TextIO

from hub.exits import ExitCode, fail
from hub.games import DEFAULT_GAME, GAMES, plugin_named  # the game is picked by --game, as every command picks it
from hub.voice.backends import espeak_available, render_wav
from hub.voice.cli import add_voice_arguments, speaker_from_args
from hub.voice.pronounce import espeak_voice, phoneme_problems, phonemes_of_many
from hub.voice.speech import GameVoice, Priority, Utterance

PROG = "citadels-hub voice"

# every reading the hub offers: (text language, how it is spoken)
READINGS = (("en", None), ("zh-Hant", "cmn"), ("zh-Hant", "yue"), ("zh-Hans", "cmn"), ("zh-Hans", "yue"))


def game_voice(name: str | None) -> GameVoice:
    """The voice of the game ``--game`` names (KeyError names the known games; ValueError:
    a game that says nothing aloud)."""
    game = plugin_named(name)
    if game.speech is None or game.speech.samples is None:
        raise ValueError(f"{game.title} gives the voice no sample words" if game.speech else f"{game.title} has no voice")
    return game.speech


def sample_texts(voice: GameVoice, lang: str, everything: bool) -> list[str]:
    assert voice.samples is not None
    return list(voice.samples(lang, everything).values())


def every_text(voice: GameVoice, lang: str) -> dict[str, str]:
    """id -> text: everything the game's voice may say in `lang` (its samples if it lists no more)."""
    if voice.readings is not None:
        return voice.readings(lang)
    return voice.samples(lang, True) if voice.samples is not None else {}


def render_all(voice_of_game: GameVoice, directory: Path, out: TextIO | None = None) -> int:
    """Write DIR/<lang>-<spoken>/<id>.wav for every reading, plus phonemes.tsv; count problems."""
    out = out or sys.stdout
    problems = 0
    for lang, spoken in READINGS:
        voice = espeak_voice(lang, spoken)
        folder = directory / f"{lang}-{spoken or 'en'}"
        folder.mkdir(parents=True, exist_ok=True)
        rows = []
        texts = every_text(voice_of_game, lang)
        game = voice_of_game.respellings
        for (phrase_id, text), said in zip(texts.items(), phonemes_of_many(list(texts.values()), voice, game=game)):
            render_wav(text, lang, folder / f"{phrase_id}.wav", voice=voice, respellings=game)
            found = phoneme_problems(text, voice, said)
            problems += len(found)
            rows.append("\t".join([phrase_id, text, " ".join(said.split()), "; ".join(found)]))
            for problem in found:
                print(f"{folder.name} {phrase_id}: {problem}", file=out)
        (folder / "phonemes.tsv").write_text("id\ttext\tphonemes\tproblems\n" + "\n".join(rows) + "\n",
                                             encoding="utf-8")
        print(f"{folder}: {len(rows)} phrases in voice {voice}", file=out)
    return problems


def add_voice_command(sub: Any) -> None:
    parser = sub.add_parser("voice", help="hear (or write to WAV) a game's words, to check a language by ear",
                            description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_voice_arguments(parser)
    parser.add_argument("--game", choices=sorted(GAMES), default=DEFAULT_GAME,
                        help=f"the game whose words are said (default {DEFAULT_GAME})")
    parser.add_argument("--all", action="store_true", help="every phrase, not just a sample")
    parser.add_argument("--render", metavar="DIR", default=None,
                        help="every phrase in every voice to DIR/<lang>-<spoken>/, with phonemes.tsv")


def run_voice(args: argparse.Namespace) -> int:
    try:
        voice = game_voice(args.game)
    except (KeyError, ValueError) as error:
        return fail(str(error.args[0]), ExitCode.BAD_INPUT, PROG)
    if args.render is not None:
        if not espeak_available():
            return fail("--render needs espeak-ng (Debian: apt-get install espeak-ng)", ExitCode.BAD_INPUT, PROG)
        try:
            problems = render_all(voice, Path(args.render))
        except (OSError, RuntimeError, subprocess.SubprocessError) as error:
            return fail(str(error), ExitCode.BAD_INPUT, PROG)
        print(f"{problems} reading problem(s)")
        return ExitCode.FAILED if problems else ExitCode.OK
    with speaker_from_args(args) as speaker:
        for text in sample_texts(voice, args.lang, args.all):
            print(text)
            while not speaker.say(Utterance(text, Priority.ANNOUNCE, "sample")):
                speaker.wait_idle(30)
            speaker.wait_idle(30)
    return ExitCode.OK
