"""My Corner of the Sky: the two printed game pages, as layout data (nothing drawn here).

Page 1 (`sky_game_page`, built from `sky_star_map`, `sky_tables`, `sky_wheel` and
`sky_notes`) holds everything a turn touches; page 2 (`sky_upgrades_page`)
holds the abilities and supporters to buy. Printing both is enough to play, with four
dice and a pencil.
"""

from __future__ import annotations

from sheetsmith.definition.sky import SkyGame
from sheetsmith.render.paper import LETTER, Paper
from sheetsmith.render.primitives import Page
from sheetsmith.render.sky_game_page import star_map_page
from sheetsmith.render.sky_upgrades_page import upgrades_page


def game_pages(game: SkyGame, paper: Paper = LETTER) -> list[Page]:
    return [star_map_page(game, paper), upgrades_page(game, paper)]
