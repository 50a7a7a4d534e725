"""`sheetsmith render` and `games` as a designer runs them."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader
from typer.testing import CliRunner

from sheetsmith.cli import app
from sheetsmith.definition import definition_path

runner = CliRunner()
SKY = (definition_path("my-corner-of-the-sky")).read_text(encoding="utf-8")


def test_render_prints_what_it_wrote(tmp_path):
    result = runner.invoke(app, ["render", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "my-corner-of-the-sky" / "game-pages.pdf"
    assert pdf.is_file()
    assert "game-pages" in result.output and str(pdf) in result.output


def test_render_json_is_a_manifest(tmp_path):
    result = runner.invoke(
        app, ["render", "my-corner-of-the-sky", "--paper", "a4", "--out", str(tmp_path), "--json"]
    )
    assert result.exit_code == 0
    files = json.loads(result.stdout)["files"]
    # every file also says how much of its pages it inks (tests/test_ink.py)
    assert all(0 < f.pop("ink") < 1 for f in files)
    assert files == [
        {
            "game": "my-corner-of-the-sky",
            "component": "game-pages",
            "count": 2,
            "pages": 2,
            "file": str(tmp_path / "my-corner-of-the-sky" / "game-pages.pdf"),
        },
        {
            "game": "my-corner-of-the-sky",
            "component": "guide",
            "count": 1,
            "pages": 1,
            "file": str(tmp_path / "my-corner-of-the-sky" / "guide.pdf"),
        },
    ]
    page = PdfReader(files[0]["file"]).pages[0]
    assert (round(float(page.mediabox.width), 1), round(float(page.mediabox.height), 1)) == (
        595.3,
        841.9,
    )


def test_render_a_users_own_definition(tmp_path):
    mine = SKY.replace('id = "my-corner-of-the-sky"', 'id = "sky-variant"')
    mine = mine.replace('name = "MENTOR"', 'name = "GUIDE"')
    path = tmp_path / "variant.toml"
    path.write_text(mine, encoding="utf-8")
    result = runner.invoke(app, ["render", str(path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "sky-variant" / "game-pages.pdf"
    text = "".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert "GUIDE" in text


def test_broken_definition_lists_every_problem_with_lines(tmp_path):
    broken = SKY.replace("reward = 8", "reward = -8").replace('cost = "◇3 ◇3"', 'cost = "◇3 X"')
    path = tmp_path / "broken.toml"
    path.write_text(broken, encoding="utf-8")
    result = runner.invoke(app, ["render", str(path), "--out", str(tmp_path)])
    assert result.exit_code == 2
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 2
    assert all(line.startswith(f"error: {path}:") for line in errors)
    assert "article 1, reward" in result.stderr and "ability 2, cost" in result.stderr
    assert "Traceback" not in result.output


def test_bad_options_exit_2(tmp_path):
    result = runner.invoke(app, ["render", "--paper", "legal", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--paper" in result.stderr
    args = ["render", "my-corner-of-the-sky", "--component", "tiles", "--out", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "game-pages" in result.stderr
    result = runner.invoke(app, ["render", "my-corner", "--out", str(tmp_path)])
    assert result.exit_code == 2 and 'did you mean "my-corner-of-the-sky"' in result.stderr
    result = runner.invoke(app, ["render", str(tmp_path / "missing.toml")])
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_games_table():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "my-corner-of-the-sky" in result.output and "1-4" in result.output


def test_wheel_ships_fonts_and_games(tmp_path):
    import shutil
    import subprocess
    import sys
    import zipfile

    # built from a clean copy: setuptools reuses an in-tree build/ folder, whose stale files
    # (a module since moved) would land in the wheel and hide a missing one
    junk = (".venv", "build", "out", ".git", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis")
    source = tmp_path / "source"
    shutil.copytree(Path(__file__).parent.parent, source, ignore=shutil.ignore_patterns(*junk))
    wheels = tmp_path / "wheels"
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels)]
    subprocess.run([*command, str(source)], check=True)
    wheel = next(wheels.glob("sheetsmith-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for needed in (
        "sheetsmith/fonts/DejaVuSans.ttf",
        "sheetsmith/fonts/DejaVuSans-Bold.ttf",
        "sheetsmith/fonts/LICENSE-DejaVu.txt",
        "sheetsmith/games/sky/game.toml",
        "sheetsmith/games/sky/checker.py",
        "sheetsmith/games/space/game.toml",
        "sheetsmith/games/space/templates/site/neighbor.html",
        "sheetsmith/games/planet/game.toml",
        "sheetsmith/games/planet/replay.py",
        "sheetsmith/templates/site/base.html",
    ):
        assert needed in names, needed
    assert not any(n.startswith(("sheetsmith/render/", "sheetsmith/rules/")) for n in names)
