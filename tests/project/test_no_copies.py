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

A game's page scripts (the `.js` under its package's ``static/``) are read the same way,
line by line: comments and blank lines dropped, a line of closing brackets alone dropped
(as a Python block ends by its indentation), keywords and punctuation kept with the depth
of braces the line starts at, each identifier ``N``, each string, template or regular
expression ``S``, each number ``0``. What two games' pages share belongs in the hub's page
script (`hub/web/static/hub.js`: the scoreboard, seat and admin skeletons a game's
scripts fill in with their own drawing).
"""

from __future__ import annotations

import importlib
import io
import keyword
import pkgutil
import re
import tokenize
from collections import defaultdict
from pathlib import Path

import hub.games
from hub.games import GAMES, GamePlugin

ROOT = Path(__file__).resolve().parents[2]
WINDOW = 6  # the "a run of six or more lines"

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


def package_files(package: str, pattern: str = "*.py") -> list[Path]:
    directory = Path(importlib.import_module(package).__file__ or "").parent
    return sorted(directory.rglob(pattern))


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


JS_KEYWORDS = frozenset("""async await break case catch class const continue default delete do else export
    extends false finally for function if import in instanceof let new null of return static super switch this
    throw true try typeof undefined var void while yield""".split())
JS_TOKEN = re.compile(r"""
    (?P<space>[ \t\r]+) | (?P<newline>\n) | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`) | (?P<number>\d[\w.]*|\.\d\w*)
  | (?P<name>[A-Za-z_$][\w$]*)
  | (?P<punct>=>|\.\.\.|\?\?=?|\?\.|[=!]==?|\*\*=?|<<=?|>>>?=?|[<>]=?|&&=?|\|\|=?|\+\+|--|[-+*/%&|^]=?|[^\s\w])
""", re.VERBOSE | re.DOTALL)
JS_REGEX = re.compile(r"/(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n\[])+/[a-z]*")
CLOSING = frozenset("})];,")


def template_end(source: str, start: int) -> int:
    """Where the template literal opened by the backquote at `start` ends (its ``${...}`` read through)."""
    i, nested = start + 1, 0
    while source[i] != "`" or nested:
        if source[i] == "\\":
            i += 1
        elif source.startswith("${", i):
            nested += 1
            i += 1
        elif nested and source[i] == "}":
            nested -= 1
        i += 1
    return i + 1


def script_lines(source: str) -> list[Line]:
    """A page script's lines in their placeholder form, with where each starts."""
    lines: list[Line] = []
    shape: list[str] = []
    start = depth = start_depth = pos = 0
    line = 1
    operand = False  # the last token ends an operand: a "/" after it divides, else it opens a regular expression

    def token(text: str) -> None:
        nonlocal start, start_depth
        if not shape:
            start, start_depth = line, depth
        shape.append(text)

    while pos < len(source):
        regex = None if operand or source.startswith(("//", "/*"), pos) else JS_REGEX.match(source, pos)
        if regex:
            token("S")
            operand, pos = True, regex.end()
            continue
        match = JS_TOKEN.match(source, pos)
        assert match, f"line {line}: cannot read {source[pos:pos + 20]!r}"
        kind, text = match.lastgroup, match.group()
        end = template_end(source, pos) if text == "`" else match.end()
        text = source[pos:end]
        if kind == "newline":
            if any(t not in CLOSING for t in shape):
                lines.append((f"{start_depth}:" + " ".join(shape), start))
            shape = []
        elif kind == "name":
            token(text if text in JS_KEYWORDS else "N")
            operand = text not in JS_KEYWORDS or text in ("this", "true", "false", "null", "undefined")
        elif kind in ("string", "number"):
            token("S" if kind == "string" else "0")
            operand = True
        elif kind == "punct":
            token(text)
            depth += (text == "{") - (text == "}")
            operand = text in (")", "]", "}")
        line += text.count("\n")
        pos = end
    if any(t not in CLOSING for t in shape):
        lines.append((f"{start_depth}:" + " ".join(shape), start))
    return lines


def game_files() -> dict[str, tuple[str, list[Line]]]:
    """Every game's Python files and page scripts (path from the repository's root) -> (game, normalised lines)."""
    files = {}
    for name, game in GAMES.items():
        for package in (plugin_package(game), engine_package(game)):
            for path in package_files(package):
                files[str(path.relative_to(ROOT))] = (name, normalised_lines(path.read_text(encoding="utf-8")))
        for path in package_files(plugin_package(game), "*.js"):
            files[str(path.relative_to(ROOT))] = (name, script_lines(path.read_text(encoding="utf-8")))
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


def test_scripts_are_read_as_shapes_without_comments_or_closing_brackets() -> None:
    one = ('function f(a) {\n  // why\n  const x = a / 2 + `t${a}`;\n  if (/^\\d+$/.test(x)) {\n'
           '    return g(x, "s");\n  }\n}\n')
    other = "function h(b) {\n  const y = b / 7 + 'u'; /* note */\n\n  if (/x/g.test(y)) {\n    return k(y, `v`);\n  }\n}\n"
    assert [text for text, _ in script_lines(one)] == [text for text, _ in script_lines(other)] == [
        "0:function N ( N ) {", "1:const N = N / 0 + S ;", "1:if ( S . N ( N ) ) {", "2:return N ( N , S ) ;"]
    assert [n for _, n in script_lines(one)] == [1, 3, 4, 5]


def test_every_game_has_its_packages() -> None:
    for game in GAMES.values():
        assert package_files(plugin_package(game)) and package_files(engine_package(game)), game.name


def test_every_game_with_pages_has_its_scripts_read() -> None:
    scripts = {name for path, (name, _) in game_files().items() if path.endswith(".js")}
    assert scripts >= {name for name, game in GAMES.items() if game.page_assets}, scripts


def test_no_six_lines_stand_in_two_games_packages() -> None:
    shared = [described(run) for run in shared_runs()]
    assert not shared, (f"{len(shared)} runs of {WINDOW} or more lines of the same shape stand in two games' packages; "
                        "move the shared code into hub/games/kit/, hub/engine/ or hub/web/static/hub.js:\n" + "\n".join(shared))
