"""Citadels' voice: what the table's caller says of a Citadels game, in three languages.

`VOICE` is the plug-in's ``speech`` (`hub.voice.GameVoice`): the narrator
(`narrator.Narrator`: a call, a reveal, a build, a prompt, each with its priority), the
events that make a queued prompt stale, how espeak-ng must spell its card names
(`pronounce`), and the samples ``citadels-hub voice`` says.
"""

from __future__ import annotations

from collections.abc import Mapping

from hub.engine.citadels import Setup
from hub.voice.speech import GameVoice

from .narrator import ANSWERED_KINDS, Narrator
from .pronounce import RESPELLINGS
from .samples import sample_phrases, spoken_texts


def table_narrator(lang: str, names: Mapping[int, str], setup: Setup | None) -> Narrator:
    """The narrator of a table playing `setup`: in the words of its edition."""
    return Narrator(lang, names, None if setup is None else setup.edition)


VOICE = GameVoice(narrator=table_narrator, answered_kinds=ANSWERED_KINDS, respellings=RESPELLINGS,
                  samples=sample_phrases, readings=spoken_texts)
"""Citadels' plug-in's ``speech``."""


def opening_events(public_view: Mapping[str, object]) -> list[dict[str, object]]:
    """The public events of a game's start, rebuilt from its public view.

    `Game.new` does not return the events of dealing and the first draft step, so the
    caller cannot hear "Round 1" without this.
    """
    events: list[dict[str, object]] = [{
        "kind": "round_started", "round": public_view.get("round", 1),
        "crowned": public_view.get("crowned", 1),
    }]
    faceup = public_view.get("faceup_removed")
    if isinstance(faceup, (list, tuple)) and faceup:
        events.append({"kind": "faceup_removed", "characters": list(faceup)})
    pending = public_view.get("pending")
    if isinstance(pending, Mapping):
        kind = pending.get("kind")
        if kind in ("pick", "discard"):
            events.append({"kind": "draft_turn", "seat": pending.get("seat"), "step": kind})
        elif kind is not None:
            events.append({"kind": "prompt", "seat": pending.get("seat"), "decision": kind})
    return events
