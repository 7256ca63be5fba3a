"""A Builders game told: on the terminal as it is played (`Teller`, public events only),
as a summary once over (``sim --json``), and read back from the store (``replay``,
``export``)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from hub.engine.builders import Action, Game
from hub.games.kit import Teller as KitTeller
from hub.games.plugin import StoredGameLike, meta_note

from .texts import describe
from .words import card_name, names_joined, say, seat_name


def summary(game: Game) -> dict[str, Any]:
    """The one-line JSON contract of ``sim --headless --json`` for a finished game: per
    seat (seat order) its score, its points from buildings and machines, its coins, its
    turns and its finished cards' ids; ``turns`` also as a list, seat 1 first."""
    result = game.result()
    assert result is not None
    by_seat = sorted(result["seats"], key=lambda s: s["seat"])
    return {
        "game": "builders",
        "seed": game.setup.seed,
        "players": game.setup.players,
        "first": game.first,
        "rounds": game.round,
        "winner": result["winner"],
        "winners": result["winners"],
        "decided_by": result["decided_by"],
        "ended_by": game.last_round,
        "actions": len(game.log),
        "turns": [s["turns"] for s in by_seat],
        "seats": [{"seat": s["seat"], "rank": s["rank"], "score": s["score"], "points": s["points"],
                   "coins": s["coins"], "turns": s["turns"], "finished": s["finished"]} for s in by_seat],
    }


def _winner_words(result: Mapping[str, Any], names: Mapping[int, str], lang: str) -> tuple[bool, dict[str, Any]]:
    """(shared, the words' parameters) for a result's winner or winners."""
    winners = list(result["winners"])
    best = next(s for s in result["seats"] if s["seat"] == winners[0])
    params = {"name": seat_name(winners[0], names, lang), "names": names_joined(winners, names, lang),
              "score": best["score"], "points": best["points"], "coins": best["coins"]}
    return len(winners) > 1, params


def summary_lines(result: dict[str, Any]) -> list[str]:
    """A finished game's summary as ``sim --engine-only`` prints it without ``--json``."""
    winner = f"seat {result['winner']} wins" if result["winner"] is not None else \
        f"seats {', '.join(map(str, result['winners']))} share the victory"
    lines = [f"seed {result['seed']}: {result['players']} players, {result['rounds']} rounds, {winner}"]
    for s in result["seats"]:
        finished = ", ".join(card_name(c) for c in s["finished"]) or "nothing"
        lines.append(f"  seat {s['seat']}: {s['score']:3d}  ({s['points']} points, {s['coins']} coins)  {finished}")
    return lines


def result_line(number: int, result: dict[str, Any], names: dict[int, str], lang: str = "en") -> str:
    shared, params = _winner_words(result, names, lang)
    return say("log.result_shared" if shared else "log.result", lang, number=number, **params)


