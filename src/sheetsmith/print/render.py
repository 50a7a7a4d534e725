"""Rendering: games in, PDF files out.

Each game package names its components and the function that lays out and writes each one
(see `sheetsmith.games.interface`); layout returns `Page`s of plain primitives, and
`print.pdf` is the only module that draws them (and the only one that imports reportlab).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from sheetsmith.definition.common import GameInfo
from sheetsmith.errors import OptionError
from sheetsmith.games import registry
from sheetsmith.games.interface import GamePackage, resolve
from sheetsmith.output import Output
from sheetsmith.print.document import SAVED, component_path, filled_name
from sheetsmith.print.imposition import DECK_STYLE, DeckStyle
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.parallel import JOBS
from sheetsmith.print.primitives import Page
from sheetsmith.render_options import RenderedFile, RenderOptions


class Game(Protocol):
    """What rendering needs from any game model: its identity (the rest is per game)."""

    @property
    def info(self) -> GameInfo: ...


Job = tuple[Game, RenderOptions]


def _package(game: Game) -> GamePackage:
    package = registry.find(game.info.ruleset)
    if package is None:
        raise OptionError(f"no renderer for ruleset {game.info.ruleset!r}")
    return package


def components(game: Game) -> Mapping[str, str]:
    """The game's component names and renderers, in the order `render` writes them."""
    return _package(game).components


def unused_options(jobs: Sequence[Job], given: Iterable[str]) -> list[str]:
    """A warning for each option in `given` that no component of `jobs` reads (an option a
    game has no use for is reported, never silently dropped)."""
    warnings = []
    for option in given:
        if any(
            name in _package(game).option_users.get(option, ())
            for game, options in jobs
            for name in wanted_components(game, options)
        ):
            continue
        users = {
            game_id: package.option_users[option]
            for game_id, package in registry.every().items()
            if option in package.option_users
        }
        where = "; ".join(f"{game_id}: {', '.join(names)}" for game_id, names in users.items())
        warnings.append(f"{option} changes nothing here: only these components use it ({where})")
    return warnings


def jobs_with_components(games: Sequence[Game], options: RenderOptions) -> list[Job]:
    """For `render --component NAME` with no game named: each game that has one of the
    components, asked for those it has; `OptionError` if no game has any."""
    jobs = []
    for game in games:
        available = components(game)
        mine = tuple(c for c in options.components if c in available)
        if mine:
            jobs.append((game, replace(options, components=mine)))
    missing = [c for c in options.components if not any(c in o.components for _, o in jobs)]
    if missing:
        known = sorted({c for game in games for c in components(game)})
        raise OptionError(
            f"--component: no game has {', '.join(map(repr, missing))};"
            f" components: {', '.join(known)}"
        )
    return jobs


def wanted_components(game: Game, options: RenderOptions) -> tuple[str, ...]:
    """The components `options` asks of `game` (all of them when none are named)."""
    available = components(game)
    paper_named(options.paper)  # an unknown paper fails before anything is written
    unknown = [name for name in options.components if name not in available]
    if unknown:
        raise OptionError(
            f"{game.info.id} has no component {', '.join(map(repr, unknown))};"
            f" valid components: {', '.join(available)}"
        )
    return tuple(dict.fromkeys(options.components)) or tuple(available)


def _exports(options: RenderOptions) -> tuple[str, ...]:
    """The `--format`s beyond the PDF: exports of the cards the PDFs place."""
    return tuple(f for f in options.formats if f != "pdf")


def planned_files(game: Game, options: RenderOptions) -> list[str]:
    """The files (relative to the output folder) a render of `game` writes; an export's
    pictures, whose count the layout decides, as patterns (see `Output.check`)."""
    files = []
    exports = _exports(options)
    drawn_on = _package(game).option_users.get("--filled", ()) if options.filled else ()
    for name in wanted_components(game, options):
        shown = filled_name(name, options.filled) if options.filled and name in drawn_on else name
        files.append(component_path(game.info.id, shown))
        if exports:
            from sheetsmith.print import export

            if export.exported(game.info.ruleset, name):
                files += export.planned(game.info.id, name, exports)
    return files


def _kept_in(documents: list[tuple[Path, tuple[Page, ...]]]) -> Callable[[Path, Any], None]:
    """What `document.save` tells of each PDF it writes, kept for the exports."""
    return lambda path, pages: documents.append((path, tuple(pages)))


def render_game(game: Any, out: Output | Path, options: RenderOptions) -> list[RenderedFile]:
    """Write the requested components of `game` under `out` (a folder or an `Output`),
    each followed by its exports (`--format png|tts`), cut from the PDF just written."""
    output = out if isinstance(out, Output) else Output(out)
    available = components(game)
    exports = _exports(options)
    written = []
    for name in wanted_components(game, options):
        style = DeckStyle(game.info.title, name, options.layout)
        token = DECK_STYLE.set(style)
        workers = JOBS.set(options.jobs)
        documents: list[tuple[Path, tuple[Page, ...]]] = []
        told = SAVED.set(_kept_in(documents) if exports else None)
        try:
            written.append(resolve(available[name])(game, output, options))
        finally:
            SAVED.reset(told)
            JOBS.reset(workers)
            DECK_STYLE.reset(token)
        if exports:
            from sheetsmith.print import export

            if export.exported(game.info.ruleset, name):
                cut_from = [export.Written(path, pages) for path, pages in documents]
                info = game.info
                written += export.export(output, info.id, info.title, name, cut_from, exports)
    return written


def placeholder_links(jobs: Sequence[Job]) -> list[str]:
    """A warning for each game whose rendered QR codes point at a placeholder host (the
    definition's example address, which no phone can open)."""
    from sheetsmith.site.serve import is_placeholder

    warnings = []
    for game, options in jobs:
        readers = _package(game).option_users.get("--base-url", ())
        if not set(readers) & set(wanted_components(game, options)):
            continue
        base = options.base_url or getattr(game, "base_url", "")
        if base and is_placeholder(base):
            warnings.append(
                f"{game.info.id}: the QR codes point at {base}, a placeholder no phone can open."
                f" Serve the pages from this computer (sheetsmith serve {game.info.id}) or host"
                " them (sheetsmith site), then render again with --base-url set to their address"
            )
    return warnings
