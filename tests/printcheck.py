"""What every printed page of a component owes a home printer, checked on its layout data:
nothing within 6 mm of the paper edge, no text under 6 pt, every text box fitting."""

from __future__ import annotations

from collections.abc import Iterable
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
