"""The conventions Python users expect of a command line, on any terminal."""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sheetsmith import console, definition
from sheetsmith.cli import app
from sheetsmith.games import registry
from sheetsmith.print.document import PROGRESS
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions
from sheetsmith.texttable import table

runner = CliRunner()
ANN = Path("examples/my-corner-of-the-sky/ann.toml")
COMMANDS = ("games", "render", "site", "serve", "new-sheet", "schema", "check", "read")


@pytest.fixture(autouse=True)
def _loud():
    console.Quiet.on = False
    yield
    console.Quiet.on = False


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.startswith("sheetsmith 0.")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_takes_dash_h_and_shows_examples(command):
    result = runner.invoke(app, [command, "-h"])
    assert result.exit_code == 0, result.output
    assert "Examples" in result.output and f"sheetsmith {command}" in result.output


@pytest.mark.parametrize(
    ("command", "usage"),
    [
        ("check", "{SHEET...}"),
        ("read", "{PHOTO...}"),
        ("render", "[GAME...]"),
        ("site", "{GAME}"),
        ("new-sheet", "{GAME}"),
    ],
)
def test_the_usage_line_names_what_each_argument_takes(command, usage):
    first = runner.invoke(app, [command, "-h"], prog_name="sheetsmith").output.splitlines()[0]
    assert first == f"Usage: sheetsmith {command} [OPTIONS] {usage}"


def test_help_shows_paper_choices_and_which_game_an_option_is_for():
    text = runner.invoke(app, ["render", "-h"], terminal_width=200).output
    assert "letter|a4" in text
    assert "Planet 78: the seed" in text and "Personal Space: copies" in text


