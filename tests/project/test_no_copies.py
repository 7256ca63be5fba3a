"""No game copies another: no run of six statements of the same shape stands in two
games' packages (issue 29). A piece every game needs belongs in the hub's game kit
(`hub/games/kit/`) or the shared engine modules (`hub/engine/actions.py`, `play.py`,
`history.py`, ...), written once; a copy is a trap the next game inherits and a fix made
in one place only.

"The same shape" is the same statements once names, strings and numbers are placeholders:
each logical line (a statement or a clause header) is read with `tokenize`; comments,
blank lines and docstring-only lines are dropped; keywords, operators and indentation
depth are kept, and each identifier becomes ``N``, each string ``S``, each number ``0``.
Two kinds of line say what a module is made of, not how it works, and are kept as written
rather than as shapes (else any two import blocks, or any two records or protocols of six
fields, would count as a copy): an import, and a run of declarations in a class body
(fields, ``name: type`` with or without a default, and stubs, ``def name(...) -> T: ...``
with their decorators), which counts as one line of the names it declares.
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

# Pairs of files allowed to share runs, each with why (paths from the repository's root,
# in sorted order). "to remove": a real copy not yet moved into the kit.
ALLOWED: dict[tuple[str, str], str] = {
    ("hub/games/builders/tags.py", "hub/games/cities_knights/tags.py"):
        "to remove: the tag map class (one registry for every game's cards is the `tags` work of issue 29)",
    ("hub/games/builders/tags.py", "hub/games/nim/cards.py"):
        "to remove: a one-deck catalogue's declarations and deck check (a `CardCatalogue` default, the `tags` work)",
    ("hub/games/cities_knights/tags.py", "hub/games/nim/cards.py"):
        "to remove: a one-deck catalogue's declarations and deck check (a `CardCatalogue` default, the `tags` work)",
    ("hub/engine/builders/game.py", "hub/engine/citadels/game.py"):
        "to remove, or keep: `apply`'s first lines (the options at hand, made if missing; a text parsed), "
        "written out in the engines' hot loop (one call fewer per action: issue 29's speed goals)",
}

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
    shape: list[str] = []  # the logical line read so far, as placeholders
    written: list[str] = []  # and as written
    start = 0
    blocks: list[bool] = []  # for each open block: is it a class body?
    header_is_class = False  # the last logical line began a class
    decorators: list[Line] = []  # the decorators read before the definition they decorate
    in_fstring = 0
    fstring_start = getattr(tokenize, "FSTRING_START", None)  # Python 3.12 reads f-strings in parts
    fstring_end = getattr(tokenize, "FSTRING_END", None)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        kind, text = token.type, token.string
        if kind == tokenize.INDENT:
            blocks.append(header_is_class)
        elif kind == tokenize.DEDENT:
            blocks.pop()
        elif kind == tokenize.NEWLINE:
            depth = len(blocks)
            if written and written[0] in ("import", "from"):
                lines.append((f"{depth}:" + " ".join(written), start))
            elif shape and shape[0] == "@":  # a decorator: read with what it decorates
                decorators.append((f"{depth}:" + " ".join(shape), start))
            elif blocks and blocks[-1] and (shape[:2] == ["N", ":"] or shape[0] == "def" and shape[-2:] == [":", "..."]):
                name = written[0] if shape[0] == "N" else written[1]  # a field, or a stub's (``def f(self) -> T: ...``)
                field = f"{depth}:fields"
                if lines and lines[-1][0].startswith(field + " "):
                    lines[-1] = (f"{lines[-1][0]},{name}", lines[-1][1])
                else:
                    lines.append((f"{field} {name}", decorators[0][1] if decorators else start))
                decorators = []
            elif shape and shape != ["S"]:  # a docstring-only line says nothing of shape
                lines.extend(decorators)
                decorators = []
                lines.append((f"{depth}:" + " ".join(shape), start))
            if shape and shape[0] != "@":
                header_is_class = shape[0] == "class"
            shape, written = [], []
        elif kind in (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING, tokenize.ENDMARKER):
            continue
        else:
            if not shape:
                start = token.start[0]
            written.append(text)
            if kind == fstring_start:
                in_fstring += 1
                if in_fstring == 1:
                    shape.append("S")
            elif kind == fstring_end:
                in_fstring -= 1
            elif in_fstring:
                continue
            elif kind == tokenize.NAME:
                shape.append(text if keyword.iskeyword(text) or keyword.issoftkeyword(text) else "N")
            elif kind == tokenize.STRING:
                if not shape or shape[-1] != "S":  # "a" "b" is one string
                    shape.append("S")
            elif kind == tokenize.NUMBER:
                shape.append("0")
            else:
                shape.append(text)
    return lines


def game_files() -> dict[str, tuple[str, list[Line]]]:
    """Every game's Python files (path from the repository's root) -> (game, normalised lines)."""
    files = {}
    for name, game in GAMES.items():
        for package in (plugin_package(game), engine_package(game)):
            for path in package_files(package):
                files[str(path.relative_to(ROOT))] = (name, normalised_lines(path.read_text(encoding="utf-8")))
    return files


Run = tuple[str, int, int, str, int, int]  # (file, first line, last line) in each of two games


def shared_runs() -> list[Run]:
    """Each longest run of lines of the same shape standing in two games' files."""
    files = game_files()
    windows: dict[tuple[str, ...], list[tuple[str, int]]] = defaultdict(list)
    for path, (_, lines) in files.items():
        for i in range(len(lines) - WINDOW + 1):
            windows[tuple(text for text, _ in lines[i:i + WINDOW])].append((path, i))
    pairs = {(a, i, b, j) for spots in windows.values() for a, i in spots for b, j in spots
             if a < b and files[a][0] != files[b][0]}
    runs = []
    for a, i, b, j in sorted(pairs):
        if (a, i - 1, b, j - 1) in pairs:
            continue  # inside a longer run, counted from its start
        n = 1
        while (a, i + n, b, j + n) in pairs:
            n += 1
        last = n + WINDOW - 2
        runs.append((a, files[a][1][i][1], files[a][1][i + last][1], b, files[b][1][j][1], files[b][1][j + last][1]))
    return runs


