"""The package's shape, checked from its source: no import cycles among ``hub``'s modules
(imports inside functions and under ``TYPE_CHECKING`` count too), and no module reading
another module's underscored names (a public method says what a caller may rely on)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

HUB = Path(__file__).resolve().parents[2] / "hub"

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


def package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The import graph between the hub's parts: each module counted as its package under
    ``hub`` (``hub.games.citadels.voice.narrator`` is ``hub.games``); a module at the top
    (``hub.words``, ``hub.cli``) is its own part."""
    def part(module: str) -> str:
        return ".".join(module.split(".")[:2])

    parts: dict[str, set[str]] = {part(module): set() for module in graph}
    for module, imported in graph.items():
        parts[part(module)] |= {part(target) for target in imported} - {part(module)}
    return parts


def test_hub_has_no_package_cycles() -> None:
    """No package of the hub imports one that imports it back, however far round (the
    voice once reached the registry for its own command while every game's plug-in gave
    the voice its words)."""
    parts = package_graph(import_graph())
    assert {"hub.games", "hub.voice", "hub.store", "hub.words"} <= set(parts)
    assert import_cycles(parts) == []


def test_the_package_cycle_check_sees_two_packages_importing_each_other() -> None:
    graph = {"hub.voice.speech": set(), "hub.voice.__main__": {"hub.games"}, "hub.games": {"hub.games.nim"},
             "hub.games.nim.plugin": {"hub.voice.speech"}, "hub.words": set()}
    assert import_cycles(package_graph(graph)) == [["hub.games", "hub.voice"]]


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


# ---------------------------------------------------------------------- layers
NEUTRAL_GAME_MODULES = ("rng", "actions", "play", "snapshot", "events", "history", "replay", "plugin", "secrets",
                        "simulated", "tags", "enroll", "kit", "people")
"""Modules of hub/engine and hub/games that belong to no game (the shared generator, the
text actions and table corrections, the bots' play loop, the state hash, an event, the public history, a game's
log-made parts (new, replay, hash, void), the plug-in's protocol, declared secrets, a simulated person's hands,
the tag registry and its enrollment, the game kit, people at a table of real seats)."""

NAMED_EXCEPTIONS: set[tuple[str, str]] = set()
"""Imports across the layers that are known and named, each with its reason: (module, imported)."""

MAY_IMPORT: dict[str, frozenset[str]] = {unit: frozenset(allowed) for unit, allowed in {
    "hub": (), "hub.errors": (), "hub.redact": (), "hub.seeds": (), "hub.bus": (),
    "hub.words": (),  # the languages and the table's own lines: no game (a game's words are its plug-in's)
    "hub.text": (),  # untrusted text and players' names: one check for the command line and the web
    "hub.exits": ("hub.redact",),  # how every command ends
    "hub.protocol": ("hub.errors", "hub.text"),  # payload strings pass the one text check
    "hub.standing": (),  # which actions of a log stand: the one undo rule of engines and kernel
    "hub.engine": ("hub.errors", "hub.standing"),  # what every engine may share: the generator, actions, the play loop
    "hub.engine.{game}": ("hub.engine", "hub.errors"),  # pure rules: no other game, nothing of the table
    "hub.transport": ("hub.bus", "hub.protocol", "hub.errors", "hub.exits", "hub.redact"),
    "hub.serial": ("hub.protocol",),
    "hub.kernel": ("hub.bus", "hub.errors", "hub.protocol", "hub.words", "hub.standing", "hub.text"),  # no game, no transport; the text check of what it stores
    "hub.games.{game}": ("hub.engine.{game}", "hub.engine", "hub.games", "hub.kernel", "hub.protocol",
                         "hub.transport", "hub.voice", "hub.words", "hub.errors", "hub.seeds"),  # its own engine only
    "hub.games": ("hub.games.{game}", "hub.kernel", "hub.voice", "hub.protocol", "hub.errors",
                  "hub.transport", "hub.engine", "hub.words", "hub.seeds"),  # the registry (one line a game) and the game kit
    "hub.store": ("hub.errors",),  # no game, no registry: it is given the games it holds (`Games`)
    "hub.voice": ("hub.words", "hub.exits"),  # no game, no registry: a game's plug-in gives its voice
    "hub.commands": ("hub.games", "hub.store", "hub.voice", "hub.errors", "hub.exits"),  # the commands that pick a
    # game from the registry for a part that names none (`citadels-hub voice`, `replay`, `export`)
    "hub.web": ("hub.games", "hub.words", "hub.protocol", "hub.store", "hub.errors", "hub.redact",
                "hub.seeds", "hub.text"),  # never an engine nor a game's package (only the plug-ins' registry); the store keeps its lasting links
    "hub.table": ("hub.games", "hub.kernel", "hub.store", "hub.web", "hub.voice", "hub.transport", "hub.serial",
                  "hub.protocol", "hub.cli_args", "hub.errors", "hub.exits"),
    "hub.cli_args": ("hub.protocol", "hub.redact", "hub.seeds", "hub.text", "hub.serial", "hub.store", "hub.errors", "hub.exits"),
    "hub.softseat": ("hub.cli_args", "hub.text", "hub.transport", "hub.protocol", "hub.exits", "hub.games"),  # one seat's real firmware, run on the hub
    "hub.cli": ("hub.cli_args", "hub.commands", "hub.games", "hub.store", "hub.table", "hub.transport", "hub.softseat",
                "hub.errors", "hub.exits"),
}.items()}
"""Which part of the hub may import which (imports inside functions count). A game's
parts are ``{game}``: a plug-in may import its own engine, never another game's."""


