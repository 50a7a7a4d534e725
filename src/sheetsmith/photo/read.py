"""Photos of finished pages to a typed sheet: the API the CLI and the benchmark call.

    from sheetsmith.photo.read import read_page, read_photos

    read = read_page(image_bgr)          # one photo's pixels (numpy, BGR, uint8)
    read.page                            # the ReadablePage its code names
    read.readings["star:3,4"]            # Reading(filled=True, confidence=0.97)
    read.rectified                       # the page, upright, SCALE px per point

    sheet = read_photos(["p1.jpg", "p2.jpg"])   # pages in any order: one sheet
    sheet.text                           # the typed sheet (TOML) `check` reads
    sheet.uncertain()                    # [(page read, mark key, reading)] to look at

Every refusal is a `PhotoError` (a `SheetsmithError`, exit 2) saying which and what to do:
`NoPage`, `CutOff`, `Blurred`, `BadLight`, `Unclear`, `UnknownPage`, `MixedPages`,
`UnreadableFile`.

The pages a photo may show come from a `Catalogue`: by default `GAMES`, the registry's games
(`photo.game_pages`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from sheetsmith.errors import Problem, SheetsmithError
from sheetsmith.naming import photos_player
from sheetsmith.photo.advice import LIGHT_SMALL_PAGE, LIGHT_STROKES, SHRUNK_SIDE, advice
from sheetsmith.photo.burnt import pencil_lost
from sheetsmith.photo.decide import decide
from sheetsmith.photo.errors import BadLight, MixedPages, PhotoError, Unclear
from sheetsmith.photo.game_pages import GAMES
from sheetsmith.photo.geometry import SCALE, Catalogue, blank_page
from sheetsmith.photo.image import load_image
from sheetsmith.photo.locate import locate
from sheetsmith.photo.marks import Mark, ReadablePage, Reading
from sheetsmith.photo.several import combine


@dataclass(frozen=True)
class PageRead:
    """One photo, read."""

    page: ReadablePage
    readings: dict[str, Reading]
    rectified: np.ndarray = field(repr=False)  # BGR, SCALE px per point, top-left origin
    scores: dict[str, float] = field(repr=False)  # each mark's measure (see `decide`)
    pencil: float = 0.0  # the page's pencil threshold
    sharpness: float = 0.0
    seconds: float = 0.0
    file: str | None = None
    px_per_point: float = 0.0  # the photo's pixels per PDF point at the page's centre
    tilt: float = 0.0  # degrees: how far the phone leaned from straight above the page
    size: tuple[int, int] = (0, 0)  # the photo's width and height, in pixels
    framing: tuple[float, ...] = ()  # where the page lies in the frame (`Located.framing`)
    clipped_doubts: int = 0  # marks flagged for paper clipped to white (`judge.settle`)
    strokes: float = 0.0  # how dark its clearly filled marks show (ink added; 0.0: none)
    covered: tuple[str, ...] = ()  # marks flagged for something lying over them (`lying`)
    # the photos read as this page, when it was read from several (`photo.several`)
    parts: tuple[PageRead, ...] = field(default=(), repr=False)

    @property
    def scale(self) -> float:
        return SCALE

    def marks(self) -> Iterable[tuple[Mark, Reading]]:
        for mark in self.page.marks:
            yield mark, self.readings[mark.key]

    def uncertain(self) -> list[tuple[Mark, Reading]]:
        return [(mark, reading) for mark, reading in self.marks() if reading.uncertain]

    def views(self, key: str) -> list[tuple[str, Reading]]:
        """Each photo's own reading of a mark, when the page was read from several."""
        return [(str(part.file), part.readings[key]) for part in self.parts]

    def advice(self) -> list[str]:
        """What to change in the next photo of this page (photo/advice.py)."""
        if self.parts:  # each photo's own, named: the size of one is not the other's
            return [f"{part.file}: {hint}" for part in self.parts for hint in part._own_advice()]
        return self._own_advice()

    def _own_advice(self) -> list[str]:
        return advice(
            self.px_per_point,
            self.tilt,
            len(self.uncertain()),
            self.size,
            self.clipped_doubts,
            self.strokes,
            len(self.covered),
        )


