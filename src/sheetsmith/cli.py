"""The `sheetsmith` command: each subcommand is a thin call into the library.

Heavy modules (reportlab, jinja2) are imported inside the commands that need them, so
`sheetsmith check` starts about as fast as Typer itself.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from sheetsmith.errors import OptionError, SheetError, SheetsmithError

app = typer.Typer(
    help="Print-and-play game sheets from TOML definitions, and a checker for finished sheets.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


# A file with thousands of problems is fixed from the first few; the rest is noise.
MAX_SHOWN_PROBLEMS = 20


def _echo(text: object, *, err: bool = False, nl: bool = True) -> None:
    """Print text that may come from a file, with anything that could drive a terminal
    escaped (see `terminal`)."""
    from sheetsmith.terminal import printable

    typer.echo(printable(str(text)), err=err, nl=nl)


def _fail(error: SheetsmithError) -> None:
    shown = error.problems[:MAX_SHOWN_PROBLEMS]
    for problem in shown:
        _echo(f"error: {problem}", err=True)
    if len(error.problems) > len(shown):
        _echo(f"error: ... and {len(error.problems) - len(shown):,} more", err=True)
    raise typer.Exit(error.exit_code)


def _emit_json(document: object) -> None:
    import json

    from sheetsmith.terminal import printable_json

    typer.echo(printable_json(json.dumps(document, indent=2, ensure_ascii=False)))


@app.command()
def games() -> None:
    """List the bundled games and their printable components."""
    from sheetsmith import definition
    from sheetsmith.rules import checkable_games
    from sheetsmith.texttable import table

    rows = []
    try:
        for name in definition.bundled_games():
            game = definition.load(name)
            check = "yes" if name in checkable_games() else "no"
            for i, component in enumerate(game.components):
                first = i == 0
                rows.append(
                    (
                        name if first else "",
                        game.info.players if first else "",
                        check if first else "",
                        component.name,
                        component.description,
                    )
                )
    except SheetsmithError as exc:
        _fail(exc)
    _echo(table(("game", "players", "check", "component", "what it is"), rows))


@app.command()
def render(
    targets: Annotated[
        list[str] | None,
        typer.Argument(
            help="Bundled game names or definition files (.toml). Default: every bundled game.",
            show_default=False,
        ),
    ] = None,
    out: Annotated[Path, typer.Option(help="Folder to write into; one subfolder per game.")] = Path(
        "out"
    ),
    component: Annotated[
        list[str] | None,
        typer.Option(help="Render only this component (repeat for more).", show_default=False),
    ] = None,
    paper: Annotated[str, typer.Option(help="Paper size: letter or a4.")] = "letter",
    seed: Annotated[int | None, typer.Option(help="Seed for anything shuffled.")] = None,
    base_url: Annotated[
        str | None,
        typer.Option(help="Base URL for QR codes (default: the definition's).", show_default=False),
    ] = None,
    copies: Annotated[int, typer.Option(help="Copies of sheets players write on.")] = 1,
    back_offset: Annotated[
        str,
        typer.Option(
            help="Shift card backs by X,Y mm (right, up) for printers that misalign duplex."
        ),
    ] = "0,0",
    variance: Annotated[
        list[str] | None,
        typer.Option(
            help="Difficulty as KEY=N (repeat), e.g. pollution=4 season_length=3 lives=1 piles=3.",
            show_default=False,
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace files in --out that sheetsmith did not write.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON manifest.")] = False,
) -> None:
    """Render games to printable PDFs at exact physical size."""
    from sheetsmith import definition
    from sheetsmith.output import PAPERS, Output, RenderOptions
    from sheetsmith.rules.planet_log import MAX_SEED

    try:
        if paper.lower() not in PAPERS:
            raise OptionError(f"--paper: expected one of {', '.join(PAPERS)}, got {paper!r}")
        if not 1 <= copies <= 500:
            raise OptionError(f"--copies: expected 1 to 500, got {copies}")
        if seed is not None and not 0 <= seed <= MAX_SEED:
            # A seed is typed into a game log to replay its setup; TOML holds up to 2**63-1.
            raise OptionError(f"--seed: expected 0 to {MAX_SEED}, got {seed}")
        offset = _offset(back_offset)
        if base_url is not None:
            from sheetsmith.links import base_url as checked_url

            base_url = checked_url(base_url)
        names = targets or list(definition.bundled_games())
        problems, loaded = [], []
        for name in names:
            try:
                loaded.append(definition.load(name))
            except SheetsmithError as exc:
                problems += exc.problems
        if problems:
            raise SheetsmithError(problems)
        from sheetsmith.render import planned_files, render_game

        options = RenderOptions(
            paper=paper.lower(),
            components=tuple(component or ()),
            seed=seed,
            base_url=base_url,
            copies=copies,
            back_offset=offset,
            variance=_variance(variance or []),
        )
        output = Output(out, force=force)
        output.check(rel for game in loaded for rel in planned_files(game, options))
        written = [f for game in loaded for f in render_game(game, output, options)]
    except SheetsmithError as exc:
        _fail(exc)
    if as_json:
        _emit_json({"files": [f.as_json() for f in written]})
        return
    from sheetsmith.texttable import table

    rows = [(f.game, f.component, f.count, f.pages, f.path) for f in written]
    _echo(table(("game", "component", "count", "pages", "file"), rows, right=(2, 3)))


def _variance(items: list[str]) -> tuple[tuple[str, int], ...]:
    out = []
    for item in items:
        key, _, value = item.partition("=")
        try:
            out.append((key.strip().replace("-", "_"), int(value)))
        except ValueError:
            raise OptionError(
                f"--variance: expected KEY=N such as pollution=4, got {item!r}"
            ) from None
    return tuple(out)


def _offset(text: str) -> tuple[float, float]:
    import math

    shown = repr(text if len(text) <= 40 else text[:39] + "…")  # the option is echoed back
    parts = text.replace(" ", "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise OptionError(
            f"--back-offset: expected X,Y in mm such as 1.5,-0.5, got {shown}"
        ) from None
    # float() reads "nan" and "inf" too; a NaN passes any "> 20" test and breaks the drawing
    if not (math.isfinite(x) and math.isfinite(y)):
        raise OptionError(f"--back-offset: expected two finite numbers of mm, got {shown}")
    if abs(x) > 20 or abs(y) > 20:
        raise OptionError(f"--back-offset: at most 20 mm either way, got {shown}")
    return x, y


@app.command()
def site(
    game: Annotated[str, typer.Argument(help="The bundled game (or definition file).")],
    base_url: Annotated[
        str | None,
        typer.Option(
            help="Where the site will be served; QR codes point here. Default: the definition's.",
            show_default=False,
        ),
    ] = None,
    out: Annotated[Path, typer.Option(help="The site's root folder.")] = Path("out/site"),
    force: Annotated[
        bool, typer.Option("--force", help="Replace files in --out that sheetsmith did not write.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON manifest.")] = False,
) -> None:
    """Build the static pages that printed QR codes open (host the folder anywhere)."""
    from sheetsmith import definition

    try:
        loaded = definition.load(game)
        from sheetsmith.site import build_site

        pages = build_site(loaded, base_url, out, force=force)
    except SheetsmithError as exc:
        _fail(exc)
    if as_json:
        _emit_json({"pages": [{"url": p.url, "file": str(p.path)} for p in pages]})
        return
    from sheetsmith.texttable import table

    _echo(table(("page", "file"), [(p.url, p.path) for p in pages]))


@app.command("new-sheet")
def new_sheet(
    game: Annotated[str, typer.Argument(help="The bundled game to type a sheet for.")],
    out: Annotated[
        Path | None,
        typer.Option(help="Write to this file instead of printing.", show_default=False),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace the --out file if it exists.")
    ] = False,
) -> None:
    """Print a blank typed sheet, with comments, to fill in from a photo of a finished one."""
    from sheetsmith.rules import blank_sheet

    try:
        text = blank_sheet(game)
    except SheetsmithError as exc:
        _fail(exc)
    if out is None:
        typer.echo(text, nl=False)
        return
    from sheetsmith.output import Output

    try:
        written = Output(out.parent, force=force, manifest=False).write_bytes(
            out.name, text.encode("utf-8")
        )
    except SheetsmithError as exc:
        _fail(exc)
    _echo(f"wrote {written}", err=True)


@app.command()
def check(
    sheets: Annotated[
        list[str],
        typer.Argument(help="Typed sheets (.toml); several are scored as one multiplayer game."),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
) -> None:
    """Check typed sheets against the rules and score them.

    Exit status: 0 every sheet follows the rules, 1 a rule is broken, 2 a file cannot be read.
    """
    from sheetsmith.rules import check_files

    try:
        report = check_files(sheets)
    except SheetError as exc:
        if as_json:
            _emit_json(
                {
                    "game": None,
                    "players": [],
                    "winners": [],
                    "errors": [
                        {"file": p.file, "key": p.key, "line": p.line, "message": p.message}
                        for p in exc.problems
                    ],
                }
            )
        _fail(exc)
    if as_json:
        _emit_json(report.as_json())
    else:
        from sheetsmith.rules.report_text import render_report

        _echo(render_report(report))
    raise typer.Exit(report.exit_code)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        _echo("interrupted", err=True)
        sys.exit(130)
