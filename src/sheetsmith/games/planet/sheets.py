"""Planet 78 sheets: the pollution meter and the season track (one page), and the setup
sheet that shows where every tile of the land goes for a seed."""

from __future__ import annotations

from sheetsmith.games.planet.land import Settings, deal, settings, variance_toml
from sheetsmith.games.planet.model import PlanetGame
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
from sheetsmith.output import Output
from sheetsmith.print.layout import Frame, centred_label, fit_size
from sheetsmith.print.paper import Paper
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.primitives import Item, Line, Page, Rect, Text, TextBox
from sheetsmith.render_options import RenderedFile, RenderOptions

SEASON_ROW = 62.0
DANGER = (0.93, 0.45, 0.4)
WARN = (0.99, 0.8, 0.55)
FLOOD = (0.55, 0.75, 0.98)


def pollution_meter(game: PlanetGame, x: float, y: float, width: float) -> list[Item]:
    """Boxes min..max, then the death box; the start, flood and disaster marks."""
    p = game.pollution
    values = list(range(p.min, p.max + 1))
    box = width / (len(values) + 1)
    items: list[Item] = []
    for k, value in enumerate([*values, p.max + 1]):
        bx = x + k * box
        fill = WHITE
        if value > p.max:
            fill = DANGER
        elif value > p.disaster_above:
            fill = WARN
        items.append(Rect(bx, y, box - 3, box - 3, radius=4, fill=fill, line_width=1.0))
        label = "☠" if value > p.max else str(value)
        items.append(
            centred_label(bx + (box - 3) / 2, y + (box - 3) / 2, label, 15, bold=True, colour=INK)
        )
        if value == p.start:
            items.append(Text(bx + (box - 3) / 2, y - 11, "▲ start", 7.5, anchor="middle"))
        if value == p.flood_at:
            items.append(Text(bx, y + box + 2, "from here: floods", 7.5, colour=INK))
    notes = (
        f"Starts at {p.start}. Each Need picked up: +{p.per_need}. From {p.flood_at}: every "
        f"resource tile next to water is flooded (nobody enters it, it gives nothing). Above "
        f"{p.disaster_above} (shaded): a natural disaster is drawn each year. Above {p.max}: "
        "everyone dies, the game is lost."
    )
    items.append(TextBox(x, y - 60, width, 44, notes, size=9, colour=INK))
    return items


def season_track(game: PlanetGame, x: float, y: float, width: float, rounds: int) -> list[Item]:
    """One row per season: its name and effect, and a box per round."""
    items: list[Item] = []
    row = SEASON_ROW
    most = game.variance.season_length.max
    box = min(34.0, (width - 190) / most)  # a 10 mm cube fits inside
    box_y = y - row / 2 + 1 - (box - 3) / 2
    for k, season in enumerate(game.seasons):
        top = y - k * row
        items.append(Rect(x, top - row + 4, width, row - 6, radius=5, line_width=0.8))
        items.append(Text(x + 8, top - 18, season.name, 12, bold=True))
        items.append(TextBox(x + 8, top - row + 8, 170, 30, season.effect, size=7.5, colour=INK))
        for r in range(most):
            bx = x + 190 + r * box
            used = r < rounds
            items.append(
                Rect(
                    bx,
                    box_y - k * row,
                    box - 3,
                    box - 3,
                    radius=3,
                    fill=WHITE if used else None,
                    stroke=INK if used else GREY,
                    line_width=0.8,
                    dash=() if used else (2, 2),
                )
            )
            items.append(
                centred_label(
                    bx + (box - 3) / 2,
                    box_y - k * row + (box - 3) / 2,
                    str(r + 1),
                    9,
                    colour=INK if used else GREY,
                )
            )
    return items


def meters_page(game: PlanetGame, paper: Paper, chosen: Settings) -> Page:
    frame = content_frame(paper)
    items: list[Item] = heading(frame, "POLLUTION METER", "a cube marks the level")
    items += pollution_meter(game, frame.x, frame.top - 70, frame.width)
    top = frame.top - 170
    items += heading_at(
        frame,
        top,
        "SEASON TRACK",
        f"a cube moves one box a round; {chosen.season_length} rounds a season",
    )
    items += season_track(game, frame.x, top - 22, frame.width, chosen.season_length)
    years_y = top - 22 - 4 * SEASON_ROW - 40
    items.append(Text(frame.x, years_y, "YEARS", 10.5, bold=True))
    for k in range(10):
        bx = frame.x + 60 + k * 34
        items.append(Rect(bx, years_y - 10, 30, 30, radius=3, line_width=0.8))
        items.append(centred_label(bx + 15, years_y + 5, str(k + 1), 9))
    text = (
        "A year is the four seasons. Each Need picked up moves the season cube on 2 boxes. At "
        "each change of season draw a negative buff; at the end "
        f"of each year, while pollution is above {game.pollution.disaster_above}, draw a natural "
        "disaster. Dashed boxes are for longer seasons (a difficulty setting)."
    )
    items.append(TextBox(frame.x, years_y - 66, frame.width - 130, 44, text, size=9))
    items += corner_scale_check(frame, paper)
    return Page(paper.width, paper.height, tuple(items))


