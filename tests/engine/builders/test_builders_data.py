"""The Builders' card data: the file shipped in the package is the one made from the
rules folder's CSVs, and the printed cards' facts hold in it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from hub.engine.builders import carddata
from hub.engine.builders.cards import APPRENTICES, BUILDINGS, CREW, MACHINE_WORKERS, WORKERS

PACKAGE_FILE = Path(carddata.__file__).parent / "data" / "cards.json"
RULES = Path(__file__).resolve().parents[4] / "shared" / "rules" / "builders"
CANDIDATES = [RULES, Path("/work/shared/rules/builders")]


def rules_folder() -> Path:
    for folder in CANDIDATES:
        if (folder / "buildings.csv").is_file() and (folder / "workers.csv").is_file():
            return folder
    pytest.skip("the rules folder (shared/rules/builders) is not beside this checkout")


def test_the_shipped_file_is_the_one_made_from_the_csvs() -> None:
    made = carddata.dumps(carddata.from_csv(rules_folder()))
    assert PACKAGE_FILE.read_text(encoding="utf-8") == made, \
        "regenerate: python -m hub.engine.builders.carddata <rules folder> > hub/engine/builders/data/cards.json"


def test_42_workers_by_type_and_wage_equals_output() -> None:
    assert len(WORKERS) == 42
    assert Counter(w.type for w in WORKERS.values()) == {"apprentice": 6, "labourer": 12, "craftsman": 16,
                                                         "master": 8}
    wages = {"apprentice": 2, "labourer": 3, "craftsman": 4, "master": 5}
    for w in WORKERS.values():
        assert w.wage == wages[w.type] == sum(w.output), w
    assert APPRENTICES == ("w01", "w02", "w03", "w04", "w05", "w06")


def test_42_buildings_of_which_8_machines() -> None:
    assert len(BUILDINGS) == 42
    machines = [b for b in BUILDINGS.values() if b.machine]
    assert len(machines) == 8
    assert all(m.coins == 0 and m.produces in ("stone", "wood", "knowledge", "tile") for m in machines)
    assert sorted(m.produces_amount for m in machines) == [2] * 4 + [3] * 4
    assert all(m.produces_amount == m.points + 1 for m in machines)  # level 1: 1 point, 2 of it; level 2: 2, 3


def test_a_finished_machine_is_a_wage_0_worker_of_its_resource() -> None:
    saw = MACHINE_WORKERS["m5"]  # Circular Saw, level 2: 3 wood
    assert (saw.wage, saw.output, saw.name) == (0, (0, 3, 0, 0), "Circular Saw")
    assert set(CREW) == set(WORKERS) | set(MACHINE_WORKERS)


def test_the_chapel_is_as_the_rulebook_prints_it() -> None:
    chapel = BUILDINGS["b28"]  # 小禮拜堂: 3 stone, 2 wood, 2 knowledge, 3 tile; 18 coins, 5 points
    assert (chapel.name, chapel.needs, chapel.coins, chapel.points) == ("Chapel", (3, 2, 2, 3), 18, 5)
    assert (chapel.name_fr, WORKERS["w01"].name_fr) == ("La chapelle", "Apprenti")
