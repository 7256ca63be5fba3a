"""What `citadels-hub run` and `sim` need to give the table a voice: flags and a Speaker."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

from hub.voice.backends import make_backend
from hub.voice.pronounce import SPOKEN, espeak_voice
from hub.voice.speaker import Speaker
from hub.voice.speech import GameVoice, names_by_seat
from hub.words import LANGS

VOICE_KINDS = ("espeak", "none")


def add_voice_arguments(parser: argparse.ArgumentParser, default_voice: str = "espeak") -> None:
    """--voice espeak|none, --lang en|zh-Hant|zh-Hans, --voice-lang cmn|yue, --voice-dir DIR."""
    group = parser.add_argument_group("voice")
    group.add_argument("--voice", choices=VOICE_KINDS, default=default_voice,
                       help="speak calls and prompts with espeak-ng, or stay silent")
    group.add_argument("--lang", choices=LANGS, default="en", help="language the hub speaks")
    group.add_argument("--voice-lang", choices=SPOKEN, default=None,
                       help="how Chinese is spoken: cmn Mandarin (default) or yue Cantonese")
    group.add_argument("--voice-dir", default=None, metavar="DIR",
                       help="write each utterance to DIR/0001.wav ... plus DIR/index.txt")


def check_voice_arguments(args: argparse.Namespace) -> None:
    """Refuse, before anything starts, a reading that cannot be (ValueError: one line)."""
    if getattr(args, "voice_lang", None):
        espeak_voice(getattr(args, "lang", "en"), args.voice_lang)


def speaker_from_args(args: argparse.Namespace,
                      names: Mapping[int, str] | Sequence[str] | None = None,
                      private_kinds: frozenset[str] = frozenset(), speech: GameVoice | None = None,
                      setup: Any = None) -> Speaker:
    """A started Speaker for the parsed flags; `names` are the players, seat 1 first;
    `private_kinds` the event kinds the hosted game declares private (never said);
    `speech` the hosted game's voice (its plug-in's; None: silent), given the game's
    `setup` (its own options, which only its narrator reads)."""
    backend = make_backend(args.voice, args.lang, args.voice_dir, getattr(args, "voice_lang", None),
                           respellings=speech.respellings if speech is not None else None)
    return Speaker(backend, args.lang, names=seat_names(names), setup=setup,
                   private_kinds=private_kinds, speech=speech)


def seat_names(names: Mapping[int, str] | Sequence[str] | None) -> dict[int, str]:
    """{seat: name} from Setup.names (a sequence, seat 1 first) or a mapping."""
    if names is None:
        return {}
    if isinstance(names, Mapping):
        return {int(seat): str(name) for seat, name in names.items() if name}
    return names_by_seat(names)

