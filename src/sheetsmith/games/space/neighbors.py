"""Personal Space neighbor cards: who they are, where they emerge, and their QR code.

Each card (poker size, see `space_cards`) carries the neighbor's name, favourite resource
and base trade; the range diagram (their house in the centre, each space of their range
showing the die roll that makes them emerge, dx right and dy up); a space for the orange
"visited today" cube and four numbered spaces for green task cubes; and a QR code at least
20 mm wide opening the neighbor's page, its path printed under it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, NamedTuple

from sheetsmith.games.space.cards import (
    CARD,
    FRAME_INSET,
    GREEN,
    GREEN_TEXT,
    GREEN_TINT,
    GRID_OFF,
    HEADER,
    INK,
    MUTED,
    NIGHT,
    ORANGE,
    ORANGE_TEXT,
    ORANGE_TINT,
    TINT,
    deck,
    frame_items,
    header,
    header_colour,
    small_caps,
    target_urls,
    write_deck,
)
from sheetsmith.games.space.model import MAX_TASK_STEPS, Neighbor, SpaceGame
from sheetsmith.output import Output
from sheetsmith.print.layout import centred_label, fit_size
from sheetsmith.print.primitives import (
    WHITE,
    Colour,
    Item,
    Page,
    Polygon,
    Rect,
    Stamp,
    Text,
    TextBox,
)
from sheetsmith.print.qr import MIN_WIDTH, Matrix, QRCode, encode, qr_code
from sheetsmith.render_options import RenderedFile, RenderOptions

QR_BOX = 74.0  # the white square (quiet zone included) on a card, in points
DIAGRAM_BOX = 74.0
CUBE = 24.0  # a cube space: 8.5 mm, room for an 8 mm cube
LABEL = 6.0  # small-caps labels and captions: the smallest size printed on a card


class NeighborCard(NamedTuple):
    """One card to print: the neighbor, and where its code points."""

    neighbor: Neighbor
    url: str
    path: str  # short, printed under the code
    index: int = 0  # its place in the deck: picks the header colour


def qr_width(matrix: Matrix, box: float = QR_BOX) -> float:
    """The symbol width that fills `box` with its quiet zone, never under 20 mm."""
    return max(MIN_WIDTH, box * matrix.size / (matrix.size + 8))


def card_qr(url: str, cx: float, cy: float, box: float = QR_BOX) -> QRCode:
    matrix = encode(url)
    return qr_code(url, cx, cy, qr_width(matrix, box), matrix=matrix)


# -- parts of the card ---------------------------------------------------------------------


def house(cx: float, cy: float, size: float, colour: Colour = NIGHT) -> list[Item]:
    """A little house: a roof triangle over a square body with a door, centred."""
    w = size
    body_h = size * 0.5
    roof_h = size * 0.42
    bottom = cy - (body_h + roof_h) / 2
    roof = Polygon(
        (
            (cx - w / 2 - w * 0.06, bottom + body_h),
            (cx + w / 2 + w * 0.06, bottom + body_h),
            (cx, bottom + body_h + roof_h),
        ),
        stroke=None,
        fill=colour,
    )
    body = Rect(cx - w * 0.36, bottom, w * 0.72, body_h, stroke=None, fill=colour)
    door = Rect(cx - w * 0.09, bottom, w * 0.18, body_h * 0.62, stroke=None, fill=WHITE)
    return [roof, body, door]


def range_diagram(neighbor: Neighbor, x: float, y: float, box: float) -> list[Item]:
    """The grid around the neighbor's house, `box` wide, bottom-left at (x, y).

    The grid reaches as far as the range (at least one space each way); range spaces are
    white with the die value needed, the others grey, the house in the centre.
    """
    reach = max(1, neighbor.reach)
    n = 2 * reach + 1
    cell = min(box / n, 20.0)
    side = cell * n
    left = x + (box - side) / 2
    top = y + (box + side) / 2
    rolls = {(s.dx, s.dy): s.roll for s in neighbor.range}
    items: list[Item] = []
    digit = min(cell * 0.62, 11.0)
    for row in range(n):
        dy = reach - row
        for column in range(n):
            dx = column - reach
            cx0 = left + column * cell
            cy0 = top - (row + 1) * cell
            if (dx, dy) == (0, 0):
                items.append(Rect(cx0, cy0, cell, cell, stroke=None, fill=TINT))
                items += house(cx0 + cell / 2, cy0 + cell / 2, cell * 0.66)
            elif (dx, dy) in rolls:
                items.append(Rect(cx0, cy0, cell, cell, stroke=None, fill=WHITE))
                items.append(
                    centred_label(
                        cx0 + cell / 2,
                        cy0 + cell / 2,
                        str(rolls[dx, dy]),
                        digit,
                        bold=True,
                        colour=NIGHT,
                    )
                )
            else:
                items.append(Rect(cx0, cy0, cell, cell, stroke=None, fill=GRID_OFF))
    # grid lines over the fills, then a firmer outline
    for k in range(n + 1):
        items.append(
            Rect(left + k * cell, top - side, 0, side, stroke=(0.55, 0.57, 0.64), line_width=0.5)
        )
        items.append(Rect(left, top - k * cell, side, 0, stroke=(0.55, 0.57, 0.64), line_width=0.5))
    items.append(Rect(left, top - side, side, side, stroke=NIGHT, line_width=1.0))
    return items


def cube_space(
    x: float,
    y: float,
    size: float,
    stroke: Colour,
    fill: Colour,
    label: str,
    label_size: float,
    ink: Colour | None = None,
) -> list[Item]:
    """A rounded space for a cube, its number (if any) in `ink` (the stroke colour if
    none: pass a deeper one when the stroke is too light to read on `fill`)."""
    return [
        Rect(x, y, size, size, radius=3, stroke=stroke, fill=fill, line_width=1.2),
        centred_label(
            x + size / 2, y + size / 2, label, label_size, bold=True, colour=ink or stroke
        ),
    ]


def cube_row(x0: float, x1: float, y: float) -> list[Item]:
    """The orange "visited today" space on the left, four green task spaces (1 to 4) on
    the right, each labelled above."""
    items: list[Item] = []
    steps = MAX_TASK_STEPS
    gap = 6.0
    visit_x = x0 + 2
    items += cube_space(visit_x, y, CUBE, ORANGE, ORANGE_TINT, "", 7)
    items.append(small_caps(visit_x, y + CUBE + 4, "visited today", ORANGE_TEXT, size=LABEL))
    tasks_w = steps * CUBE + (steps - 1) * gap
    tx = x1 - 2 - tasks_w
    for k in range(steps):
        x = tx + k * (CUBE + gap)
        items += cube_space(x, y, CUBE, GREEN, GREEN_TINT, str(k + 1), 9, GREEN_TEXT)
    items.append(small_caps(tx + tasks_w, y + CUBE + 4, "task cubes", GREEN_TEXT, "end", LABEL))
    return items


def trade_lines(neighbor: Neighbor, x: float, top: float, width: float) -> list[Item]:
    """Favourite resource and base trade (the labels are in `static_front`)."""
    values = (neighbor.favorite, f"gives 1 {neighbor.trade_gives} for 2 {neighbor.trade_wants}")
    items: list[Item] = []
    for k, value in enumerate(values):
        size = fit_size(value, width - LABEL_W, 8.5, 6.5, bold=k == 0)
        items.append(Text(x + LABEL_W, top - 8 - k * 12, value, size, bold=k == 0, colour=INK))
    return items


# where things sit on the card (points from the bottom-left trim corner)
SAFE = CARD.safe_rect
INFO_TOP = CARD.height - FRAME_INSET - HEADER - 3
LABEL_W = 46.0  # "BASE TRADE" at 6 pt, and a gap
BOX_Y = 94.0  # bottom of the range diagram and of the QR code's white square
CAPTION_Y = BOX_Y + QR_BOX + 5
LEFT_X = SAFE.x + 2
RIGHT_X = SAFE.x1 - 2 - QR_BOX
CUBES_Y = 47.0


@functools.cache
def static_front() -> Stamp:
    """What every neighbor card shares: frame, labels, captions and the cube spaces."""
    x = SAFE.x + 4
    items = frame_items(CARD)
    for k, label in enumerate(("favourite", "base trade")):
        items.append(small_caps(x, INFO_TOP - 7.5 - k * 12, label, MUTED, size=LABEL))
    items.append(
        small_caps(
            LEFT_X + DIAGRAM_BOX / 2, CAPTION_Y, "range: roll to meet", NIGHT, "middle", LABEL
        )
    )
    items.append(
        small_caps(RIGHT_X + QR_BOX / 2, CAPTION_Y, "scan to visit", NIGHT, "middle", LABEL)
    )
    items += cube_row(SAFE.x, SAFE.x1, CUBES_Y)
    return Stamp("neighbor-front", tuple(items))


def neighbor_front(card: NeighborCard) -> list[Item]:
    n = card.neighbor
    items: list[Item] = [static_front()]
    items += header(n.name, "neighbor", header_colour(card.index))
    items += trade_lines(n, SAFE.x + 4, INFO_TOP, SAFE.width - 8)
    items += range_diagram(n, LEFT_X, BOX_Y, DIAGRAM_BOX)
    code = card_qr(card.url, RIGHT_X + QR_BOX / 2, BOX_Y + QR_BOX / 2)
    items += code.items
    path_size = fit_size(card.path, QR_BOX + 6, LABEL, LABEL)
    items.append(
        Text(RIGHT_X + QR_BOX / 2, BOX_Y - 5.5, card.path, path_size, anchor="middle", colour=MUTED)
    )
    items.append(
        TextBox(
            SAFE.x + 2,
            SAFE.y + 1,
            SAFE.width - 4,
            24,
            f"End a Move in range: roll a die.\nOn the number shown, {n.name} emerges:\n"
            "your next action is Neighbor (N).",
            size=6.5,
            min_size=LABEL,
            align="center",
            valign="middle",
            colour=INK,
        )
    )
    return items


# -- the file ------------------------------------------------------------------------------


def neighbor_cards(game: SpaceGame, options: RenderOptions) -> list[NeighborCard]:
    links = target_urls(game, options)
    return [NeighborCard(n, *links["neighbor", n.id], k) for k, n in enumerate(game.neighbors)]


def neighbor_pages(game: Any, cards: Sequence[NeighborCard], options: RenderOptions) -> list[Page]:
    return deck(game, cards, neighbor_front, options)


def render_neighbors(game: SpaceGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    cards = neighbor_cards(game, options)
    pages = neighbor_pages(game, cards, options)
    return write_deck(game, "neighbors", "neighbor cards", pages, len(cards), out_dir, options)
