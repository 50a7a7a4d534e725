"""Personal Space cards: the shared look (colours, card frame, header, back) and the deck.

Every Personal Space card is a poker card (2.5 x 3.5 in) printed duplex, nine to a sheet
with shared cut lines (3x3 portrait on Letter and A4): fronts keep a white edge around
their frame, and every back is the same full-bleed design, so two cards that share a cut
never show each other's art. The alignment test uses the same geometry (`deck_layout`).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from sheetsmith.games.space.links import urls
from sheetsmith.output import Output
from sheetsmith.print.decks import deck_pages
from sheetsmith.print.document import DocumentInfo, save
from sheetsmith.print.fonts import text_width
from sheetsmith.print.imposition import POKER, CardSize, SheetLayout, layout_sheet
from sheetsmith.print.ink import front_drawer
from sheetsmith.print.layout import fit_size
from sheetsmith.print.paper import Paper
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.primitives import (
    WHITE,
    Circle,
    Colour,
    Item,
    Line,
    Page,
    Polygon,
    Rect,
    Stamp,
    Text,
    regular_points,
)
from sheetsmith.render_options import RenderedFile, RenderOptions
from sheetsmith.site.urls import Target

T = TypeVar("T")

# -- palette ------------------------------------------------------------------------------

NIGHT: Colour = (0.09, 0.11, 0.27)  # the back's sky, frames and headings
INK: Colour = (0.13, 0.14, 0.20)  # body text
MUTED: Colour = (0.38, 0.40, 0.48)  # small print: 4.5:1 on white and on TINT
ACCENT: Colour = (0.20, 0.42, 0.72)  # header bands
TINT: Colour = (0.92, 0.94, 0.98)  # pale panels
GRID_OFF: Colour = (0.86, 0.87, 0.90)  # spaces outside a neighbor's range
ORANGE: Colour = (0.95, 0.52, 0.12)  # the "visited today" cube
ORANGE_TEXT: Colour = (0.66, 0.33, 0.04)  # its label: orange that reads on white
ORANGE_TINT: Colour = (1.0, 0.91, 0.80)
GREEN: Colour = (0.18, 0.60, 0.30)  # task cubes
GREEN_TEXT: Colour = (0.10, 0.42, 0.20)  # their labels and numbers, on white and GREEN_TINT
GREEN_TINT: Colour = (0.86, 0.95, 0.87)
PLANET: Colour = (0.30, 0.60, 0.86)
PLANET_BAND: Colour = (0.42, 0.70, 0.92)
PLANET_SHADE: Colour = (0.22, 0.45, 0.72)
RING: Colour = (0.98, 0.84, 0.52)
MOON: Colour = (0.80, 0.81, 0.86)
STAR: Colour = (1.0, 0.97, 0.86)

CARD: CardSize = POKER
GUTTER = "shared"
FRAME_INSET = 6.0  # the frame line, between the trim and the safe zone
HEADER = 30.0  # header band height


def deck_layout(paper: Paper) -> SheetLayout:
    """Where Personal Space cards go on a sheet of `paper` (the alignment test's too)."""
    return layout_sheet(CARD, paper, gutter=GUTTER)


def target_urls(game: Any, options: RenderOptions) -> dict[tuple[str, str], tuple[str, str]]:
    """(kind, id) -> (URL, short path) for every QR target, `--base-url` overriding the
    definition's (`links.urls` refuses a non-http(s) or too long base URL)."""
    found: dict[Target, str] = urls(game, options.base_url or game.base_url)
    return {(t.kind, t.id): (url, t.path) for t, url in found.items()}


# -- fronts -------------------------------------------------------------------------------


# deep enough that white text on them keeps 4.5:1 contrast (WCAG)
HEADER_COLOURS: tuple[Colour, ...] = (
    (0.20, 0.42, 0.72),  # blue
    (0.55, 0.30, 0.62),  # plum
    (0.11, 0.49, 0.47),  # teal
    (0.72, 0.31, 0.26),  # brick
    (0.29, 0.48, 0.23),  # moss
    (0.58, 0.41, 0.11),  # ochre
)


def header_colour(index: int) -> Colour:
    """A header colour per card, cycling, so neighbours at the table tell apart at a glance."""
    return HEADER_COLOURS[index % len(HEADER_COLOURS)]


def frame_items(size: CardSize = CARD) -> list[Item]:
    """The part of every front that never changes: white to the bleed edge, and the
    rounded frame line between the trim and the safe zone."""
    bleed, i = size.bleed_rect, FRAME_INSET
    return [
        Rect(bleed.x, bleed.y, bleed.width, bleed.height, stroke=None, fill=WHITE),
        Rect(i, i, size.width - 2 * i, size.height - 2 * i, radius=8, stroke=NIGHT, line_width=1.2),
    ]


def header_band(colour: Colour = ACCENT, size: CardSize = CARD) -> list[Item]:
    """The header's band inside the frame: rounded at the top, square where the body starts."""
    i = FRAME_INSET + 0.6  # inside the frame line's stroke
    band_y = size.height - i - HEADER
    return [
        Rect(i, band_y, size.width - 2 * i, HEADER, radius=7.4, stroke=None, fill=colour),
        Rect(i, band_y, size.width - 2 * i, HEADER / 2, stroke=None, fill=colour),
    ]


def header(title: str, kind: str, colour: Colour = ACCENT, size: CardSize = CARD) -> list[Item]:
    """The header band inside the frame: `title` (bold, shrunk to fit) and `kind` (small
    capitals, right)."""
    return header_band(colour, size) + header_labels(title, kind, size)


def header_labels(title: str, kind: str, size: CardSize = CARD) -> list[Item]:
    """The header's words, drawn on its band."""
    w, h = size.width, size.height
    i = FRAME_INSET + 0.6  # inside the frame line's stroke
    band_y = h - i - HEADER
    kind_label = kind.upper()
    kind_size = 6.0
    kind_w = text_width(kind_label, kind_size, True) if kind_label else 0.0
    title_room = w - 2 * i - 16 - (kind_w + 8 if kind_w else 0)
    title_size = fit_size(title, title_room, 15.0, 8.0, bold=True)
    baseline = band_y + HEADER / 2 - 0.36 * title_size
    items: list[Item] = [Text(i + 8, baseline, title, title_size, bold=True, colour=WHITE)]
    if kind_label:
        kind_text = Text(w - i - 8, baseline, kind_label, kind_size, True, "end", WHITE)
        items.append(kind_text)
    return items


def card_frame(title: str, kind: str, colour: Colour = ACCENT, size: CardSize = CARD) -> list[Item]:
    """A whole front's frame: ground, frame line and header band (for cards drawn once)."""
    return frame_items(size) + header(title, kind, colour, size)


def stamped_frame(
    title: str, kind: str, colour: Colour = ACCENT, size: CardSize = CARD
) -> list[Item]:
    """`card_frame` for a deck: the part every card of this colour and size shares (ground,
    frame line, band) is one stamp, stored once in the PDF; the words are drawn on it."""
    name = f"card-frame-{size.width:g}x{size.height:g}-" + ",".join(f"{c:g}" for c in colour)
    ground = Stamp(name, (*frame_items(size), *header_band(colour, size)))
    return [ground, *header_labels(title, kind, size)]


def small_caps(
    x: float, y: float, text: str, colour: Colour = NIGHT, anchor: str = "start", size: float = 6.0
) -> Text:
    return Text(x, y, text.upper(), size, bold=True, anchor=anchor, colour=colour)  # type: ignore[arg-type]


# -- the back -----------------------------------------------------------------------------


def _ellipse(
    cx: float, cy: float, a: float, b: float, tilt: float, t0: float, t1: float, n: int = 48
) -> tuple[tuple[float, float], ...]:
    c, s = math.cos(math.radians(tilt)), math.sin(math.radians(tilt))
    points = []
    for k in range(n + 1):
        t = math.radians(t0 + (t1 - t0) * k / n)
        x, y = a * math.cos(t), b * math.sin(t)
        points.append((cx + x * c - y * s, cy + x * s + y * c))
    return tuple(points)


def _band(cx: float, cy: float, r: float, y0: float, y1: float, fill: Colour) -> Polygon:
    """The part of a disc between two heights, as one outline."""
    steps = 12
    right, left = [], []
    for k in range(steps + 1):
        y = y0 + (y1 - y0) * k / steps
        half = math.sqrt(max(r * r - (y - cy) ** 2, 0.0))
        right.append((cx + half, y))
        left.append((cx - half, y))
    return Polygon(tuple(right + left[::-1]), stroke=None, fill=fill)


def _shade(cx: float, cy: float, r: float, offset: float, fill: Colour) -> Polygon:
    """A crescent of shadow on the lower left of a disc: the disc minus the same disc moved
    up and right by `offset`."""
    d = offset
    # where the two circles cross, measured as angles on the planet's own circle
    ox, oy = cx + d / math.sqrt(2), cy + d / math.sqrt(2)
    half = math.degrees(math.acos(min(1.0, d / (2 * r))))
    mid = 225.0  # the shadow faces away from the light (upper right)
    outer = [
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in _angles(mid - (180 - half), mid + (180 - half))
    ]
    inner = [
        (ox + r * math.cos(math.radians(a)), oy + r * math.sin(math.radians(a)))
        for a in _angles(mid + half, mid - half)
    ]
    return Polygon(tuple(outer + inner), stroke=None, fill=fill)


def _angles(a0: float, a1: float, n: int = 32) -> list[float]:
    return [a0 + (a1 - a0) * k / n for k in range(n + 1)]


def _twinkle(x: float, y: float, r: float) -> Polygon:
    """A four-pointed star."""
    outer = regular_points(x, y, r, 4, 90.0)
    inner = regular_points(x, y, r * 0.3, 4, 135.0)
    points = tuple(p for pair in zip(outer, inner, strict=True) for p in pair)
    return Polygon(points, stroke=None, fill=STAR)


@functools.cache
def back_face(
    title: str, tagline: str, size: CardSize = CARD, ink: str = "full"
) -> tuple[Item, ...]:
    """The shared back: a night sky to the bleed edge, a ringed planet with a moon, the
    game's title and tagline. Built once per title, size and look (every back is the same
    drawing), placed by `_back_geometry`. `ink` (see `print.ink`): "saver" draws the same
    picture as outlines on white, "plain" only the names."""
    if ink == "saver":
        return _outline_back(title, tagline, size)
    if ink == "plain":
        return plain_back(title, tagline, size)
    w, h = size.width, size.height
    k, cx, cy, tx, ty, mx, my, room = _back_geometry(size)
    bleed = size.bleed_rect
    r = 40.0 * k
    items: list[Item] = [Rect(bleed.x, bleed.y, bleed.width, bleed.height, stroke=None, fill=NIGHT)]
    rng = random.Random(20261122)  # fixed: every back, every run, the same sky
    stars = round(46 * (bleed.width * bleed.height) / (198.0 * 270.0))
    for _ in range(stars):
        x, y = rng.uniform(bleed.x, bleed.x1), rng.uniform(bleed.y, bleed.y1)
        if math.hypot(x - cx, y - cy) < 62 * k:
            continue  # not over the planet
        if abs(y - ty + 2) < 20 * k and abs(x - tx) < room / 2 + 8:
            continue  # nor over the title
        if rng.random() < 0.14:
            items.append(_twinkle(x, y, rng.uniform(2.2, 3.6)))
        else:
            items.append(Circle(x, y, rng.uniform(0.35, 0.9), stroke=None, fill=STAR))
    a, b, tilt = 66.0 * k, 15.0 * k, -16.0  # the halves overlap at the ends: no notch
    ring = 3.2 * k
    ring_back = Polygon(
        _ellipse(cx, cy, a, b, tilt, -4, 184), stroke=RING, line_width=ring, closed=False
    )
    ring_front = Polygon(
        _ellipse(cx, cy, a, b, tilt, 176, 364), stroke=RING, line_width=ring, closed=False
    )
    crater = (0.68, 0.69, 0.75)
    items += [
        ring_back,
        Circle(cx, cy, r, stroke=None, fill=PLANET),
        _band(cx, cy, r, cy + 10 * k, cy + 17 * k, PLANET_BAND),
        _band(cx, cy, r, cy - 8 * k, cy - 1 * k, PLANET_BAND),
        _band(cx, cy, r, cy - 26 * k, cy - 21 * k, PLANET_BAND),
        _shade(cx, cy, r, 14.0 * k, PLANET_SHADE),
        ring_front,
        # a small moon with two craters
        Circle(mx, my, 9.0 * k, stroke=None, fill=MOON),
        Circle(mx - 3 * k, my + 2.5 * k, 2.2 * k, stroke=None, fill=crater),
        Circle(mx + 3.2 * k, my - 3 * k, 1.5 * k, stroke=None, fill=crater),
    ]
    title_size = fit_size(title, room, 19.0 * k, 10.0, bold=True)
    items.append(Text(tx, ty, title, title_size, bold=True, anchor="middle", colour=WHITE))
    if tagline:
        tag_size = fit_size(tagline, room, 8.5 * k, 6.0)
        items.append(
            Text(tx, ty - 15 * k, tagline, tag_size, anchor="middle", colour=(0.78, 0.82, 0.95))
        )
    items.append(Rect(10, 10, w - 20, h - 20, radius=9, stroke=(0.32, 0.36, 0.58), line_width=0.8))
    return tuple(items)


def _back_geometry(size: CardSize) -> tuple[float, ...]:
    """Where the back's picture goes: (scale, planet x, y, title x, y, moon x, y, room for
    the title). Drawn for a poker card (scale 1) and scaled to others; on a landscape card
    (a job postcard) the planet sits left of the title."""
    w, h = size.width, size.height
    k = min(w / CARD.width, h / CARD.height)
    if w > h:
        return k, w * 0.27, h * 0.52, w * 0.69, h * 0.47, w * 0.50, h * 0.80, w * 0.44
    return k, w / 2, h * 0.58, w / 2, h * 0.20, w * 0.80, h * 0.84, w - 36


OUTLINE: Colour = (0.22, 0.45, 0.72)  # the saver back's planet and frame: PLANET_SHADE
RING_LINE: Colour = (0.80, 0.58, 0.16)  # the ring, deep enough to show as a line on white
STAR_LINE: Colour = (0.55, 0.60, 0.78)


def _outline_back(title: str, tagline: str, size: CardSize) -> tuple[Item, ...]:
    """The back as line art on white paper: the same planet, ring, moon, stars, title and
    frame as the full back, so the deck still looks like itself face down, for a few per
    cent of the ink (no fill larger than a star)."""
    w, h = size.width, size.height
    k, cx, cy, tx, ty, mx, my, room = _back_geometry(size)
    r = 40.0 * k
    bleed = size.bleed_rect
    items: list[Item] = []
    rng = random.Random(20261122)  # the full back's sky, star for star
    stars = round(46 * (bleed.width * bleed.height) / (198.0 * 270.0))
    for _ in range(stars):
        x, y = rng.uniform(bleed.x, bleed.x1), rng.uniform(bleed.y, bleed.y1)
        if math.hypot(x - cx, y - cy) < 62 * k:
            continue
        if abs(y - ty + 2) < 20 * k and abs(x - tx) < room / 2 + 8:
            continue
        twinkle = rng.random() < 0.14
        radius = rng.uniform(2.2, 3.6) if twinkle else rng.uniform(0.35, 0.9)
        if not (14 < x < w - 14 and 14 < y < h - 14):
            continue  # on white, a star past the frame is a speck on the sheet, not sky
        if twinkle:
            star = _twinkle(x, y, radius)
            items.append(Polygon(star.points, stroke=STAR_LINE, line_width=0.5))
        else:
            items.append(Circle(x, y, radius * 0.8, stroke=None, fill=STAR_LINE))
    a, b, tilt, ring = 66.0 * k, 15.0 * k, -16.0, 0.9 * k
    items += [
        Polygon(
            _ellipse(cx, cy, a, b, tilt, -4, 184), stroke=RING_LINE, line_width=ring, closed=False
        ),
        # white, not ink: it hides the ring's far half behind the planet
        Circle(cx, cy, r, stroke=OUTLINE, fill=WHITE, line_width=1.2 * k),
    ]
    for y0, y1 in ((10, 17), (-8, -1), (-26, -21)):  # the bands, as their edges
        for y in (cy + y0 * k, cy + y1 * k):
            half = math.sqrt(max(r * r - (y - cy) ** 2, 0.0))
            items.append(Line(cx - half, y, cx + half, y, stroke=PLANET_BAND, line_width=0.6 * k))
    items += [
        Polygon(
            _ellipse(cx, cy, a, b, tilt, 176, 364), stroke=RING_LINE, line_width=ring, closed=False
        ),
        Circle(mx, my, 9.0 * k, stroke=OUTLINE, line_width=0.8 * k),
        Circle(mx - 3 * k, my + 2.5 * k, 2.2 * k, stroke=STAR_LINE, line_width=0.5 * k),
        Circle(mx + 3.2 * k, my - 3 * k, 1.5 * k, stroke=STAR_LINE, line_width=0.5 * k),
    ]
    title_size = fit_size(title, room, 19.0 * k, 10.0, bold=True)
    items.append(Text(tx, ty, title, title_size, bold=True, anchor="middle", colour=NIGHT))
    if tagline:
        tag_size = fit_size(tagline, room, 8.5 * k, 6.0)
        items.append(Text(tx, ty - 15 * k, tagline, tag_size, anchor="middle", colour=MUTED))
    items.append(Rect(10, 10, w - 20, h - 20, radius=9, stroke=OUTLINE, line_width=0.8))
    return tuple(items)


PLAIN_TITLE = 8.0
PLAIN_TAGLINE = 7.0


def plain_back(title: str, tagline: str, size: CardSize = CARD) -> tuple[Item, ...]:
    """A back without art: the deck's name (and its tagline, which on Planet 78's action
    cards names the pile) in small grey type in the middle, and nothing else.

    Why not blank: a stray card still finds its deck (and an action card its pile) face
    down. Why no frame: a line near the edge shows every millimetre a duplex printer
    misregisters, and a player choosing plain backs wants nothing to go wrong there."""
    w, h = size.width, size.height
    room = w - 2 * size.safe
    title_size = fit_size(title, room, PLAIN_TITLE, 6.0, bold=True)
    middle = h / 2 + (4.0 if tagline else 0.0)
    items: list[Item] = [
        Text(
            w / 2,
            middle - title_size * 0.36,
            title,
            title_size,
            bold=True,
            anchor="middle",
            colour=MUTED,
        )
    ]
    if tagline:
        tag_size = fit_size(tagline, room, PLAIN_TAGLINE, 6.0)
        items.append(
            Text(
                w / 2,
                middle - 11.0 - tag_size * 0.36,
                tagline,
                tag_size,
                anchor="middle",
                colour=MUTED,
            )
        )
    return tuple(items)


# -- the file -----------------------------------------------------------------------------


def deck(
    game: Any,
    cards: Sequence[T],
    draw_front: Callable[[T], Sequence[Item]],
    options: RenderOptions,
) -> list[Page]:
    """Front and back sheets for `cards`, backs shifted by `--back-offset`, both in the
    look `--ink` chose."""
    title = game.back_title or game.info.title
    back = (Stamp("card-back", back_face(title, game.back_tagline, CARD, options.ink)),)
    return deck_pages(
        cards,
        front_drawer(draw_front, options.ink),
        lambda _card: back,
        CARD,
        paper_named(options.paper),
        back_offset_mm=options.back_offset,
        gutter=GUTTER,
    )


def write_deck(
    game: Any,
    component: str,
    what: str,
    pages: list[Page],
    count: int,
    out_dir: Output,
    options: RenderOptions,
) -> RenderedFile:
    info = DocumentInfo(
        title=f"{game.info.title}: {what}",
        author=getattr(game.info, "designer", ""),
        subject=f"{game.info.title} {game.info.version}, {options.paper} paper,"
        " print double-sided (flip on long edge)",
    )
    return save(out_dir, game.info.id, component, pages, count, info)