@dataclass(frozen=True)
class PhotoSheet:
    """Photos of one game's pages, read into one typed sheet."""

    game: str
    text: str
    pages: tuple[PageRead, ...]
    missing: tuple[str, ...] = ()  # the game's readable pages no photo showed
    # the game's readable pages in print order, each with its printed title
    titles: Mapping[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()  # photos given twice, or too unsure to settle a doubt

    def uncertain(self) -> list[tuple[PageRead, Mark, Reading]]:
        return [(read, m, r) for read in self.pages for m, r in read.uncertain()]

    def page_name(self, page: str) -> str:
        """A page as a player finds it on paper: "page 2 of 2 (abilities and supporters)"."""
        title = self.titles.get(page) or page
        order = list(self.titles)
        if page in order and len(order) > 1:
            return f"page {order.index(page) + 1} of {len(order)} ({title})"
        return f"the {title} page"

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "pages": [
                {
                    "file": read.file,
                    "photos": [part.file for part in read.parts or (read,)],
                    "page": read.page.page,
                    "paper": read.page.paper,
                    "version": read.page.version,
                    "seconds": round(read.seconds, 3),
                    "advice": read.advice(),
                    "marks": [
                        {
                            "key": mark.key,
                            "label": mark.name,
                            "kind": mark.kind,
                            "filled": reading.filled,
                            "confidence": reading.confidence,
                            "uncertain": reading.uncertain,
                            "covered": mark.key in read.covered,
                        }
                        | _views_json(read, mark.key)
                        for mark, reading in read.marks()
                    ],
                }
                for read in self.pages
            ],
            "uncertain": len(self.uncertain()),
            "missing": list(self.missing),
            "notes": list(self.notes),
            "sheet": self.text,
        }


def _views_json(read: PageRead, key: str) -> dict[str, Any]:
    if not read.parts:
        return {}
    views = read.views(key)
    return {
        "photos": [{"file": f, "filled": r.filled, "confidence": r.confidence} for f, r in views]
    }


# The print's darkness in the photo against the blank's, under which the photo is refused:
# on the tuning photos it is 0.87-1.1 (one at 0.44, read right); an example photo made
# 1.6 times brighter shows 0.32, and marks read wrong at full confidence
MIN_PRINT_CONTRAST = 0.4
# From this many marks in doubt a page is refused, not read: a photo unsure of that many is
# no surer of the rest (bench/README.md, "A page too unsure to trust"). Read together,
# several photos of a page rarely doubt so many. 10 until the second look flagged less
# (SETTLE 0.99): on 3,000 held-out photos, 7 refused 3.1 % of them as unclear (10 refused
# 2.1 % with the lines before). Then 5: photos that doubt 5 or 6 marks (1.4 % of the
# 9,300 held-out photos read in 132200-142799) held two of the six photos with a mark
# wrong without a flag there (137533, 142368's two); refused, 1.3 % more photos are
# (bench/README.md, "A photo that doubts five marks")
MOST_DOUBTS = 5
# A page spanning under LIGHT_SMALL photo pixels per point, whose clearly filled marks show
# lighter than advice.LIGHT_STROKES or none clearly, is refused: at that size a light tick
# or cross can leave nothing the photo shows, and be read as paper with the page's every
# mark sure. Such photos are 0.6-1 % of those read, yet 8 photos with a held-out mark
# found wrong without a flag were of them: both of the 6,400 photographed by pixel area
# (154513, 155121), and six in 101109-105825 (refused now as unclear, or read right).
# Up to advice.LIGHT_SMALL_PAGE the same is a caution (bench/README.md, "A page too small
# for its pencil")
LIGHT_SMALL = 0.9
# ... and one under advice.LIGHT_SMALL_PAGE (1.35) whose pencil shows nowhere clearly (no
# box, point or square filled past doubt, so the page's pencil cannot be measured): 0.2 %
# of the photos read in 12,600 held-out photos (mostly daily sheets, whose letters are
# thin), yet they held 10 marks flagged wrong and one wrong without a flag (169930: a
# light ring around the day, read as paper on a washed-out photo at 1.07 pixels a point)
NOWHERE_SMALL = LIGHT_SMALL_PAGE
# ... and so is one whose pencil shows fainter than FAINT_SMALL_STROKES (0.18 of black over
# the paper): the lightest pencil the reader measures, whose fainter strokes are as lost at
# that size as pencil shown nowhere. On 13,826 held-out photos read (166000-182599), pages
# under 1.6 px a point with pencil under 0.18 held 2-7 marks read wrong (flagged or not)
# in each 100 photos, 0.7-3.4 from 0.18 to 0.22 and at most 1 above; under 1.35 they are
# 1.1 % of the photos read, and held one mark wrong without a flag (180083: a light ring around
# the day on a daily sheet at 0.95 px a point, pencil at 0.17). Of the tuning photos held
# back from training, it refuses 12 more of 1,350, none read wrong (bench/README.md, "The
# faintest pencil on a small page")
FAINT_SMALL_STROKES = 0.18
# -- the API -------------------------------------------------------------------------------


