"""No game copies another: no run of six statements of the same shape stands in two
games' packages (issue 29). A piece every game needs belongs in the hub's game kit
(`hub/games/kit/`) or the shared engine modules (`hub/engine/actions.py`, `play.py`, ...),
written once; a copy is a trap the next game inherits and a fix made in one place only.

"The same shape" is the same statements once names, strings and numbers are placeholders:
each logical line (a statement or a clause header) is read with `tokenize`, comments,
blank lines and docstring-only lines are dropped, keywords, operators and indentation
depth are kept, and each identifier becomes ``N``, each string ``S``, each number ``0``.
"""

from __future__ import annotations

import importlib
import io
import keyword
import pkgutil
import tokenize
from collections import defaultdict
from pathlib import Path

import hub.games
from hub.games import GAMES, GamePlugin

ROOT = Path(__file__).resolve().parents[2]
WINDOW = 6  # the "a run of six or more lines"

# Windows of normalised lines too common to mean a copy, each with why. Each entry is the
# window's normalised text joined by " | ", as the failure message prints it.
ALLOWED: dict[str, str] = {}

Line = tuple[str, int]  # (normalised text, first physical line number)


def plugin_package(game: GamePlugin) -> str:
    """The `hub.games.<pkg>` package whose ``PLUGIN`` is `game` (found from the modules,
    not from the game's name, which may differ from its package's)."""
    for info in pkgutil.iter_modules(hub.games.__path__, "hub.games."):
        if info.ispkg and getattr(importlib.import_module(info.name), "PLUGIN", None) is game:
            return info.name
    raise AssertionError(f"no package of hub.games holds {game.name}'s PLUGIN")


def engine_package(game: GamePlugin) -> str:
    """The `hub.engine.<pkg>` package its setups come from."""
    parts = game.setup_type.__module__.split(".")
    assert parts[:2] == ["hub", "engine"] and len(parts) >= 3, game.setup_type.__module__
    return ".".join(parts[:3])


def package_files(package: str) -> list[Path]:
    directory = Path(importlib.import_module(package).__file__ or "").parent
    return sorted(directory.rglob("*.py"))


def normalised_lines(source: str) -> list[Line]:
    """The file's logical lines in their placeholder form, with where each starts."""
    lines: list[Line] = []
    words: list[str] = []
    start = 0
    depth = 0
    in_fstring = 0
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        kind, text = token.type, token.string
        if kind == tokenize.INDENT:
            depth += 1
        elif kind == tokenize.DEDENT:
            depth -= 1
        elif kind == tokenize.NEWLINE:
            if words and words != ["S"]:  # a docstring-only line says nothing of shape
                lines.append((f"{depth}:" + " ".join(words), start))
            words = []
        elif kind in (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING, tokenize.ENDMARKER):
            continue
        else:
            if not words:
                start = token.start[0]
            fstring_start = getattr(tokenize, "FSTRING_START", None)  # Python 3.12's f-strings
            fstring_end = getattr(tokenize, "FSTRING_END", None)
            if kind == fstring_start:
                in_fstring += 1
                if in_fstring == 1:
                    words.append("S")
            elif kind == fstring_end:
                in_fstring -= 1
            elif in_fstring:
                continue
            elif kind == tokenize.NAME:
                words.append(text if keyword.iskeyword(text) or keyword.issoftkeyword(text) else "N")
            elif kind == tokenize.STRING:
                if not words or words[-1] != "S":  # "a" "b" is one string
                    words.append("S")
            elif kind == tokenize.NUMBER:
                words.append("0")
            else:
                words.append(text)
    return lines


def game_windows() -> dict[str, dict[str, list[tuple[str, int]]]]:
    """For each window of normalised lines: for each game, where it stands (file, line)."""
    windows: dict[str, dict[str, list[tuple[str, int]]]] = defaultdict(lambda: defaultdict(list))
    for name, game in GAMES.items():
        for package in {plugin_package(game), engine_package(game)}:
            for path in package_files(package):
                lines = normalised_lines(path.read_text(encoding="utf-8"))
                where = str(path.relative_to(ROOT))
                for i in range(len(lines) - WINDOW + 1):
                    key = " | ".join(text for text, _ in lines[i:i + WINDOW])
                    windows[key][name].append((where, lines[i][1]))
    return windows


def shared_windows() -> list[str]:
    """Each window found in two games' packages and not allowed, as a message naming the places."""
    found = []
    for key, games in game_windows().items():
        if len(games) > 1 and key not in ALLOWED:
            places = "; ".join(f"{game}: " + ", ".join(f"{path}:{line}" for path, line in spots)
                               for game, spots in sorted(games.items()))
            found.append(f"{places}\n    {key}")
    return sorted(found)


def test_shapes_ignore_names_strings_numbers_comments_and_docstrings() -> None:
    one = 'def f(a):\n    """Why."""\n    x = a + 1  # note\n\n    return g(x, "s")\n'
    other = 'def h(b):\n    y = b + 2\n    return k(y, \'t\' "u")\n'
    assert [text for text, _ in normalised_lines(one)] == [text for text, _ in normalised_lines(other)] == [
        "0:def N ( N ) :", "1:N = N + 0", "1:return N ( N , S )"]


def test_every_game_has_its_packages() -> None:
    for game in GAMES.values():
        assert package_files(plugin_package(game)) and package_files(engine_package(game)), game.name


def test_no_six_lines_stand_in_two_games_packages() -> None:
    shared = shared_windows()
    assert not shared, (f"{len(shared)} runs of {WINDOW} lines of the same shape stand in two games' packages; "
                        "move the shared code into hub/games/kit/ or hub/engine/:\n" + "\n".join(shared))


def test_every_allowed_window_is_still_shared() -> None:
    """An allow-list entry no copy needs any more goes, so the list stays short and true."""
    windows = game_windows()
    stale = [key for key in ALLOWED if len(windows.get(key, {})) < 2]
    assert not stale, stale
