"""The deck: one poker-sized card per entry, laid out as data and saved by sheetsmith."""

from __future__ import annotations

from sheetsmith.output import Output
from sheetsmith.print.document import DocumentInfo, save
from sheetsmith.print.paper import paper
from sheetsmith.print.primitives import INCH, Page, Rect, Text
from sheetsmith.render_options import RenderedFile, RenderOptions
from tiny_game.model import TinyGame


def render_cards(game: TinyGame, out: Output, options: RenderOptions) -> RenderedFile:
    sheet = paper(options.paper)
    items = []
    for i, card in enumerate(game.cards):
        x, y = 0.75 * INCH + i * 2.5 * INCH, sheet.height - 4.25 * INCH
        items.append(Rect(x, y, 2.5 * INCH, 3.5 * INCH, stroke=(0, 0, 0)))
        items.append(Text(x + 12, y + 3.2 * INCH, card.id.upper(), size=14, bold=True))
        items.append(Text(x + 12, y + 2.9 * INCH, card.text, size=9))
    page = Page(sheet.width, sheet.height, tuple(items))
    info = DocumentInfo(title=f"{game.info.title}: cards")
    return save(out, game.info.id, "cards", [page], len(game.cards), info)
