"""`render --combined`: one more PDF per game, `<game>/<game>-all.pdf`, every component of
the render in the guide's print order, merged from the files just written; blank backs
where one- and two-sided files meet in a file made for double-sided printing; planned
with the other files, so a refusal comes before anything is written."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from sheetsmith.cli import app
from sheetsmith.definition import load
from sheetsmith.print.combine import Part, combine, combined_path
from sheetsmith.print.document import DocumentInfo
from sheetsmith.print.guide import print_order

runner = CliRunner()


def render(tmp_path: Path, *args: str) -> list[dict[str, object]]:
    result = runner.invoke(app, ["render", *args, "--out", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["files"]


def blank(page: pypdf.PageObject) -> bool:
    """A page with nothing drawn: no content stream at all."""
    return "/Contents" not in page


@pytest.fixture(scope="module")
def planet(tmp_path_factory) -> tuple[Path, list[dict[str, object]]]:
    out = tmp_path_factory.mktemp("combined")
    return out, render(out, "planet-78", "--combined")


def test_one_more_file_per_game_in_print_order(planet):
    out, files = planet
    *parts, whole = files
    assert whole["component"] == "combined"
    assert whole["file"] == str(out / "planet-78" / "planet-78-all.pdf")
    assert whole["count"] == sum(p["count"] for p in parts)
    assert 0 < whole["ink"] < 1
    reader = pypdf.PdfReader(whole["file"])
    assert len(reader.pages) == whole["pages"]
    # the parts' pages, in the guide's order, each followed by a blank back if one-sided
    game = load("planet-78")
    order = print_order(game, [p["component"] for p in parts])
    assert order[0] == "guide" and order[1:] == [f.component for f in game.guide.files]
    sides = {f.component: f.sides for f in game.guide.files} | {"guide": 1}
    by_name = {p["component"]: p for p in parts}
    page = 0
    for name in order:
        source = pypdf.PdfReader(by_name[name]["file"]).pages
        assert page % 2 == 0, name  # every file starts on the front of a sheet
        for original in source:
            copied = reader.pages[page]
            assert copied.extract_text() == original.extract_text(), (name, page)
            assert copied.trimbox == original.trimbox  # the card sheets keep their boxes
            page += 1
            if sides[name] == 1:
                assert blank(reader.pages[page]), (name, page)
                page += 1
    assert page == len(reader.pages)
    assert "print guide" in reader.pages[0].extract_text()


def test_a_gutterfold_render_combines_without_blank_pages(tmp_path):
    files = render(tmp_path, "planet-78", "--combined", "--layout", "gutterfold")
    *parts, whole = files
    assert whole["pages"] == sum(p["pages"] for p in parts)


def test_a_game_with_nothing_two_sided_is_simply_joined(tmp_path):
    files = render(tmp_path, "my-corner-of-the-sky", "--combined")
    assert [f["component"] for f in files] == ["game-pages", "guide", "combined"]
    assert files[-1]["pages"] == 3
    reader = pypdf.PdfReader(files[-1]["file"])
    assert "print guide" in reader.pages[0].extract_text()
    assert reader.metadata.title == "My Corner of the Sky: everything to print"
    assert reader.metadata.creator == "sheetsmith"


def test_only_the_components_asked_for(tmp_path):
    files = render(
        tmp_path, "planet-78", "--component", "role-cards", "--component", "meters", "--combined"
    )
    *parts, whole = files
    assert [p["component"] for p in parts] == ["role-cards", "meters"]
    # meters (one-sided, then its blank back) before the role cards, as the guide prints them
    assert whole["pages"] == 2 + 2
    reader = pypdf.PdfReader(whole["file"])
    assert blank(reader.pages[1]) and not blank(reader.pages[2])


def test_every_bundled_game_and_byte_identical_twice(tmp_path):
    first = render(tmp_path / "one", "--combined")
    second = render(tmp_path / "two", "--combined")
    combined = [f for f in first if f["component"] == "combined"]
    assert [f["game"] for f in combined] == ["my-corner-of-the-sky", "personal-space", "planet-78"]
    for a, b in zip(first, second, strict=True):
        digest_a = hashlib.sha256(Path(a["file"]).read_bytes()).hexdigest()
        assert digest_a == hashlib.sha256(Path(b["file"]).read_bytes()).hexdigest(), a["file"]


def test_without_the_option_there_is_no_combined_file(tmp_path):
    files = render(tmp_path, "my-corner-of-the-sky")
    assert "combined" not in [f["component"] for f in files]
    assert not (tmp_path / combined_path("my-corner-of-the-sky")).exists()


def test_a_foreign_file_in_its_place_is_refused_before_anything_is_written(tmp_path):
    target = tmp_path / "planet-78" / "planet-78-all.pdf"
    target.parent.mkdir(parents=True)
    target.write_bytes(b"mine")
    result = runner.invoke(app, ["render", "planet-78", "--combined", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert str(target) in result.stderr and "--force" in result.stderr
    assert sorted(p.name for p in target.parent.iterdir()) == ["planet-78-all.pdf"]
    assert target.read_bytes() == b"mine"


def test_combine_pads_one_sided_parts_only_when_something_is_two_sided():
    import io

    from sheetsmith.print.pdf import write_pdf
    from sheetsmith.print.primitives import Page, Text

    def pdf(pages: int) -> bytes:
        handle = io.BytesIO()
        drawn = [Page(612, 792, (Text(100, 100, f"page {n}"),)) for n in range(pages)]
        write_pdf(drawn, handle, DocumentInfo("part"))
        return handle.getvalue()

    info = DocumentInfo("all")
    joined = combine([Part(pdf(1), False), Part(pdf(3), False)], info)
    assert (joined.pages, joined.blanks) == (4, 0)
    padded = combine([Part(pdf(1), False), Part(pdf(4), True), Part(pdf(3), True)], info)
    # 1 + its blank, 4 as they are, 3 and a blank back to end on a full sheet
    assert (padded.pages, padded.blanks) == (10, 2)
    texts = [p.extract_text().strip() for p in pypdf.PdfReader(io.BytesIO(padded.pdf)).pages]
    assert texts[0] == "page 0" and texts[1] == "" and texts[2] == "page 0"
