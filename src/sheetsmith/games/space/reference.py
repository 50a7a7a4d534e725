"""Personal Space: the reference, two pages a table shares (print once).

Page 1, how a day goes: the steps from setup to the end of the day, each with the
printed pieces it uses, and below them each piece with the steps that use it. Page 2,
the item list (where each item is bought and for how much, or where else it comes from;
what Eat, Use and Feed do with it) and the end-of-day lottery an Explore refers to.
Both from the definition's `[day]`, `[[items]]` and `[lottery]`.
"""

from __future__ import annotations

from sheetsmith.games.space.board_parts import (
    GUTTER,
    HEADING_H,
    SCALE_CHECK_H,
    YELLOW_PALE,
    content_frame,
    dice_row,
    dice_row_width,
    heading,
    page_title,
    scale_check,
    write_component,
)
from sheetsmith.games.space.cards import NIGHT, TINT
from sheetsmith.games.space.model import Item as Belonging
from sheetsmith.games.space.model import Prize, SpaceGame
from sheetsmith.output import Output
from sheetsmith.print.layout import Frame, centred_label, rule
from sheetsmith.print.paper import Paper
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.primitives import (
    DARK,
    LIGHT,
    WHITE,
    Circle,
    Item,
    Page,
    Rect,
    Text,
    TextBox,
)
from sheetsmith.print.text import block_height, wrap
from sheetsmith.render_options import RenderedFile, RenderOptions

TITLE_H = 26.0
STEP_NUMBER = 22.0  # the circle with the step's number
USES_W = 128.0  # the column of pieces a step uses
CHIP_H = 13.0
TEXT_MAX = 10.5
TEXT_MIN = 7.5
TABLE_MAX = 10.0  # the item table's text size, as large as the page allows
TABLE_MIN = 7.0
TAIL_H = 28.0  # the line under the table
LOTTERY_DIE = 18.0
LOTTERY_ROW = 26.0
LOTTERY_TEXT = 9.0
OR_W = 10.0  # the room "or" takes between two winning dice
LOTTERY_W = 0.68  # of the page's width: the scale check beside it
ROW_PAD = 5.0

# -- page 1: how a day goes -----------------------------------------------------------------


def _step_heights(game: SpaceGame, width: float, size: float) -> list[float]:
    heights = []
    for step in game.day.steps:
        text = block_height(len(wrap(step.text, size, width)), size)
        chips = len(step.uses) * (CHIP_H + 3)
        heights.append(max(size * 1.25 + 4 + text, chips, STEP_NUMBER) + 2 * ROW_PAD)
    return heights


def steps_block(game: SpaceGame, frame: Frame) -> list[Item]:
    """The steps top to bottom, at the largest text size that fits the frame."""
    text_x = frame.x + STEP_NUMBER + 10
    text_w = frame.right - USES_W - GUTTER - text_x
    size = TEXT_MAX
    while size > TEXT_MIN and sum(_step_heights(game, text_w, size)) > frame.height:
        size -= 0.25
    heights = _step_heights(game, text_w, size)
    spare = max(0.0, frame.height - sum(heights)) / max(1, len(heights))
    items: list[Item] = []
    y = frame.top
    for k, (step, h) in enumerate(zip(game.day.steps, heights, strict=True), start=1):
        h += min(spare, 14.0)
        if k % 2:
            items.append(Rect(frame.x, y - h, frame.width, h, radius=6, stroke=None, fill=TINT))
        cy = y - ROW_PAD - STEP_NUMBER / 2
        items.append(
            Circle(frame.x + 4 + STEP_NUMBER / 2, cy, STEP_NUMBER / 2, stroke=None, fill=NIGHT)
        )
        items.append(
            centred_label(frame.x + 4 + STEP_NUMBER / 2, cy, str(k), 11, bold=True, colour=WHITE)
        )
        name_size = size * 1.15
        items.append(Text(text_x, y - ROW_PAD - name_size * 0.95, step.name, name_size, bold=True))
        body_top = y - ROW_PAD - name_size * 1.25 - 2
        body_h = block_height(len(wrap(step.text, size, text_w)), size)
        items.append(
            TextBox(text_x, body_top - body_h, text_w, body_h, step.text, size=size, min_size=size)
        )
        items += chips(game, step.uses, frame.right - USES_W, y - ROW_PAD)
        y -= h
    return items


