"""QR codes on Personal Space cards: they decode from a 150 dpi print, as normal QR codes at
level M, to the URL of their own neighbor or location; they are drawn as merged vector
blocks at least 20 mm wide with their quiet zone; bad base URLs are refused."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import qrcode
import zxingcpp
from qrcode.constants import ERROR_CORRECT_M

from sheetsmith.definition import load
from sheetsmith.errors import OptionError
from sheetsmith.games.space.locations import location_cards, location_front
from sheetsmith.games.space.neighbors import neighbor_cards, neighbor_pages
from sheetsmith.print.primitives import MM, WHITE, Blocks, Group, Item, Page, Rect, Stamp
from sheetsmith.print.qr import MIN_MODULE, MIN_WIDTH, QUIET, blocks, encode, penalty, qr_code
from sheetsmith.print.render import render_game
from sheetsmith.render_options import RenderOptions
from sheetsmith.site.urls import MAX_URL_BYTES

DPI = 150
DEFAULT = "https://personal-space.example.org/"
OTHER = "https://club.example.net/ps/"
# the longest base URL `links` accepts: "locations/jukebox.html" makes 106 bytes, version 6
LONGEST = "https://" + "p" * 60 + ".example.org/xx/"


@pytest.fixture(scope="module")
def game():
    return load("personal-space")


def expected_urls(game, base: str) -> dict[str, str]:
    return {
        **{n.name: f"{base}neighbors/{n.id}.html" for n in game.neighbors},
        "theater": f"{base}locations/theater.html",
        "zoo": f"{base}locations/zoo.html",
        "jukebox": f"{base}locations/jukebox.html",
    }


def decode_pdf(path: Path) -> list[list[zxingcpp.Result]]:
    """Every code found on each page of a 150 dpi rasterization."""
    pdf = pdfium.PdfDocument(str(path))
    found = []
    for page in pdf:
        image = page.render(scale=DPI / 72).to_pil()
        found.append(list(zxingcpp.read_barcodes(image)))
    return found


@pytest.fixture(
    scope="module", params=[None, OTHER, LONGEST], ids=["default-url", "base-url", "longest"]
)
def rendered(request, game, tmp_path_factory):
    out = tmp_path_factory.mktemp("qr")
    options = RenderOptions(components=("neighbors", "locations"), base_url=request.param)
    files = {f.component: f.path for f in render_game(game, out, options)}
    return request.param or DEFAULT, files


def test_every_code_decodes_to_its_own_url(game, rendered):
    base, files = rendered
    if base == LONGEST:
        assert max(len(u.encode()) for u in expected_urls(game, base).values()) == MAX_URL_BYTES
    decoded: list[str] = []
    for component in ("neighbors", "locations"):
        pages = decode_pdf(files[component])
        for number, results in enumerate(pages):
            if number % 2:  # backs carry no codes
                assert results == []
                continue
            for result in results:
                assert result.valid
                assert result.format == zxingcpp.BarcodeFormat.QRCode  # never Micro QR
                assert result.ec_level in ("M", "Q", "H")
                # at least 20 mm wide as printed (zxing gives the symbol's corners)
                xs = [p.x for p in (result.position.top_left, result.position.top_right)]
                assert (max(xs) - min(xs)) / DPI * 25.4 >= 19.5
                decoded.append(result.text)
    expected = expected_urls(game, base)
    assert sorted(decoded) == sorted(expected.values())
    assert all(url.startswith(base) for url in decoded)


def test_each_neighbor_card_holds_its_own_url(game):
    """Layout data: the code drawn on each card encodes that card's neighbor's URL."""
    cards = neighbor_cards(game, RenderOptions())
    urls = expected_urls(game, DEFAULT)
    for card in cards:
        assert card.url == urls[card.neighbor.name]
        assert card.path == f"neighbors/{card.neighbor.id}.html"
    locations = location_cards(game, RenderOptions(base_url=OTHER))
    assert [c.url for c in locations] == [urls[k].replace(DEFAULT, OTHER) for k in urls][-3:]


def leaves(items, dx=0.0, dy=0.0):
    for item in items:
        if isinstance(item, Group):
            yield from leaves(item.items, dx + item.dx, dy + item.dy)
        elif isinstance(item, Stamp):
            yield from leaves(item.items, dx, dy)
        else:
            yield item, dx, dy


def codes_on(items: list[Item]) -> list[tuple[Blocks, Rect]]:
    """Each QR code on a card: its dark blocks and the white square drawn just before."""
    flat = list(leaves(items))
    found = []
    for k, (item, _, _) in enumerate(flat):
        if isinstance(item, Blocks):
            white = flat[k - 1][0]
            assert isinstance(white, Rect) and white.fill == WHITE and white.stroke is None
            found.append((item, white))
    return found


def check_code(block: Blocks, white: Rect) -> None:
    xs0 = min(c for c, _, _, _ in block.cells)
    xs1 = max(c + w for c, _, w, _ in block.cells)
    ys0 = min(r for _, r, _, _ in block.cells)
    ys1 = max(r + h for _, r, _, h in block.cells)
    assert (xs0, ys0) == (0, 0)  # finder patterns reach the symbol's corners
    size = xs1
    assert ys1 == size and (size - 17) % 4 == 0  # a square QR symbol, version (size-17)/4
    width = size * block.unit
    assert width >= MIN_WIDTH - 1e-9  # >= 20 mm
    assert block.unit >= MIN_MODULE
    # the white square keeps a 4-module quiet zone on every side
    quiet = QUIET * block.unit
    assert white.x == pytest.approx(block.x - quiet)
    assert white.y == pytest.approx(block.y - quiet)
    assert white.width == pytest.approx(width + 2 * quiet)
    assert white.height == pytest.approx(width + 2 * quiet)
    # runs are merged: fewer rectangles than dark modules, covering each dark module once
    dark = sum(w * h for _, _, w, h in block.cells)
    assert len(block.cells) < dark
    covered = set()
    for c, r, w, h in block.cells:
        for cell in itertools.product(range(c, c + w), range(r, r + h)):
            assert cell not in covered
            covered.add(cell)


def test_codes_are_merged_blocks_at_least_20_mm_wide_with_a_quiet_zone(game):
    options = RenderOptions()
    pages: list[Page] = neighbor_pages(game, neighbor_cards(game, options), options)
    found = [code for page in pages[::2] for code in codes_on(list(page.items))]
    assert len(found) == len(game.neighbors)
    for block, white in found:
        check_code(block, white)
        assert block.unit * 33 >= 20 * MM
    for card in location_cards(game, options):
        ((block, white),) = codes_on(location_front(card))
        check_code(block, white)


@pytest.mark.parametrize(
    "base",
    ["ftp://personal-space.example.org/", "https://" + "a" * MAX_URL_BYTES + ".org/"],
    ids=["ftp", "too-long"],
)
@pytest.mark.parametrize("component", ["neighbors", "locations"])
def test_bad_base_urls_are_refused(game, tmp_path, base, component):
    options = RenderOptions(components=(component,), base_url=base)
    with pytest.raises(OptionError, match="--base-url"):
        render_game(game, tmp_path, options)
    assert not (tmp_path / "personal-space" / f"{component}.pdf").exists()


# -- the encoder ---------------------------------------------------------------------------


def library_matrix(data: str, mask: int | None) -> tuple[int, tuple[int, ...]]:
    q = qrcode.QRCode(error_correction=ERROR_CORRECT_M, mask_pattern=mask, border=0)
    q.add_data(data)
    q.make(fit=True)
    return q.version, tuple(int("".join("1" if m else "0" for m in row), 2) for row in q.modules)


SAMPLES = [
    DEFAULT + "neighbors/marga.html",
    OTHER + "locations/jukebox.html",
    "https://x.io/",
    "HTTPS://EXAMPLE.ORG/ABC",
    "https://" + "b" * 90 + ".org/",
] + [f"https://s{k}.example/{'q' * k}" for k in range(0, 80, 7)]


@pytest.mark.parametrize("data", SAMPLES)
def test_encoder_matches_the_library_for_the_chosen_mask(data: str):
    """The symbol derived by XOR from one library build equals the library's own symbol
    for the mask chosen, at the smallest version the library fits the data in."""
    matrix = encode(data)
    version, rows = library_matrix(data, matrix.mask)
    assert (matrix.version, matrix.error) == (version, "M")
    assert matrix.size == 4 * version + 17
    assert matrix.rows == rows
    # the chosen mask has the lowest penalty of all eight library symbols
    scores = [penalty(library_matrix(data, m)[1], matrix.size) for m in range(8)]
    assert scores[matrix.mask] == min(scores)


def naive_penalty(rows: tuple[int, ...], n: int) -> int:
    lines = [format(r, f"0{n}b") for r in rows]
    columns = ["".join(c) for c in zip(*lines, strict=True)]
    n1 = sum(
        3 + len(m.group()) - 5
        for line in lines + columns
        for m in re.finditer(r"0+|1+", line)
        if len(m.group()) >= 5
    )
    n2 = 3 * sum(
        1
        for r in range(n - 1)
        for c in range(n - 1)
        if lines[r][c] == lines[r][c + 1] == lines[r + 1][c] == lines[r + 1][c + 1]
    )
    n3 = 0
    for line in lines + columns:
        padded = "0000" + line + "0000"
        n3 += 40 * sum(
            padded[i : i + 11] in ("10111010000", "00001011101") for i in range(len(padded))
        )
    dark = sum(line.count("1") for line in lines)
    n4 = 10 * (abs(dark * 20 - n * n * 10) // (n * n))
    return n1 + n2 + n3 + n4


def test_penalty_matches_a_module_by_module_count():
    rng = random.Random(5)
    for _ in range(120):
        n = rng.choice([21, 25, 29, 33, 37, 41])
        p = rng.random()
        rows = tuple(rng.getrandbits(n) if p > 0.3 else int(p * 2**n) for _ in range(n))
        assert penalty(rows, n) == naive_penalty(rows, n)
    for data in SAMPLES[:3]:
        m = encode(data)
        assert penalty(m.rows, m.size) == naive_penalty(m.rows, m.size)


def test_blocks_cover_exactly_the_dark_modules():
    for data in SAMPLES:
        m = encode(data)
        covered = {
            (r + dr, c + dc) for c, r, w, h in blocks(m) for dr in range(h) for dc in range(w)
        }
        dark = {(r, c) for r in range(m.size) for c in range(m.size) if m.dark(r, c)}
        assert covered == dark
        assert len(blocks(m)) < m.dark_count


def test_a_code_too_small_to_print_is_refused():
    with pytest.raises(OptionError, match=r"--base-url.*20 mm"):
        qr_code(DEFAULT, 0, 0, 19 * MM)
    # a long URL at 20 mm: modules under 0.35 mm
    long = "https://example.org/" + "x" * 300  # version 13: 69 modules
    with pytest.raises(OptionError, match=r"--base-url.*below 0\.35 mm"):
        qr_code(long, 0, 0, 20 * MM)
    assert qr_code(long, 0, 0, 40 * MM).module >= MIN_MODULE


def test_only_levels_m_or_better():
    with pytest.raises(ValueError, match="M, Q or H"):
        encode(DEFAULT, "L")
    assert encode(DEFAULT, "H").error == "H"
