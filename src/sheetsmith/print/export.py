"""Exports of decks (`render --format png|tts`): each card and tile as a picture, cut from
the PDF already drawn, never drawn a second time.

Every card or tile sheet records where each card lies on it (`Page.cards`: its index in
the deck, its side, its trim and the bleed the sheet gives it). After a component's PDF
is written, PDFium renders each card's own region of its page (`print.raster.regions`),
so every card is rasterized at the same sub-pixel phase and cut to an exact size.

**png** (print-on-demand): `<game>/png/<component>/<component>-001-front.png`, `-001-back.png`
and so on, numbered from 1 in deck order, at 300 dpi with 1/8 in bleed on every side:
trim + 1/4 in each way, rounded to whole pixels (a poker card is 825 x 1125 px, as The
Game Crafter takes it; a 6 x 4 in postcard 1875 x 1275; a 1.5 in tile 525 x 525). A deck
printed one-sided has fronts only. What the bleed holds:

- where the sheet gives the card its own bleed, the card's art as printed;
- where the sheet does not (cards on shared cut lines abut trim to trim; a shorter bleed;
  a crop mark or other sheet furniture crossing it), the card's outermost row or column
  of pixels repeated outwards: cards made for shared cut lines keep plain edges, so this
  is what their bleed would have held.

Backs are cut from the back sheets, where each back lies behind its front (a mirrored
position, its drawing upright); a back a gutterfold prints upside down is turned upright.

**tts** (Tabletop Simulator): in `<game>/tts/<component>/`, the fronts on deck sheets
`<component>-faces-1.png`, ... (a grid of up to 10 x 7 cells, at most 69 cards a sheet, at
most 4096 px a side; each card is its trim, scaled to fit), the back as one picture
`<component>-back.png` when every back looks the same (a deck printed one-sided gets a
plain one), else back sheets `<component>-backs-1.png`, ... laid out like the faces, and
`<component>.json`: a saved object (a `DeckCustom` with its cards) that TTS loads from
its Saved Objects folder. The JSON names the pictures by `file:///` URLs of where they were
written; replace them with the addresses they get once uploaded (Steam Cloud, any web host)
for other players to see them.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import struct
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from sheetsmith.output import Output, RenderedFile
from sheetsmith.print.bounds import bounds
from sheetsmith.print.primitives import INCH, Group, Page, PlacedCard, Rect

if TYPE_CHECKING:
    from concurrent.futures import Future

    from PIL import Image

PNG_DPI = 300
PNG_BLEED = INCH / 8  # what print-on-demand services ask for, whatever the sheet gives
TTS_SIDE = 4096  # px: the largest texture TTS advises
TTS_COLUMNS, TTS_ROWS = 10, 7  # the largest grid TTS cuts a deck sheet into
# TTS shows a sheet's last cell for a card hidden in another player's hand; `BackIsHidden`
# shows the back instead, and 69 cards a sheet keep that cell free either way
TTS_PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1
TTS_PLAIN_BACK = (236, 236, 236)  # a deck printed one-sided still needs a back in TTS
# Two backs "look the same" when no channel of any pixel differs by more than this: the
# same drawing rendered at two places on a sheet differs only by float rounding.
SAME_BACK_TOLERANCE = 8
# How far into a card a crop mark along its cut line may reach (half its line width, and
# some): the pixels under it are not the card's to repeat into the bleed.
FURNITURE_REACH = 2.0
# Components that place cards but are no deck: the duplex alignment test is a printer test.
NOT_EXPORTED = frozenset({("personal-space", "alignment")})

Side = Literal["front", "back"]


def png_folder(game_id: str, component: str) -> str:
    return f"{game_id}/png/{component}"


def tts_folder(game_id: str, component: str) -> str:
    return f"{game_id}/tts/{component}"


def planned(game_id: str, component: str, formats: Iterable[str]) -> list[str]:
    """What an export of `component` may write, for `Output.check` before any work: the
    picture names depend on how many cards the layout makes, so those are patterns."""
    rels = []
    if "png" in formats:
        rels.append(f"{png_folder(game_id, component)}/{component}-*.png")
    if "tts" in formats:
        folder = tts_folder(game_id, component)
        rels += [f"{folder}/{component}.json", f"{folder}/{component}-*.png"]
    return rels


def exported(ruleset: str, component: str) -> bool:
    return (ruleset, component) not in NOT_EXPORTED


# -- where each card is on the sheets ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Face:
    """One side of one card as a sheet holds it, in PDF points on page `page`."""

    index: int
    side: Side
    page: int
    content: Rect  # where the card's trim-sized drawing lies (its trim, unless turned)
    held: Rect  # the part of the content and its bleed that shows this card and nothing else
    turned: bool  # drawn upside down (a gutterfold back): turned upright when cut out


def _intersect(a: Rect, b: Rect) -> Rect:
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    x1, y1 = min(a.x1, b.x1), min(a.y1, b.y1)
    return Rect(x0, y0, max(x1 - x0, 0.0), max(y1 - y0, 0.0))


def _group_at(page: Page, trim: Rect) -> Group | None:
    """The drawn group whose origin is this card's trim corner (how imposition places a
    card), to learn whether it is drawn turned."""
    for item in page.items:
        if (
            isinstance(item, Group)
            and abs(item.dx - trim.x) < 1e-6
            and abs(item.dy - trim.y) < 1e-6
        ):
            return item
    return None


def _face(page_number: int, page: Page, card: PlacedCard) -> Face:
    trim = card.trim
    group = _group_at(page, trim)
    # a gutterfold back is drawn turned about its card's centre, inside its placed group:
    # it still lies on its trim, upside down
    turned = group is not None and any(isinstance(i, Group) and i.turned for i in group.items)
    content = trim
    held = _intersect(card.bleed, _around(content, PNG_BLEED))
    # Sheet furniture (crop marks, labels, a fold line) is drawn outside any card's group;
    # a bleed side it crosses is not the card's, whatever the sheet's bleed rectangle says.
    # A mark along the cut line reaches a hair into the card: the edge that is repeated
    # outwards is taken beyond it.
    left, bottom, right, top = held.corners()
    for item in page.items:
        if isinstance(item, Group):
            continue
        x0, y0, x1, y1 = box = bounds(item)
        if _overlaps(box, (held.x, held.y, content.x, held.y1)):
            left = max(left, content.x, x1 if x1 - content.x <= FURNITURE_REACH else content.x)
        if _overlaps(box, (content.x1, held.y, held.x1, held.y1)):
            edge = x0 if content.x1 - x0 <= FURNITURE_REACH else content.x1
            right = min(right, content.x1, edge)
        if _overlaps(box, (held.x, held.y, held.x1, content.y)):
            bottom = max(bottom, content.y, y1 if y1 - content.y <= FURNITURE_REACH else content.y)
        if _overlaps(box, (held.x, content.y1, held.x1, held.y1)):
            edge = y0 if content.y1 - y0 <= FURNITURE_REACH else content.y1
            top = min(top, content.y1, edge)
    held = Rect(left, bottom, right - left, top - bottom)
    return Face(card.index, card.side, page_number, content, held, turned)


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two boxes (x0, y0, x1, y1) share some area (an empty box shares none)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _around(rect: Rect, d: float) -> Rect:
    return Rect(rect.x - d, rect.y - d, rect.width + 2 * d, rect.height + 2 * d)


def faces(pages: Sequence[Page]) -> list[Face]:
    """Every card side the pages place, in page order."""
    found = []
    seen: set[tuple[int, str]] = set()
    for number, page in enumerate(pages):
        for card in page.cards:
            key = (card.index, card.side)
            if key in seen:  # a renderer's bug: two cards of one deck claim the same place
                raise ValueError(f"card {card.index + 1} ({card.side}) is placed twice")
            seen.add(key)
            found.append(_face(number, page, card))
    return found


# -- cutting out ---------------------------------------------------------------------------


def _fill_bleed(image: Image.Image, target: Rect, held: Rect) -> Image.Image:
    """Repeat the outermost pixels of the part of `image` (which shows `target`) that
    shows `held` over the rest: the bleed the sheet does not give this card."""
    width, height = image.size
    sx, sy = width / target.width, height / target.height
    # the first and last whole pixels inside `held`; a pixel cut by its edge is mixed
    # with what lies beyond, so it is not repeated
    left = min(max(math.ceil((held.x - target.x) * sx - 1e-6), 0), width - 1)
    right = max(min(math.floor((held.x1 - target.x) * sx + 1e-6), width), left + 1)
    top = min(max(math.ceil((target.y1 - held.y1) * sy - 1e-6), 0), height - 1)
    bottom = max(min(math.floor((target.y1 - held.y) * sy + 1e-6), height), top + 1)
    if (left, top, right, bottom) == (0, 0, width, height):
        return image
    from PIL import Image as PILImage

    nearest = PILImage.Resampling.NEAREST
    if left > 0:
        strip = image.crop((left, top, left + 1, bottom)).resize((left, bottom - top), nearest)
        image.paste(strip, (0, top))
    if right < width:
        strip = image.crop((right - 1, top, right, bottom))
        image.paste(strip.resize((width - right, bottom - top), nearest), (right, top))
    if top > 0:
        image.paste(image.crop((0, top, width, top + 1)).resize((width, top), nearest), (0, 0))
    if bottom < height:
        strip = image.crop((0, bottom - 1, width, bottom))
        image.paste(strip.resize((width, height - bottom), nearest), (0, bottom))
    return image


def png_size(trim: Rect) -> tuple[int, int]:
    """A card's PNG in pixels: its trim and 1/8 in bleed each side at 300 dpi, rounded."""
    scale = PNG_DPI / INCH
    return (
        round((trim.width + 2 * PNG_BLEED) * scale),
        round((trim.height + 2 * PNG_BLEED) * scale),
    )


