"""Is a game database damaged? Checked before SQLite opens it, so nothing is lost on the way.

SQLite opens a database whose write-ahead log (`game.db-wal`) is damaged without a word:
it keeps the log's frames up to the first one whose checksum fails and forgets the rest,
and the last connection to close then checkpoints and deletes the log. A damaged log
header loses the whole log, so a game never checkpointed came back as an empty database
and `run` started a new game in it. Reading the log here first (its format is SQLite's
documented WAL format) tells a damaged log from the torn tail a crash leaves, which is a
transaction never committed and so never acknowledged to the table.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

WAL_MAGIC = (0x377F0682, 0x377F0683)  # checksums in little-endian / big-endian words
WAL_HEADER = 32
FRAME_HEADER = 24


def _checksum(data: bytes, big_endian: bool, s0: int = 0, s1: int = 0) -> tuple[int, int]:
    words = struct.unpack((">" if big_endian else "<") + f"{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def wal_damage(database: str | Path) -> str | None:
    """Why the database's write-ahead log is damaged, or None when it is sound (or absent).

    Damage is a frame that fails its checksum followed by later committed frames of the
    same log (a crash tears only the last, uncommitted transaction), or a broken log header
    in front of committed frames.
    """
    path = f"{database}-wal"
    try:
        with open(path, "rb") as wal:
            data = wal.read()
    except FileNotFoundError:
        return None
    if len(data) < WAL_HEADER:
        return None
    magic, _version, page_size, _seq, salt1, salt2, c0, c1 = struct.unpack(">8I", data[:WAL_HEADER])
    frame_size = FRAME_HEADER + page_size
    valid_page = page_size >= 512 and page_size & (page_size - 1) == 0
    big_endian = magic == WAL_MAGIC[1]
    if magic not in WAL_MAGIC or not valid_page or _checksum(data[:24], big_endian) != (c0, c1):
        if len(data) >= WAL_HEADER + FRAME_HEADER + 512:
            return f"the header of its write-ahead log {os.path.basename(path)} is broken"
        return None  # a log whose first transaction was never written out
    frames = (len(data) - WAL_HEADER) // frame_size
    sums = (c0, c1)
    first_bad: int | None = None
    commit_after_bad: int | None = None
    for n in range(frames):
        at = WAL_HEADER + n * frame_size
        _page, db_size, f_salt1, f_salt2, f0, f1 = struct.unpack(">6I", data[at:at + FRAME_HEADER])
        ours = (f_salt1, f_salt2) == (salt1, salt2)
        if first_bad is None:
            if not ours:
                return None  # the end of this log: older frames left from before its restart
            sums = _checksum(data[at:at + 8] + data[at + FRAME_HEADER:at + frame_size], big_endian, *sums)
            if sums != (f0, f1):
                first_bad = n
                if db_size:
                    commit_after_bad = n
            continue
        if not ours:
            continue
        if commit_after_bad is not None:
            return (f"frame {first_bad + 1} of {frames} in its write-ahead log {os.path.basename(path)} fails "
                    "its checksum, and committed frames follow it")
        if db_size:
            commit_after_bad = n
    return None
