"""Personal Space's sheets, postcards, boards and cards: the PDFs as a printer and a player
would see them, and the layout data they are drawn from."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest

from sheetsmith.definition import load
from sheetsmith.games.space.actions import action_front, card_layout
from sheetsmith.games.space.daily import daily_layout, daily_page, grid_block
from sheetsmith.games.space.generators import generator_pages
from sheetsmith.games.space.hole import hole_layout
from sheetsmith.games.space.jobs import cost_shape, job_front, set_aside_count
from sheetsmith.games.space.pond import pond_layout
from sheetsmith.games.space.tree import tree_layout
from sheetsmith.print.bounds import inside, overlaps, walk
from sheetsmith.print.imposition import POKER, POSTCARD
from sheetsmith.print.paper import A4, LETTER
from sheetsmith.print.primitives import INCH, MM, Circle, Item, Rect, Stamp, Text, TextBox
from sheetsmith.print.registration import registration
from sheetsmith.print.render import render_game
from sheetsmith.print.text import fit
from sheetsmith.render_options import RenderOptions

GAME_ID = "personal-space"
PAPERS = {"letter": LETTER, "a4": A4}
SIZES = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
MARGIN = 0.4 * INCH
COMPONENTS = ("daily-sheet", "jobs", "generators", "actions")


@pytest.fixture(scope="module")
def game():
    return load(GAME_ID)


@pytest.fixture(scope="module", params=["letter", "a4"])
def rendered(request, game, tmp_path_factory) -> tuple[str, dict[str, Path]]:
    out = tmp_path_factory.mktemp(f"space-{request.param}")
    files = render_game(game, out, RenderOptions(paper=request.param, components=COMPONENTS))
    return request.param, {f.component: f.path for f in files}


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def leaves(items) -> list[tuple[Item, tuple[float, float, float, float]]]:
    return list(walk(items))


# -- every PDF ----------------------------------------------------------------------------


@pytest.mark.parametrize("component", COMPONENTS)
def test_fonts_are_embedded_dejavu_and_no_glyph_is_missing(rendered, component):
    _, paths = rendered
    path = paths[component]
    reader = pypdf.PdfReader(path)
    for page in reader.pages:
        fonts = page["/Resources"]["/Font"]
        for ref in fonts.values():
            font = ref.get_object()
            base = str(font["/BaseFont"])
            assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans(-Bold)?", base), base
            assert "/FontFile2" in font["/FontDescriptor"], f"{base} is not embedded"
    assert b"Helvetica" not in path.read_bytes()
    text = pdf_text(path)
    assert "\u25a0" not in text and "\ufffd" not in text


@pytest.mark.parametrize("component", COMPONENTS)
def test_pages_are_not_blank(rendered, component):
    _, paths = rendered
    pdf = pdfium.PdfDocument(str(paths[component]))
    try:
        for index in range(len(pdf)):
            image = pdf[index].render(scale=0.5).to_pil().convert("L")
            dark = sum(image.histogram()[:160])
            assert dark > 0.02 * image.width * image.height, f"page {index + 1} is nearly blank"
    finally:
        pdf.close()


@pytest.mark.parametrize("component", COMPONENTS)
def test_two_renders_are_byte_identical(game, tmp_path, component):
    options = RenderOptions(paper="a4", components=(component,), copies=2)
    first = render_game(game, tmp_path / "one", options)[0].path
    second = render_game(game, tmp_path / "two", options)[0].path
    assert first.read_bytes() == second.read_bytes()


# -- the daily sheet ----------------------------------------------------------------------


def test_daily_sheet_pages_are_exact_paper(rendered):
    paper, paths = rendered
    reader = pypdf.PdfReader(paths["daily-sheet"])
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == (
        SIZES[paper]
    )


def test_copies_give_identical_pages(game, tmp_path):
    (entry,) = render_game(game, tmp_path, RenderOptions(components=("daily-sheet",), copies=3))
    assert (entry.component, entry.count, entry.pages) == ("daily-sheet", 3, 3)
    assert entry.path == tmp_path / GAME_ID / "daily-sheet.pdf"
    reader = pypdf.PdfReader(entry.path)
    texts = [page.extract_text() for page in reader.pages]
    assert len(texts) == 3 and texts[0] == texts[1] == texts[2]


def test_daily_sheet_text(rendered, game):
    _, paths = rendered
    text = pdf_text(paths["daily-sheet"])
    for day in game.sheet.days:
        assert day.capitalize() in text
    for word in ("DAY", "DATE", "LOG", "SPEED", "ENERGY", "MOOD", "bad mood", "MONEY"):
        assert word in text
    for word in ("POCKETS", "JOB", "LETTER CODES", "scale check", "First die = column"):
        assert word in text
    # what a typed sheet asks of the day: its planet, each entry's places and money
    for word in ("planet", "path, to, roll, note", "$"):
        assert word in text
    for action in game.actions:
        assert action.name in text, action.name
        assert action.code in text, action.code


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_daily_sheet_stays_inside_the_margins_at_legible_sizes(game, paper):
    page = daily_page(game, paper)
    assert (page.width, page.height) == (paper.width, paper.height)
    area = (MARGIN, MARGIN, paper.width - MARGIN, paper.height - MARGIN)
    # the registration markers and page code, drawn last, lie in the margins (6 mm in:
    # tests/test_readable_pages.py)
    drawn = page.items[: -len(registration(paper, "x").items)]
    outside = [item for item, box in leaves(drawn) if not inside(box, area)]
    assert not outside, outside[:3]
    for item, _ in leaves(page.items):
        if isinstance(item, Text):
            assert item.size >= 7.0, item
        if isinstance(item, TextBox):
            fitted = fit(item)
            assert fitted.fits and fitted.size >= 7.0, item.text


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_daily_sheet_blocks_do_not_overlap(game, paper):
    lay = daily_layout(game, paper)
    frames = {
        name: (f.x, f.y, f.right, f.top)
        for name, f in (
            ("header", lay.header),
            ("days", lay.days),
            ("grid", lay.grid),
            ("log", lay.log),
            ("trackers", lay.trackers),
            ("carry", lay.carry),
            ("scale", lay.scale),
            ("legend", lay.legend),
        )
    }
    names = list(frames)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not overlaps(frames[a], frames[b]), (a, b)


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_daily_grid_has_36_squares_labelled_1_to_6_on_both_axes(game, paper):
    lay = daily_layout(game, paper)
    geo = lay.geometry
    items = grid_block(game, lay.grid, geo)
    n = game.sheet.grid
    assert n == 6
    squares = [
        i
        for i in items
        if isinstance(i, Rect) and abs(i.width - geo.square) < 0.01 and i.width == i.height
    ]
    assert len(squares) == 36
    assert {(round(s.x, 3), round(s.y, 3)) for s in squares} == {
        (round(geo.cell(c, r)[0], 3), round(geo.cell(c, r)[1], 3))
        for c in range(1, 7)
        for r in range(1, 7)
    }
    # big enough for two or three letters and a log number: about 0.8 in (20 mm)
    assert geo.square >= 19.5 * MM
    labels = [i for i in items if isinstance(i, Text) and i.text.isdigit()]
    bottom = sorted((t for t in labels if t.y < geo.y0), key=lambda t: t.x)
    left = sorted((t for t in labels if t.x < geo.x0), key=lambda t: t.y)
    assert [t.text for t in bottom] == ["1", "2", "3", "4", "5", "6"]
    assert [t.text for t in left] == ["1", "2", "3", "4", "5", "6"]  # 1 at the bottom
    for k, t in enumerate(bottom, start=1):
        x0, _, x1, _ = geo.cell(k, 1)
        assert abs(t.x - (x0 + x1) / 2) < 0.01
    for k, t in enumerate(left, start=1):
        _, y0, _, y1 = geo.cell(1, k)
        assert y0 < t.y < y1


def test_daily_scale_check_is_exact(game):
    for paper, side in ((LETTER, INCH), (A4, 25 * MM)):
        page = daily_page(game, paper)
        squares = [i for i, _ in leaves(page.items) if isinstance(i, Rect)]
        assert any(abs(r.width - side) < 1e-6 and abs(r.height - side) < 1e-6 for r in squares)


def test_daily_mood_bad_range_is_shaded(game):
    page = daily_page(game, LETTER)
    texts = [i for i, _ in leaves(page.items) if isinstance(i, Text)]
    mood = next(t for t in texts if t.text == "MOOD")
    row = [
        i
        for i, _ in leaves(page.items)
        if isinstance(i, Rect) and i.fill is not None and abs(i.y + i.height / 2 - mood.y) < 8
    ]
    shaded = [r for r in row if r.fill != (1.0, 1.0, 1.0)]
    mood_t = game.sheet.mood
    assert len(row) == mood_t.max - mood_t.min + 1
    assert len(shaded) == mood_t.bad_at_most - mood_t.min + 1
    assert max(r.x for r in shaded) < min(r.x for r in row if r not in shaded)


# -- cards and postcards: shared checks -----------------------------------------------------


def card_leaves(items) -> list[tuple[Item, tuple[float, float, float, float]]]:
    """Leaf items of a card drawing, stamps opened (their items are in card coordinates)."""
    out = []
    for item in items:
        if isinstance(item, Stamp):
            out += card_leaves(item.items)
        else:
            out += leaves([item])
    return out


def box_of(pdf_box) -> tuple[float, float, float, float]:
    return tuple(round(float(v), 2) for v in pdf_box)  # type: ignore[return-value]


def check_sheets(
    path: Path, paper: str, card, fronts_per_sheet: int, cards: int, gap: float
) -> None:
    """Exact paper, fronts and backs alternating, TrimBox/BleedBox around the cards (`gap`:
    between neighbouring trims, 0 for shared cut lines)."""
    reader = pypdf.PdfReader(path)
    sheets = -(-cards // fronts_per_sheet)
    assert len(reader.pages) == 2 * sheets  # each front sheet followed by its backs
    w, h = SIZES[paper]
    for index, page in enumerate(reader.pages):
        size = sorted((round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)))
        assert size == sorted((w, h))
        trim, bleed = box_of(page.trimbox), box_of(page.bleedbox)
        assert trim != box_of(page.mediabox), f"page {index + 1} has no TrimBox"
        on_sheet = min(fronts_per_sheet, cards - (index // 2) * fronts_per_sheet)
        trim_w, trim_h = trim[2] - trim[0], trim[3] - trim[1]
        # the trim box holds whole cards and the gaps between them
        cols = round((trim_w + gap) / (card.width + gap))
        rows = round((trim_h + gap) / (card.height + gap))
        assert abs(trim_w - cols * card.width - (cols - 1) * gap) < 0.02
        assert abs(trim_h - rows * card.height - (rows - 1) * gap) < 0.02
        assert cols * rows >= on_sheet
        assert bleed[0] < trim[0] and bleed[1] < trim[1] and bleed[2] > trim[2]
        assert abs((trim[0] - bleed[0]) - card.bleed) < 0.02


# -- job postcards ------------------------------------------------------------------------


def test_jobs_are_6x4_postcards_two_to_a_sheet_with_backs(rendered, game):
    paper, paths = rendered
    assert (POSTCARD.width, POSTCARD.height) == (6 * INCH, 4 * INCH)
    assert POSTCARD.bleed == INCH / 8
    # postcards keep their own bleed: 2 x 1/8 in between neighbouring trims
    check_sheets(paths["jobs"], paper, POSTCARD, 2, len(game.jobs), 2 * POSTCARD.bleed)
    reader = pypdf.PdfReader(paths["jobs"])
    for page in reader.pages[::2]:
        trim = box_of(page.trimbox)
        assert round(trim[2] - trim[0], 2) == 432.0  # one postcard wide
        assert round(trim[3] - trim[1], 2) == 594.0  # two postcards high, bleeds between


def test_jobs_text(rendered, game):
    _, paths = rendered
    text = pdf_text(paths["jobs"])
    for job in game.jobs:
        assert job.name in text
        for action in job.actions:
            assert action.name in text
    for word in ("TIME COST", "JOB TRACK", "HOURS", "end", "SETUP", "DICE ACTIONS", "WORKFLOW"):
        assert word in text
    assert "4 squares, connected" in text
    assert "3 squares in one row or column" in text
    assert game.job_how_to.split(".")[0] in text
    assert game.back_title in text


def test_job_postcards_stay_in_the_safe_zone(game):
    safe = POSTCARD.safe_rect
    area = (safe.x, safe.y, safe.x1, safe.y1)
    bleed = POSTCARD.bleed_rect
    for job in game.jobs:
        for item, box in card_leaves(job_front(job, game)):
            if isinstance(item, Text | TextBox):
                assert inside(box, area), (job.id, item)
                size = fit(item).size if isinstance(item, TextBox) else item.size
                assert size >= 7.0, (job.id, item)
                if isinstance(item, TextBox):
                    assert fit(item).fits, (job.id, item.text)
            else:
                assert inside(box, (bleed.x, bleed.y, bleed.x1, bleed.y1)), (job.id, item)


def _tracks(job, game):
    items = [i for i, _ in card_leaves(job_front(job, game))]
    numbers = [i for i in items if isinstance(i, Text) and i.text.isdigit() and i.bold]
    return items, numbers


def test_job_track_hours_and_setup_colours(game):
    for job in game.jobs:
        items, numbers = _tracks(job, game)
        texts = [i.text for i in items if isinstance(i, Text | TextBox)]
        # 0..track on the job track, 1..hours on the hour track, then "end"
        counted = [int(t.text) for t in numbers]
        for value in range(job.track + 1):
            assert value in counted, (job.id, value)
        for hour in range(1, job.hours + 1):
            assert counted.count(hour) >= 2 or hour > job.track, (job.id, hour)
        assert "end" in texts and "start" in texts
        assert f"yellow cube on job track {job.yellow_start}" in texts
        assert f"purple cube on job track {job.purple_start}" in texts
        # all seven days shown, the work days lit (yellow)
        days = [
            i
            for i in items
            if isinstance(i, Text) and i.text in {"Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"}
        ]
        assert len(days) == 7
        lit = {t.text for t in days if t.bold}
        assert lit == {d[:2].capitalize() for d in job.work_days}


def test_job_dice_are_drawn_as_pips(game):
    job = next(j for j in game.jobs if j.id == "diner-cook")
    items = [i for i, _ in card_leaves(job_front(job, game))]
    pips = [i for i in items if isinstance(i, Circle) and i.fill == (0.0, 0.0, 0.0)]
    expected = sum(sum(a.dice) for a in job.actions)
    assert len(pips) == expected  # 6, 1+1, 4+3, 5, 2+2
    texts = [i.text for i in items if isinstance(i, Text)]
    assert "Lucky Day:" in texts


def test_time_cost_example_shapes():
    assert cost_shape(3, "line") == [(0, 0), (1, 0), (2, 0)]
    four = cost_shape(4, "connected")
    assert len(set(four)) == 4 and max(r for _, r in four) == 1
    # connected: every square touches another by an edge
    for c, r in four:
        assert any(abs(c - c2) + abs(r - r2) == 1 for c2, r2 in four)
    assert set_aside_count("Set aside 2 dice: turn any die") == 2
    assert set_aside_count("Re-roll") == 0


# -- generator boards ---------------------------------------------------------------------


def test_generators_are_three_exact_pages(rendered):
    paper, paths = rendered
    reader = pypdf.PdfReader(paths["generators"])
    assert len(reader.pages) == 3
    for page in reader.pages:
        assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == (
            SIZES[paper]
        )


def test_generators_text(rendered, game):
    _, paths = rendered
    text = pdf_text(paths["generators"])
    for word in ("Hole", "Pond", "Tree", "start", "pink edge", "HOW TO DIG", "HOW TO FISH"):
        assert word in text
    for level, reward in enumerate(game.hole.rewards, start=1):
        assert f"LEVEL {level}" in text
        assert reward.split(",")[0].split(":")[0] in text
    for bet in game.pond.bets:
        assert bet.name in text
    for word in ("hook 1 space", "hook 2 spaces", "hook 4 spaces", "fish", "coral", "nothing"):
        assert word in text
    for word in ("1 fruit", "1 wood", "shake 1", "shake 3", "HOW TO SHAKE THE TREE"):
        assert word in text


def test_generator_how_tos_come_from_the_definition(game):
    """A group that rewrites a board's how-to in game.toml sees its own words printed."""
    text_of = {}
    for board, page in zip(("hole", "pond", "tree"), generator_pages(game, LETTER), strict=True):
        printed = [i.text for i, _ in leaves(page.items) if isinstance(i, (Text, TextBox))]
        text_of[board] = printed
        steps = getattr(game, board).how_to
        assert [s.label for s in steps][:1] == ["Setup"]
        for step in steps:
            assert step.label in printed and step.text in printed
        assert "Cost" in printed  # added by the board: one R square per attempt
    changed = game.pond._replace(how_to=(("Turn", "Bet, roll, hope."),))
    page = generator_pages(game._replace(pond=changed), LETTER)[1]
    printed = [i.text for i, _ in leaves(page.items) if isinstance(i, (Text, TextBox))]
    assert "Bet, roll, hope." in printed
    assert game.pond.how_to[0].text not in printed


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
def test_generator_boards_inside_margins_with_cube_sized_spaces(game, paper):
    area = (MARGIN, MARGIN, paper.width - MARGIN, paper.height - MARGIN)
    for number, page in enumerate(generator_pages(game, paper), start=1):
        outside = [item for item, box in leaves(page.items) if not inside(box, area)]
        assert not outside, (number, outside[:3])
        for item, _ in leaves(page.items):
            if isinstance(item, Text):
                assert item.size >= 7.0, item
            if isinstance(item, TextBox):
                fitted = fit(item)
                assert fitted.fits and fitted.size >= 7.0, item.text
    hole, pond, tree = (f(game, paper) for f in (hole_layout, pond_layout, tree_layout))
    for board in (hole.board, pond.board, tree.board):
        assert board.cell >= 0.5 * INCH
    # the hole: a starfield row above the levels, the start one step right of the top row
    assert hole.board.rows == game.hole.levels + 1
    assert hole.board.columns == game.hole.columns
    assert abs(hole.start.x - hole.board.right) < 0.01
    assert abs(hole.start.y1 - hole.board.top) < 0.01
    # the rules' example: from start, left 4 lands in column 3
    start_column = game.hole.columns + 1
    assert start_column - 4 == 3
    # the pond: a start row above six columns of rows, one bet box per bet
    assert pond.start.rows == 1 and pond.start.columns == pond.board.columns == game.pond.columns
    assert pond.start.bottom > pond.board.top
    assert len(pond.bets) == len(game.pond.bets)
    assert all(r.width >= 0.5 * INCH and r.height >= 0.5 * INCH for r in pond.bets)
    # the tree: one reward box under each column
    assert len(tree.rewards) == tree.board.columns == game.tree.columns
    assert all(r.y1 < tree.board.bottom for r in tree.rewards)


