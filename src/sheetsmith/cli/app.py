"""The `sheetsmith` command: one Typer app, and the options several commands share.

Each command is a thin call into the library, in the module of its kind (`games`, `prints`,
`sheets`). Heavy modules (reportlab, jinja2) are imported inside the commands that need
them, so `sheetsmith check` starts about as fast as Typer itself. What is printed goes
through `console` (escaped, encodable, quiet with -q).
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from sheetsmith.cli.group import MAX_WIDTH, PlainHelpGroup, SheetsmithTyper
from sheetsmith.console import echo

app = SheetsmithTyper(
    cls=PlainHelpGroup,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",  # help is plain text (cli/group.py); errors are shown with rich
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": MAX_WIDTH},
)


class Paper(StrEnum):
    letter = "letter"
    a4 = "a4"


class Ink(StrEnum):
    full = "full"
    saver = "saver"
    plain = "plain"


class Layout(StrEnum):
    duplex = "duplex"
    gutterfold = "gutterfold"


class Format(StrEnum):
    pdf = "pdf"
    png = "png"
    tts = "tts"


def given_path(value: str | Path) -> Path:
    """A path as given on the command line (or the option's default). An empty one is
    refused: it is an unset shell variable (--out "$PRINTS") far more often than the current
    folder it would name."""
    if isinstance(value, Path):
        return value
    if not value.strip():
        raise typer.BadParameter("an empty name: give a file's or a folder's name")
    return Path(value)


Quietly = Annotated[bool, typer.Option("--quiet", "-q", help="Print only errors and warnings.")]
Force = Annotated[
    bool, typer.Option("--force", help="Replace files in --out that sheetsmith did not write.")
]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        echo(f"sheetsmith {version('sheetsmith')}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Print-and-play game sheets from TOML definitions, and a checker for finished sheets.

    [bold]sheetsmith render[/bold]          print every bundled game into out/
    [bold]sheetsmith new-sheet GAME[/bold]  a blank sheet to type a finished one into
    [bold]sheetsmith check ann.toml[/bold]  is it played by the rules, and what does it score?
    """