def unit_of(module: str) -> str:
    """The layer a module belongs to: a game's engine or plug-in, or a package of the hub."""
    parts = module.split(".")
    if len(parts) > 2 and parts[1] in ("engine", "games") and parts[2] not in NEUTRAL_GAME_MODULES:
        return ".".join(parts[:3])
    return ".".join(parts[:2])


def layer_breaches(graph: dict[str, set[str]]) -> list[str]:
    """Imports the table above does not allow, as "module -> imported" lines."""
    breaches = []
    for module, imported in sorted(graph.items()):
        unit = unit_of(module)
        game = unit.split(".")[2] if unit.count(".") == 2 else None
        rule = MAY_IMPORT.get(unit.replace(f".{game}", ".{game}") if game else unit)
        if rule is None:
            breaches.append(f"{module}: its part {unit} is not in MAY_IMPORT")
            continue
        for target in sorted(imported):
            other = unit_of(target)
            if other == unit or (module, target) in NAMED_EXCEPTIONS:
                continue
            other_game = other.split(".")[2] if other.count(".") == 2 else None
            if other_game is not None and other_game == game:
                allowed = other.replace(f".{game}", ".{game}") in rule
            elif other_game is not None:  # another game's part: only the registry names games
                allowed = unit == "hub.games" and "hub.games.{game}" in rule and other.startswith("hub.games.")
            else:
                allowed = other in rule
            if not allowed:
                breaches.append(f"{module} -> {target}")
    return breaches


def import_graph() -> dict[str, set[str]]:
    modules = hub_modules()
    return {name: set(imported_modules(name, path, modules)) for name, path in modules.items()}


def test_every_import_keeps_to_the_layers() -> None:
    assert layer_breaches(import_graph()) == []


def test_every_named_exception_is_an_import_that_exists() -> None:
    """A named exception outlives its reason silently; once the import is gone, so is its name."""
    graph = import_graph()
    assert [pair for pair in sorted(NAMED_EXCEPTIONS) if pair[1] not in graph.get(pair[0], ())] == []


GAME_NEUTRAL_WORDS_AND_VOICE = ("words.py", "words.json", "voice/*.py")


