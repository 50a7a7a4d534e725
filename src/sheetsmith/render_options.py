"""What a render is asked to do (`RenderOptions`) and what it wrote (`RenderedFile`), as
plain data: the command line fills the one, the table and `--json` show the other."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

PAPERS = ("letter", "a4")


@dataclass(frozen=True)
class RenderOptions:
    paper: str = "letter"
    components: tuple[str, ...] = ()  # empty: every component of the game
    seed: int | None = None
    base_url: str | None = None  # None: the definition's default
    copies: int = 1  # of sheets that players write on (the daily sheet)
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm to shift card backs: right, up
    variance: tuple[tuple[str, int], ...] = ()  # difficulty settings, e.g. (("pollution", 4),)
    ink: str = "full"  # card and tile backs: "full" (the default look), "saver", "plain"
    layout: str = "duplex"  # decks and tiles: "duplex" (backs on their own sheets), "gutterfold"
    formats: tuple[str, ...] = ("pdf",)  # also "png" (each card at 300 dpi), "tts" (deck sheets)
    combined: bool = False  # also one PDF per game, every component in print order
    filled: str | None = None  # a typed sheet to draw onto the game pages (My Corner of the Sky)
    jobs: int = 1  # processes preparing the pages of a big document; the bytes never depend on it


@dataclass(frozen=True)
class RenderedFile:
    game: str
    component: str
    count: int  # how many items (pages, cards, tiles) the file holds
    pages: int
    path: Path
    # An export (`--format png|tts`) is one row for many files: `pages` counts the images,
    # `path` is their folder (png) or the deck JSON (tts), `files` lists every file.
    format: str = "pdf"
    files: tuple[Path, ...] = ()

    def as_json(self) -> dict[str, object]:
        row: dict[str, object] = {
            "game": self.game,
            "component": self.component,
            "count": self.count,
            "pages": self.pages,
            "file": str(self.path),
        }
        if self.format != "pdf":  # PDF rows keep exactly the keys they always had
            row["format"] = self.format
            row["files"] = [str(f) for f in self.files]
        return row