def test_paper_is_case_insensitive_and_refused_with_the_choices(tmp_path):
    ok = runner.invoke(
        app, ["render", "my-corner-of-the-sky", "--paper", "A4", "--out", str(tmp_path)]
    )
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(app, ["render", "--paper", "legal", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "letter" in bad.output and "a4" in bad.output


def test_shell_completion_is_offered(monkeypatch):
    assert "--install-completion" in runner.invoke(app, ["-h"]).output
    # typer asks the parent process which shell it is: a test run from a script has none
    monkeypatch.setattr("typer.completion._get_shell_name", lambda: "bash")
    result = runner.invoke(app, ["--show-completion"])
    assert result.exit_code == 0 and "complete" in result.output


def test_check_reads_standard_input():
    result = runner.invoke(app, ["check", "-", "--json"], input=ANN.read_bytes())
    assert result.exit_code in (0, 1), result.output
    assert json.loads(result.output)["players"][0]["file"] == "standard input"
    twice = runner.invoke(app, ["check", "-", "-"], input=ANN.read_bytes())
    assert twice.exit_code == 2 and "only once" in twice.output


def test_games_json_lists_every_game_and_component():
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    found = {g["game"]: g for g in json.loads(result.output)["games"]}
    assert set(found) == set(definition.bundled_games())
    assert "tiles" in [c["name"] for c in found["planet-78"]["components"]]
    assert found["planet-78"]["check"] is True


def test_tables_fit_the_width_they_are_given():
    rows = [("personal-space", "daily-sheet", "the daily sheet: 6x6 grid, trackers " * 4)]
    text = table(("game", "component", "what it is"), rows, width=60)
    assert max(len(line) for line in text.splitlines()) <= 60
    assert "trackers" in text.splitlines()[-1] or len(text.splitlines()) > 3
    assert table(("a", "b"), [("x", "y" * 200)]) == table(
        ("a", "b"), [("x", "y" * 200)], width=None
    )


def test_quiet_prints_nothing_but_the_exit_status_tells(tmp_path):
    result = runner.invoke(app, ["render", "my-corner-of-the-sky", "-q", "--out", str(tmp_path)])
    assert result.exit_code == 0 and result.output == ""
    assert (tmp_path / "my-corner-of-the-sky" / "game-pages.pdf").is_file()
    result = runner.invoke(app, ["check", "-q", "examples/my-corner-of-the-sky/ben.toml"])
    assert result.output == ""
    typo = runner.invoke(app, ["check", "-q", "examples/my-corner-of-the-sky/typo.toml"])
    assert typo.exit_code == 2 and "error:" in typo.output  # errors still print


# -- options a game has no use for -----------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "warned"),
    [
        (["my-corner-of-the-sky", "--copies", "3"], "--copies"),
        (["planet-78", "--component", "tiles", "--seed", "4"], "--seed"),
        (["my-corner-of-the-sky", "--base-url", "https://x.example.org/"], "--base-url"),
        (["planet-78", "--component", "meters", "--back-offset", "1,1"], "--back-offset"),
    ],
)
def test_an_option_no_rendered_component_reads_is_warned_about(tmp_path, args, warned):
    result = runner.invoke(app, ["render", *args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert f"warning: {warned} changes nothing here" in result.output


def test_an_option_that_is_used_is_not_warned_about(tmp_path):
    args = ["render", "personal-space", "--component", "daily-sheet", "--copies", "2"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0 and "warning" not in result.output


def test_component_with_no_game_renders_it_for_every_game_that_has_it(tmp_path):
    args = ["render", "--component", "tiles", "--component", "daily-sheet", "--json"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    files = {(f["game"], f["component"]) for f in json.loads(result.output)["files"]}
    assert files == {("planet-78", "tiles"), ("personal-space", "daily-sheet")}
    nope = runner.invoke(app, ["render", "--component", "tile", "--out", str(tmp_path)])
    assert nope.exit_code == 2 and "no game has 'tile'" in nope.output


VARIANTS = {
    "--back-offset": {"back_offset": (3.0, 3.0)},
    "--copies": {"copies": 2},
    "--seed": {"seed": 5},
    "--variance": {"variance": (("pollution", 4),)},
    "--base-url": {"base_url": "https://other.example.org/x/"},
}


@pytest.mark.parametrize("name", sorted(definition.bundled_games()))
def test_the_option_table_names_exactly_the_components_an_option_changes(tmp_path, name):
    game = definition.load(name)

    def digest(component: str, **changes: object) -> str:
        options = RenderOptions(components=(component,), **changes)
        (written,) = render_game(game, tmp_path, options)
        return hashlib.sha256(written.path.read_bytes()).hexdigest()

    package = registry.find(game.info.ruleset)
    for component in package.components:
        plain = digest(component)
        for option, changes in VARIANTS.items():
            listed = component in package.option_users.get(option, ())
            assert (digest(component, **changes) != plain) == listed, (component, option)


# -- progress ---------------------------------------------------------------------------------


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_draws_a_bar_per_file_on_a_terminal_and_nothing_otherwise(monkeypatch):
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    bar = console.Progress()
    for done in range(1, 5):
        bar("personal-space/daily-sheet.pdf", done, 4)
    assert "daily-sheet.pdf [###############---------------] 2/4" in terminal.getvalue()
    assert terminal.getvalue().endswith("\r")  # the bar clears its line when done
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    silent = console.Progress()
    silent("x.pdf", 1, 4)
    assert pipe.getvalue() == ""


def test_a_render_reports_each_page_as_it_is_drawn(tmp_path):
    seen: list[tuple[str, int, int]] = []
    token = PROGRESS.set(lambda *call: seen.append(call))
    try:
        game = definition.load("personal-space")
        render_game(game, tmp_path, RenderOptions(components=("daily-sheet",), copies=3))
    finally:
        PROGRESS.reset(token)
    assert seen == [("personal-space/daily-sheet.pdf", n, 3) for n in (1, 2, 3)]


# -- any terminal -----------------------------------------------------------------------------


def run_cp1252(*args: str, stdout: int | object = subprocess.PIPE) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    return subprocess.run(
        [sys.executable, "-m", "sheetsmith", *args], env=env, stdout=stdout, stderr=subprocess.PIPE
    )


def test_a_cp1252_console_gets_a_utf8_sheet_and_readable_reports(tmp_path):
    sheet = tmp_path / "me.toml"
    with sheet.open("wb") as handle:
        made = run_cp1252("new-sheet", "my-corner-of-the-sky", stdout=handle)
    assert made.returncode == 0, made.stderr
    assert "◇" in sheet.read_text(encoding="utf-8")  # a TOML file is UTF-8, whatever the console
    for args in (["check", str(sheet)], ["check", str(ANN)], ["games"], ["render", "-h"]):
        result = run_cp1252(*args)
        assert result.returncode in (0, 1), result.stderr
        assert b"Traceback" not in result.stderr
    report = run_cp1252("check", "examples/my-corner-of-the-sky/ann.toml").stdout.decode("cp1252")
    assert "x reward-without-article" in report


# -- the sheet's JSON Schema ------------------------------------------------------------------


def test_schema_prints_the_json_schema_a_blank_sheet_points_at():
    result = runner.invoke(app, ["schema", "planet-78"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["$schema"].startswith("https://json-schema.org/")
    blank = runner.invoke(app, ["new-sheet", "planet-78"]).output
    assert blank.splitlines()[0] == "#:schema ./planet-78.schema.json"
    wrong = runner.invoke(app, ["schema", "planet78"])
    assert wrong.exit_code == 2 and 'did you mean "planet-78"' in wrong.output


def test_new_sheet_out_writes_the_schema_beside_the_sheet_once(tmp_path):
    sheet = tmp_path / "tuesday.toml"
    result = runner.invoke(app, ["new-sheet", "personal-space", "--out", str(sheet)])
    assert result.exit_code == 0, result.output
    schema = tmp_path / "personal-space.schema.json"
    assert json.loads(schema.read_text())["type"] == "object"
    schema.write_text("{}")  # the player's own copy is kept
    other = tmp_path / "wednesday.toml"
    assert runner.invoke(app, ["new-sheet", "personal-space", "--out", str(other)]).exit_code == 0
    assert schema.read_text() == "{}"


@pytest.mark.parametrize(
    "args",
    [
        ["render", "my-corner-of-the-sky", "--out", ""],
        ["site", "personal-space", "--out", ""],
        ["new-sheet", "personal-space", "--out", ""],
        ["read", "ann-game-page.jpg", "--out", ""],
        ["read", "ann-game-page.jpg", "--annotate", ""],
        ["read", ""],
        ["check", ""],
        ["render", ""],
    ],
)
def test_an_empty_name_is_refused_not_taken_for_the_current_folder(args, tmp_path, monkeypatch):
    """`--out "$PRINTS"` with the variable unset: nothing is written where the player is."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "an empty name" in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_terminated_render_leaves_no_half_written_file(tmp_path):
    """`kill` (SIGTERM) unwinds a render as Ctrl-C does: exit 143, temporary files gone."""
    import signal
    import time

    out = tmp_path / "out"
    render = subprocess.Popen(
        [sys.executable, "-m", "sheetsmith", "render", "--out", str(out), "-q", "-j", "1"],
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 120
    while not (out / ".sheetsmith.json").exists() and render.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    render.send_signal(signal.SIGTERM)  # with more of the games still to render
    _, stderr = render.communicate(timeout=120)
    assert render.returncode == 128 + signal.SIGTERM, stderr
    assert stderr.endswith("terminated\n") and "Traceback" not in stderr
    assert [p for p in out.rglob("*") if p.name.endswith(".tmp")] == []


def test_one_game_given_twice_under_two_names_is_refused(tmp_path):
    twin = tmp_path / "twin.toml"
    twin.write_text(definition.definition_path("planet-78").read_text(encoding="utf-8"))
    args = ["render", "planet-78", str(twin), "--component", "meters", "--out", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "are both the game 'planet-78' and would write the same files" in result.output
    assert not (tmp_path / "planet-78").exists()
    # the same name twice is one game, rendered once
    again = ["render", "planet-78", "planet-78", "--component", "meters", "--out", str(tmp_path)]
    assert runner.invoke(app, again).exit_code == 0


def test_a_definition_given_as_the_filled_sheet_is_said_so(tmp_path):
    sky = str(definition.definition_path("my-corner-of-the-sky"))
    result = runner.invoke(
        app, ["render", "my-corner-of-the-sky", "--filled", sky, "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert result.output.count("error:") == 1
    assert "--filled: this is a game definition, not a typed sheet" in result.output


def test_json_on_an_ascii_only_output_escapes_rather_than_loses(tmp_path):
    sheet = tmp_path / "zoe.toml"
    sheet.write_text('game = "my-corner-of-the-sky"\nplayer = "Zoë ☆"\n', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "sheetsmith", "check", "--json", str(sheet)],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][0]["player"] == "Zoë ☆"
