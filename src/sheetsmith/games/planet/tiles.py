"""Planet 78 tiles: the 64 resource tiles (one shared back), the special tiles and the
space center's deposit track.

Tiles are square, their trim size from the definition, each with bleed, laid out n-up with
crop marks; the resource tiles' backs are mirrored for long-edge duplex (they are placed face
down). Special tiles lie face up and print one-sided.
"""

from __future__ import annotations

from sheetsmith.games.planet.model import Need, PlanetGame
from sheetsmith.games.planet.parts import (
    GREY,
    INK,
    SPECIAL_COLOURS,
    WHITE,
    corner_scale_check,
    resource_icon,
    terrain_colour,
    write_file,
)
from sheetsmith.games.space.board_parts import content_frame, heading
from sheetsmith.games.space.cards import back_face
from sheetsmith.output import Output
from sheetsmith.print.decks import deck_pages
from sheetsmith.print.imposition import CardSize
from sheetsmith.print.ink import front_drawer
from sheetsmith.print.layout import centred_label, fit_size
from sheetsmith.print.paper import Paper
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.primitives import INCH, Item, Page, Rect, Stamp, Text, TextBox
from sheetsmith.render_options import RenderedFile, RenderOptions


def tile_size(game: PlanetGame) -> CardSize:
    side = game.tile_size_in * INCH
    return CardSize(side, side, safe=INCH / 12)


def _ground(size: CardSize, colour: tuple[float, float, float]) -> list[Item]:
    b = size.bleed_rect
    i = size.safe
    return [
        Rect(b.x, b.y, b.width, b.height, stroke=None, fill=colour),
        Rect(i, i, size.width - 2 * i, size.height - 2 * i, radius=5, stroke=WHITE, line_width=1.0),
    ]


def resource_front(game: PlanetGame, terrain_id: str, size: CardSize) -> list[Item]:
    terrain = game.terrain(terrain_id)
    w, h = size.width, size.height
    name_size = fit_size(terrain.name.upper(), w - 2 * size.safe - 6, 12.0, 7.0, bold=True)
    return [
        *_ground(size, terrain_colour(terrain_id)),
        centred_label(
            w / 2, h - size.safe - 10, terrain.name.upper(), name_size, bold=True, colour=INK
        ),
        *resource_icon(terrain.resource, w / 2, h / 2 - 1, min(w, h) * 0.36),
        centred_label(w / 2, size.safe + 9, f"gives {terrain.resource}", 7.5, colour=INK),
    ]


def tile_back(game: PlanetGame, size: CardSize, ink: str = "full") -> tuple[Item, ...]:
    """The one back every resource tile shares (they lie face down), in the `ink` look."""
    title = game.back_title or game.info.title
    return (Stamp("planet-tile-back", back_face(title, "", size, ink)),)


