"""What a readable page is, as data: where its registration markers, its page code and each
mark a player may fill lie, in PDF points on the page (origin bottom-left, as the layout
draws it). Built by each game's layout functions from the same geometry that draws the page,
never a second copy. Imports nothing heavy: `check` and `read` both use it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sheetsmith.print.primitives import Rect

# point: a star-map point to ink; box: a box to fill or write in; circle: a value to circle;
# square: a grid square that holds ink (its letters are typed by the player)
MarkKind = Literal["point", "box", "circle", "square"]
# which corner each registration marker holds (ArUco 4x4 ids 0..3, clockwise from top left)
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
PAYLOAD_PREFIX = "sheetsmith:"
# A reading less sure than this is flagged for the player to look at (in the typed sheet's
# comments, `read --json`, the annotated picture and `check`'s list)
SURE = 0.8


@dataclass(frozen=True, slots=True)
class Mark:
    key: str  # stable within its page: "star:3,4", "day:tuesday", "grid:3,4"
    kind: MarkKind
    box: Rect  # where the pencil goes, on the page
    label: str = ""  # the mark as a player finds it on paper, counted from 1: "monday box 2"

    @property
    def name(self) -> str:
        """What a player reads for this mark: its label, else its key."""
        return self.label or self.key


@dataclass(frozen=True, slots=True)
class ReadablePage:
    game: str  # the game's id
    page: str  # which page of the game: "game-page", "upgrades", "daily-sheet"
    paper: str  # "letter" or "a4"
    version: str  # the definition's version, or a short hash of it
    width: float
    height: float
    markers: tuple[Rect, Rect, Rect, Rect]  # in CORNERS order
    code: Rect  # the page's QR code
    marks: tuple[Mark, ...]
    title: str = ""  # what the page calls itself in print: "abilities and supporters"

    @property
    def payload(self) -> str:
        """What the page's QR code holds: enough to pick this layout for a photo."""
        return f"{PAYLOAD_PREFIX}{self.game}/{self.page}/{self.paper}/{self.version}"


@dataclass(frozen=True, slots=True)
class Reading:
    """One mark as read from a photo: filled or not, and how sure (0.5 a coin toss, 1 sure)."""

    filled: bool
    confidence: float

    @property
    def uncertain(self) -> bool:
        return self.confidence < SURE

    @property
    def percent(self) -> int:
        """The confidence as a player reads it, rounded down: a flagged 0.796 shows as 79%,
        never as the 80% that would not have been flagged."""
        return int(self.confidence * 100)


def parse_payload(text: str) -> tuple[str, str, str, str] | None:
    """(game, page, paper, version) from a page code's text; None if it is not one of ours."""
    if not text.startswith(PAYLOAD_PREFIX):
        return None
    parts = text[len(PAYLOAD_PREFIX) :].split("/")
    if len(parts) != 4 or not all(parts):
        return None
    return parts[0], parts[1], parts[2], parts[3]
