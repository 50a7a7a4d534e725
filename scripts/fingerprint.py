"""Hashes of everything sheetsmith makes from the bundled games, to prove a change of code
changes no output: every component of every game on both papers (and Planet 78's setup on a
few seeds), every site page, and `check --json` of every example and test sheet.

    python scripts/fingerprint.py > before.json   # ... change the code ...
    python scripts/fingerprint.py > after.json && diff before.json after.json
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("my-corner-of-the-sky", "personal-space", "planet-78")


def sheetsmith(*args: str) -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-m", "sheetsmith", *args]
    return subprocess.run(command, capture_output=True, cwd=ROOT)


def digests(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != ".sheetsmith.json"
    }


def main() -> None:
    found: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        runs = [(paper, []) for paper in ("letter", "a4")]
        runs += [
            ("letter", ["planet-78", "--component", "setup", "--seed", str(s)]) for s in (0, 7, 78)
        ]
        runs += [
            (
                "a4",
                ["planet-78", "--component", "setup", "--seed", "5", "--variance", "pollution=4"],
            )
        ]
        runs += [("letter", ["personal-space", "--copies", "3", "--back-offset", "1,-1"])]
        for number, (paper, args) in enumerate(runs):
            out = Path(tmp) / str(number)
            done = sheetsmith("render", *args, "--paper", paper, "--out", str(out), "-q")
            found[f"render {paper} {' '.join(args)}"] = done.returncode or digests(out)
        site = Path(tmp) / "site"
        done = sheetsmith("site", "personal-space", "--out", str(site), "-q")
        found["site"] = done.returncode or digests(site)
    sheets = sorted([*ROOT.glob("examples/*/*.toml"), *ROOT.glob("tests/sheets/**/*.toml")])
    for sheet in sheets:
        done = sheetsmith("check", "--json", str(sheet.relative_to(ROOT)))
        found[f"check {sheet.relative_to(ROOT)}"] = [done.returncode, done.stdout.decode()]
    for game in GAMES:
        found[f"new-sheet {game}"] = sheetsmith("new-sheet", game).stdout.decode()
        found[f"schema {game}"] = sheetsmith("schema", game).stdout.decode()
    json.dump(found, sys.stdout, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
