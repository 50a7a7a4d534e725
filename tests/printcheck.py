"""What every printed page of a component owes a home printer, checked on its layout data:
nothing within 6 mm of the paper edge, no text under 6 pt, every text box fitting."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

from sheetsmith.print.bounds import inside, walk
from sheetsmith.print.paper import Paper
from sheetsmith.print.primitives import MM, Page, Text, TextBox
from sheetsmith.print.text import fit

ROOT = Path(__file__).parents[1]
SIZES = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
EDGE = 6 * MM  # home printers leave ~5 mm blank: keep 6 mm


def squash(text: str) -> str:
    """Whitespace folded to single spaces, for comparing text extracted from a PDF."""
    return " ".join(text.split())


def assert_printable(pages: Iterable[Page], paper: Paper) -> None:
    area = (EDGE, EDGE, paper.width - EDGE, paper.height - EDGE)
    for number, page in enumerate(pages, start=1):
        leaves = list(walk(page.items))
        outside = [item for item, box in leaves if not inside(box, area)]
        assert not outside, (number, outside[:3])
        for item, _ in leaves:
            if isinstance(item, Text):
                assert item.size >= 6.0, item
            if isinstance(item, TextBox):
                fitted = fit(item)
                assert fitted.fits and fitted.size >= 6.0, item.text


def rendered_pages(paper: str, **options: object) -> dict[tuple[str, str], list[Page]]:
    """Every page of every component of every bundled game, as laid out for `paper` (and
    any other `RenderOptions`): what `render` hands the PDF backend, which is not run."""
    return dict(_rendered(paper, tuple(sorted(options.items()))))


@cache
def _rendered(
    paper: str, options: tuple[tuple[str, object], ...]
) -> tuple[tuple[tuple[str, str], list[Page]], ...]:
    import tempfile
    from unittest import mock

    from sheetsmith.definition import bundled_games, load
    from sheetsmith.print.render import components, render_game
    from sheetsmith.render_options import RenderOptions

    captured: dict[tuple[str, str], list[Page]] = {}
    current: list[tuple[str, str]] = []

    def capture(pages, handle, info, on_page=None):  # the backend's signature
        captured[current[-1]] = list(pages)
        handle.write(b"%PDF-1.4\n%%EOF\n")

    with mock.patch("sheetsmith.print.pdf.write_pdf", capture):
        for game_id in bundled_games():
            game = load(game_id)
            for name in components(game):
                current.append((game_id, name))
                wanted = RenderOptions(paper=paper, components=(name,), **dict(options))
                with tempfile.TemporaryDirectory() as folder:
                    render_game(game, Path(folder), wanted)
    return tuple(captured.items())
