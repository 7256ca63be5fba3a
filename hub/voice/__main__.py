"""`python -m hub.voice`: hear (or write to WAV) the catalogue, to check a language by ear.

    python -m hub.voice --lang zh-Hant                 # speak a sample call
    python -m hub.voice --lang zh-Hans --all --voice-dir /tmp/voice   # every phrase to WAV
"""

from __future__ import annotations

import argparse
import string
import sys

from hub.voice.catalogue import load_catalogue, placeholders
from hub.voice.cli import add_voice_arguments, speaker_from_args
from hub.voice.narrator import Priority, Utterance

SAMPLE_VALUES = {"seat": "3", "n": 2, "round": 3, "rank": "4", "character": "?", "characters": "?",
                 "district": "?", "amount": 4, "victim": "1", "thief": "2", "attacker": "2",
                 "other": "1", "score": 27, "place": "1", "draw": 2, "keep": 1}


def sample_texts(lang: str, everything: bool) -> list[str]:
    """One call, or every phrase with sample values in its placeholders."""
    catalogue = load_catalogue()
    ids = sorted(catalogue) if everything else ["rank.1", "character.assassin", "call.no_answer"]
    texts = []
    for phrase_id in ids:
        template = catalogue[phrase_id][lang]
        values = {name: SAMPLE_VALUES.get(name, "?") for name in placeholders(template)}
        texts.append(string.Formatter().vformat(template, (), values))
    return texts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hub.voice", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_voice_arguments(parser)
    parser.add_argument("--all", action="store_true", help="every phrase, not just a sample")
    args = parser.parse_args(argv)
    with speaker_from_args(args) as speaker:
        for text in sample_texts(args.lang, args.all):
            print(text)
            while not speaker.say(Utterance(text, Priority.ANNOUNCE, "sample")):
                speaker.wait_idle(30)
            speaker.wait_idle(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
