"""Messages a player can act on: TOML mistakes with what to type, the command a file takes,
items counted from 1, and a Planet 78 log called a log."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sheetsmith.check import check_text
from sheetsmith.cli import app
from sheetsmith.definition import definition_path
from sheetsmith.errors import Problem, SheetError, format_path, shown_key
from sheetsmith.toml.document import parse_toml_bytes

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
runner = CliRunner()


# -- 1. TOML mistakes: tomllib's line, and what to type ------------------------------------


CURLY = "curly quotes are not TOML quotes; type straight ones: "
QUOTES = "a text value needs quotes: "
COMMA = "a comma is missing between two items: "
STRING = "a string is not closed: end it with a quote: "
INLINE = (
    "an inline table { ... } must end on the line it starts: keep it on one line, with no"
    " comma after its last value"
)


@pytest.mark.parametrize(
    ("text", "where", "hint"),
    [
        # phone quotes
        ('player = "Ann"\nmentor = “x x”\n', "me.toml:2", CURLY + 'mentor = "x x"'),
        ("mentor = ‘x x’\n", "me.toml:1", CURLY + "mentor = 'x x'"),
        ("mentor = „x x“\n", "me.toml:1", CURLY + 'mentor = "x x"'),
        ("mentor = «x x»\n", "me.toml:1", CURLY + 'mentor = "x x"'),
        ('mentor = "x x”\nplayer = "Ann"\n', "me.toml:1", CURLY + 'mentor = "x x"'),
        # text without quotes
        ("mentor = x x\n", "me.toml:1", QUOTES + 'mentor = "x x"'),
        ('game = "my-corner-of-the-sky"\nplayer = Ann\n', "me.toml:2", QUOTES + 'player = "Ann"'),
        ("pockets = [fish, coral]\n", "me.toml:1", QUOTES + 'pockets = ["fish", "coral"]'),
        (
            'player =\nday = "friday"\n',
            "me.toml:1",
            'the value after "=" is missing: type one, or delete the line',
        ),
        # a missing comma
        ("seed = 7\nxs = [1 2]\n", "me.toml:2", COMMA + "xs = [1, 2]"),
        ('do = ["a" "b"]\n', "me.toml:1", COMMA + 'do = ["a", "b"]'),
        (
            'do = [\n  "move C4",\n  "pass"  # done\n  "move C3",\n]\n',
            "me.toml:4",
            COMMA + 'end line 3 with one: "pass",',
        ),
        (
            'do = ["move C4", "pass"\nplayer = "Ann"\n',
            "me.toml:1",
            "this array is never closed: end it with ] after its last item",
        ),
        # an inline table over several lines (TOML 1.0 reads none)
        (
            'week-1 = { cost = "x x", reward = 8,\n}\n',
            "me.toml:1",
            INLINE,
        ),
        ('week-1 = {\n  cost = "x x" }\n', "me.toml:1", INLINE),
        ('week-1 = { cost = "x x"  # paid\n, reward = 8 }\n', "me.toml:1", INLINE),
        ('x = { a = "{", b = 1\n}\n', "me.toml:1", INLINE),  # a brace in a string counts not
        (
            "x = { a = 1 b = 2 }\n",
            "me.toml:1",
            "a comma is missing between two keys: x = { a = 1, b = 2 }",
        ),
        # a string never closed
        (
            'game = "my-corner-of-the-sky"\nplayer = "Ann\nday = 1\n',
            "me.toml:2",
            STRING + 'player = "Ann"',
        ),
        ('game = "my-corner-of-the-sky"\nplayer = "Ann', "me.toml:2", STRING + 'player = "Ann"'),
        (
            'game = "my-corner-of-the-sky"\nstar_map = """\n. . .\nx x x\n\n[abilities]\n',
            "me.toml:2",
            'the """ string opened here is never closed: end it with """',
        ),
        # a key or table typed twice
        (
            'player = "A"\nday = 1\nplayer = "A"\n',
            "me.toml:3: player",
            "typed twice (first typed at line 1); delete one",
        ),
        (
            'player = "A"\nplayer = "A"',  # tomllib says "at end of document"
            "me.toml:2: player",
            "typed twice (first typed at line 1); delete one",
        ),
        (
            '[abilities]\nrecording = ". ."\n\n[schedule]\n\n[abilities]\nexpert = "."\n',
            "me.toml:6: abilities",
            "this table is typed twice (first typed at line 1); "
            "keep one and put all its keys under it",
        ),
        (
            '[[turns]]\nplayer = "Ann"\n\n[[turns]]\nplayer = "Ben"\nplayer = "Ann"\n',
            "me.toml:6: turn 2, player",
            "typed twice (first typed at line 5); delete one",
        ),
        # anything else keeps tomllib's words
        ("n = 1,5\n", "me.toml:1", "Expected newline or end of document after a statement"),
    ],
)
def test_toml_mistakes_say_what_to_type(text, where, hint):
    problem = parse_toml_bytes(text.encode(), "me.toml")
    assert isinstance(problem, Problem)
    assert str(problem) == f"{where}: not valid TOML: {hint}"