def described(run: Run) -> str:
    a, a_first, a_last, b, b_first, b_last = run
    return f"{a}:{a_first}-{a_last} and {b}:{b_first}-{b_last}"


def test_shapes_ignore_names_strings_numbers_comments_and_docstrings() -> None:
    one = 'def f(a):\n    """Why."""\n    x = a + 1  # note\n\n    return g(x, "s")\n'
    other = 'def h(b):\n    y = b + 2\n    return k(y, \'t\' "u")\n'
    assert [text for text, _ in normalised_lines(one)] == [text for text, _ in normalised_lines(other)] == [
        "0:def N ( N ) :", "1:N = N + 0", "1:return N ( N , S )"]


def test_imports_and_a_class_s_fields_are_read_as_written() -> None:
    source = ("import json\nfrom x import y\nclass C:\n    a: int\n    b: str = ''\n    @property\n    def c(self) -> int: ...\n"
              "    @property\n    def f(self) -> None:\n        d: int = 0\n")
    assert [text for text, _ in normalised_lines(source)] == [
        "0:import json", "0:from x import y", "0:class N :", "1:fields a,b,c", "1:@ N", "1:def N ( N ) -> None :",
        "2:N : N = 0"]


def test_every_game_has_its_packages() -> None:
    for game in GAMES.values():
        assert package_files(plugin_package(game)) and package_files(engine_package(game)), game.name


def test_no_six_lines_stand_in_two_games_packages() -> None:
    shared = [described(run) for run in shared_runs() if (run[0], run[3]) not in ALLOWED]
    assert not shared, (f"{len(shared)} runs of {WINDOW} or more lines of the same shape stand in two games' packages; "
                        "move the shared code into hub/games/kit/ or hub/engine/:\n" + "\n".join(shared))


def test_every_allowed_pair_still_shares_a_run() -> None:
    """An allowed pair that no longer shares a run goes, so the list stays short and true."""
    sharing = {(run[0], run[3]) for run in shared_runs()}
    assert not set(ALLOWED) - sharing, sorted(set(ALLOWED) - sharing)