def test_the_voice_and_the_table_words_name_no_game() -> None:
    """The speaker, its backends and flags, and the table's own words hold no game's words:
    no registered game's title or package, no card of any game, and none reaches the registry:
    the game's voice is given (`citadels-hub voice` picks one by --game in `hub.commands`)."""
    from hub.games import GAMES
    from hub.games.citadels import words as citadels_words

    cards = sorted({*citadels_words.characters(), *(k.split(".", 1)[1] for k in citadels_words.keys("district."))})
    sources = {path: path.read_text(encoding="utf-8") for glob in GAME_NEUTRAL_WORDS_AND_VOICE for path in HUB.glob(glob)}
    assert len(sources) >= 8
    found = []
    for path, text in sources.items():
        for game in GAMES.values():
            found += [f"{path.name}: {word}" for word in (game.title, f"hub.games.{game.name}", f"hub.engine.{game.name}")
                      if word in text]
        found += [f"{path.name}: card {card}" for card in cards if re.search(rf"\b{card}\b", text)]
    assert found == []
    graph = import_graph()
    assert sorted(module for module, imported in graph.items() if module.startswith(("hub.voice", "hub.words"))
                  and any(target.startswith("hub.games") for target in imported)) == []


MOST_CITADELS_LINES_OUTSIDE = 10
"""Lines of the hub's neutral parts (outside every game's packages) that may name a Citadels
concept: a few examples in docstrings and help texts (the default game's cards), never an API."""
TEXT_SENSE = re.compile(r"_HAN|Chinese|control|format|direction|visible|name|string|token|URL|QR|half-block|polyphonic|"
                        r"syllable|Latin|simplified|long|pinyin|text|letter|surrogate|zero-width|\d+ characters|"
                        r"characters\)|of 21", re.IGNORECASE)
"""Words beside "character" that mean a letter of text (a control character, 24 URL-safe
characters), not a Citadels character."""


def citadels_concept(line: str, characters: list[str]) -> bool:
    """Does `line` name a Citadels concept: gold, a district, an edition, the crown, a
    character (one of its cards, not a letter of text) or one by its name?"""
    concept = re.compile(r"\b(gold|districts?|editions?|crowns?|characters?|" + "|".join(characters) + r")\b",
                         re.IGNORECASE)
    found = {match.group(1).lower() for match in concept.finditer(line)}
    return bool(found) and not (found <= {"character", "characters"} and TEXT_SENSE.search(line))


def game_packages() -> tuple[str, ...]:
    """Every game's packages (``engine/<game>/``, ``games/<game>/``): another game's own words
    may be Citadels' too (Cities & Knights has its Bishop and its Merchant)."""
    return tuple(f"{part}/{folder.name}/" for part in ("engine", "games") for folder in (HUB / part).iterdir()
                 if folder.is_dir() and folder.name not in NEUTRAL_GAME_MODULES and (folder / "__init__.py").exists())


def citadels_lines_outside() -> list[str]:
    from hub.games.citadels import words as citadels_words

    characters = sorted(citadels_words.characters())
    games = game_packages()
    assert "games/citadels/" in games and "engine/builders/" in games and "games/kit/" not in games
    found = []
    for path in sorted(HUB.rglob("*")):
        where = path.relative_to(HUB).as_posix()
        if path.suffix not in (".py", ".js", ".html", ".css", ".json") or where.startswith(games):
            continue
        found += [f"hub/{where}:{n}: {line.strip()}" for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                  if citadels_concept(line, characters)]
    return found


def test_at_most_ten_lines_outside_citadels_packages_name_a_citadels_concept() -> None:
    """The kernel, the web, the voice, the store, the words, the simulator and the game kit
    name no Citadels concept in their APIs: its gold, districts, editions, crown and
    characters are its plug-in's. A few examples in docstrings and help texts may remain."""
    found = citadels_lines_outside()
    assert len(found) <= MOST_CITADELS_LINES_OUTSIDE, "\n".join(found)


def test_the_citadels_concept_count_sees_an_api_and_not_a_letter_of_text() -> None:
    characters = ["thief", "warlord"]
    assert citadels_concept("def say(key, lang, edition=None):", characters)
    assert citadels_concept("narrator: (lang, names, edition or None)", characters)
    assert citadels_concept("(``2 pick thief``)", characters)
    assert citadels_concept("the character whose words say why", characters)
    assert not citadels_concept("'seat tokens must be at least 16 characters'", characters)
    assert not citadels_concept("a control character breaks a line", characters)
    assert not citadels_concept("a golden goldfish", characters)


