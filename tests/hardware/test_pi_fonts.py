"""The Pi's Chinese fonts: hardware/install-fonts.sh installs fonts-noto-cjk and checks the
families the scoreboard's CSS names. Run for real (this machine has the fonts: scripts/test
installs them) and with stand-in dpkg/apt-get/fc-list for the install and failure paths."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "hardware" / "install-fonts.sh"
FAMILIES = ("Noto Sans CJK TC", "Noto Sans CJK SC")


def stand_ins(tmp_path: Path, installed: bool, fonts: bool) -> dict[str, str]:
    """A PATH where dpkg, apt-get, sudo and fc-list are scripts that log what they were asked."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    scripts = {
        "dpkg": f"exit {0 if installed else 1}",
        "apt-get": f'echo "apt-get $*" >> "{tmp_path}/log"',
        "sudo": '"$@"',
        "fc-list": 'echo "$1" | sed "s/^:family=//"' if fonts else "true",
    }
    for name, body in scripts.items():
        path = bin_dir / name
        path.write_text(f"#!/bin/sh\n{body}\n")
        path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}


def test_the_real_fonts_are_there() -> None:
    done = subprocess.run([str(SCRIPT)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"font ok: {family}" for family in FAMILIES]


def test_a_pi_without_the_fonts_gets_fonts_noto_cjk(tmp_path: Path) -> None:
    done = subprocess.run([str(SCRIPT)], capture_output=True, text=True, timeout=60,
                          env=stand_ins(tmp_path, installed=False, fonts=True))
    assert done.returncode == 0, done.stderr
    log = (tmp_path / "log").read_text().splitlines()
    assert log[0] == "apt-get update -qq" and "fonts-noto-cjk" in log[1].split()


def test_fonts_still_missing_is_said_and_fails(tmp_path: Path) -> None:
    done = subprocess.run([str(SCRIPT)], capture_output=True, text=True, timeout=60,
                          env=stand_ins(tmp_path, installed=True, fonts=False))
    assert done.returncode == 1
    assert [line.split(" (")[0] for line in done.stderr.splitlines()] == [
        f"font missing: {family}" for family in FAMILIES]
    assert not (tmp_path / "log").exists(), "installed already: no apt-get"


def test_the_guide_installs_the_fonts() -> None:
    guide = (ROOT / "hardware" / "raspberry-pi.md").read_text(encoding="utf-8")
    assert "hardware/install-fonts.sh" in guide and "fonts-noto-cjk" in guide
    assert all(family in guide for family in FAMILIES)