# -- action cards -------------------------------------------------------------------------


def test_actions_are_poker_cards_with_backs(rendered, game):
    paper, paths = rendered
    assert len(game.actions) == 27
    per_sheet = 9 if paper == "a4" else 8  # Letter: 4x2, every crop mark printable
    check_sheets(paths["actions"], paper, POKER, per_sheet, len(game.actions), 0.0)


def test_every_action_name_and_code_is_on_the_cards(rendered, game):
    _, paths = rendered
    text = pdf_text(paths["actions"])
    for action in game.actions:
        assert action.name in text, action.name
        assert action.code in text, action.code
        if action.cost:
            assert f"${action.cost}" in text


def test_action_cards_fit_the_safe_zone(game):
    safe = POKER.safe_rect
    area = (safe.x, safe.y, safe.x1, safe.y1)
    bleed = POKER.bleed_rect
    for action in game.actions:
        items = card_leaves(action_front(action))
        for item, box in items:
            if isinstance(item, Text | TextBox):
                assert inside(box, area), (action.id, item)
                size = fit(item).size if isinstance(item, TextBox) else item.size
                assert size >= 6.0, (action.id, item)  # the header's small "ACTION" label
                if isinstance(item, TextBox):
                    assert fit(item).fits and fit(item).size >= 6.5, (action.id, item.text)
            else:
                assert inside(box, (bleed.x, bleed.y, bleed.x1, bleed.y1)), (action.id, item)
        # the code, big, in a box as it is written on the grid
        lay = card_layout(action)
        code = [
            i for i, _ in items if isinstance(i, Text) and i.text == action.code and i.size >= 18
        ]
        assert len(code) == 1, action.id
        assert lay.code.width >= 0.7 * INCH
