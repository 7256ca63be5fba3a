"""The cards: 42 buildings (8 of them machines) and 42 workers, loaded once from the
package's ``data/cards.json`` (made from the rules folder's CSVs by ``carddata``).

Ids are the printed list's, lower case: ``b01``..``b34`` buildings, ``m1``..``m8``
machines, ``w01``..``w42`` workers. A finished machine is also a worker (``crew_member``):
wage 0, its resource 2 or 3.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, NamedTuple

RESOURCES = ("stone", "wood", "knowledge", "tile")
Amounts = tuple[int, int, int, int]  # stone, wood, knowledge, tile


class Building(NamedTuple):
    id: str
    kind: str  # "building" or "machine"
    name: str  # English
    name_fr: str
    coins: int  # earned when finished (machines: 0)
    points: int
    needs: Amounts
    produces: str | None = None  # a machine's resource once finished
    produces_amount: int = 0

    @property
    def machine(self) -> bool:
        return self.kind == "machine"


class Worker(NamedTuple):
    id: str
    type: str  # apprentice, labourer, craftsman, master; "machine" for a finished machine
    name: str  # English type name
    name_fr: str
    wage: int
    output: Amounts


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _amounts(values: list[int]) -> Amounts:
    a, b, c, d = values
    return (a, b, c, d)


def _cards() -> tuple[dict[str, Building], dict[str, Worker]]:
    data = _load()
    buildings = {
        b["id"]: Building(b["id"], b["kind"], b["name_en"], b["name_fr"], b["coins"], b["points"],
                          _amounts(b["needs"]), b["produces"], b["produces_amount"])
        for b in data["buildings"]
    }
    workers = {w["id"]: Worker(w["id"], w["type"], w["type_en"], w["type_fr"], w["wage"], _amounts(w["output"]))
               for w in data["workers"]}
    return buildings, workers


BUILDINGS, WORKERS = _cards()
MACHINE_WORKERS: dict[str, Worker] = {
    b.id: Worker(b.id, "machine", b.name, b.name_fr, 0,
                 _amounts([b.produces_amount if r == b.produces else 0 for r in RESOURCES]))
    for b in BUILDINGS.values() if b.machine
}
CREW: dict[str, Worker] = {**WORKERS, **MACHINE_WORKERS}  # whatever can be sent to a site
APPRENTICES = tuple(w.id for w in WORKERS.values() if w.type == "apprentice")
ALL_CARDS = (*BUILDINGS, *WORKERS)


def card_name(card: str) -> str:
    """A card's English words for messages: 'the Chapel (b28)', 'a craftsman (w34)'."""
    if card in BUILDINGS:
        b = BUILDINGS[card]
        return f"the {b.name} ({card})"
    if card in WORKERS:
        w = WORKERS[card]
        return f"{'an' if w.type[0] in 'aeiou' else 'a'} {w.type} ({card})"
    return repr(card)
