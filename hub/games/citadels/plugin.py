"""Citadels as one plug-in (`hub.games.plugin.GamePlugin`): what the generic table, the
simulator, the store, the web, the voice and the command line need of it."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

from hub.engine.citadels import Action, Game, Setup
from hub.engine.citadels.bots import make_bot, play
from hub.engine.citadels.cards import card_set
from hub.engine.citadels.editions import edition_names, variant_names
from hub.engine.citadels.events import PRIVATE_KINDS
from hub.games.plugin import Correction, GamePlugin, names_of

from .adapter import adjust_gold
from .export import export_text, replay_report
from .pages import event_words, page_facts
from .players import SimPlayer, give_up_worst, keep_best, table_people
from .registry import TagRegistry
from .sim_restore import follow_stored
from .service import TableService
from .summary import game_summary, summary_lines
from .terminal import TerminalNarrator, result_line
from .voice import VOICE
from .world import TableTop

RULES_VERSION = "1"
"""The rules that wrote a stored log: bump it when a same log would replay differently."""

PRIVATE_VIEW_KEYS = frozenset({"you", "options", "draft", "hands", "facedown_removed", "deck_order"})
"""A view's keys that say a seat's secrets (its hand, its options, the draft, the deck)."""


def deck_name(text: str) -> str:
    """A known unique-district set; the error names the known ones."""
    try:
        card_set(text)
    except KeyError as exc:
        raise argparse.ArgumentTypeError(str(exc.args[0])) from None
    return text


def add_options(p: argparse.ArgumentParser) -> None:
    add_card_options(p)
    p.add_argument("--variant", choices=variant_names(), default=None,
                   help="classic8: 8 districts complete a city with 4-7 players (Classic; default classic7); "
                        "short: 7 instead of 8 (2000; default standard)")


def add_card_options(p: argparse.ArgumentParser) -> None:
    """The options that say which cards are at the table (``enroll`` has these alone)."""
    p.add_argument("--edition", choices=edition_names(), default="classic",
                   help="rule set: classic (default) or 2000 (the 2000 rule sheet, and its deck)")
    p.add_argument("--deck", type=deck_name, default=None,
                   help="district set: classic, museum_quarry or 2000 (default: the edition's)")


MODES = ("digital", "physical")
"""Who deals: the hub (digital: every decision on the seat's buttons and phones) or the
cards on the table, read by the seats (physical)."""


def mode_of(args: argparse.Namespace) -> str:
    """A table's cards are physical; the engine played alone (``sim --engine-only``) is dealt
    by the hub."""
    return "digital" if getattr(args, "engine_only", False) else "physical"


def admin_options(body: Mapping[str, Any]) -> dict[str, Any]:
    """The admin page's Citadels fields: who deals (the mode, default digital), a variant of
    any edition (the Setup checks the pair), the edition (absent: the table's current one).
    ValueError says what is wrong."""
    mode = body.get("mode", "digital")
    if mode not in MODES:
        raise ValueError(f"'mode' must be one of {', '.join(MODES)}")
    variants = tuple(variant_names())
    variant = body.get("variant", "classic7")
    if variant not in variants:
        raise ValueError(f"'variant' must be one of {', '.join(variants)}")
    options: dict[str, Any] = {"mode": mode, "variant": variant}
    if "edition" in body:
        if body["edition"] not in edition_names():
            raise ValueError(f"'edition' must be one of {', '.join(edition_names())}")
        options["edition"] = body["edition"]
    return options


MAX_GOLD_DELTA = 50
"""The most gold one correction may give or take (a miscount, never a second game's worth)."""

GOLD = Correction.of_count("gold", "adjust_gold", ("seat", "gold_delta"), MAX_GOLD_DELTA, adjust_gold)
"""A seat's gold corrected (the bank miscounted, a coin fell off): ``0 adjust <seat> <delta> <reason>``;
refused ``cannot_afford`` when it would leave the seat less than no gold."""


def setup_from_options(args: argparse.Namespace, seed: int, registry: Any = None) -> Setup:
    """The setup a command line asks for; a real table's deck is its registry's."""
    deck = registry.deck if registry is not None else (getattr(args, "deck", None) or "")
    return Setup(players=args.players, seed=seed, mode=mode_of(args), variant=getattr(args, "variant", None) or "",
                 deck=deck, edition=getattr(args, "edition", None) or "classic",
                 names=names_of(args))


def replay(setup: Setup, log: Sequence[str]) -> Game:
    return Game.replay(setup, list(log))


def card_names(registry: TagRegistry) -> dict[str, list[str]]:
    """Each tag's card by its label first ("Manor 3", "King"), then its id and printed name
    (with the copy for a district): what a maker types to the soft seat."""
    districts = card_set(registry.deck).districts
    names: dict[str, list[str]] = {}
    for uid, ref in sorted(registry.tags.items(), key=lambda item: (str(item[1]), item[0])):
        name = districts[ref.id].name if ref.kind == "district" else ref.label(registry.deck)
        keys = [ref.label(registry.deck), str(ref), ref.id, name]
        if ref.kind == "district":
            keys += [f"{ref.id} {ref.copy}", f"{name} {ref.copy}"]
        names[uid] = keys
    return names


def engine_only(setup: Setup, bots: str) -> Game:
    return play(Game.new(setup), make_bot(bots, setup.seed))


def sim_world(registry: TagRegistry, setup: Setup, game_of: Any) -> TableTop | None:
    if setup.mode == "digital":
        return None  # the hub deals: no cards on the table
    world = TableTop(registry, setup.players, setup.seed, setup.rules)
    world.shuffle_characters()
    world.choose_keep = keep_best(world, game_of)
    world.choose_give_up = give_up_worst(world, game_of)
    return world


def sim_player(seat: int, device: Any, bot: str, setup: Setup, table: Any, world: TableTop,
               hub_elsewhere: bool) -> SimPlayer:
    return SimPlayer(seat, device, make_bot(bot, setup.seed * 31 + seat), table, world, hub_elsewhere=hub_elsewhere)


def enroll_deck(args: argparse.Namespace) -> str | None:
    """The deck ``enroll`` pairs: ``--deck``, else the ``--edition``'s own; None (the
    registry's default, classic, or the deck of the file it resumes) for neither."""
    edition = getattr(args, "edition", None) or "classic"
    if args.deck is None and edition == "classic":
        return None
    return str(args.deck or Setup(players=4, edition=edition).deck)


PLUGIN = GamePlugin(
    name="citadels", title="Citadels", rules_version=RULES_VERSION, setup_type=Setup,
    seats=range(2, 8), default_players=4,
    setup_from_options=setup_from_options, setup_from_json=Setup.from_json, add_options=add_options,
    add_enroll_options=add_card_options, admin_options=admin_options, corrections=(GOLD,),
    page_assets="hub.games.citadels", page_facts=page_facts, event_words=event_words,
    new_game=Game.new, replay=replay, parse_action=Action.parse,
    summary=game_summary, summary_lines=summary_lines, replay_report=replay_report, export_text=export_text,
    bots=("heuristic", "random"), engine_only=engine_only,
    make_table=TableService, virtual_registry=lambda setup: TagRegistry.virtual(setup.deck),
    load_registry=TagRegistry.load, registry=TagRegistry, enroll_deck=enroll_deck, card_names=card_names,
    sim_world=sim_world, sim_player=sim_player, follow_stored=follow_stored, table_people=table_people,
    table_variants=(("--edition", "classic"), ("--edition", "2000", "--deck", "2000")),
    terminal=TerminalNarrator, result_line=result_line,
    progress=lambda game: f"round {game.round}", speech=VOICE,
    private_event_kinds=PRIVATE_KINDS, private_view_keys=PRIVATE_VIEW_KEYS,
)