def _cut(
    pdf: Path, chosen: Sequence[Face], size: Callable[[Face], tuple[int, int]], bleed: float
) -> Iterator[tuple[Face, Image.Image]]:
    """Each face cut out of `pdf` at `size`, `bleed` beyond its content, upright."""
    from sheetsmith.print.raster import Region, regions

    wanted = [Region(f.page, _around(f.content, bleed).corners(), size(f)) for f in chosen]
    for face, image in zip(chosen, regions(pdf, wanted), strict=True):
        if bleed:
            image = _fill_bleed(image, _around(face.content, bleed), face.held)
        if face.turned:
            image = image.rotate(180)
        yield face, image


def _png_bytes(image: Image.Image, dpi: int | None) -> bytes:
    """`image` (RGB) as a PNG file, with its resolution when `dpi` is given.

    Written here rather than by Pillow, whose encoder tries five filters on every row:
    on flat card art that buys little, and PNG encoding is most of an export's time.
    Rows unfiltered and zlib at level 3 give files a little smaller, twice as fast
    (and zlib lets go of the GIL, so the worker threads encode side by side)."""
    width, height = image.size
    raw = image.tobytes()
    stride = 3 * width
    rows = b"".join(b"\0" + raw[at : at + stride] for at in range(0, len(raw), stride))

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(body, zlib.crc32(kind))
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    parts = [
        b"\x89PNG\r\n\x1a\n",
        chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
    ]
    if dpi:
        per_metre = round(dpi / 0.0254)
        parts.append(chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    parts += [chunk(b"IDAT", zlib.compress(rows, 3)), chunk(b"IEND", b"")]
    return b"".join(parts)


class _Pictures:
    """Pictures encoded as PNG on worker threads and written through the output folder in
    the order given (so the files are the same as a serial run's). zlib lets go of the GIL
    while it compresses and PDFium while it renders, so encoding (most of an export's time)
    runs beside the cutting out; at most `depth` pictures wait, so a big deck never sits
    in memory."""

    def __init__(self, output: Output, depth: int = 8) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.output = output
        self.depth = depth
        self.pool = ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1))
        self.waiting: deque[tuple[str, Future[bytes]]] = deque()
        self.written: list[str] = []

    def add(self, rel: str, image: Image.Image, dpi: int | None = None) -> None:
        self.waiting.append((rel, self.pool.submit(_png_bytes, image, dpi)))
        while len(self.waiting) > self.depth:
            self._write_first()

    def _write_first(self) -> None:
        rel, future = self.waiting.popleft()
        self.output.write_bytes(rel, future.result())
        self.written.append(rel)

    def __enter__(self) -> _Pictures:
        return self

    def __exit__(self, kind: object, *_: object) -> None:
        try:
            while self.waiting and kind is None:
                self._write_first()
        finally:
            for _, future in self.waiting:
                future.cancel()
            self.pool.shutdown(wait=True)


