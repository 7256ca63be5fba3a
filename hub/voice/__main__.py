"""`python -m hub.voice`: hear (or write to WAV) the catalogue, to check a language by ear.

    python -m hub.voice --lang zh-Hant                 # speak a sample call
    python -m hub.voice --lang zh-Hans --all --voice-dir /tmp/voice   # every phrase to WAV
    python -m hub.voice --render /tmp/voices           # every phrase in every voice, with
                                                       # espeak-ng's phonemes and a check
"""

from __future__ import annotations

import argparse
import string
import subprocess
import sys
from pathlib import Path
from typing import TextIO

from hub import words
from hub.exits import ExitCode, fail
from hub.voice.backends import espeak_available, render_wav
from hub.voice.catalogue import (
    TURN_PROMPT,
    catalogue,
    character_name,
    district_name,
    join_list,
    load_catalogue,
    phrase,
    placeholders,
    seat_label,
)
from hub.voice.cli import add_voice_arguments, speaker_from_args
from hub.voice.narrator import Priority, Utterance
from hub.voice.pronounce import espeak_voice, phoneme_problems, phonemes_of_many

PROG = "python -m hub.voice"

# every reading the hub offers: (text language, how it is spoken)
READINGS = (("en", None), ("zh-Hant", "cmn"), ("zh-Hant", "yue"), ("zh-Hans", "cmn"), ("zh-Hans", "yue"))
NUMBERS = {"n": 2, "round": 3, "amount": 4, "score": 27, "draw": 2, "keep": 1}


def sample_values(lang: str) -> dict[str, object]:
    """Values a real game would put in the placeholders, in `lang`."""
    return {
        **NUMBERS,
        "seat": seat_label(3, lang), "victim": seat_label(1, lang), "thief": seat_label(2, lang),
        "attacker": seat_label(2, lang), "other": seat_label(1, lang),
        "rank": phrase("rank.4", lang), "place": phrase("place.1", lang),
        "character": character_name("king", lang),
        "characters": join_list([character_name("thief", lang), character_name("bishop", lang)], lang),
        "district": district_name("watchtower", lang),
    }


def sample_phrases(lang: str, everything: bool) -> dict[str, str]:
    """phrase id -> text: one call, or every phrase with sample values in its placeholders."""
    catalogue = load_catalogue()
    ids = sorted(catalogue) if everything else ["rank.1", "character.assassin", "call.no_answer"]
    values = sample_values(lang)
    texts = {}
    for phrase_id in ids:
        template = catalogue[phrase_id][lang]
        texts[phrase_id] = string.Formatter().vformat(
            template, (), {name: values[name] for name in placeholders(template)})
    return texts


def sample_texts(lang: str, everything: bool) -> list[str]:
    return list(sample_phrases(lang, everything).values())


def spoken_texts(lang: str) -> dict[str, str]:
    """Everything the hub can say in `lang`: every phrase, and every district's name."""
    texts = sample_phrases(lang, everything=True)
    texts.update({f"district.{card}": name for card, name in catalogue(lang)["districts"].items()})
    for edition, own in words.edition_overrides().items():  # an edition's own calls (the 2000 Warlord's)
        for key in own:
            if key.endswith(".prompt"):
                texts[f"{edition}.{TURN_PROMPT}{key.split('.')[1]}"] = words.template(key, lang, edition)
    return texts


def render_all(directory: Path, out: TextIO | None = None) -> int:
    """Write DIR/<lang>-<spoken>/<id>.wav for every reading, plus phonemes.tsv; count problems."""
    out = out or sys.stdout
    problems = 0
    for lang, spoken in READINGS:
        voice = espeak_voice(lang, spoken)
        folder = directory / f"{lang}-{spoken or 'en'}"
        folder.mkdir(parents=True, exist_ok=True)
        rows = []
        texts = spoken_texts(lang)
        for (phrase_id, text), said in zip(texts.items(), phonemes_of_many(list(texts.values()), voice)):
            render_wav(text, lang, folder / f"{phrase_id}.wav", voice=voice)
            found = phoneme_problems(text, voice, said)
            problems += len(found)
            rows.append("\t".join([phrase_id, text, " ".join(said.split()), "; ".join(found)]))
            for problem in found:
                print(f"{folder.name} {phrase_id}: {problem}", file=out)
        (folder / "phonemes.tsv").write_text("id\ttext\tphonemes\tproblems\n" + "\n".join(rows) + "\n",
                                             encoding="utf-8")
        print(f"{folder}: {len(rows)} phrases in voice {voice}", file=out)
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_voice_arguments(parser)
    parser.add_argument("--all", action="store_true", help="every phrase, not just a sample")
    parser.add_argument("--render", metavar="DIR", default=None,
                        help="every phrase in every voice to DIR/<lang>-<spoken>/, with phonemes.tsv")
    args = parser.parse_args(argv)
    if args.render is not None:
        if not espeak_available():
            return fail("--render needs espeak-ng (Debian: apt-get install espeak-ng)", ExitCode.BAD_INPUT, PROG)
        try:
            problems = render_all(Path(args.render))
        except (OSError, RuntimeError, subprocess.SubprocessError) as error:
            return fail(str(error), ExitCode.BAD_INPUT, PROG)
        print(f"{problems} reading problem(s)")
        return ExitCode.FAILED if problems else ExitCode.OK
    with speaker_from_args(args) as speaker:
        for text in sample_texts(args.lang, args.all):
            print(text)
            while not speaker.say(Utterance(text, Priority.ANNOUNCE, "sample")):
                speaker.wait_idle(30)
            speaker.wait_idle(30)
    return ExitCode.OK


if __name__ == "__main__":
    sys.exit(main())
