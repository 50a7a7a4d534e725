"""Rendering: games in, PDF files out.

Layout modules return `Page`s of plain primitives; `render.pdf` is the only module that
draws them (and the only one that imports reportlab).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from sheetsmith.errors import OptionError
from sheetsmith.output import RenderedFile, RenderOptions
from sheetsmith.render.paper import paper as paper_named

# ruleset -> its components, each a function (game, out_dir, options) -> RenderedFile
Renderer = Callable[[Any, Path, RenderOptions], RenderedFile]


def _sky_game_pages(game: Any, out_dir: Path, options: RenderOptions) -> RenderedFile:
    from sheetsmith.render.pdf import DocumentInfo, write_pdf
    from sheetsmith.render.sky import game_pages

    pages = game_pages(game, paper_named(options.paper))
    path = out_dir / game.info.id / "game-pages.pdf"
    path.parent.mkdir(parents=True, exist_ok=True)
    info = DocumentInfo(
        title=f"{game.info.title}: game pages",
        author=game.info.designer,
        subject=f"{game.info.title} {game.info.version}, {options.paper} paper".strip(),
    )
    write_pdf(pages, path, info)
    return RenderedFile(
        game=game.info.id, component="game-pages", count=len(pages), pages=len(pages), path=path
    )


COMPONENTS: dict[str, dict[str, Renderer]] = {
    "my-corner-of-the-sky": {"game-pages": _sky_game_pages},
}


def components_for(ruleset: str) -> tuple[str, ...]:
    return tuple(COMPONENTS.get(ruleset, {}))


def render_game(game: Any, out_dir: Path, options: RenderOptions) -> list[RenderedFile]:
    """Write the requested components of `game` (all of them when none are named)."""
    ruleset = game.info.ruleset
    if ruleset not in COMPONENTS:
        raise OptionError(f"no renderer for ruleset {ruleset!r}")
    available = COMPONENTS[ruleset]
    paper_named(options.paper)  # an unknown paper fails before anything is written
    unknown = [name for name in options.components if name not in available]
    if unknown:
        raise OptionError(
            f"{game.info.id} has no component {', '.join(map(repr, unknown))};"
            f" valid components: {', '.join(available)}"
        )
    wanted = options.components or tuple(available)
    return [available[name](game, out_dir, options) for name in wanted if name in available]