def render_tiles(game: PlanetGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    size = tile_size(game)
    faces = [t.id for t in game.terrains for _ in range(t.count)]
    # saver: the terrain's colour stays (it is what a tile is) as a tint and a frame line
    front = front_drawer(resource_front, options.ink)
    fronts = {t.id: (Stamp(f"tile-{t.id}", tuple(front(game, t.id, size))),) for t in game.terrains}
    back = tile_back(game, size, options.ink)
    pages = deck_pages(
        faces,
        lambda face: fronts[face],
        lambda _face: back,
        size,
        paper_named(options.paper),
        back_offset_mm=options.back_offset,
    )
    return write_file(game, "tiles", "resource tiles", pages, len(faces), out_dir, options, True)


# -- special tiles -------------------------------------------------------------------------


def _special(
    title: str, colour: tuple[float, float, float], body: str, size: CardSize, big: str = ""
) -> list[Item]:
    w, h = size.width, size.height
    s = size.safe
    title_size = fit_size(title.upper(), w - 2 * s - 6, 10.5, 6.5, bold=True)
    items = [
        *_ground(size, colour),
        centred_label(w / 2, h - s - 9, title.upper(), title_size, bold=True, colour=INK),
    ]
    top = h - s - 17
    if big:
        items.append(centred_label(w / 2, h / 2 + 6, big, 26, bold=True, colour=INK))
        top = h / 2 - 10
    items.append(
        TextBox(
            s + 4,
            s + 3,
            w - 2 * s - 8,
            top - s - 3,
            body,
            size=6.5,
            min_size=6.0,
            align="center",
            valign="middle",
            colour=INK,
            leading=1.12,
        )
    )
    return items


SEASON_JUMP = 2  # rounds the season cube moves on when a Need is picked up (as `check` does)


def _need_front(game: PlanetGame, need: Need, size: CardSize) -> list[Item]:
    per = game.pollution.per_need
    body = (
        f"{need.effect} Picking it up: {game.costs.need} action points, then one free move; "
        f"pollution +{per}; the season jumps {SEASON_JUMP} rounds ahead."
    )
    return _special(f"Need: {need.name}", SPECIAL_COLOURS["need"], body, size)


def special_fronts(game: PlanetGame, size: CardSize) -> list[tuple[str, list[Item]]]:
    """(label, drawing) for the 13 special tiles, in a fixed order."""
    center = game.center
    out = [
        (
            "center",
            _special(
                center.name,
                SPECIAL_COLOURS["center"],
                f"Deposit piles of {center.pile} of one kind here (1 action point a pile). "
                "No effect or flood reaches it. Take off together!",
                size,
                big="★",
            ),
        )
    ]
    for n in range(1, len(game.land.spawns) + 1):
        out.append(
            (
                f"spawn-{n}",
                _special(
                    "Spawn",
                    SPECIAL_COLOURS["spawn"],
                    "Start here; come back here when not revived in time.",
                    size,
                    big=str(n),
                ),
            )
        )
    out += [(f"need-{need.id}", _need_front(game, need, size)) for need in game.needs]
    for _ in game.land.bridges:
        out.append(
            (
                "bridge",
                _special(
                    "Bridge",
                    SPECIAL_COLOURS["bridge"],
                    "Joins the space center to the land. Gives nothing; never floods.",
                    size,
                    big="═",
                ),
            )
        )
    return out


def deposit_track(game: PlanetGame, paper: Paper) -> Page:
    """A page: per resource, the piles the shuttle needs, each with one box per resource."""
    frame = content_frame(paper)
    items: list[Item] = heading(
        frame,
        f"{game.center.name.upper()}: DEPOSIT TRACK",
        f"piles of {game.center.pile} of one kind",
    )
    most = game.variance.piles.max
    need = game.center.piles
    pile = game.center.pile
    top = frame.top - 40
    row_h = min(92.0, (top - frame.y - 140) / len(game.resources))
    # A pile is deposited whole, so one cube marks it: a box per pile, big enough for a cube.
    box = min(46.0, row_h - 22, (frame.width - 130) / most - 12)
    for r, resource in enumerate(game.resources):
        y = top - (r + 1) * row_h
        middle = y + row_h / 2
        items += resource_icon(resource, frame.x + 16, middle, 24)
        items.append(Text(frame.x + 34, middle - 4, resource.capitalize(), 11, bold=True))
        for p in range(most):
            extra = p >= need
            x = frame.x + 120 + p * (box + 12)
            items.append(
                Rect(
                    x,
                    middle - box / 2,
                    box,
                    box,
                    radius=4,
                    fill=None if extra else WHITE,
                    stroke=GREY if extra else INK,
                    line_width=0.7 if extra else 1.0,
                    dash=(3, 2) if extra else (),
                )
            )
            items.append(
                centred_label(
                    x + box / 2, middle, f"{pile}", 14, bold=True, colour=GREY if extra else INK
                )
            )
            label = f"pile {p + 1}" + (" (variance)" if extra else "")
            items.append(Text(x, middle + box / 2 + 3, label, 6.5, colour=GREY))
    note = (
        f"The shuttle needs {need} piles of each resource ({game.variance.piles.min}-"
        f"{game.variance.piles.max} with variance; dashed boxes are for more). A pile is "
        f"{pile} resources of one kind, deposited whole at the space center for 1 action "
        "point: put a cube in the next box of its row."
    )
    items.append(TextBox(frame.x, frame.y + INCH + 40, frame.width - 130, 60, note, size=9))
    items += corner_scale_check(frame, paper)
    return Page(paper.width, paper.height, tuple(items))


def render_special_tiles(game: PlanetGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    size = tile_size(game)
    paper = paper_named(options.paper)
    fronts = special_fronts(game, size)
    tiles = deck_pages(fronts, front_drawer(lambda f: f[1], options.ink), None, size, paper)
    pages = [*tiles, deposit_track(game, paper)]
    return write_file(
        game,
        "special-tiles",
        "special tiles and deposit track",
        pages,
        len(fronts),
        out_dir,
        options,
    )
