"""A game's state in one hash: its snapshot (plain JSON data) as canonical JSON, hashed.
Replays, resumes and the same-seed checks compare games by it."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def snapshot_hash(snapshot: Any) -> str:
    blob = json.dumps(snapshot, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()
