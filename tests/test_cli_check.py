"""`sheetsmith check` and `new-sheet` as a player runs them: exit statuses, JSON, refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sheetsmith.cli import app
from skysheets import full, sheet

SHEETS = Path(__file__).parent / "sheets"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def write(tmp_path: Path, name: str, text: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def valid_spec_example(tmp_path) -> str:
    """The contract's example with MENTOR's □1 box left empty: under version 2 its map, which
    completes no square, cannot pay for it."""
    text = (SHEETS / "spec-example.toml").read_text().replace('mentor = "x x"', 'mentor = ". x"')
    return write(tmp_path, "spec-example.toml", text)


def test_valid_sheet_exits_0_with_a_readable_report(tmp_path):
    result = run("check", valid_spec_example(tmp_path))
    assert result.exit_code == 0, result.output
    assert "Maddy" in result.output
    assert "TOTAL" in result.output and "18" in result.output
    assert "Rank: Ptolomy" in result.output


def test_json_is_one_document_with_the_file_as_given(tmp_path):
    text = (SHEETS / "spec-example.toml").read_text().replace('mentor = "x x"', 'mentor = ". x"')
    path = write(tmp_path, "maddy.toml", text)
    result = run("check", path, "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["game"] == "my-corner-of-the-sky"
    assert doc["players"][0]["file"] == path
    assert set(doc["players"][0]) == {"file", "player", "valid", "violations", "score", "rank"}
    assert doc["winners"] == ["Maddy"]


def test_broken_rule_exits_1_and_names_it(tmp_path):
    path = write(tmp_path, "ann.toml", sheet(articles={"week-2": (full(3), "8")}))
    result = run("check", path)
    assert result.exit_code == 1
    assert "wrong-reward" in result.output and "articles.week-2.reward" in result.output
    doc = json.loads(run("check", path, "--json").stdout)
    assert doc["players"][0]["valid"] is False
    assert doc["players"][0]["violations"][0]["rule"] == "wrong-reward"


def test_several_sheets_are_one_game(tmp_path):
    a = write(tmp_path, "a.toml", sheet(player="Ann", abilities={"recording": full(2)}))
    b = write(tmp_path, "b.toml", sheet(player="Ben"))
    result = run("check", a, b, "--json")
    doc = json.loads(result.stdout)
    assert [p["score"]["multiplayer"] for p in doc["players"]] == [1, 0]
    assert doc["winners"] == ["Ann"]
    text = run("check", a, b).output
    assert "Winner: Ann" in text


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"game = [", "not valid TOML"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (
            b"\xff\xd8\xff\xe0\x00\x10JFIF",
            "a picture, not TOML text: to read a photo, name it .jpg",
        ),
        (b"%PDF-1.4\n%\x93\x8c\x8b\x9e", "a PDF, not TOML text: give the typed sheet (.toml)"),
        (b'game = "chess"\n', "game: unknown game 'chess'"),
        (
            b'game = "my-corner-of-the-sky"\n[abilities]\npositioning-v = "x x"\n',
            'abilities.positioning-v: unknown id (did you mean "positioning-iv"?)',
        ),
        (
            b'game = "my-corner-of-the-sky"\n[supporters]\nmentor = "x"\n',
            "supporters.mentor: expected 2 boxes, got 1",
        ),
        (
            b'game = "my-corner-of-the-sky"\n[schedule]\nmonday = "x o . ."\n',
            "schedule.monday: unexpected character 'o'",
        ),
        (
            b'game = "my-corner-of-the-sky"\n[schedule]\nfunday = "x . . ."\n',
            'schedule.funday: unknown day (did you mean "sunday"?)',
        ),
        (
            b'game = "my-corner-of-the-sky"\nstar_map = "..........."\n',
            "star_map: expected 11 rows",
        ),
        (b'game = "my-corner-of-the-sky"\nstar_map = 3\n', "star_map: expected a string"),
        (b'player = "x"\n', "game: required"),
        (
            b'game = "my-corner-of-the-sky"\nstarmap = ""\n',
            'starmap: unknown key (did you mean "star_map"?)',
        ),
    ],
)
def test_unreadable_sheets_exit_2_naming_file_and_key(tmp_path, content, expected):
    path = write(tmp_path, "bad.toml", content)
    result = run("check", path)
    assert result.exit_code == 2
    assert path in result.stderr
    assert expected in result.stderr
    assert "Traceback" not in result.output


def test_star_map_refusal_names_the_typed_row_and_its_line(tmp_path):
    rows = [". " * 10 + "."] * 11
    rows[6] = ". . . x . . . . . ."  # ten points on typed row 7
    text = 'game = "my-corner-of-the-sky"\nstar_map = """\n' + "\n".join(rows) + '\n"""\n'
    path = write(tmp_path, "row.toml", text)
    result = run("check", path)
    assert result.exit_code == 2
    # row 7 sits on file line 2 (key) + 1 (opening quotes) + 6
    assert f"{path}:9: star_map: row 7: expected 11 points, got 10" in result.stderr


def test_every_problem_of_every_file_is_reported(tmp_path):
    a = write(
        tmp_path,
        "a.toml",
        'game = "my-corner-of-the-sky"\n[abilities]\nfoo = "x"\n[supporters]\nmentor = "xxx"\n',
    )
    b = write(tmp_path, "b.toml", "game = ")
    result = run("check", a, b)
    assert result.exit_code == 2
    assert "abilities.foo" in result.stderr
    assert "supporters.mentor" in result.stderr
    assert b in result.stderr


def test_missing_file_exits_2(tmp_path):
    result = run("check", str(tmp_path / "nope.toml"))
    assert result.exit_code == 2
    assert "no such file" in result.stderr


def test_refusal_with_json_still_prints_one_document(tmp_path):
    path = write(tmp_path, "bad.toml", b"game = 1\n")
    result = run("check", path, "--json")
    assert result.exit_code == 2
    doc = json.loads(result.stdout)
    assert doc["errors"][0]["file"] == path and doc["errors"][0]["key"] == "game"


def test_new_sheet_prints_a_blank_that_checks(tmp_path):
    result = run("new-sheet", "my-corner-of-the-sky")
    assert result.exit_code == 0
    assert "positioning-ii" in result.stdout and "# POSITIONING II: ◇3 ◇3" in result.stdout
    path = write(tmp_path, "blank.toml", result.stdout)
    assert run("check", path).exit_code == 0
    out = tmp_path / "written.toml"
    assert run("new-sheet", "my-corner-of-the-sky", "--out", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8") == result.stdout


def test_new_sheet_for_unknown_game_suggests():
    result = run("new-sheet", "my-corner")
    assert result.exit_code == 2
    assert 'did you mean "my-corner-of-the-sky"' in result.stderr


def test_games_lists_the_bundled_games():
    result = run("games")
    assert result.exit_code == 0
    assert "my-corner-of-the-sky" in result.output and "game-pages" in result.output


def test_real_process_exit_codes_and_no_heavy_imports(tmp_path):
    path = write(tmp_path, "s.toml", sheet(articles={"week-2": (full(3), "8")}))
    code = (
        "import sys; from sheetsmith.cli import main\n"
        f"sys.argv = ['sheetsmith', 'check', {path!r}]\n"
        "try:\n    main()\nexcept SystemExit as e:\n    code = e.code\n"
        "heavy = [m for m in ('reportlab', 'jinja2', 'pypdf', 'qrcode', 'rich', 'pydantic',"
        " 'numpy', 'cv2', 'PIL', 'pypdfium2', 'importlib.metadata', 'tempfile', 'http.server')"
        " if m in sys.modules]\n"
        "print('HEAVY', heavy, 'CODE', code)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "HEAVY [] CODE 1" in proc.stdout, proc.stdout + proc.stderr


def test_garbage_in_a_real_process_is_never_a_traceback(tmp_path):
    path = write(tmp_path, "junk.toml", bytes(range(256)) * 4)
    proc = subprocess.run(
        [sys.executable, "-m", "sheetsmith", "check", path], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert path in proc.stderr


EXAMPLES = Path(__file__).parent.parent / "examples" / "my-corner-of-the-sky"


def test_readme_examples_behave_as_shown():
    assert run("check", str(EXAMPLES / "ben.toml")).exit_code == 0
    ann = run("check", str(EXAMPLES / "ann.toml"))
    assert ann.exit_code == 1 and "reward-without-article" in ann.output
    both = json.loads(
        run("check", str(EXAMPLES / "ann.toml"), str(EXAMPLES / "ben.toml"), "--json").stdout
    )
    assert both["winners"] == ["Ben"]
    assert [p["score"]["total"] for p in both["players"]] == [14, 16]
    typo = run("check", str(EXAMPLES / "typo.toml"))
    assert typo.exit_code == 2
    assert typo.stderr.count("error: ") == 5


def test_an_empty_file_is_called_empty(tmp_path):
    empty, comments = tmp_path / "empty.toml", tmp_path / "comments.toml"
    empty.write_text("")
    comments.write_text("# to be typed tonight\n")
    result = runner.invoke(app, ["check", str(empty), str(comments)])
    assert result.exit_code == 2
    assert "empty.toml: the file is empty; `sheetsmith new-sheet GAME`" in result.stderr
    assert "comments.toml: the file holds no keys" in result.stderr
