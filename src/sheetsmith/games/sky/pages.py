"""My Corner of the Sky: the two printed game pages, as layout data (nothing drawn here).

Page 1 (`sky_game_page`, built from `sky_star_map`, `sky_tables`, `sky_wheel` and
`sky_notes`) holds everything a turn touches; page 2 (`sky_upgrades_page`)
holds the abilities and supporters to buy. Printing both is enough to play, with four
dice and a pencil.
"""

from __future__ import annotations

from sheetsmith.games.sky.game_page import star_map_page
from sheetsmith.games.sky.model import SkyGame
from sheetsmith.games.sky.upgrades_page import upgrades_page
from sheetsmith.output import Output
from sheetsmith.print.document import DocumentInfo, filled_name, save
from sheetsmith.print.paper import LETTER, Paper, paper
from sheetsmith.print.primitives import Page
from sheetsmith.render_options import RenderedFile, RenderOptions


def game_pages(game: SkyGame, paper: Paper = LETTER) -> list[Page]:
    return [star_map_page(game, paper), upgrades_page(game, paper)]


def render_game_pages(game: SkyGame, out: Output, options: RenderOptions) -> RenderedFile:
    """The two game pages as one PDF; with `--filled SHEET.toml`, that typed sheet drawn
    onto them in pencil grey, named for the sheet (`ann.toml`: `game-pages-filled-ann.pdf`),
    so a blank print and every player's record are kept."""
    pages = game_pages(game, paper(options.paper))
    title, name = f"{game.info.title}: game pages", "game-pages"
    if options.filled is not None:
        from sheetsmith.games.sky.filled import filled_pages, read_filled

        sheet = read_filled(game, options.filled)
        pages = filled_pages(game, pages, options.paper, sheet)
        title = f"{title}, filled in by {sheet.player}"
        name = filled_name(name, options.filled)
    info = DocumentInfo(
        title=title,
        author=game.info.designer,
        subject=f"{game.info.title} {game.info.version}, {options.paper} paper",
    )
    return save(out, game.info.id, name, pages, len(pages), info)
