"""Text measuring, wrapping and fitting, and the rule that only the backend draws."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

import sheetsmith
from sheetsmith.definition import load
from sheetsmith.games.sky.pages import game_pages
from sheetsmith.print.bounds import bounds, walk
from sheetsmith.print.fonts import BOLD, FONT_FILES, REGULAR, metrics, text_width
from sheetsmith.print.paper import A4, LETTER
from sheetsmith.print.primitives import Text, TextBox
from sheetsmith.print.text import fit, wrap

SAMPLES = [
    "MY CORNER OF THE SKY",
    "Spend experience: the lowest die plus the filled ◇ ☆ △ of the current day.",
    "□1 ◇2 ◇3 ☆ ○ ● “fit to page” 0–9 50+ 45° · é",
]


@pytest.fixture(scope="module", autouse=True)
def reportlab_fonts():
    for name, path in FONT_FILES.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(path)))


@pytest.mark.parametrize("sample", SAMPLES)
@pytest.mark.parametrize("bold", [False, True])
def test_widths_match_what_reportlab_draws(sample: str, bold: bool):
    expected = pdfmetrics.stringWidth(sample, BOLD if bold else REGULAR, 9.5)
    assert text_width(sample, 9.5, bold) == pytest.approx(expected, abs=1e-9)


def test_every_character_on_the_sky_pages_has_a_glyph():
    game = load("my-corner-of-the-sky")
    chars = set()
    for paper in (LETTER, A4):
        for page in game_pages(game, paper):
            for item, _ in walk(page.items):
                if isinstance(item, Text | TextBox):
                    chars |= set(item.text) - {"\n"}
    for name in (REGULAR, BOLD):
        missing = sorted(ch for ch in chars if not metrics(name).has_glyph(ch))
        assert not missing, (name, missing)


def test_wrap_keeps_lines_inside_the_width():
    text = SAMPLES[1] * 3
    for width in (60.0, 120.0, 300.0):
        lines = wrap(text, 8, width)
        assert " ".join(lines).split() == text.split()
        assert all(text_width(line, 8) <= width + 1e-9 for line in lines)


def test_wrap_breaks_at_newlines_and_keeps_long_words_whole():
    assert wrap("one\ntwo three", 10, 500) == ("one", "two three")
    assert wrap("Supercalifragilistic", 10, 20) == ("Supercalifragilistic",)


def test_fit_shrinks_to_fit_and_reports_overflow():
    roomy = TextBox(0, 0, 200, 40, SAMPLES[1], size=10, min_size=6)
    assert fit(roomy).fits and fit(roomy).size == 10
    tight = TextBox(0, 0, 120, 30, SAMPLES[1], size=10, min_size=6)
    fitted = fit(tight)
    assert fitted.fits and 6 <= fitted.size < 10
    hopeless = TextBox(0, 0, 40, 8, SAMPLES[1] * 4, size=10, min_size=7)
    assert not fit(hopeless).fits and fit(hopeless).size == 7
    x0, y0, x1, y1 = bounds(tight)
    assert (x0, x1) >= (0, 0) and x1 <= 120 + 1e-6 and y0 >= -1e-6 and y1 <= 30 + 1e-6


def test_text_bounds_follow_the_anchor():
    width = text_width("Sunday", 10, True)
    for anchor, start in (("start", 100.0), ("middle", 100 - width / 2), ("end", 100 - width)):
        x0, y0, x1, y1 = bounds(Text(100, 50, "Sunday", 10, bold=True, anchor=anchor))
        assert (x0, x1) == pytest.approx((start, start + width))
        assert y0 < 50 < y1


def test_only_the_pdf_backend_imports_reportlab():
    src = Path(sheetsmith.__file__).parent
    importers = sorted(
        str(path.relative_to(src))
        for path in src.rglob("*.py")
        if re.search(r"^\s*(from|import)\s+reportlab", path.read_text(), re.M)
    )
    assert importers == ["print/pdf.py"]