def chips(game: SpaceGame, uses: tuple[str, ...], x: float, top: float) -> list[Item]:
    """The pieces a step uses, one pale label each, under a small "uses" title."""
    items: list[Item] = []
    y = top
    for use in uses:
        name = game.day.pieces[use]
        items.append(
            Rect(x, y - CHIP_H, USES_W - 4, CHIP_H, radius=4, stroke=None, fill=YELLOW_PALE)
        )
        items.append(
            TextBox(
                x + 5,
                y - CHIP_H,
                USES_W - 14,
                CHIP_H,
                name,
                size=8.0,
                min_size=6.5,
                valign="middle",
            )
        )
        y -= CHIP_H + 3
    return items


def pieces_block(game: SpaceGame, frame: Frame) -> list[Item]:
    """Each printed piece and the steps (by number) that use it."""
    items = heading(frame, "THE PIECES", "and the steps that use them")
    top = frame.top - HEADING_H - 2
    used = [
        (name, [k for k, s in enumerate(game.day.steps, start=1) if piece in s.uses])
        for piece, name in game.day.pieces.items()
    ]
    used = [(name, steps) for name, steps in used if steps]
    columns = 2
    per_column = -(-len(used) // columns)
    line = min(12.0, (top - frame.y) / max(1, per_column))
    half = (frame.width - GUTTER) / columns
    for k, (name, steps) in enumerate(used):
        x = frame.x + (k // per_column) * (half + GUTTER)
        y = top - (k % per_column + 1) * line + 2
        items.append(Text(x, y, name, 8.0, bold=True))
        numbers = ", ".join(str(s) for s in steps)
        items.append(
            Text(
                x + half,
                y,
                f"step {numbers}" if len(steps) == 1 else f"steps {numbers}",
                8.0,
                anchor="end",
                colour=DARK,
            )
        )
    return items


def day_page(game: SpaceGame, paper: Paper) -> Page:
    content = content_frame(paper)
    title, rest = content.take_top(TITLE_H, gap=10)
    bottom, steps = rest.take_bottom(SCALE_CHECK_H, gap=GUTTER)
    scale, pieces = bottom.take_right(USES_W, gap=GUTTER)
    items = page_title(game, title, "how a day goes")
    items += steps_block(game, steps)
    items += pieces_block(game, pieces)
    items += scale_check(scale, paper)
    return Page(paper.width, paper.height, tuple(items))


# -- page 2: items and the lottery -------------------------------------------------------------


def where_to_get(game: SpaceGame, item: Belonging) -> str:
    """ "$2 at The Store (Menagerie Moon)", or where an item not for sale comes from."""
    if item.where:
        places = " or ".join(game.place(p).name for p in item.where)
        return f"${item.price} at {places}"
    sources = []
    if item.id in game.sheet.resources:
        sources.append("a resource: generators, trades")
    for prize in game.lottery.prizes:
        if prize.item == item.id:
            sources.append(f"lottery prize ({_rolls(prize)})")
    for neighbor in game.neighbors:
        gives = any(
            g.kind == "item" and g.item.lower() in (item.id, item.name.lower())
            for g in (*neighbor.friends, *neighbor.not_friends)
        )
        if gives and item.id not in game.sheet.resources:
            sources.append(f"a gift from {neighbor.name}")
    return "; ".join(sources) or "not sold"


def sold_where(game: SpaceGame) -> str:
    """Where the places that sell items are: "The Store and The Zoo are on Menagerie Moon"."""
    places = list(dict.fromkeys(p for i in game.items for p in i.where))
    maps: dict[str, list[str]] = {}
    for place in places:
        found = next((m.name for m in (*game.planets, *game.moons) if m.at(place)), "")
        if found:
            maps.setdefault(found, []).append(game.place(place).name)
    parts = []
    for name, names in maps.items():
        verb = "is" if len(names) == 1 else "are"
        parts.append(f"{' and '.join(names)} {verb} on {name}")
    return "; ".join(parts) + "." if parts else ""


def _rolls(prize: Prize) -> str:
    rolls = sorted(prize.rolls)
    if len(rolls) > 1 and rolls == list(range(rolls[0], rolls[-1] + 1)):
        return f"roll {rolls[0]}-{rolls[-1]}"
    return "roll " + ", ".join(str(r) for r in rolls)


def _use_text(item: Belonging) -> str:
    return " ".join(t for t in (item.use, item.note) if t)


COLUMNS = (("Item", 0.19), ("Where, price", 0.25), ("Eat (E)", 0.12), ("Use (U), notes", 0.36))
FEED_W = 0.08


def _cells(game: SpaceGame, item: Belonging) -> list[str]:
    return [
        item.name,
        where_to_get(game, item),
        f"+{item.eat} Energy" if item.eat else "",
        _use_text(item),
        "yes" if item.feed else "",
    ]


def _row_height(cells: list[str], widths: list[float], size: float) -> float:
    lines = max(
        len(wrap(text, size, w - 6, bold=(i == 0)))
        for i, (text, w) in enumerate(zip(cells, widths, strict=True))
    )
    return block_height(lines, size) + 7


def table_size(game: SpaceGame, width: float, room: float) -> float:
    """The largest text size (TABLE_MAX down to TABLE_MIN) at which every row fits `room`."""
    widths = [width * share for _, share in COLUMNS] + [width * FEED_W]
    size = TABLE_MAX
    while size > TABLE_MIN:
        rows = sum(_row_height(_cells(game, i), widths, size) for i in game.items)
        if rows <= room:
            break
        size -= 0.25
    return size


def items_block(game: SpaceGame, frame: Frame, size: float) -> tuple[list[Item], float]:
    """The item table at text `size`; returns its items and the height it took."""
    buy, eat, use, feed = (game.action(a) for a in ("buy", "eat", "use", "feed"))
    note = (
        f"{buy.name} ({buy.code}) where it is sold, several at once; {eat.name} ({eat.code}),"
        f" {use.name} ({use.code}), {feed.name} ({feed.code}) as marked"
    )
    items = heading(frame, "ITEMS", note)
    widths = [frame.width * share for _, share in COLUMNS] + [frame.width * FEED_W]
    xs = [frame.x]
    for w in widths[:-1]:
        xs.append(xs[-1] + w)
    y = frame.top - HEADING_H - 2
    titles = [t for t, _ in COLUMNS] + [f"{feed.name} ({feed.code})"]
    for x, title in zip(xs, titles, strict=True):
        items.append(Text(x + 3, y - 8.5, title, 8.0, bold=True, colour=DARK))
    y -= 13
    items.append(rule(frame.x, frame.right, y, 0.8, DARK))
    for k, item in enumerate(game.items):
        cells = _cells(game, item)
        h = _row_height(cells, widths, size)
        if k % 2 == 0:
            items.append(Rect(frame.x, y - h, frame.width, h, stroke=None, fill=TINT))
        for i, (x, w, text) in enumerate(zip(xs, widths, cells, strict=True)):
            if text:
                items.append(
                    TextBox(
                        x + 3,
                        y - h + 3.5,
                        w - 6,
                        h - 7,
                        text,
                        size=size,
                        min_size=size,
                        bold=(i == 0),
                    )
                )
        y -= h
    items.append(rule(frame.x, frame.right, y, 0.6, LIGHT))
    building = ", ".join(game.sheet.building_resources)
    tail = (
        f"{sold_where(game)} Your {game.sheet.pockets} pockets and your"
        f" {game.treasures.name.lower()} card hold these and resources."
        f" {building.capitalize()} are building resources: leaving your planet by rocket"
        " costs one."
    )
    items.append(
        TextBox(
            frame.x, y - TAIL_H, frame.width, TAIL_H - 4, tail, size=8.5, min_size=7.0, colour=DARK
        )
    )
    return items, frame.top - (y - TAIL_H)


def lottery_block(game: SpaceGame, frame: Frame) -> list[Item]:
    explore = game.action("explore")
    items = heading(frame, "END-OF-DAY LOTTERY", f"{explore.name} ({explore.code})")
    y = frame.top - HEADING_H - 2
    how_h = block_height(len(wrap(game.lottery.how, 8.5, frame.width)), 8.5)
    items.append(
        TextBox(frame.x, y - how_h, frame.width, how_h, game.lottery.how, size=8.5, min_size=8.5)
    )
    y -= how_h + 8
    die, gap = LOTTERY_DIE, 6.0
    dice_w = max(dice_row_width(len(p.rolls), die, gap + OR_W) for p in game.lottery.prizes)
    row = LOTTERY_ROW
    for k, prize in enumerate(game.lottery.prizes):
        if k % 2 == 0:
            items.append(Rect(frame.x, y - row, frame.width, row, stroke=None, fill=YELLOW_PALE))
        cy = y - row / 2
        items += _dice_or(frame.x + 4, cy, die, prize, gap)
        x = frame.x + 4 + dice_w + 14
        items.append(centred_label(x, cy, prize.name, 10.0, bold=True, anchor="start"))
        gives = (
            f"+${prize.money}"
            if prize.money
            else f"onto your {game.treasures.name.lower()} card"
            if prize.item
            else "nothing this time"
        )
        items.append(centred_label(frame.right - 6, cy, gives, 9.0, anchor="end", colour=DARK))
        y -= row
    return items


def _dice_or(x: float, cy: float, size: float, prize: Prize, gap: float) -> list[Item]:
    """The winning results as die faces; "or" between them instead of the row's "+"."""
    items: list[Item] = []
    for i, value in enumerate(prize.rolls):
        items += dice_row(x, cy, size, [value], gap)
        x += size
        if i < len(prize.rolls) - 1:
            items.append(centred_label(x + (gap + OR_W) / 2, cy, "or", 7.0, colour=DARK))
            x += gap + OR_W
    return items


def lottery_height(game: SpaceGame, width: float) -> float:
    how = block_height(len(wrap(game.lottery.how, LOTTERY_TEXT, width)), LOTTERY_TEXT)
    return HEADING_H + 2 + how + 8 + len(game.lottery.prizes) * LOTTERY_ROW


def items_page(game: SpaceGame, paper: Paper) -> Page:
    """The item table on top, as large as the page allows; the lottery and the scale check
    side by side below it."""
    content = content_frame(paper)
    title, rest = content.take_top(TITLE_H, gap=10)
    lottery_w = rest.width * LOTTERY_W
    below = max(lottery_height(game, lottery_w), SCALE_CHECK_H)
    room = rest.height - below - GUTTER - HEADING_H - 15 - TAIL_H
    size = table_size(game, rest.width, room)
    items = page_title(game, title, "items and the lottery")
    block, used = items_block(game, rest, size)
    items += block
    top = rest.top - used - GUTTER
    lottery = Frame(rest.x, top - below, lottery_w, below)
    scale = Frame(
        lottery.right + GUTTER,
        top - SCALE_CHECK_H,
        rest.right - lottery.right - GUTTER,
        SCALE_CHECK_H,
    )
    items += lottery_block(game, lottery)
    items += scale_check(scale, paper)
    return Page(paper.width, paper.height, tuple(items))


def reference_pages(game: SpaceGame, paper: Paper) -> list[Page]:
    return [day_page(game, paper), items_page(game, paper)]


def render_reference(game: SpaceGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    pages = reference_pages(game, paper_named(options.paper))
    return write_component(
        game,
        out_dir,
        "reference",
        pages,
        len(pages),
        "how a day goes, items and lottery",
        options.paper,
    )