def read_page(
    image: np.ndarray, catalogue: Catalogue | None = None, *, alone: bool = True
) -> PageRead:
    """Read one photo's pixels (BGR uint8, as OpenCV and `image.load_image` give them).
    `alone`: the photo is its page's only one, refused (`Unclear`) if it doubts too many
    marks; `read_photos` passes False and judges each page once its photos are combined."""
    started = time.perf_counter()
    located = locate(image, catalogue or GAMES)
    blank = blank_page(located.source)
    decided = decide(
        located.rectified,
        blank,
        located.source.page,
        px_per_point=located.px_per_point,
        tilt=located.tilt,
    )
    if decided.contrast < MIN_PRINT_CONTRAST:
        raise BadLight(
            f"the photo is washed out: its print shows at {decided.contrast:.0%} of the"
            " darkness it has on paper, and light pencil vanishes with it; take it again in"
            " even light, without flash, glare or direct sun"
        )
    # a note or a hand over the page dims the print as glare would: said as what it is
    glare = [key for key in decided.glare if key not in decided.covered]
    if glare:  # pencil there vanished, and the marks around it read wrong at full confidence
        raise BadLight(
            f"glare (a flash or a lamp's reflection) washes out part of the page"
            f" ({len(glare)} of its marks): take the photo again without flash, the light"
            " falling evenly on the page"
        )
    if pencil_lost(decided.burnt, decided.stroke_darkness):  # clipped away with the paper
        raise BadLight(
            f"the photo is overexposed: the paper is burnt to pure white over"
            f" {decided.burnt:.0%} of the page, and light pencil vanishes with it; take it"
            " again in softer light, or tap the page on the phone's screen so the camera"
            " exposes for the paper (a scan: scan in grey or colour, not in a black-and-white"
            " or document mode)"
        )
    read = PageRead(
        page=located.source.page,
        readings=decided.readings,
        rectified=located.rectified,
        scores=decided.scores,
        pencil=decided.pencil,
        sharpness=located.sharpness,
        seconds=time.perf_counter() - started,
        px_per_point=located.px_per_point,
        tilt=located.tilt,
        size=(image.shape[1], image.shape[0]),
        framing=located.framing,
        clipped_doubts=decided.clipped_doubts,
        covered=decided.covered,
        strokes=decided.stroke_darkness,
    )
    if alone and (problem := unclear(read)) is not None:
        raise Unclear([problem])
    return read


def unclear(read: PageRead) -> Problem | None:
    """Why a page read (from one photo or several combined) is too unsure to give, or None:
    it doubts `MOST_DOUBTS` marks or more, or each of its photos shows it too small for its
    light pencil (`too_small`). Marks under something lying on the page do not count
    towards the doubts: the photo is as sure of the others as it would be without it."""
    doubts = sum(1 for mark, _ in read.uncertain() if mark.key not in read.covered)
    if doubts < MOST_DOUBTS:
        return _small(read)
    marks = len(read.readings)
    hints = "".join(f"; {hint}" for hint in read.advice())
    if not read.parts:
        return Problem(
            f"the photo leaves {doubts} of the page's {marks} marks in doubt, too many to trust"
            " what it reads of the others: take it again, in focus and in even light, or"
            f" take a second photo of the page from another angle and give both{hints}",
            file=read.file,
        )
    return Problem(
        f"the {len(read.parts)} photos of this page, read together, leave {doubts} of its"
        f" {marks} marks in doubt, too many to trust what they read of the others: take"
        f" them again, in focus and in even light{hints}",
        file=read.file,
    )


def _small(read: PageRead) -> Problem | None:
    """Why a page is too small in its photos for its pencil (`too_small`), or None."""
    if not all(too_small(part) for part in read.parts or (read,)):
        return None
    width = round(read.page.width * read.px_per_point)
    height = round(read.page.height * read.px_per_point)
    shown = "shows light" if read.strokes else "shows nowhere clearly"
    shrunk = 0 < max(read.size) < SHRUNK_SIDE
    return Problem(
        f"the page is small in the photo ({width}x{height} pixels) and its pencil {shown}:"
        " a light tick or cross can vanish at that size, and be read as paper without a"
        " word: take it again closer, the page filling the frame"
        + (
            f", and send it at full size (the photo is {read.size[0]}x{read.size[1]}"
            " pixels: apps that share photos often shrink them)"
            if shrunk
            else ""
        ),
        file=read.file,
    )


def too_small(read: PageRead) -> bool:
    """Whether a photo shows its page too small for the page's pencil (`LIGHT_SMALL`,
    `NOWHERE_SMALL`, `FAINT_SMALL_STROKES`)."""
    if read.px_per_point <= 0.0:  # scale unknown
        return False
    if read.strokes < FAINT_SMALL_STROKES:  # 0.0: shown nowhere clearly
        return read.px_per_point < NOWHERE_SMALL
    return read.px_per_point < LIGHT_SMALL and read.strokes < LIGHT_STROKES


