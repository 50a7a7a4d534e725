"""A phone's view: every QR code printed for Personal Space decodes, and opens a page
that the built site really has."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pypdfium2 as pdfium
import pytest
import zxingcpp

from sheetsmith.definition import load
from sheetsmith.games.space.links import targets
from sheetsmith.photo.marks import parse_payload
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions
from sheetsmith.site import build_site

BASE = "https://club.example.net/ps/"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("roundtrip")
    game = load("personal-space")
    files = render_game(game, out / "pdf", RenderOptions(base_url=BASE))
    pages = build_site(game, BASE, out / "site")
    return game, files, pages, out / "site"


def decoded_urls(pdf: Path) -> list[str]:
    found = []
    document = pdfium.PdfDocument(str(pdf))
    for page in document:
        image = page.render(scale=150 / 72).to_pil()
        found += [
            r.text
            for r in zxingcpp.read_barcodes(image)
            if r.format == zxingcpp.BarcodeFormat.QRCode
        ]
    return found


def test_every_printed_code_opens_a_built_page(built):
    game, files, _pages, site = built
    scanned = []
    for rendered in files:
        scanned += decoded_urls(rendered.path)
    # the daily sheet's page code names the page for a photo reader; it opens nothing
    page_codes = [s for s in scanned if parse_payload(s)]
    assert page_codes == ["sheetsmith:personal-space/daily-sheet/letter/" + page_codes[0][-8:]]
    scanned = [s for s in scanned if s not in page_codes]
    expected = {BASE + t.path for t in targets(game)}
    assert set(scanned) == expected, "every target printed, and nothing else"
    for url in scanned:
        path = urlsplit(url).path.removeprefix(urlsplit(BASE).path)
        page = site / path
        assert page.is_file(), f"{url} -> {page} is missing"
        assert "<html" in page.read_text(encoding="utf-8").lower()


def test_site_index_lists_every_page(built):
    game, _files, pages, site = built
    index = (site / "index.html").read_text(encoding="utf-8")
    for target in targets(game):
        assert f'href="{target.path}"' in index
    assert {p.url for p in pages} >= {BASE + t.path for t in targets(game)}