def event_sentences(event: Mapping[str, Any], names: Mapping[int, str], lang: str = "en") -> list[str]:
    """What the terminal and the page log say of one public event (none for a prompt)."""
    kind = event.get("kind")
    seat = event.get("seat")
    name = seat_name(seat, names, lang) if isinstance(seat, int) else ""
    if kind == "table_setup":
        sep = ", " if lang == "en" else "、"
        apprentices = sep.join(say("log.takes_apprentice", lang, name=seat_name(int(s), names, lang),
                                   card=card_name(c, lang)) for s, c in sorted(event["apprentices"].items()))
        return [say("log.table_setup", lang, buildings=sep.join(card_name(c, lang) for c in event["buildings"]),
                    workers=sep.join(card_name(c, lang) for c in event["workers"]), apprentices=apprentices)]
    if kind == "turn_started":
        return [say("log.turn_started", lang, round=event["round"], name=name, actions=event["actions"])]
    if kind in ("opened", "recruited"):
        card = event["building"] if kind == "opened" else event["worker"]
        return [say(f"log.{kind}", lang, name=name, card=card_name(card, lang), turned=card_name(event["turned"], lang))]
    if kind == "sent":
        return [say("log.sent" if event["cost"] == 1 else "log.sent_dear", lang, name=name, worker=card_name(event["worker"], lang),
                    site=card_name(event["site"], lang), cost=event["cost"], wage=event["wage"],
                    balance=event["balance"])]
    if kind == "finished":
        key = "log.finished_machine" if event["machine"] else "log.finished"
        return [say(key, lang, name=name, card=card_name(event["building"], lang), coins=event["coins"],
                    points=event["points"], total=event["total_points"])]
    if kind == "coins":
        return [say("log.coins" if event["coins"] != 1 else "log.coin", lang, name=name, coins=event["coins"], balance=event["balance"])]
    if kind == "bought":
        return [say("log.bought", lang, name=name, price=event["price"])]
    if kind == "turn_ended":
        return [say("log.turn_ended", lang, name=name, points=event["points"])]
    if kind == "last_round":
        if event.get("reason") == "blocked":
            return [say("log.last_round_blocked", lang)]
        return [say("log.last_round", lang, name=name, points=event["points"])]
    if kind == "game_over":
        shared, params = _winner_words(event, names, lang)
        lines = [say("log.game_over_shared" if shared else "log.game_over", lang, **params)]
        for s in event["seats"]:
            finished = ", ".join(card_name(c, lang) for c in s["finished"]) or say("none", lang)
            lines.append(say("log.seat_score", lang, name=seat_name(s["seat"], names, lang), score=s["score"],
                             points=s["points"], coins=s["coins"], finished=finished))
        return lines
    if kind == "undone":  # the kernel's undo: what everyone had been told of the move it took back
        told = [line for e in event.get("told") or [] if isinstance(e, Mapping) for line in event_sentences(e, names, lang)]
        reason = str(event.get("reason") or "–")
        return [say("log.undone", lang, reason=reason, what=told[0]) if told
                else say("log.undone_plain", lang, reason=reason)]
    if kind == "adjusted":
        delta = f"{event['delta']:+d}"
        return [say("log.adjusted", lang, name=name, delta=delta)]
    return []


Teller = partial(KitTeller, sentences=event_sentences)
"""The terminal's account of the game: its public events, one sentence each (the kit's)."""


def replay_report(game_id: int, game: Game) -> tuple[dict[str, Any], list[str]]:
    """``citadels-hub replay``: (its JSON line, its text lines) for a replayed game."""
    out = summary(game) if game.over else {"game": game_id, "over": False, "actions": len(game.log),
                                           "state_hash": game.state_hash(), "view": game.public_view()}
    lines = [f"game {game_id}: {len(game.log)} actions replayed, state {game.state_hash()[:16]}"]
    if game.over:
        lines += summary_lines(out)
    else:
        lines.append(f"unfinished: round {game.round}, seat {game.pending.seat if game.pending else '-'} to play")
    return out, lines


def _table_note(action: Action) -> str:
    """What a table's action (seat 0) did, without repeating its reason: the action's text
    beside it says that once."""
    if action.verb == "void":
        return "the last move that stood is undone"
    if action.verb == "adjust" and len(action.args) >= 2:
        return f"seat {action.args[0]}'s coins corrected by {int(action.args[1]):+d}"
    return ""


def export_text(stored: StoredGameLike) -> str:
    """A stored game as text: its setup, each action with what it did, how it ended."""
    setup = stored.setup
    names = dict(enumerate(setup.names, start=1))
    game = Game.new(setup)
    lines = [f"# The Builders game {stored.id}, started {stored.created}",
             f"# {setup.players} players, seed {setup.seed}, first player seat {game.first}"
             + (f", names {', '.join(setup.names)}" if setup.names else "")]
    for i, (text, meta) in enumerate(zip(stored.actions, stored.meta)):
        action = Action.parse(text)
        game.apply(action)
        what = describe(action) if action.seat else _table_note(action)
        lines.append(f"{i + 1:4d}  {text:<24}  {what}{meta_note(meta)}")
    result = game.result()
    if result is not None:
        shared, params = _winner_words(result, names, "en")
        lines.append("# " + say("log.game_over_shared" if shared else "log.game_over", "en", **params))
        lines += [f"# {s['seat']}: score {s['score']}, {s['points']} points, {s['coins']} coins" for s in result["seats"]]
    else:
        lines.append(f"# unfinished: round {game.round}")
    return "\n".join(lines) + "\n"
