"""Paper sizes in PDF points (1/72 in), exact."""

from __future__ import annotations

from dataclasses import dataclass

from sheetsmith.errors import OptionError
from sheetsmith.print.primitives import INCH, MM


@dataclass(frozen=True, slots=True)
class Paper:
    name: str
    width: float
    height: float

    @property
    def landscape(self) -> Paper:
        return Paper(self.name, max(self.width, self.height), min(self.width, self.height))

    @property
    def portrait(self) -> Paper:
        return Paper(self.name, min(self.width, self.height), max(self.width, self.height))


LETTER = Paper("letter", 8.5 * INCH, 11 * INCH)  # 612 x 792
A4 = Paper("a4", 210 * MM, 297 * MM)  # 595.2756 x 841.8898
PAPERS = {paper.name: paper for paper in (LETTER, A4)}


def paper(name: str) -> Paper:
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise OptionError(f"unknown paper {name!r}; choose one of: {', '.join(PAPERS)}") from None
