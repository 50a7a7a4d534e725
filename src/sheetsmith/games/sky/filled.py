"""`render my-corner-of-the-sky --filled SHEET.toml`: a typed sheet drawn onto the game
pages, each filled mark in pencil grey where the player filled it.

A record of a finished game to keep or share, the picture to hold beside a photo, and
the ground truth photo tests start from: the pencil goes exactly on the readable marks
(`sky.readable`), by the same keys, so what is drawn is what a reader should read.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from sheetsmith.errors import Problem, SheetError
from sheetsmith.games.sky.model import SkyGame
from sheetsmith.games.sky.readable import readable
from sheetsmith.games.sky.sheet import SkySheet, parse_sheet
from sheetsmith.games.sky.star_map import point_key
from sheetsmith.photo.marks import Mark
from sheetsmith.print.primitives import Circle, Item, Line, Page

PENCIL = (0.4, 0.4, 0.4)  # a soft pencil on white, as a phone sees it


def read_filled(game: SkyGame, path: str) -> SkySheet:
    """The typed sheet at `path`, or `SheetError` with every problem, as `check` says them."""
    from sheetsmith.definition import is_definition
    from sheetsmith.toml.document import read_toml
    from sheetsmith.toml.node import Context

    doc = read_toml(Path(path), path)
    if isinstance(doc, Problem):
        raise SheetError([doc])
    if is_definition(doc.data):
        raise SheetError(
            [
                Problem(
                    "--filled: this is a game definition, not a typed sheet: give the sheet"
                    " typed (or read from photos) for a finished game",
                    file=path,
                )
            ]
        )
    ctx = Context(doc)
    root = ctx.root()
    named = root["game"].str()
    if named is not None and named.strip().lower() != game.info.id:
        ctx.fail(("game",), f"--filled: a sheet of {named!r}, not of {game.info.id!r}")
        raise SheetError(ctx.problems)  # its keys are another game's: one problem says it
    sheet = parse_sheet(root, game, path)
    if ctx.problems:
        raise SheetError(ctx.problems)
    return sheet


def filled_keys(game: SkyGame, sheet: SkySheet) -> Iterator[str]:
    """The readable marks (`sky.readable` keys) a typed sheet says are filled."""
    for x, y in sorted(sheet.points):
        yield point_key(x, y)
    for table in ("abilities", "supporters", "schedule"):
        for name, boxes in getattr(sheet, table).items():
            yield from (f"{table}.{name}:{i}" for i, filled in enumerate(boxes) if filled)
    by_id = {a.id: a for a in game.articles}
    for name, entry in sheet.articles.items():
        yield from (f"articles.{name}:{i}" for i, filled in enumerate(entry.cost) if filled)
        if entry.reward == "point":
            yield f"articles.{name}.reward:major"  # the sheet does not say which: the major
        elif (
            entry.reward is not None and entry.reward == by_id[name].reward
        ) or entry.reward is not None:
            yield f"articles.{name}.reward:number"


def pencil(mark: Mark) -> list[Item]:
    """A mark filled as a hand would: a point or box shaded in, a value circled, a grid
    square written in (a stroke across it)."""
    box = mark.box
    cx, cy = box.centre
    side = min(box.width, box.height)
    if mark.kind == "point":
        return [Circle(cx, cy, side * 0.42, stroke=None, fill=PENCIL)]
    if mark.kind == "box":
        # inside the diamond, square or star outline it shades
        return [Circle(cx, cy, side * 0.3, stroke=None, fill=PENCIL)]
    if mark.kind == "circle":
        return [Circle(cx, cy, side * 0.5, stroke=PENCIL, line_width=1.2)]
    inset = side * 0.25
    return [
        Line(box.x + inset, box.y + inset, box.x1 - inset, box.y1 - inset, PENCIL, 1.4),
        Line(box.x + inset, box.y1 - inset, box.x1 - inset, box.y + inset, PENCIL, 1.4),
    ]


def filled_pages(game: SkyGame, pages: list[Page], paper_name: str, sheet: SkySheet) -> list[Page]:
    """`pages` (the game pages on `paper_name`) with the sheet's filled marks pencilled on."""
    keys = set(filled_keys(game, sheet))
    out = []
    for page, layout in zip(pages, readable(game, paper_name), strict=True):
        drawn: list[Item] = []
        for mark in layout.marks:
            if mark.key in keys:
                drawn += pencil(mark)
        out.append(Page(page.width, page.height, page.items + tuple(drawn)))
    return out