def read_photos(
    paths: Sequence[str | Path], catalogue: Catalogue | None = None, player: str | None = None
) -> PhotoSheet:
    """Read photos of one game's pages (in any order) into one typed sheet, for `player`
    (None: as the photos' file names say). Every photo is read before any error is raised,
    so all that is wrong is said at once."""
    catalogue = catalogue or GAMES
    reads: list[PageRead] = []
    problems: list[Problem] = []
    for path in paths:
        name = str(path)
        try:
            started = time.perf_counter()
            read = read_page(load_image(path, name), catalogue, alone=False)
        except PhotoError as exc:
            problems += exc.located(name).problems
            continue
        except SheetsmithError as exc:  # a broken definition: still said, never a traceback
            problems += [p._replace(file=p.file or name) for p in exc.problems]
            continue
        seconds = time.perf_counter() - started
        reads.append(_with(read, file=name, seconds=seconds))
    if problems:
        # a page the photos that did read leave too unsure is said now too, not on the
        # next try
        unsure, doubted = _unclear_pages(combine(reads).reads if reads else [])
        problems += unsure
        well = [read for read in reads if read.file not in doubted]
        if well:  # the photos that did read are not lost: the player may go on without
            shown = ", ".join(str(read.file) for read in well)
            several = len(well) > 1
            failed = len(problems) > 1
            problems.append(
                Problem(
                    f"the other photo{'s' if several else ''} ({shown})"
                    f" read{'' if several else 's'} well: take the photo{'s' if failed else ''}"
                    f" above again, or leave {'them' if failed else 'it'} out"
                )
            )
        raise PhotoError(problems)
    together = _together(reads)
    if together:
        raise MixedPages(together)
    if not reads:
        raise PhotoError("no photos to read")
    combined = combine(reads)
    if combined.problems:
        raise MixedPages(combined.problems)
    files = [read.file for read in reads]  # every photo's own name, not a page's "a + b"
    reads = combined.reads
    unsure, _ = _unclear_pages(reads)
    if unsure:  # with what was said of the photos on the way (one given twice, one too poor)
        raise Unclear(unsure + [Problem(note) for note in combined.notes])
    game = reads[0].page.game
    readings = {read.page.page: read.readings for read in reads}
    text = catalogue.sheet(game, readings)
    if player is None:
        player = photos_player(files)
    # the photos name the player ("ann-page1.jpg", "ann-page2.jpg": Ann), not a file
    text = text.replace('player = ""', f"player = {json.dumps(player, ensure_ascii=False)}", 1)
    listed = getattr(catalogue, "pages", None)  # a catalogue for tests may not list them
    every = listed(game, reads[0].page.paper) if listed is not None else {}
    missing = tuple(page for page in every if page not in readings)
    titles = {name: page.title for name, page in every.items()}
    notes = [*combined.notes, *_papers(reads)]
    return PhotoSheet(game, text, tuple(reads), missing, titles, tuple(notes))


def _papers(reads: Sequence[PageRead]) -> list[str]:
    """A note when the pages were printed on two papers: most likely two prints, so two
    players' pages, which no mark can tell apart."""
    if len({read.page.paper for read in reads}) < 2:
        return []
    listed = ", ".join(
        f"{read.file} on {_PAPER_NAMES.get(read.page.paper, read.page.paper)}" for read in reads
    )
    return [
        f"the pages were printed on different paper ({listed}): make sure they are one"
        " player's sheet"
    ]


_PAPER_NAMES = {"letter": "Letter", "a4": "A4"}


def _unclear_pages(pages: Sequence[PageRead]) -> tuple[list[Problem], set[str | None]]:
    """Why each of `pages` (one a page, its photos combined) is too unsure to give, and the
    photos they were read from."""
    problems: list[Problem] = []
    photos: set[str | None] = set()
    for page in pages:
        if (problem := unclear(page)) is not None:
            problems.append(problem)
            photos.update(part.file for part in page.parts or (page,))
    return problems, photos


def _with(read: PageRead, **changes: Any) -> PageRead:
    from dataclasses import replace

    return replace(read, **changes)


def _together(reads: Sequence[PageRead]) -> list[Problem]:
    """Photos that cannot make one sheet: pages of two games."""
    games = {read.page.game for read in reads}
    if len(games) < 2:
        return []
    listed = ", ".join(f"{read.file} is {read.page.game}" for read in reads)
    return [
        Problem(f"the photos are of different games ({listed}): read one game's pages at a time")
    ]