def heading_at(frame: Frame, top: float, text: str, note: str) -> list[Item]:
    """A heading whose top is at `top` instead of the frame's."""
    return heading(Frame(frame.x, frame.y, frame.width, top - frame.y), text, note)


def render_meters(game: PlanetGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    chosen = settings(game, options.variance)
    page = meters_page(game, paper_named(options.paper), chosen)
    return write_file(
        game, "meters", "pollution meter and season track", [page], 1, out_dir, options
    )


# -- the setup sheet -----------------------------------------------------------------------


def setup_page(game: PlanetGame, paper: Paper, seed: int, chosen: Settings) -> Page:
    frame = content_frame(paper)
    dealt = deal(game, seed)
    land = game.land
    items: list[Item] = heading(
        frame, f"SETUP FOR SEED {seed}", "the same seed always deals this land"
    )
    cell = min((frame.width - 30) / land.columns, (frame.top - frame.y - 250) / land.rows)
    x0 = frame.x + 20 + (frame.width - 20 - cell * land.columns) / 2
    y0 = frame.top - 40
    for c in range(land.columns):
        items.append(centred_label(x0 + (c + 0.5) * cell, y0 + 8, chr(ord("A") + c), 9, bold=True))
    for r in range(land.rows):
        items.append(centred_label(x0 - 10, y0 - (r + 0.5) * cell, str(r + 1), 9, bold=True))
    names = {need.id: need.name for need in game.needs}
    for (c, r), tile in dealt.tiles.items():
        x, y = x0 + c * cell, y0 - (r + 1) * cell
        colour = SPECIAL_COLOURS.get(tile.kind) or terrain_colour(tile.kind)
        items.append(Rect(x + 1, y + 1, cell - 2, cell - 2, radius=3, fill=colour, line_width=0.7))
        if tile.special:
            label = {
                "center": "CENTER",
                "bridge": "bridge",
                "spawn": f"spawn {tile.label}",
                "need": names.get(tile.label, tile.label),
            }[tile.kind]
            size = fit_size(label, cell - 6, 8.0, 5.0, bold=True)
            items.append(centred_label(x + cell / 2, y + cell / 2, label, size, bold=True))
        else:
            terrain = game.terrain(tile.kind)
            items += resource_icon(terrain.resource, x + cell / 2, y + cell / 2 + 4, cell * 0.34)
            size = fit_size(terrain.name, cell - 6, 7.0, 5.0)
            items.append(centred_label(x + cell / 2, y + 8, terrain.name, size, colour=INK))
    bottom = y0 - land.rows * cell - 16
    counts = dealt.counts()
    variance = variance_toml(game, chosen)
    log_variance = f" and variance = {variance}" if variance else ""
    legend = ", ".join(f"{t.name} {counts.get(t.id, 0)}" for t in game.terrains)
    text = (
        f"Lay the {sum(t.count for t in game.terrains)} resource tiles face down as shown "
        f"({legend}) and turn each face up when someone first steps on it; the special tiles "
        "lie face up. This sheet shows the whole land: one player lays out, or play open. "
        f"Difficulty: pollution starts at {chosen.pollution}, {chosen.season_length} rounds a "
        f"season, {chosen.lives} lives each, {chosen.piles} piles of each resource. In the "
        f"game log, write seed = {seed}{log_variance}."
    )
    items.append(TextBox(frame.x, bottom - 74, frame.width - 130, 70, text, size=9, colour=INK))
    items.append(Line(frame.x, bottom + 4, frame.right, bottom + 4, stroke=GREY, line_width=0.5))
    items += corner_scale_check(frame, paper)
    return Page(paper.width, paper.height, tuple(items))


def render_setup(game: PlanetGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    seed = options.seed if options.seed is not None else 1
    chosen = settings(game, options.variance)
    page = setup_page(game, paper_named(options.paper), seed, chosen)
    return write_file(game, "setup", f"setup for seed {seed}", [page], 1, out_dir, options)