def test_the_layer_check_sees_a_breach_inside_a_function() -> None:
    """The web reaching for an engine, a game for another game's rules, the store for a
    game's words: each is found, also when the import hides in a function."""
    graph = {"hub.web.app": {"hub.engine.citadels.events"}, "hub.games.nim.sim": {"hub.engine.citadels"},
             "hub.store": {"hub.games.citadels.texts"}, "hub.kernel.table": {"hub.games"}}
    assert layer_breaches(graph) == ["hub.games.nim.sim -> hub.engine.citadels",
                                     "hub.kernel.table -> hub.games", "hub.store -> hub.games.citadels.texts",
                                     "hub.web.app -> hub.engine.citadels.events"]
    hidden = "def f():\n    from hub.engine.citadels import Game\n"
    assert "hub.engine.citadels" in _imports_in(hidden, "hub.web.app")


def _imports_in(source: str, name: str) -> set[str]:
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "probe.py"
        path.write_text(source, encoding="utf-8")
        return set(imported_modules(name, path, hub_modules()))


def topic_literals(source: str) -> list[str]:
    """String constants (f-strings' fixed parts too) that begin with the protocol's topic root."""
    from hub.protocol import TOPIC_ROOT

    return [node.value for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(TOPIC_ROOT + "/")]


def test_the_topic_root_is_one_constant() -> None:
    """Protocol v1's topic root (the product's name) is written once, `hub.protocol.TOPIC_ROOT`:
    every other module builds its topics with the protocol's helpers."""
    found = {name: topic_literals(path.read_text(encoding="utf-8")) for name, path in hub_modules().items()
             if name != "hub.protocol"}
    assert {name: topics for name, topics in found.items() if topics} == {}
    assert topic_literals('root = f"citadels/{table}/seat/+/"\n') == ["citadels/"]


def test_no_package_guards_its_own_modules_with_except_import_error() -> None:
    """``try: import hub.x / except ImportError`` can only hide a real error (a broken
    hub.table.sim once turned ``sim`` into the engine-only simulation without a word)."""
    guarded = []
    for name, path in hub_modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Try):
                continue
            catches = {ast.unparse(h.type) for h in node.handlers if h.type is not None}
            if not catches & {"ImportError", "ModuleNotFoundError"}:
                continue
            for inner in ast.walk(ast.Module(body=node.body, type_ignores=[])):
                if isinstance(inner, ast.ImportFrom) and (inner.level or (inner.module or "").startswith("hub")):
                    guarded.append(name)
                elif isinstance(inner, ast.Import) and any(a.name.startswith("hub") for a in inner.names):
                    guarded.append(name)
    assert guarded == []


def shipped_data(package_data: dict[str, list[str]]) -> set[Path]:
    """The files ``pyproject.toml``'s package-data puts into an installed hub (each glob is
    relative to its package's folder, as setuptools reads it)."""
    return {path for package, globs in package_data.items() for glob in globs
            for path in (HUB.parent / package.replace(".", "/")).glob(glob) if path.is_file()}


def data_files_not_shipped(package_data: dict[str, list[str]]) -> list[str]:
    data = {path for path in HUB.rglob("*") if path.is_file() and path.suffix not in (".py", ".pyc")
            and "__pycache__" not in path.parts}
    return sorted(path.relative_to(HUB.parent).as_posix() for path in data - shipped_data(package_data))


def test_every_data_file_of_the_hub_ships_in_its_package_data() -> None:
    """A words file, a page or a card list that ``pyproject.toml`` does not list is missing
    from an installed hub, though every test in a checkout passes (docs/architecture.md)."""
    import tomllib

    pyproject = tomllib.loads((HUB.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert data_files_not_shipped(pyproject["tool"]["setuptools"]["package-data"]) == []


def test_the_package_data_check_sees_a_words_file_left_out() -> None:
    assert "hub/games/nim/words.json" in data_files_not_shipped({"hub": ["words.json"]})
    assert "hub/words.json" not in data_files_not_shipped({"hub": ["words.json"]})
