"""The shipped card data (``data/cards.json``) made from the rules folder's CSV files.

    python -m hub.engine.builders.carddata ../shared/rules/builders > hub/engine/builders/data/cards.json

The CSVs (``buildings.csv``, ``workers.csv``) are the printed cards' data cross-checked
across independent transcriptions; the JSON keeps every column the rules or the wording
need (both names of each card), in the CSVs' order. ``tests/engine/builders/test_builders_data.py``
checks the shipped file against the CSVs whenever the rules folder is present.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any

RESOURCES = ("stone", "wood", "knowledge", "tile")
SOURCE = ("The Builders: Middle Ages (Frederic Henry), the printed cards' data: "
          "shared/rules/builders/buildings.csv and workers.csv")


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def from_csv(folder: Path) -> dict[str, Any]:
    """The card data as the engine loads it, from ``folder``'s two CSV files."""
    buildings = []
    for row in _rows(folder / "buildings.csv"):
        produces = row["produces"] or None
        buildings.append({
            "id": row["id"].lower(), "kind": row["kind"], "name_en": row["name_en"], "name_fr": row["name_fr"],
            "coins": int(row["coins"]), "points": int(row["points"]),
            "needs": [int(row[r]) for r in RESOURCES],
            "produces": produces, "produces_amount": int(row["produces_amount"]) if produces else 0,
        })
    workers = [
        {"id": row["id"].lower(), "type": row["type"].lower(), "type_en": row["type"], "type_fr": row["type_fr"],
         "wage": int(row["wage"]), "output": [int(row[r]) for r in RESOURCES]}
        for row in _rows(folder / "workers.csv")
    ]
    return {"source": SOURCE, "resources": list(RESOURCES), "buildings": buildings, "workers": workers}


def dumps(data: dict[str, Any]) -> str:
    """The shipped file's exact text: one card a line, so a diff shows the card that changed."""
    lines = ["{", f'  "source": {json.dumps(data["source"], ensure_ascii=False)},',
             f'  "resources": {json.dumps(data["resources"])},']
    for key in ("buildings", "workers"):
        cards = [f"    {json.dumps(card, ensure_ascii=False)}" for card in data[key]]
        lines.append(f'  "{key}": [\n' + ",\n".join(cards) + "\n  ]" + ("," if key == "buildings" else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(dumps(from_csv(Path(sys.argv[1]))))
