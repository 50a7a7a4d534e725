"""`sheetsmith read`: phone photos of finished pages to the typed sheet `check` reads.

OpenCV and numpy are imported inside the command: `check` of a typed sheet never loads them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sheetsmith.cli.app import Quietly, app, given_path
from sheetsmith.console import Quiet, echo, echo_bytes, emit_json, fail, warn
from sheetsmith.errors import OptionError, Problem, SheetsmithError, problems_json

if TYPE_CHECKING:
    from sheetsmith.photo.read import PageRead, PhotoSheet


@app.command()
def read(
    photos: Annotated[
        list[Path],
        typer.Argument(
            help="Photos of the game's pages (JPEG, PNG, WebP, HEIC), in any order. Several"
            " photos of one page are read as one: a mark one photo doubts is settled where"
            " another reads it alike and sure, and flagged where they read it otherwise."
            " The player is named by --out, else by a word the photos' names share"
            " (ann-1.jpg, ann-2.jpg: ann).",
            show_default=False,
            readable=False,  # an unreadable photo is refused as every bad photo is, not as usage
            parser=given_path,
            metavar="PHOTO...",
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            help="Write the typed sheet to this file instead of printing it ('-': print it).",
            show_default=False,
            parser=given_path,
            metavar="<path>",
        ),
    ] = None,
    annotate: Annotated[
        Path | None,
        typer.Option(
            help="Also write the straightened photo with what was read drawn over it (PNG)."
            " When the photos show several pages, one picture a page: NAME-PAGE.png.",
            show_default=False,
            parser=given_path,
            metavar="<path>",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print every mark and its confidence as JSON.")
    ] = False,
    force: Annotated[
        bool, typer.Option("--force", help="Replace the --out and --annotate files if they exist.")
    ] = False,
    quiet: Quietly = False,
) -> None:
    """Read photos of finished pages into the typed sheet, each uncertain mark flagged.

    Exit status: 0 read, 2 a photo cannot be read (said which and what to do).

    [bold]Examples[/bold]

      sheetsmith read ann-1.jpg ann-2.jpg --out ann.toml
      sheetsmith read ann-1.jpg ann-2.jpg ann-2-again.jpg --annotate look.png
      sheetsmith read tuesday.jpg --json
    """
    Quiet.on = quiet
    if out is not None and str(out) == "-":  # the usual name for standard output
        out = None
    from sheetsmith.naming import photos_player
    from sheetsmith.photo.read import read_photos

    try:
        if annotate is not None and annotate.suffix.lower() != ".png":
            raise OptionError(
                [Problem(f"--annotate writes a PNG picture: name it .png, not {annotate.name}")]
            )
        # the sheet's file names the player ("--out ann-thu.toml": ann), else the photos do
        player = photos_player([str(out)]) if out is not None else None
        sheet = read_photos(photos, player=player)
        written = _write(sheet, out, annotate, force, photos)
    except SheetsmithError as exc:
        if as_json:  # one JSON document, as `check --json` gives when it fails
            emit_json(
                {"game": None, "pages": [], "errors": problems_json(exc.problems)}, result=True
            )
        fail(exc)
    if as_json:
        emit_json(sheet.as_json(), result=True)
    elif out is None:
        echo_bytes(sheet.text.encode("utf-8"))
    for path in written if not Quiet.on else ():  # progress: -q keeps errors and doubts
        echo(f"wrote {path}", err=True)
    tell_uncertain(sheet)


def _write(
    sheet: PhotoSheet, out: Path | None, annotate: Path | None, force: bool, photos: list[Path]
) -> list[Path]:
    from sheetsmith.errors import OutputError, Problem
    from sheetsmith.output import Output

    wanted: list[tuple[str, Path, bytes]] = []
    if out is not None:
        wanted.append(("--out", out, sheet.text.encode("utf-8")))
    if annotate is not None:
        from sheetsmith.photo.annotate import annotate as draw
        from sheetsmith.photo.annotate import png_bytes

        for read in sheet.pages:
            path = annotate
            if len(sheet.pages) > 1:
                path = annotate.with_name(f"{annotate.stem}-{read.page.page}{annotate.suffix}")
            wanted.append(("--annotate", path, png_bytes(draw(read))))
    # every file is checked before any is written: a refusal leaves nothing half done
    files, problems = [], []
    seen: dict[Path, str] = {}
    photos_read = {photo.resolve() for photo in photos}
    for option, path, data in wanted:
        if path.name in ("", ".", ".."):
            problems.append(Problem(f"{option} {path} is a folder: give a file's name"))
            continue
        if any(c in path.name for c in ":\\") or not path.name.isprintable():
            problems.append(
                Problem(
                    f"{option} {path}: a file name with a ':', a '\\', a control character"
                    " or bytes that are not UTF-8 text cannot be written on every system:"
                    " name it without"
                )
            )
            continue
        same = seen.get(path.resolve())
        if same is not None:
            problems.append(Problem(f"{path} is named by both {same} and {option}"))
        seen[path.resolve()] = option
        if path.resolve() in photos_read:  # --force or not: the photo would be lost
            problems.append(
                Problem(f"{option} {path} is one of the photos read: name another file")
            )
            continue
        folder = Output(path.parent, force=force, manifest=False, option=option)
        try:
            folder.check([path.name])
        except OutputError as exc:
            problems += exc.problems
        files.append((folder, path.name, data))
    if problems:
        raise OutputError(problems)
    return Output.write_together(files)


def tell_uncertain(sheet: PhotoSheet, *, err: bool = True) -> None:
    """List the marks to look at on the photo (standard error: the sheet may be on stdout),
    and the pages no photo showed."""
    for page in sheet.missing:
        warn(f"no photo of {sheet.page_name(page)}: its marks are typed empty; add its photo")
    for note in sheet.notes:
        warn(note)
    unsure = sheet.uncertain()
    if not unsure:
        # the sheet may still doubt what sure marks add up to (no day circled, two starts)
        notes = sum(1 for line in sheet.text.splitlines() if "# uncertain:" in line)
        more = (
            f"; {notes} line(s) of the sheet, marked uncertain, are for you to confirm"
            if notes
            else ""
        )
        if not Quiet.on:
            echo(f"read {len(sheet.pages)} page(s): every mark is sure{more}", err=err)
        _advise(sheet, err=err)  # pencil light for the photo's size: sure is not enough
        return
    said = "" if err else "; the verdict above holds only if they were read right"
    echo(f"{len(unsure)} uncertain mark(s): look at them on the photo{said}", err=err)
    for read, mark, reading in unsure:
        guess = "filled" if reading.filled else "empty"
        echo(
            f"  {_shown(read)}: {mark.name} ({mark.kind}):"
            f" read as {guess}, {reading.percent}% sure{_differ(read, mark.key)}"
            + (", under something lying on the page" if mark.key in read.covered else ""),
            err=err,
        )
    _advise(sheet, err=err)


def _advise(sheet: PhotoSheet, *, err: bool) -> None:
    for read in sheet.pages:
        for hint in read.advice():  # a page read from several photos names each photo's
            echo(hint if read.parts else f"{read.file or read.page.page}: {hint}", err=err)


def _shown(read: PageRead) -> str:
    """The photo a mark is on, as given; a page read from several photos by their names
    alone, since every line of it repeats them."""
    if read.parts:
        return " + ".join(Path(str(part.file or part.page.page)).name for part in read.parts)
    return str(read.file or read.page.page)


def _differ(read: PageRead, key: str) -> str:
    """How the photos read a mark they disagree on: which to look at again, or leave out."""
    views = read.views(key)
    if len({reading.filled for _, reading in views}) < 2:
        return ""
    said = ", ".join(
        f"{Path(file).name} {'filled' if r.filled else 'empty'} {r.percent}%" for file, r in views
    )
    return f" (the photos differ: {said})"
