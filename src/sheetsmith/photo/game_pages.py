"""The pages a photo may show, from the registry's games: each game's `readable` facet gives
its pages, `from_marks` its typed sheet, and the blank each page is compared with is its
game's component rendered once per process, the PDF page found by its own page code.
`GAMES` is the catalogue `photo.read` uses unless given another."""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from sheetsmith.errors import SheetsmithError
from sheetsmith.games import registry
from sheetsmith.games.interface import resolve
from sheetsmith.photo.errors import UnknownPage
from sheetsmith.photo.geometry import PageSource
from sheetsmith.photo.marks import ReadablePage, Reading, parse_payload
from sheetsmith.photo.page_code import decode


class Games:
    """The pages of the registry's games (`readable`) and their sheets (`from_marks`)."""

    def __init__(self) -> None:
        self._pages: dict[tuple[str, str], dict[str, ReadablePage]] = {}
        self._blanks: dict[tuple[str, str], dict[str, tuple[bytes, int]]] = {}

    @staticmethod
    def _package(game_id: str) -> Any:
        package = registry.find(game_id)
        if package is None:
            raise UnknownPage(
                f"this is a page of {game_id!r}, a game this sheetsmith does not know:"
                " install the game's package, or photograph a page of a bundled game"
            )
        return package

    @staticmethod
    def _model(game_id: str) -> Any:
        from sheetsmith import definition

        return definition.load(game_id)

    def pages(self, game_id: str, paper: str) -> dict[str, ReadablePage]:
        key = (game_id, paper)
        if key not in self._pages:
            package = self._package(game_id)
            if package.readable is None:
                raise UnknownPage(
                    f"{game_id} has no pages sheetsmith can read from a photo: type the sheet"
                    f" instead (sheetsmith new-sheet {game_id})"
                )
            found = resolve(package.readable)(self._model(game_id), paper)
            self._pages[key] = {page.page: page for page in found}
        return self._pages[key]

    def page(self, payload: str) -> PageSource:
        parsed = parse_payload(payload)
        if parsed is None:
            raise UnknownPage(
                "the page's code is not a sheetsmith page code: photograph a page printed by"
                " sheetsmith (one with four black corner squares and a small QR code)"
            )
        game_id, name, paper, version = parsed
        pages = self.pages(game_id, paper)
        page = pages.get(name)
        if page is None:
            raise UnknownPage(
                f"{game_id} has no readable page {name!r} on {paper} paper (it has:"
                f" {', '.join(pages) or 'none'}): print the pages again with this sheetsmith"
            )
        if page.version != version:
            raise UnknownPage(
                f"this page was printed from version {version} of {game_id}, and this"
                f" sheetsmith reads version {page.version}: print the page again"
                f" (sheetsmith render {game_id}), or read it with the sheetsmith that printed it"
            )
        pdf, index = self._blank(game_id, paper, page)
        return PageSource(page, pdf, index)

    def _blank(self, game_id: str, paper: str, page: ReadablePage) -> tuple[bytes, int]:
        key = (game_id, paper)
        if page.payload not in self._blanks.get(key, {}):
            self._blanks[key] = _render_blanks(game_id, paper, self._model(game_id), page)
        found = self._blanks[key].get(page.payload)
        if found is None:  # pragma: no cover - a game whose readable pages it never prints
            raise UnknownPage(f"{game_id} does not print its page {page.page!r}")
        return found

    def candidates(self) -> Iterable[ReadablePage]:
        """The readable pages of every game that has them, on both papers."""
        from sheetsmith.render_options import PAPERS

        for game_id, package in registry.every().items():
            if package.readable is None:
                continue
            for paper in PAPERS:
                try:
                    yield from self.pages(game_id, paper).values()
                except SheetsmithError:  # a broken game is said when its page is met
                    continue

    def sheet(self, game: str, readings: Mapping[str, Mapping[str, Reading]]) -> str:
        package = self._package(game)
        if package.from_marks is None:
            raise UnknownPage(f"{game} cannot make a typed sheet from marks yet: type it")
        return resolve(package.from_marks)(self._model(game), readings)


def _render_blanks(
    game_id: str, paper: str, model: Any, wanted: ReadablePage
) -> dict[str, tuple[bytes, int]]:
    """Render the game's components (on `paper`) until the one printing `wanted` is found:
    payload -> (PDF bytes, page index) for each readable page met on the way. A page is
    recognised by decoding its own page code, so no second list of which component holds
    which page is kept."""
    from sheetsmith.output import Output
    from sheetsmith.print import raster
    from sheetsmith.print.document import SAVED
    from sheetsmith.render_options import RenderOptions

    package = registry.find(game_id)
    assert package is not None
    found: dict[str, tuple[bytes, int]] = {}
    detector = cv2.QRCodeDetector()
    options = RenderOptions(paper=paper)
    with tempfile.TemporaryDirectory(prefix="sheetsmith-blank-") as tmp:
        for name, function in package.components.items():
            if name == "guide":  # describes the files; never a page to write on
                continue
            saved: list[tuple[Path, Any]] = []
            token = SAVED.set(lambda path, pages, into=saved: into.append((path, pages)))
            try:
                resolve(function)(model, Output(Path(tmp), force=True), options)
            finally:
                SAVED.reset(token)
            for path, pages in saved:
                pdf = path.read_bytes()
                for index, page in enumerate(pages):
                    if (round(page.width), round(page.height)) != (
                        round(wanted.width),
                        round(wanted.height),
                    ):
                        continue
                    code = wanted.code
                    margin = 12.0
                    box = (code.x - margin, code.y - margin, code.x1 + margin, code.y1 + margin)
                    size = (round((box[2] - box[0]) * 6), round((box[3] - box[1]) * 6))
                    (image,) = raster.regions(pdf, [raster.Region(index, box, size)])
                    text = decode(detector, np.asarray(image.convert("L")))
                    if text:
                        found[text] = (pdf, index)
            if wanted.payload in found:
                break
    return found


GAMES = Games()
