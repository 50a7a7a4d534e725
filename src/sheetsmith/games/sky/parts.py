"""Pieces both My Corner of the Sky pages share: margins, headings, the page header."""

from __future__ import annotations

from sheetsmith.games.sky.model import SkyGame
from sheetsmith.print.fonts import text_width
from sheetsmith.print.layout import Frame, fit_size, rule
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import DARK, INCH, MM, Item, Text
from sheetsmith.print.registration import BAND, Registration, readable_page, registration

MARGIN = 0.42 * INCH  # home printers cannot print the outer ~0.25 in; 0.4 in is the floor
GUTTER = 14.0  # between side-by-side blocks
HEADING = 10.5  # section heading size
HEADING_H = 17.0  # a heading and the space under it
DIE = 16 * MM  # a standard die
SMALL = 7.5  # body text


def content_frame(paper: Paper) -> Frame:
    """The page inside its margins; above and below, the registration markers' bands
    (both pages are read from photos)."""
    return Frame(MARGIN, BAND, paper.width - 2 * MARGIN, paper.height - 2 * BAND)


def page_registration(game: SkyGame, page: str, paper: Paper) -> Registration:
    return registration(paper, readable_page(game, page, paper, None, ()).payload)


def heading(frame: Frame, text: str, note: str = "") -> list[Item]:
    """A section heading on the frame's top edge, underlined across the frame; `note`
    is a short hint at the right end of the heading line."""
    base = frame.top - HEADING * 0.93
    items: list[Item] = [
        Text(frame.x, base, text, HEADING, bold=True),
        rule(frame.x, frame.right, base - 4.0, 0.6, DARK),
    ]
    room = frame.width - text_width(text, HEADING, bold=True) - 10
    size = fit_size(note, room, 7.0, 6.0)
    if note and text_width(note, size) <= room:
        items.append(Text(frame.right, base, note, size, anchor="end", colour=DARK))
    return items


def byline(game: SkyGame) -> str:
    info = game.info
    parts = (
        f"by {info.designer}" if info.designer else "",
        f"version {info.version}" if info.version else "",
        f"{info.players} players" if info.players else "",
        info.time,
        f"ages {info.ages}" if info.ages else "",
    )
    return " · ".join(p for p in parts if p)


def page_header(
    game: SkyGame, frame: Frame, subtitle: str, page: int, pages: int, right: float | None = None
) -> list[Item]:
    """The title, large, over the byline and the page number; text ends left of `right`
    (the page code's corner), the rule below runs the frame's width."""
    right = frame.right if right is None else right
    title = game.info.title.upper()
    size = fit_size(title, frame.width * 0.62, 20, 12, bold=True)
    return [
        Text(frame.x, frame.top - size * 0.93, title, size, bold=True),
        Text(frame.x, frame.y + 3, byline(game), 8, colour=DARK),
        Text(
            right,
            frame.y + 3,
            f"{subtitle} · page {page} of {pages}",
            8,
            anchor="end",
            colour=DARK,
        ),
        rule(frame.x, frame.right, frame.y - 3, 1.2),
    ]


def compact_header(game: SkyGame, frame: Frame, subtitle: str, page: int, pages: int) -> list[Item]:
    """One line: the title, then the page's subject and number."""
    title = game.info.title.upper()
    return [
        Text(frame.x, frame.y + 4, title, 13, bold=True),
        Text(
            frame.right,
            frame.y + 4,
            f"{subtitle} · page {page} of {pages}",
            8,
            anchor="end",
            colour=DARK,
        ),
        rule(frame.x, frame.right, frame.y - 2, 1.2),
    ]
