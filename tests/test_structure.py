"""The package's shape, checked from its source: no import cycles among ``hub``'s modules
(imports inside functions and under ``TYPE_CHECKING`` count too), and no module reading
another module's underscored names (a public method says what a caller may rely on)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

HUB = Path(__file__).resolve().parent.parent / "hub"

# Reads of an underscored attribute on something other than ``self``/``cls`` that are
# not another module's private state, each with its reason: (module, attribute).
SAME_MODULE_OR_OUTSIDE = {
    # Game.new builds the game it returns (a classmethod of the same class)
    ("hub.engine.citadels.game", "_deal"), ("hub.engine.citadels.game", "_start_round"), ("hub.engine.citadels.game", "_events"),
    # the in-process bus and its clients are one module's two classes
    ("hub.transport.inprocess", "_publish"), ("hub.transport.inprocess", "_subscribe"),
    ("hub.transport.inprocess", "_remove_owner"), ("hub.transport.inprocess", "_closed"),
    # paho's flag for a message queued while disconnected (see _acknowledged's docstring)
    ("hub.transport.mqtt", "_published"),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(HUB.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def hub_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(HUB.rglob("*.py"))}


def imported_modules(name: str, path: Path, modules: dict[str, Path]) -> Iterator[str]:
    """The hub modules ``name`` imports anywhere in its source (``from . import x`` names x)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                yield target  # a package's own __init__ imported by its modules is no cycle


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    cycles.append(sorted(component))
    return cycles


def test_hub_has_no_import_cycles() -> None:
    modules = hub_modules()
    graph = {name: set(imported_modules(name, path, modules)) for name, path in modules.items()}
    assert "hub.engine.citadels.state" in graph["hub.engine.citadels.game"]  # the scan sees relative imports
    assert import_cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle_through_three_modules() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_cycles(graph) == [["a", "b", "c"]]


def private_reads(source: str) -> Iterator[str]:
    """Underscored (not dunder) attributes read on anything but ``self``, ``cls`` or ``super()``."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        attr = node.attr
        if not attr.startswith("_") or attr.startswith("__"):
            continue
        receiver = node.value
        if isinstance(receiver, ast.Name) and receiver.id in ("self", "cls"):
            continue
        if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super":
            continue
        if isinstance(receiver, ast.Name) and re.search(rf"^class {receiver.id}\b", source, re.MULTILINE):
            continue  # a class of this module, e.g. Game._on_pick in its table of handlers
        yield attr


def test_no_module_reads_another_modules_private_names() -> None:
    found = {(name, attr) for name, path in hub_modules().items()
             for attr in private_reads(path.read_text(encoding="utf-8"))}
    assert found - SAME_MODULE_OR_OUTSIDE == set()


def test_the_private_read_check_sees_a_rule_reaching_into_the_game() -> None:
    rule = "def options(self, game, p):\n    return game._options(p.seat, 'kill', game.kill_targets)\n"
    assert list(private_reads(rule)) == ["_options"]
    assert list(private_reads("class Game:\n    pass\nHANDLERS = {'pick': Game._on_pick}\n")) == []
