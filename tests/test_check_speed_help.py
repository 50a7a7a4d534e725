"""`sheetsmith --help` without rich, every command built only when used (issue 17), and
the help as complete as before."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer.main
from typer.testing import CliRunner

from sheetsmith.cli import app

runner = CliRunner()
ANN = "examples/my-corner-of-the-sky/ann.toml"
HEAVY = ("rich", "markdown_it", "reportlab", "jinja2", "numpy", "cv2", "PIL", "pypdfium2")


def _run(*args: str) -> tuple[int, str, set[str]]:
    """Run the console script's `main` in a fresh interpreter: (status, output, the heavy
    top-level packages it imported)."""
    code = (
        "import sys\n"
        f"sys.argv = ['sheetsmith', *{list(args)!r}]\n"
        "from sheetsmith.cli import main\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    status = exc.code\n"
        "else:\n    status = 0\n"
        f"heavy = sorted(m for m in {HEAVY!r} if m in sys.modules)\n"
        "print('@@', status, ','.join(heavy))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    output, _, tail = done.stdout.rpartition("@@ ")
    status, _, heavy = tail.strip().partition(" ")
    return int(status), output, set(filter(None, heavy.split(",")))


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["check", "-h"], ["render", "--help"], []])
def test_help_imports_nothing_heavy(args: list[str]):
    status, output, heavy = _run(*args)
    assert status == (2 if not args else 0)  # a bare `sheetsmith` shows the help, status 2
    assert "Usage: sheetsmith" in output
    assert heavy == set()


def test_the_group_help_lists_every_command_in_full():
    output = runner.invoke(app, ["--help"], terminal_width=100).output
    for line in (
        "read       Read photos of finished pages into the typed sheet, each uncertain mark",
        "new-sheet  Print a blank typed sheet, with comments, to fill in from a photo of a",
        "sheetsmith check ann.toml  is it played by the rules, and what does it score?",
    ):
        assert line in output
    assert "..." not in output.partition("Commands:")[2]  # no command's help cut short
    assert "[bold]" not in output


def test_examples_stay_one_command_a_line_however_narrow():
    output = runner.invoke(app, ["site", "-h"], terminal_width=60).output
    url = "https://ourgroup.github.io/space/"
    assert f"    sheetsmith site personal-space --base-url {url} --out site\n" in output


def test_a_run_builds_only_the_command_it_runs(monkeypatch: pytest.MonkeyPatch):
    built: list[str] = []
    build = typer.main.get_command_from_info

    def counted(info, **kwargs):  # type: ignore[no-untyped-def]
        command = build(info, **kwargs)
        built.append(command.name)
        return command

    monkeypatch.setattr(typer.main, "get_command_from_info", counted)
    assert app(["check", "-q", ANN], standalone_mode=False) in (0, 1)
    assert built == ["check"]


def test_the_group_help_builds_no_command(monkeypatch: pytest.MonkeyPatch):
    built: list[str] = []
    monkeypatch.setattr(typer.main, "get_command_from_info", lambda info, **_: built.append(1))
    with pytest.raises(SystemExit):
        app(["--help"])
    assert built == []


def test_a_mistyped_command_is_still_named_with_the_nearest(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as exited:
        app(["chek"])
    assert exited.value.code == 2
    assert "No such command 'chek'. Did you mean 'check'" in capsys.readouterr().err
