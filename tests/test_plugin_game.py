"""A game from another package plugs in through the `sheetsmith.games` entry point alone:
`games`, `render`, `new-sheet` and `check` find Tiny Game (tests/plugin/tiny_game) with no
change to sheetsmith's core.

It is installed as pip would leave it, minus the copying: a `.dist-info` folder naming the
entry point, on the path beside the package.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from sheetsmith import definition
from sheetsmith.cli import app
from sheetsmith.games import registry

runner = CliRunner()
PLUGIN = Path(__file__).resolve().parent / "plugin"


def install(site: Path, entry: str = "tiny = tiny_game", name: str = "tiny_game") -> None:
    info = site / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[sheetsmith.games]\n{entry}\n")


@pytest.fixture
def installed(tmp_path: Path) -> Iterator[Path]:
    site = tmp_path / "site-packages"
    install(site)
    sys.path[:0] = [str(site), str(PLUGIN)]
    registry.forget()
    definition.load.cache_clear()
    yield site
    sys.path.remove(str(site))
    sys.path.remove(str(PLUGIN))
    registry.forget()
    definition.load.cache_clear()


def test_without_its_entry_point_the_game_is_unknown():
    assert "tiny-game" not in registry.every()
    assert runner.invoke(app, ["render", "tiny-game"]).exit_code == 2


def test_games_lists_it_after_the_bundled_ones(installed):
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    games = json.loads(result.output)["games"]
    assert games[-1]["game"] == "tiny-game" and games[-1]["check"] is True
    assert [c["name"] for c in games[-1]["components"]] == ["cards"]


def test_render_prints_its_cards(installed, tmp_path):
    result = runner.invoke(app, ["render", "tiny-game", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    pdf = PdfReader(tmp_path / "out" / "tiny-game" / "cards.pdf")
    text = pdf.pages[0].extract_text()
    assert "SUN" in text and "Swap two cards." in text


def test_new_sheet_and_check_apply_its_rule(installed, tmp_path):
    blank = runner.invoke(app, ["new-sheet", "tiny-game"])
    assert blank.exit_code == 0 and 'game = "tiny-game"' in blank.output
    kept = tmp_path / "kept.toml"
    kept.write_text('game = "tiny-game"\nplayer = "Ann"\nplayed = ["sun", "moon"]\n')
    broken = tmp_path / "broken.toml"
    broken.write_text('game = "tiny-game"\nplayer = "Ben"\nplayed = ["sun", "sun"]\n')
    ok = runner.invoke(app, ["check", str(kept), "--json"])
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.output)["players"][0]["score"]["total"] == 2
    bad = runner.invoke(app, ["check", str(broken), "--json"])
    assert bad.exit_code == 1
    (violation,) = json.loads(bad.output)["players"][0]["violations"]
    assert violation == {
        "rule": "card-twice",
        "where": "played 2",
        "message": "sun was already played",
    }
    typo = tmp_path / "typo.toml"
    typo.write_text('game = "tiny-game"\nplayed = ["sunn"]\n')
    refused = runner.invoke(app, ["check", str(typo)])
    assert refused.exit_code == 2 and 'did you mean "sun"' in refused.output


def test_a_game_cannot_take_over_a_bundled_id(installed, tmp_path):
    other = tmp_path / "other"
    install(other, "impostor = impostor_game", "impostor_game")
    (other / "impostor_game.py").write_text(
        "from tiny_game import GAME as TINY\nGAME = TINY._replace(id='my-corner-of-the-sky')\n"
    )
    sys.path.insert(0, str(other))
    try:
        registry.forget()
        assert registry.every()["my-corner-of-the-sky"].model == "sheetsmith.games.sky.model:parse"
        assert "tiny-game" in registry.every()
    finally:
        sys.path.remove(str(other))
        sys.modules.pop("impostor_game", None)


def test_a_fresh_process_finds_it_through_the_entry_point(installed):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), str(PLUGIN)])}
    done = subprocess.run(
        [sys.executable, "-m", "sheetsmith", "games"], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "tiny-game" in done.stdout and "the deck: one poker card per entry" in done.stdout


def test_a_broken_entry_point_is_a_message_not_a_traceback(tmp_path):
    site = tmp_path / "site"
    install(site, "broken = no_such_module_here", "broken_game")
    sys.path.insert(0, str(site))
    try:
        registry.forget()
        result = runner.invoke(app, ["games"])
        assert result.exit_code == 2
        assert "entry point broken (no_such_module_here): cannot load its game" in result.output
    finally:
        sys.path.remove(str(site))
        registry.forget()
