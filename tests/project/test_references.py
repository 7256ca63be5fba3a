"""What the docs and the docstrings point a reader to exists: a file of the tree named in
`docs/`, the READMEs or the hub's sources is there (a renamed or deleted file leaves no
stale pointer), and the adapter's method count the architecture states is the protocol's."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAMED_PATH = re.compile(r"\b(?:hub|tests|docs|firmware|scripts|bench|hardware)/[A-Za-z0-9_./-]+"
                        r"\.(?:py|js|css|html|json|md|sh|toml|conf|service)\b")
SOURCES = ("README.md", "tests/README.md", "docs/*.md", "hub/**/*.py", "hub/**/*.json", "hub/**/*.js")


def named_paths(text: str) -> set[str]:
    return {match.group(0) for match in NAMED_PATH.finditer(text)}


def test_every_file_the_docs_and_sources_name_exists() -> None:
    missing = sorted(f"{source.relative_to(ROOT)}: {named}" for glob in SOURCES for source in ROOT.glob(glob)
                     for named in named_paths(source.read_text(encoding="utf-8")) if not (ROOT / named).exists())
    assert missing == []


def test_a_named_path_is_found_in_prose_and_code() -> None:
    assert named_paths("a toy game (`tests/toy_game.py` writes 13)") == {"tests/toy_game.py"}
    assert named_paths("see hub/kernel/interfaces.py:118 and docs/architecture.md.") == {
        "hub/kernel/interfaces.py", "docs/architecture.md"}
    assert named_paths("hub/games/<game>/ and /opt/citadels/src/firmware") == set()


def test_the_adapters_method_count_in_the_architecture_is_the_protocols() -> None:
    """docs/architecture.md says how many of GameAdapter's methods have a default."""
    tree = ast.parse((ROOT / "hub/kernel/interfaces.py").read_text(encoding="utf-8"))
    adapter = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "GameAdapter")
    methods = [node for node in adapter.body if isinstance(node, ast.FunctionDef)]
    stubs = [m for m in methods if isinstance(m.body[-1], ast.Expr) and getattr(m.body[-1].value, "value", None) is ...]
    said = re.search(r"\((\d+) of the (\d+)\) have a body", (ROOT / "docs/architecture.md").read_text(encoding="utf-8"))
    assert said is not None
    assert (int(said.group(1)), int(said.group(2))) == (len(methods) - len(stubs), len(methods))


def test_every_game_with_pages_of_its_own_has_pictures_in_the_readme_taken_by_the_script() -> None:
    """`scripts/screenshots --game <name>` photographs each game whose pages are its own, and
    the README shows them (Citadels' unprefixed, as the first game's; the others' named
    ``<name>-...png``): a game added without pictures fails here."""
    from hub.games import GAMES

    script = (ROOT / "scripts/screenshots").read_text(encoding="utf-8")
    choices = re.search(r'"--game", choices=\(([^)]*)\)', script)
    assert choices is not None
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\(docs/img/([A-Za-z0-9-]+\.png)\)", readme))
    assert shown and all((ROOT / "docs/img" / name).is_file() for name in shown), shown
    for game in GAMES.values():
        if game.page_assets is None:
            continue  # the hub's plain pages: one game's pictures show them
        assert f'"{game.name}"' in choices.group(1), game.name
        prefix = "" if game.name == "citadels" else f"{game.name}-"
        others = tuple(f"{g}-" for g in GAMES if g != game.name and g != "citadels")
        mine = [n for n in shown if n.startswith(prefix) and not n.startswith(others)]
        assert len(mine) >= 3, (game.name, mine)
        assert f"{game.name}-" in script or game.name == "citadels", game.name
