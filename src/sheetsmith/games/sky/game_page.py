"""My Corner of the Sky, page 1: everything a turn touches.

The star map with the articles and the score beside it; below, the schedule wheel with
its setup note, and beside it the turn summary, ranks, symbol legend and scale check.
Sizes follow from the paper, so letter and A4 both come out balanced.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetsmith.games.sky.model import SkyGame
from sheetsmith.games.sky.notes import TURN_SIZE, notes_column, notes_heights, turn_text_size
from sheetsmith.games.sky.parts import (
    GUTTER,
    HEADING_H,
    SMALL,
    content_frame,
    page_header,
    page_registration,
    readable_page,
)
from sheetsmith.games.sky.star_map import EDGE, MAP_LABEL, star_map
from sheetsmith.games.sky.tables import rank_text_size, side_column
from sheetsmith.games.sky.wheel import SETUP_H, schedule_wheel, setup_note
from sheetsmith.photo.marks import Mark, ReadablePage
from sheetsmith.print.layout import Frame, rule
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import (
    DARK,
    Page,
    Text,
)


@dataclass(frozen=True, slots=True)
class GamePageLayout:
    """Where each block of page 1 goes: frames that never overlap."""

    header: Frame
    star_map: Frame
    spacing: float  # between neighbouring star map points
    side: Frame  # articles and score
    wheel: Frame
    setup: Frame
    notes: Frame  # turn summary, ranks, legend and scale check


def game_page_layout(game: SkyGame, paper: Paper) -> GamePageLayout:
    content = content_frame(paper)
    header, rest = content.take_top(36, gap=14)
    right_w = min(max(content.width * 0.44, 220.0), 260.0)
    map_w = rest.width - right_w - GUTTER
    spacing = (map_w - MAP_LABEL - 1) / (game.star_map.size - 1 + 2 * EDGE)
    map_h = HEADING_H + map_w
    middle, bottom = rest.take_top(map_h, gap=16)
    map_frame, side = middle.take_left(map_w, gap=GUTTER)
    # the wheel grows while the notes beside it stay at comfortable sizes
    wheel_w = min(bottom.height - HEADING_H - SETUP_H, bottom.width * 0.58)
    while wheel_w > bottom.width * 0.45:
        notes_w = bottom.width - wheel_w - GUTTER
        turn = turn_text_size(game, notes_w, notes_heights(game, bottom.height)[0])
        if turn >= TURN_SIZE and rank_text_size(game, notes_w) >= SMALL:
            break
        wheel_w -= 4.0
    wheel_frame, notes = bottom.take_left(wheel_w, gap=GUTTER)
    # the setup note sits at the foot of the column, the wheel centred above it
    setup, wheel_frame = wheel_frame.take_bottom(SETUP_H, gap=6)
    return GamePageLayout(header, map_frame, spacing, side, wheel_frame, setup, notes)


def star_map_page(game: SkyGame, paper: Paper) -> Page:
    return readable_game_page(game, paper)[0]


def readable_game_page(game: SkyGame, paper: Paper) -> tuple[Page, ReadablePage]:
    """Page 1, and where its markers, code and every mark a player fills are: the marks
    are recorded by the same calls that draw them."""
    lay = game_page_layout(game, paper)
    reg = page_registration(game, "game-page", paper)
    # the header's text keeps clear of the page code in the top right corner
    right = min(lay.header.right, reg.code_clear)
    items = page_header(game, lay.header, "game page", 1, 2, right)
    player_x = lay.header.x + lay.header.width * 0.62
    items.append(Text(player_x, lay.header.top - 14, "player", 8, colour=DARK))
    items.append(rule(player_x + 28, right, lay.header.top - 15, 0.6))
    marks: list[Mark] = []
    items += star_map(game, lay.star_map, lay.spacing, marks)
    items += side_column(game, lay.side, marks)
    items += schedule_wheel(game, lay.wheel, marks)
    items += setup_note(game, lay.setup)
    items += notes_column(game, lay.notes, paper)
    items += reg.items
    page = Page(paper.width, paper.height, tuple(items))
    return page, readable_page(game, "game-page", paper, reg, marks, "game page")
