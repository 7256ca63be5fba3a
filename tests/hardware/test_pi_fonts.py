"""The Pi's Chinese fonts: hardware/install-fonts.sh installs fonts-noto-cjk and checks the
families the scoreboard's CSS names. Run for real (this machine has the fonts: scripts/test
installs them) and with stand-in dpkg/apt-get/fc-list for the install and failure paths."""

from __future__ import annotations

import json
import os
import stat
import subprocess
from pathlib import Path

from hub.games import GAMES
from hub.web.i18n import catalogue

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


# ---------------------------------------------------------------- every mark the pages use
PAGE_ASSETS = ("hub/web/static", "hub/web/templates", "hub/games/*/static", "hub/games/*/templates")


def charset(family: str) -> set[int]:
    """The code points a font family covers, as fontconfig lists them (hex ranges)."""
    listed = subprocess.run(["fc-list", f":family={family}:style=Regular", "--format=%{charset}\n"],
                            capture_output=True, text=True, timeout=60, check=True).stdout.split("\n")[0]
    points: set[int] = set()
    for part in listed.split():
        low, _, high = part.partition("-")
        points.update(range(int(low, 16), int(high or low, 16) + 1))
    assert points, f"{family}: not installed (hardware/install-fonts.sh)"
    return points


def page_marks() -> dict[str, set[str]]:
    """Every character outside ASCII that the pages can show, by where it comes from: their
    scripts, styles and templates, and every game's words as /api/i18n serves them."""
    found: dict[str, set[str]] = {}
    for pattern in PAGE_ASSETS:
        for path in sorted(ROOT.glob(pattern + "/**/*")):
            if path.suffix in (".js", ".css", ".html", ".svg"):
                marks = {c for c in path.read_text(encoding="utf-8") if ord(c) > 0x7E}
                if marks:
                    found[str(path.relative_to(ROOT))] = marks
    for game in GAMES.values():
        served = json.dumps(catalogue(game), ensure_ascii=False)
        found[f"/api/i18n of {game.name}"] = {c for c in served if ord(c) > 0x7E}
    return found


def test_every_mark_the_pages_use_is_in_the_pis_fonts() -> None:
    """A mark missing from the fonts the Pi installs is a box on its screen (the robbed ✋
    was): every character the pages can show (their assets, every game's served words) must
    be in Noto Sans CJK TC and SC, the families hardware/install-fonts.sh puts on the Pi
    and app.css names first."""
    fonts = {family: charset(family) for family in FAMILIES}
    missing = {f"{path}: {mark} U+{ord(mark):04X} not in {family}"
               for path, marks in page_marks().items() for mark in marks
               for family, points in fonts.items() if ord(mark) not in points}
    assert not missing, sorted(missing)
    read = page_marks()
    assert any("citadels/static/scoreboard.js" in path for path in read) and "/api/i18n of citadels" in read