# -- the exports ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Written:
    """A component's PDFs, as `render_game` saw them written: what the exports cut from."""

    path: Path
    pages: tuple[Page, ...]


def export(
    output: Output,
    game_id: str,
    title: str,
    component: str,
    documents: Sequence[Written],
    formats: Iterable[str],
) -> list[RenderedFile]:
    """Write the exports `formats` asks for of the cards in `documents`: one summary row
    per format, none for a component that places no cards."""
    formats = tuple(formats)
    decks = [(doc.path, faces(doc.pages)) for doc in documents]
    decks = [(path, found) for path, found in decks if found]
    if not decks:
        return []
    rows = []
    if "png" in formats:
        rows.append(_export_png(output, game_id, component, decks))
    if "tts" in formats:
        rows.append(_export_tts(output, game_id, title, component, decks))
    return rows


def _progress(label: str, total: int) -> Callable[[int], None]:
    from sheetsmith.print.document import PROGRESS

    progress = PROGRESS.get()
    return lambda done: progress(label, done, total) if progress is not None else None


def _number_width(decks: Sequence[tuple[Path, list[Face]]]) -> int:
    last = max(f.index for _, found in decks for f in found) + 1
    return max(3, len(str(last)))


def _export_png(
    output: Output, game_id: str, component: str, decks: Sequence[tuple[Path, list[Face]]]
) -> RenderedFile:
    folder = png_folder(game_id, component)
    digits = _number_width(decks)
    total = sum(len(found) for _, found in decks)
    tick = _progress(f"{folder}/", total)
    with _Pictures(output) as pictures:
        for pdf, found in decks:
            cut = _cut(pdf, found, lambda f: png_size(f.content), PNG_BLEED)
            for face, image in cut:
                rel = f"{folder}/{component}-{face.index + 1:0{digits}d}-{face.side}.png"
                pictures.add(rel, image, PNG_DPI)
                tick(len(pictures.written))
    written = pictures.written
    tick(total)  # the last few were written on the way out: the bar gives way
    # a smaller deck than last time: the pictures of cards it no longer has would be
    # uploaded with the rest, so they go (only ours, and only if nobody changed them)
    output.prune(written, ".png", f"{folder}/{component}-*.png")
    cards = len({f.index for _, found in decks for f in found})
    paths = tuple(output.path(rel) for rel in sorted(written))
    return RenderedFile(game_id, component, cards, len(written), output.path(folder), "png", paths)


