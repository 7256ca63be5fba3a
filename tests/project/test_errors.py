"""One error base type: every coded error in the hub is a HubError with code and message."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from hub.engine.citadels import IllegalAction
from hub.errors import HubError
from hub.protocol import ProtocolError
from hub.store import StoreError
from hub.web.errors import BadInput

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("error, text", [
    (IllegalAction("not_your_turn", "it is seat 2's turn"), "not_your_turn: it is seat 2's turn"),
    (ProtocolError("bad_json", "not JSON"), "bad_json: not JSON"),
    (StoreError("disk_full", "the disk is full"), "the disk is full"),
    (BadInput("seed must be a number"), "seed must be a number"),
])
def test_each_coded_error_is_a_hub_error_and_keeps_its_text(error: HubError, text: str) -> None:
    assert isinstance(error, HubError)
    assert str(error) == text  # what each printed before the base type: logs and pages unchanged
    assert error.to_json() == {"code": error.code, "message": error.message}
    assert error.code and error.message


def test_the_old_bases_still_catch_them() -> None:
    assert isinstance(ProtocolError("x", "y"), ValueError)
    assert isinstance(StoreError("x", "y"), RuntimeError)
    assert BadInput("bad").code == "bad_input" and BadInput("bad", code="too_long").code == "too_long"


def test_every_class_in_hub_that_sets_a_code_derives_from_hub_error() -> None:
    """A new coded error that forgets the base type fails here (found by reading the source)."""
    coded: list[str] = []
    for path in (ROOT / "hub").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(n, ast.Attribute) and n.attr == "code" and isinstance(n.ctx, ast.Store)
                and isinstance(n.value, ast.Name) and n.value.id == "self"
                for n in ast.walk(node)
            ):
                bases = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}
                coded.append(node.name)
                assert node.name == "HubError" or bases & {"HubError"}, \
                    f"{path.relative_to(ROOT)}: {node.name} sets self.code but is not a HubError"
    assert "HubError" in coded
