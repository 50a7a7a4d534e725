"""`sheetsmith new-sheet`, `schema` and `check`: the typed sheets players fill in, and their
verdicts."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sheetsmith.cli.app import Quietly, app, given_path
from sheetsmith.console import Quiet, echo, echo_bytes, emit_json, fail, warn
from sheetsmith.errors import OptionError, SheetError, SheetsmithError, problems_json

if TYPE_CHECKING:
    from sheetsmith.check.verdict import CheckReport
    from sheetsmith.photo.read import PhotoSheet


@app.command("new-sheet")
def new_sheet(
    game: Annotated[
        str, typer.Argument(help="The bundled game to type a sheet for.", metavar="GAME")
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            help="Write to this file instead of printing.",
            show_default=False,
            parser=given_path,
            metavar="<path>",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace the --out file if it exists.")
    ] = False,
    quiet: Quietly = False,
) -> None:
    """Print a blank typed sheet, with comments, to fill in from a photo of a finished one.

    [bold]Examples[/bold]

      sheetsmith new-sheet my-corner-of-the-sky > ann.toml
      sheetsmith new-sheet personal-space --out tuesday.toml
    """
    from sheetsmith.check import blank_sheet

    Quiet.on = quiet

    try:
        text = blank_sheet(game)
    except SheetsmithError as exc:
        fail(exc)
    if out is None:
        echo_bytes(text.encode("utf-8"))
        return
    from sheetsmith.check.schema import schema_file_name
    from sheetsmith.definition import load
    from sheetsmith.output import Output

    folder = Output(out.parent, force=force, manifest=False)
    schema_name = schema_file_name(load(game).info.id)
    try:
        folder.check([out.name])
        written = folder.write_bytes(out.name, text.encode("utf-8"))
        schema = out.parent / schema_name
        if not schema.exists():  # the editor hint the sheet's first line points at
            folder.write_bytes(schema_name, _schema_bytes(game))
            echo(f"wrote {schema}", err=True)
    except SheetsmithError as exc:
        fail(exc)
    echo(f"wrote {written}", err=True)


def _schema_bytes(game: str) -> bytes:
    import json

    from sheetsmith.check.schema import sheet_schema
    from sheetsmith.definition import load

    return (json.dumps(sheet_schema(load(game)), indent=2, ensure_ascii=False) + "\n").encode()


@app.command()
def schema(
    game: Annotated[
        str, typer.Argument(help="The bundled game whose typed sheet to describe.", metavar="GAME")
    ],
) -> None:
    """Print the JSON Schema of a game's typed sheet, for editors that check TOML as you type.

    A blank sheet's first line (#:schema ./GAME.schema.json) points Taplo or Even Better TOML
    at it: save the schema under that name beside the sheet.

    [bold]Examples[/bold]

      sheetsmith schema personal-space > personal-space.schema.json
    """
    from sheetsmith.check import checkable_games

    games = checkable_games()
    if game not in games:
        from sheetsmith.toml.node import suggest

        fail(
            OptionError(
                f"no typed sheet for {game!r}{suggest(game, games)}; sheets exist for:"
                f" {', '.join(games)}"
            )
        )
    try:
        echo_bytes(_schema_bytes(game))
    except SheetsmithError as exc:
        fail(exc)


@app.command()
def check(
    sheets: Annotated[
        list[str],
        typer.Argument(
            help="Typed sheets (.toml), - for standard input; several are scored as one"
            " multiplayer game. Photos of a sheet's pages (.jpg .png .webp .heic) are read"
            " first, into one sheet.",
            show_default=False,
            metavar="SHEET...",
        ),
    ],
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print nothing; the exit status tells.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
) -> None:
    """Check typed sheets against the rules and score them.

    Exit status: 0 every sheet follows the rules, 1 a rule is broken, 2 a file cannot be read.

    [bold]Examples[/bold]

      sheetsmith check ann.toml
      sheetsmith check ann.toml ben.toml --json
      sheetsmith check - < ann.toml
      sheetsmith check ann-1.jpg ann-2.jpg
    """
    from sheetsmith.photo import is_photo

    Quiet.on = quiet

    photos = [s for s in sheets if is_photo(s)]
    read = None
    try:
        if photos:
            read = _read_photos(photos)
            report = _check_with(read, [s for s in sheets if not is_photo(s)])
        else:
            from sheetsmith.check import check_files

            report = check_files(sheets)
    except SheetError as exc:
        if as_json:
            emit_json(
                {
                    "game": None,
                    "players": [],
                    "winners": [],
                    "errors": problems_json(exc.problems),
                }
            )
        fail(exc)
    for note in report.notes:
        warn(note)
    if as_json:
        document = report.as_json()
        if read is not None:
            document["photos"] = read.as_json()
        emit_json(document)
    else:
        from sheetsmith.check.report import render_report

        echo(render_report(report))
        if read is not None:
            from sheetsmith.cli.photos import tell_uncertain

            tell_uncertain(read, err=False)
    raise typer.Exit(report.exit_code)


def _read_photos(photos: list[str]) -> PhotoSheet:
    """The photos read into one sheet (OpenCV loaded only here); unreadable ones as a
    `SheetError`, so they are reported like a sheet that cannot be read."""
    from sheetsmith.naming import as_text, photos_player
    from sheetsmith.photo.read import read_photos

    # the verdict names the player as the photos do, else by the photos' own names, as a
    # typed sheet with no player is named by its file
    player = photos_player(photos) or " + ".join(as_text(Path(p).stem) for p in photos)
    try:
        read = read_photos(photos, player=player)
    except SheetsmithError as exc:
        if isinstance(exc, SheetError):
            raise
        raise SheetError(exc.problems) from exc
    _whole(read, photos)
    return read


def _whole(read: PhotoSheet, photos: list[str]) -> None:
    """Refuse photos that cannot be checked as they are: a page missing (its marks would
    be scored empty and break rules the player kept), or a page whose handwriting the
    player must type first."""
    import shlex

    from sheetsmith.errors import Problem
    from sheetsmith.games import registry
    from sheetsmith.naming import photos_player

    # quoted as a shell needs them: the command is there to be pasted
    shown = " ".join(shlex.quote(photo) for photo in photos)
    out = shlex.quote(f"{photos_player(photos) or 'sheet'}.toml")  # the file names its player
    problems = [
        Problem(
            f"no photo shows {read.page_name(page)}: photograph every page of the sheet,"
            f" or read the ones you have (sheetsmith read {shown} --out {out}),"
            " type that page's marks and check the typed sheet"
        )
        for page in read.missing
    ]
    package = registry.find(read.game)
    if package is not None and not package.checks_from_photos:
        problems.append(
            Problem(
                f"a photo of a {read.game} page shows which marks hold ink, not what is"
                f" written there: read it into a typed sheet (sheetsmith read {shown}"
                f" --out {out}), type what its comments ask, then check {out}"
            )
        )
    if problems:
        raise SheetError(problems)


def _check_with(read: PhotoSheet, others: list[str]) -> CheckReport:
    from sheetsmith.check import STDIN, _read_stdin, check_documents
    from sheetsmith.toml.document import parse_toml_bytes, read_toml

    name = " + ".join(p.file or p.page.page for p in read.pages)
    docs = [parse_toml_bytes(read.text.encode("utf-8"), name)]
    docs += [_read_stdin() if p == STDIN else read_toml(Path(p), p) for p in others]
    return check_documents(docs)
