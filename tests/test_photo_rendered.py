"""Pages rendered straight to images (as a scanner or a PDF viewer gives them), not photographed:
a finished sheet drawn with `render --filled` reads back exactly; a blank one, its paper pure
white and no pencil anywhere, is refused, as a photo that lost every mark to overexposure is."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from sheetsmith.cli import app

runner = CliRunner()
ANN = Path("examples/my-corner-of-the-sky/ann.toml")


def _pages(pdf: Path, folder: Path, dpi: int) -> list[str]:
    names = []
    document = pdfium.PdfDocument(pdf)
    for index in range(len(document)):
        name = folder / f"{pdf.stem}-{dpi}-{index + 1}.png"
        document[index].render(scale=dpi / 72).to_pil().save(name)
        names.append(str(name))
    document.close()
    return names


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("rendered")
    for extra in ([], ["--filled", str(ANN)]):
        args = ["render", "my-corner-of-the-sky", "--out", str(out), "-q", *extra]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
    return out / "my-corner-of-the-sky"


@pytest.mark.parametrize("dpi", [150, 300])
def test_a_filled_sheet_rendered_to_images_reads_back_exactly(rendered, tmp_path, dpi):
    pages = _pages(rendered / "game-pages-filled-ann.pdf", tmp_path, dpi)
    sheet = tmp_path / "ann.toml"
    result = runner.invoke(app, ["read", *reversed(pages), "--out", str(sheet)])
    assert result.exit_code == 0, result.output
    assert "every mark is sure" in result.output
    read = tomllib.loads(sheet.read_text(encoding="utf-8"))
    typed = tomllib.loads(ANN.read_text(encoding="utf-8"))
    assert {k: v for k, v in read.items() if k != "player"} == {
        k: v for k, v in typed.items() if k != "player"
    }


def test_a_blank_page_rendered_to_an_image_is_refused_as_overexposed(rendered, tmp_path):
    first = _pages(rendered / "game-pages.pdf", tmp_path, 150)[0]
    result = runner.invoke(app, ["read", first])
    assert result.exit_code == 2
    assert "overexposed: the paper is burnt to pure white" in result.output
