"""Personal Space: the three resource generator boards (hole, pond, tree), one a page.

Each board is played with cubes and dice right on the paper, so its spaces are large
(the same size as the daily grid's squares, never under 0.5 in): a cube sits inside a
space with room to spare. Each page carries its own short how-to, written from the rules.
"""

from __future__ import annotations

from sheetsmith.games.space.board_parts import write_component
from sheetsmith.games.space.hole import hole_page
from sheetsmith.games.space.model import SpaceGame
from sheetsmith.games.space.pond import pond_page
from sheetsmith.games.space.tree import tree_page
from sheetsmith.output import Output
from sheetsmith.print.paper import Paper
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.primitives import Page
from sheetsmith.render_options import RenderedFile, RenderOptions


def generator_pages(game: SpaceGame, paper: Paper) -> list[Page]:
    return [hole_page(game, paper), pond_page(game, paper), tree_page(game, paper)]


def render_generators(game: SpaceGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    pages = generator_pages(game, paper_named(options.paper))
    return write_component(
        game,
        out_dir,
        "generators",
        pages,
        len(pages),
        "resource generator boards",
        options.paper,
    )