def test_a_long_line_is_shown_around_the_mistake():
    text = 'note = ["' + "a" * 100 + '" "b"]\n'
    message = str(parse_toml_bytes(text.encode(), "me.toml"))
    assert message.startswith(
        "me.toml:1: not valid TOML: a comma is missing between two items: ..."
    )
    assert message.endswith('aaa", "b"]') and len(message) < 140


def test_the_twice_key_reaches_json(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("me.toml").write_text('game = "personal-space"\nday = "friday"\nday = "monday"\n')
    result = runner.invoke(app, ["check", "me.toml", "--json"])
    assert result.exit_code == 2
    (error,) = json.loads(result.stdout)["errors"]
    assert error == {
        "file": "me.toml",
        "key": "day",
        "line": 3,
        "message": "not valid TOML: typed twice (first typed at line 2); delete one",
    }


# -- 2. the wrong command for a file -------------------------------------------------------


def test_render_on_a_typed_sheet_says_to_check_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLES / "my-corner-of-the-sky" / "ann.toml", "me.toml")
    result = runner.invoke(app, ["render", "me.toml", "--out", "out"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: me.toml: this is a typed sheet for my-corner-of-the-sky, not a game definition: "
        'check it with "sheetsmith check me.toml"'
    )
    assert not Path("out").exists()


def test_render_on_a_planet_log_says_it_is_a_game_log(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLES / "planet-78" / "won.toml", "our game.toml")
    result = runner.invoke(app, ["render", "our game.toml", "--out", "out"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: our game.toml: this is a Planet 78 game log, not a game definition: "
        "check it with \"sheetsmith check 'our game.toml'\""
    )


def test_check_on_a_definition_says_to_render_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(definition_path("my-corner-of-the-sky"), "my-variant.toml")
    result = runner.invoke(app, ["check", "my-variant.toml"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: my-variant.toml: this is a game definition, not a typed sheet: "
        'render it with "sheetsmith render my-variant.toml"'
    )
    doc = json.loads(runner.invoke(app, ["check", "my-variant.toml", "--json"]).stdout)
    (error,) = doc["errors"]
    assert error["message"].startswith("this is a game definition, not a typed sheet: render")


# -- 3. items counted from 1 where a player reads them -------------------------------------


@pytest.mark.parametrize(
    ("path", "plain", "counted"),
    [
        (("turns", 1, "do", 3), "turns[1].do[3]", "turn 2, action 4"),
        (("log", 5), "log[5]", "log 6"),
        (("log", 0, "explore", 1), "log[0].explore[1]", "log 1, explore 2"),
        (("abilities", 1, "cost"), "abilities[1].cost", "ability 2, cost"),
        (
            ("neighbors", 2, "range", 0, 1),
            "neighbors[2].range[0][1]",
            "neighbor 3, range 1, item 2",
        ),
        (("articles", "week-2", "reward"), "articles.week-2.reward", "articles.week-2.reward"),
    ],
)
def test_a_key_path_counts_from_1_for_a_player_and_from_0_for_a_program(path, plain, counted):
    assert format_path(path) == plain
    assert format_path(path, counted=True) == counted
    assert shown_key(plain) == counted
    assert str(Problem("wrong", "f.toml", plain, 3)) == f"f.toml:3: {counted}: wrong"


def test_a_planet_log_mistake_names_the_turn_and_action_as_the_report_does(tmp_path):
    text = (EXAMPLES / "planet-78" / "first-rounds.toml").read_text()
    text = text.replace('do = ["move G4", "move G3"]', 'do = ["move G4", "jump G3"]')
    path = tmp_path / "log.toml"
    path.write_text(text)
    line = text.splitlines().index('do = ["move G4", "jump G3"]') + 1
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert f"log.toml:{line}: turn 2, action 2: unknown action 'jump'" in result.stderr
    (error,) = json.loads(runner.invoke(app, ["check", str(path), "--json"]).stdout)["errors"]
    assert (error["key"], error["line"]) == ("turns[1].do[1]", line)


def test_a_space_log_mistake_counts_its_entry_from_1():
    text = (EXAMPLES / "personal-space" / "typo.toml").read_bytes()
    with pytest.raises(SheetError) as err:
        check_text(text, "typo.toml")
    assert "typo.toml:21: log 1, path: expected the steps on the map" in str(err.value)


# -- 4. a Planet 78 log is a game log, not a sheet -----------------------------------------


def test_the_planet_report_says_game_log_and_heads_its_state(monkeypatch):
    monkeypatch.chdir(EXAMPLES / "planet-78")
    one = runner.invoke(app, ["check", "won.toml"]).stdout
    assert one.startswith("Planet 78: 1 game log\n")
    assert "sheet" not in one
    assert "at the end    value\n" in one
    assert "turns           112\n" in one
    three = runner.invoke(app, ["check", "first-rounds.toml", "mistakes.toml", "won.toml"])
    assert three.stdout.startswith("Planet 78: 3 game logs\n")
    assert "sheet" not in three.stdout


def test_other_games_still_count_sheets(monkeypatch):
    monkeypatch.chdir(EXAMPLES / "my-corner-of-the-sky")
    assert runner.invoke(app, ["check", "ann.toml"]).stdout.startswith(
        "My Corner of the Sky: 1 sheet\n"
    )
