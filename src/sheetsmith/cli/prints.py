"""`sheetsmith render` and `sheetsmith site`: the commands that write files into --out."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sheetsmith.cli.app import (
    AsJson,
    Force,
    Format,
    Ink,
    Layout,
    Paper,
    Quietly,
    app,
    given_path,
)
from sheetsmith.console import Quiet, echo, emit_json, fail, warn
from sheetsmith.errors import OptionError, Problem, SheetsmithError

if TYPE_CHECKING:
    from sheetsmith.output import Output
    from sheetsmith.print.render import Job
    from sheetsmith.render_options import RenderedFile


@app.command()
def render(
    targets: Annotated[
        list[str] | None,
        typer.Argument(
            help="Bundled game names or definition files (.toml). Default: every bundled game.",
            metavar="GAME...",
            show_default=False,
        ),
    ] = None,
    out: Annotated[
        Path,
        typer.Option(
            help="Folder to write into; one subfolder per game.",
            parser=given_path,
            metavar="<path>",
        ),
    ] = Path("out"),
    component: Annotated[
        list[str] | None,
        typer.Option(
            help="Render only this component (repeat for more); with no game named, every"
            " game that has it. See: sheetsmith games.",
            show_default=False,
        ),
    ] = None,
    paper: Annotated[Paper, typer.Option(case_sensitive=False, help="Paper size.")] = Paper.letter,
    seed: Annotated[
        int | None,
        typer.Option(help="Planet 78: the seed that deals the land (setup sheet)."),
    ] = None,
    base_url: Annotated[
        str | None,
        typer.Option(
            help="Personal Space: where the QR codes point (default: the definition's).",
            show_default=False,
        ),
    ] = None,
    copies: Annotated[
        int, typer.Option(min=1, max=500, help="Personal Space: copies of the daily sheet.")
    ] = 1,
    back_offset: Annotated[
        str,
        typer.Option(
            help="Card and tile backs: shift by X,Y mm (right, up) for a printer that"
            " misaligns double-sided pages."
        ),
    ] = "0,0",
    variance: Annotated[
        list[str] | None,
        typer.Option(
            help="Planet 78: difficulty as KEY=N (repeat), e.g. pollution=4 season_length=3"
            " lives=1 piles=3.",
            show_default=False,
        ),
    ] = None,
    ink: Annotated[
        Ink,
        typer.Option(
            case_sensitive=False,
            help="Card and tile backs: full (the default look), saver (outline art on white,"
            " colour on fronts only where it means something) or plain (the saver fronts; backs"
            " with no art, only the deck's name).",
        ),
    ] = Ink.full,
    layout: Annotated[
        Layout,
        typer.Option(
            case_sensitive=False,
            help="Decks and tiles: duplex (backs on their own sheets, print double-sided) or"
            " gutterfold (front and back side by side: print one-sided, fold, cut).",
        ),
    ] = Layout.duplex,
    format: Annotated[
        list[Format] | None,
        typer.Option(
            "--format",
            case_sensitive=False,
            help="Also export cards and tiles: png (each at 300 dpi with bleed, for"
            " print-on-demand) or tts (Tabletop Simulator deck sheets and their JSON)."
            " Repeat for both.",
            show_default=False,
        ),
    ] = None,
    combined: Annotated[
        bool,
        typer.Option(
            "--combined", help="Also write one PDF per game with every component in print order."
        ),
    ] = False,
    filled: Annotated[
        str | None,
        typer.Option(
            "--filled",
            metavar="SHEET.toml",
            help="My Corner of the Sky: draw this typed sheet onto the game pages in pencil"
            " grey (written as game-pages-filled-SHEET.pdf).",
            show_default=False,
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            max=64,
            help="Processes that lay out the pages of a big deck (default: the cores"
            " available). The files are the same whatever the number.",
            show_default=False,
        ),
    ] = None,
    force: Force = False,
    quiet: Quietly = False,
    as_json: AsJson = False,
) -> None:
    """Render games to printable PDFs at exact physical size.

    [bold]Examples[/bold]

      sheetsmith render
      sheetsmith render personal-space --paper a4 --copies 5
      sheetsmith render planet-78 --seed 7 --variance pollution=4
      sheetsmith render --component neighbors --base-url https://ourgroup.github.io/space/
      sheetsmith render my-variant.toml --out prints
      sheetsmith render my-corner-of-the-sky --filled maddy.toml
    """
    from sheetsmith import definition
    from sheetsmith.games.planet.land import MAX_SEED
    from sheetsmith.output import Output
    from sheetsmith.render_options import RenderOptions

    Quiet.on = quiet
    given = {
        "--seed": seed is not None,
        "--base-url": base_url is not None,
        "--copies": copies != 1,
        "--back-offset": back_offset.replace(" ", "") not in ("0,0", "0.0,0.0"),
        "--variance": bool(variance),
        "--ink": ink is not Ink.full,
        "--layout": layout is not Layout.duplex,
        "--format": bool(format) and any(f is not Format.pdf for f in format or ()),
        "--filled": filled is not None,
    }
    try:
        if seed is not None and not 0 <= seed <= MAX_SEED:
            # A seed is typed into a game log to replay its setup; TOML holds up to 2**63-1.
            raise OptionError(f"--seed: expected 0 to {MAX_SEED}, got {seed}")
        offset = _offset(back_offset)
        if base_url is not None:
            from sheetsmith.site.urls import base_url as checked_url

            base_url = checked_url(base_url)
        names = targets or list(definition.bundled_games())
        problems, loaded = [], []
        by_id: dict[str, str] = {}
        for name in names:
            try:
                game = definition.load(name)
            except SheetsmithError as exc:
                problems += exc.problems
                continue
            first = by_id.get(game.info.id)
            if first is None:
                by_id[game.info.id] = name
                loaded.append(game)
            elif first != name:  # one folder for both: the second would replace the first
                problems.append(
                    Problem(
                        f"{first} and {name} are both the game {game.info.id!r} and would write"
                        f" the same files: render them one at a time, into different --out"
                        f" folders, or give one of them its own [game] id"
                    )
                )
        if problems:
            raise SheetsmithError(problems)
        from sheetsmith.print.parallel import available_cores
        from sheetsmith.print.render import (
            jobs_with_components,
            placeholder_links,
            planned_files,
            unused_options,
        )

        options = RenderOptions(
            paper=paper.value,
            components=tuple(component or ()),
            seed=seed,
            base_url=base_url,
            copies=copies,
            back_offset=offset,
            variance=_variance(variance or []),
            ink=ink.value,
            layout=layout.value,
            formats=("pdf", *dict.fromkeys(f.value for f in format or () if f.value != "pdf")),
            combined=combined,
            filled=filled,
            jobs=jobs or available_cores(),
        )
        if component and not targets:
            jobs = jobs_with_components(loaded, options)
        else:
            jobs = [(game, options) for game in loaded]
        output = Output(out, force=force)
        from sheetsmith.print.combine import combined_path

        planned = [rel for game, opts in jobs for rel in planned_files(game, opts)]
        planned += [combined_path(game.info.id) for game, opts in jobs if opts.combined]
        output.check(planned)
        for message in unused_options(jobs, [k for k, v in given.items() if v]):
            warn(message)
        for message in placeholder_links(jobs):
            warn(message)
        written = _render_jobs(jobs, output)
    except SheetsmithError as exc:
        fail(exc)
    if quiet:
        return  # nothing is shown: skip measuring the ink
    inks = _ink_coverage(written)
    if as_json:
        emit_json(
            {"files": [{**f.as_json(), "ink": ink} for f, ink in zip(written, inks, strict=True)]}
        )
        return
    from sheetsmith.texttable import table, terminal_width

    rows = [
        (f.game, f.component, f.count, f.pages, "" if ink is None else f"{ink:.1%}", f.path)
        for f, ink in zip(written, inks, strict=True)
    ]
    header = ("game", "component", "count", "pages", "ink", "file")
    echo(table(header, rows, right=(2, 3, 4), width=terminal_width()))


def _ink_coverage(written: list[RenderedFile]) -> list[float | None]:
    """Each PDF's ink coverage (mean share of the page area inked, 0..1, weighting colour
    by how much ink it takes: see `print.ink`), measured on a coarse rasterization of the
    file as written; None for a file that is not a PDF."""
    from sheetsmith.print.ink import coverage

    return [
        round(coverage(f.path.read_bytes()), 3) if f.path.suffix == ".pdf" else None
        for f in written
    ]


def _render_jobs(jobs: list[Job], output: Output) -> list[RenderedFile]:
    """Render each (game, options), with a progress bar per file on a terminal; with
    `--combined`, each game's files then merged into one, in print order."""
    from sheetsmith.console import Progress
    from sheetsmith.print.combine import write_combined
    from sheetsmith.print.document import PROGRESS
    from sheetsmith.print.render import render_game

    token = PROGRESS.set(Progress())
    written: list[RenderedFile] = []
    try:
        for game, options in jobs:
            files = render_game(game, output, options)
            written += files
            if options.combined:
                written.append(write_combined(game, files, output, options))
    finally:
        PROGRESS.reset(token)
    return written


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
    game: Annotated[
        str, typer.Argument(help="The bundled game (or definition file).", metavar="GAME")
    ],
    base_url: Annotated[
        str | None,
        typer.Option(
            help="Where the site will be served; QR codes point here. Default: the definition's.",
            show_default=False,
        ),
    ] = None,
    out: Annotated[
        Path, typer.Option(help="The site's root folder.", parser=given_path, metavar="<path>")
    ] = Path("out/site"),
    force: Force = False,
    quiet: Quietly = False,
    as_json: AsJson = False,
) -> None:
    """Build the static pages that printed QR codes open (host the folder anywhere).

    [bold]Examples[/bold]

      sheetsmith site personal-space --base-url https://ourgroup.github.io/space/ --out site
      sheetsmith site personal-space --base-url http://192.168.1.20:8000/ --out site
    """
    from sheetsmith import definition

    Quiet.on = quiet

    try:
        loaded = definition.load(game)
        from sheetsmith.site import build_site

        pages = build_site(loaded, base_url, out, force=force)
    except SheetsmithError as exc:
        fail(exc)
    if as_json:
        emit_json({"pages": [{"url": p.url, "file": str(p.path)} for p in pages]})
        return
    from sheetsmith.texttable import table, terminal_width

    echo(table(("page", "file"), [(p.url, p.path) for p in pages], width=terminal_width()))
