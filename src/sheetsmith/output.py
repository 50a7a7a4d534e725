"""What a render was asked to do and what it wrote: plain data, shared by CLI and renderers."""

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


@dataclass(frozen=True)
class RenderedFile:
    game: str
    component: str
    count: int  # how many items (pages, cards, tiles) the file holds
    pages: int
    path: Path

    def as_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "component": self.component,
            "count": self.count,
            "pages": self.pages,
            "file": str(self.path),
        }