# -- Tabletop Simulator ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SheetGrid:
    """One deck sheet: `count` cards on `columns` x `rows` cells of `cell` pixels."""

    count: int
    columns: int
    rows: int
    cell: tuple[int, int]

    @property
    def size(self) -> tuple[int, int]:
        return (self.columns * self.cell[0], self.rows * self.cell[1])


def tts_grids(cards: int, trim: Rect) -> list[SheetGrid]:
    """The sheets for a deck of `cards`: up to 69 cards each, on a compact grid that keeps
    the last cell free (TTS's hidden-card cell), at most 10 x 7 and at least 2 x 2 (no
    sheet of a single row or column, a shape some deck tools refuse); cells as large as
    4096 px a side allows for the fullest sheet, never larger than the card at 300 dpi,
    in the card's proportions."""
    counts = [min(TTS_PER_SHEET, cards - first) for first in range(0, cards, TTS_PER_SHEET)]
    shapes = []
    for n in counts:
        high = max(2, -(-(n + 1) // TTS_COLUMNS))
        shapes.append((max(2, -(-(n + 1) // high)), high))
    columns = max(c for c, _ in shapes)
    rows = max(r for _, r in shapes)
    scale = PNG_DPI / INCH
    native_w, native_h = round(trim.width * scale), round(trim.height * scale)
    width = min(native_w, TTS_SIDE // columns)
    height = round(width * trim.height / trim.width)
    if height * rows > TTS_SIDE or height > native_h:
        height = min(native_h, TTS_SIDE // rows)
        width = round(height * trim.width / trim.height)
    cell = (max(width, 1), max(height, 1))
    return [SheetGrid(n, c, r, cell) for n, (c, r) in zip(counts, shapes, strict=True)]


def _sheets(
    pdf_faces: Sequence[tuple[Path, list[Face]]],
    order: dict[int, int],
    grids: Sequence[SheetGrid],
    hidden: Image.Image | None = None,
) -> Iterator[tuple[int, Image.Image]]:
    """Deck sheets filled as the cards come (page order), each handed out as soon as its
    last card is in: a 500-card deck never holds more than a sheet or two in memory.
    `hidden` goes in each sheet's last cell, which TTS shows for a card hidden in another
    player's hand unless the deck's "back is hidden" is set."""
    from PIL import Image as PILImage

    open_sheets: dict[int, tuple[Image.Image, int]] = {}
    cell_w, cell_h = grids[0].cell

    def new_sheet(grid: SheetGrid) -> Image.Image:
        sheet = PILImage.new("RGB", grid.size, (255, 255, 255))
        if hidden is not None:
            sheet.paste(hidden, ((grid.columns - 1) * cell_w, (grid.rows - 1) * cell_h))
        return sheet

    for pdf, found in pdf_faces:
        known = [f for f in found if f.index in order]  # a back without a front has no cell
        for face, image in _cut(pdf, known, lambda _f: (cell_w, cell_h), 0.0):
            place = order[face.index]
            number, slot = divmod(place, TTS_PER_SHEET)
            grid = grids[number]
            sheet, left = open_sheets.get(number) or (new_sheet(grid), grid.count)
            column, row = slot % grid.columns, slot // grid.columns
            sheet.paste(image, (column * cell_w, row * cell_h))
            left -= 1
            if left:
                open_sheets[number] = (sheet, left)
            else:
                open_sheets.pop(number, None)
                yield number, sheet
    for number in sorted(open_sheets):  # cells no card came for (a back missing) stay blank
        yield number, open_sheets[number][0]


def _same(a: Image.Image, b: Image.Image) -> bool:
    from PIL import ImageChops

    if a.size != b.size:
        return False
    extrema = ImageChops.difference(a, b).getextrema()
    return max(high for _, high in extrema) <= SAME_BACK_TOLERANCE  # type: ignore[misc]


def _one_back(
    pdf_backs: Sequence[tuple[Path, list[Face]]], cell: tuple[int, int]
) -> Image.Image | None:
    """The back every card shares, or None if they differ (or there are none)."""
    first = None
    for pdf, found in pdf_backs:
        for _, image in _cut(pdf, found, lambda _f: cell, 0.0):
            if first is None:
                first = image
            elif not _same(first, image):
                return None
    return first


def _export_tts(
    output: Output,
    game_id: str,
    title: str,
    component: str,
    decks: Sequence[tuple[Path, list[Face]]],
) -> RenderedFile:
    from PIL import Image as PILImage

    folder = tts_folder(game_id, component)
    fronts = [(pdf, [f for f in found if f.side == "front"]) for pdf, found in decks]
    backs = [(pdf, [f for f in found if f.side == "back"]) for pdf, found in decks]
    indices = sorted({f.index for _, found in fronts for f in found})
    order = {index: place for place, index in enumerate(indices)}
    first = next(f for _, found in fronts for f in found)
    grids = tts_grids(len(indices), first.content)
    cell = grids[0].cell
    tick = _progress(f"{folder}/", len(grids))
    # the back first: a shared one also fills the faces' hidden-card cell
    has_backs = any(found for _, found in backs)
    shared = _one_back(backs, cell) if has_backs else PILImage.new("RGB", cell, TTS_PLAIN_BACK)
    face_names = [f"{folder}/{component}-faces-{n + 1}.png" for n in range(len(grids))]
    with _Pictures(output, depth=2) as pictures:  # a sheet is up to 50 MB of pixels
        for done, (number, sheet) in enumerate(_sheets(fronts, order, grids, shared)):
            pictures.add(face_names[number], sheet)
            tick(done)
        if shared is not None:
            back_names = [f"{folder}/{component}-back.png"]
            pictures.add(back_names[0], shared)
        else:
            # each card its own back: a back sheet like the faces (a second pass over the
            # back pages, only for such decks)
            back_names = [f"{folder}/{component}-backs-{n + 1}.png" for n in range(len(grids))]
            for number, sheet in _sheets(backs, order, grids):
                pictures.add(back_names[number], sheet)
    written = pictures.written
    tick(len(grids))
    rel = f"{folder}/{component}.json"
    url = _file_url(output)
    document = tts_deck(
        nickname=f"{title}: {component}",
        card_label=component,
        faces=[url(name) for name in face_names],
        backs=[url(name) for name in back_names],
        grids=grids,
        unique_back=shared is None,
        sideways=first.content.width > first.content.height,
        seed=f"{game_id}/{component}",
    )
    data = (json.dumps(document, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    output.write_bytes(rel, data)
    written.append(rel)
    output.prune(written, ".png", f"{folder}/{component}-*.png")
    paths = tuple(output.path(r) for r in sorted(written))
    return RenderedFile(
        game_id, component, len(indices), len(written) - 1, output.path(rel), "tts", paths
    )


def _file_url(output: Output) -> Callable[[str], str]:
    return lambda rel: output.path(rel).resolve().as_uri()


def _guid(seed: str) -> str:
    """A stable 6-hex-digit object id, as TTS writes them (it makes new ones on a clash)."""
    return hashlib.sha256(seed.encode()).hexdigest()[:6]


_FACE_DOWN = {
    "posX": 0.0,
    "posY": 1.0,
    "posZ": 0.0,
    "rotX": 0.0,
    "rotY": 180.0,
    "rotZ": 180.0,
    "scaleX": 1.0,
    "scaleY": 1.0,
    "scaleZ": 1.0,
}


def tts_deck(
    *,
    nickname: str,
    card_label: str,
    faces: Sequence[str],
    backs: Sequence[str],
    grids: Sequence[SheetGrid],
    unique_back: bool,
    sideways: bool,
    seed: str,
) -> dict[str, object]:
    """A TTS saved object holding one custom deck: sheet n is `CustomDeck` key n (from 1),
    card k of it has `CardID` n * 100 + k (TTS's convention), in deck order."""
    custom: dict[str, dict[str, object]] = {}
    cards: list[dict[str, object]] = []
    for number, grid in enumerate(grids, start=1):
        entry = {
            "FaceURL": faces[number - 1],
            "BackURL": backs[number - 1] if unique_back else backs[0],
            "NumWidth": grid.columns,
            "NumHeight": grid.rows,
            "BackIsHidden": True,
            "UniqueBack": unique_back,
            "Type": 0,  # a rectangle with rounded corners: a card
        }
        custom[str(number)] = entry
        for slot in range(grid.count):
            card_id = number * 100 + slot
            cards.append(
                {
                    "Name": "Card",
                    "Transform": _FACE_DOWN,
                    "Nickname": f"{card_label} {len(cards) + 1:03d}",
                    "Description": "",
                    "CardID": card_id,
                    "SidewaysCard": sideways,
                    "Hands": True,
                    "CustomDeck": {str(number): entry},
                    "GUID": _guid(f"{seed}/{card_id}"),
                }
            )
    if len(cards) == 1:  # one card is no deck in TTS: the card itself
        objects = [cards[0] | {"Nickname": nickname}]
    else:
        deck = {
            "Name": "DeckCustom",
            "Transform": _FACE_DOWN,
            "Nickname": nickname,
            "Description": "",
            "Locked": False,
            "Grid": True,
            "Snap": True,
            "Hands": False,
            "SidewaysCard": sideways,
            "DeckIDs": [c["CardID"] for c in cards],
            "CustomDeck": custom,
            "ContainedObjects": cards,
            "GUID": _guid(seed),
        }
        objects = [deck]
    return {
        "SaveName": "",
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }
